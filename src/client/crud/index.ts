/** Generic CRUD screens built from a resource definition (DESIGN.md section 4). */
export { ResourceListPage, LIST_BACK_PATH, NO_RECORDS, type ResourceListPageProps, type ScreenColumn } from './resource-list-page';
export { ResourceFormPage, NO_SUCH_RECORD, type ResourceFormPageProps, type SavedDialogProps } from './resource-form-page';
export { impliesAllLinks, initialValues, toSaveBody, validateValues, type FormValues, type LinkValues } from './form-values';
export { resourceSaga, sagaFor } from './crud-sagas';
export type { Row, CrudAnswer } from './crud-api';
export * from './crud-slice';
export { RowExtrasContext, useRowExtras, type RowExtras, type RowRecord } from './row-extras';
export { ListGrid, NO_DATA_FOUND, recordCount, type ListGridColumn, type ListGridProps, type ListPaging } from './list-grid';
export { useListParams, useSearchBox, readListParams, writeListParams, type ListController, type ListParams, type ListSort } from './use-list-params';
