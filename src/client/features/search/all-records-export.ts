/**
 * The All Records screen's CSV export (exportSearchData): a file download with progress, which the request
 * saga (JSON answers) does not carry. The download runs here in a saga; the screen reads its progress from
 * the slice and starts it with `useAllRecordsExport().start(inputList)`.
 */
import { useCallback } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { SEARCH_MSG, type FilterRow } from '../../../shared/contract/search-endpoints';
import { injectSaga, sliceReducers, type RootState } from '../../app/store';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import type { Download } from '../../lib/download';
import { saveFile } from './search-api';
import { exportCsvWithProgress } from './search-saga';

export const EXPORT_FAILED = 'The export failed.';

/** Bytes received so far while an export runs; null when none runs. */
export type AllRecordsExportState = { bytes: number } | null;

export const allRecordsExportSlice = createSlice({
  name: 'allRecordsExport',
  initialState: null as AllRecordsExportState,
  reducers: {
    exportRequested: (_state, _action: PayloadAction<{ inputList: FilterRow[] }>) => ({ bytes: 0 }),
    exportProgress: (state, { payload }: PayloadAction<number>) => (state ? { bytes: payload } : state),
    exportDone: () => null,
  },
  selectors: {
    selectAllRecordsExport: (state) => state,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof allRecordsExportSlice> {}
}

const injected = allRecordsExportSlice.injectInto(sliceReducers);
const { exportRequested, exportProgress, exportDone } = allRecordsExportSlice.actions;
const { selectAllRecordsExport } = injected.selectors;

export function* exportAllRecords({ payload }: ReturnType<typeof exportRequested>): SagaIterator {
  try {
    const file: Download = yield call(exportCsvWithProgress, payload.inputList, exportProgress);
    yield call(saveFile, file.blob, file.filename);
    yield put(notifySuccess(`${file.filename}: ${file.rows} rows exported.`));
  } catch (error) {
    if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? EXPORT_FAILED, SEARCH_MSG.oops));
  } finally {
    yield put(exportDone());
  }
}

export function* allRecordsExportSaga(): SagaIterator {
  yield takeLeading(exportRequested.type, exportAllRecords);
}

/** The export's progress (null when none runs) and how to start one (one at a time). */
export function useAllRecordsExport(): { exporting: AllRecordsExportState; start(inputList: FilterRow[]): void } {
  const store = useStore();
  injectSaga(store, 'allRecordsExport', allRecordsExportSaga);
  const dispatch = useDispatch();
  const exporting = useSelector((state: RootState) => selectAllRecordsExport(state)) ?? null;
  const start = useCallback((inputList: FilterRow[]) => dispatch(exportRequested({ inputList })), [dispatch]);
  return { exporting, start };
}
