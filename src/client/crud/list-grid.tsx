/**
 * The one list grid of the app: MUI X DataGrid in server-side pagination mode (ten rows a page, the server
 * answers one page and the total), the screen's columns, and in the grid's footer slot the count
 * ("1 record" / "N records") and the spec's page links (first / previous, up to seven pages, next / last).
 *
 * Usage (with the list controller, so that page, sort and search text are in the URL):
 *
 *   const list = useListParams();
 *   useEffect(() => { load(list.page, list.searchText); }, [list.page, list.searchText]);
 *   <ListGrid label="Groups" rows={rows} rowId={(r) => r.id} loading={loading}
 *     columns={[{ field: 'srno', header: 'Sr. No.' }, { field: 'name', header: 'Name' },
 *               { field: 'action', header: 'Action', render: (r) => <EditButton row={r} /> }]}
 *     paging={{ page: list.page, total, onPage: list.setPage }} />
 *
 * A column sorts only when the screen passes `sort` and `onSort` and marks it `sortable`: the rows are
 * shown in the order given (the grid's own sorting is off), so a screen sorts what its endpoint allows.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE } from '../../shared/resources/types';
import { COUNTING, formatTotal } from './list-total';
import { PageLinks } from './pagination';
import type { ListSort } from './use-list-params';

export interface ListGridColumn<R> {
  field: string;
  header: string;
  /** The cell's content; default: the row's value of `field` as text. */
  render?(row: R): ReactNode;
  /** The header's content when it is more than its title (a "Select all" checkbox); `header` stays its name. */
  renderHeader?(): ReactNode;
  /** Clicking the header sorts by this column (see `sort` / `onSort`). */
  sortable?: boolean;
  /** Narrowest width in CSS px (default 90); the columns share the rest of the width. */
  minWidth?: number;
  /** Width in CSS px of a column that does not grow (flex 0); default minWidth. */
  width?: number;
  /** Share of the free width (default 1; 0 keeps the column at minWidth). */
  flex?: number;
}

export interface ListPaging {
  /** The page shown, from 1. */
  page: number;
  /** Rows of the whole list (every page). */
  total: number;
  onPage(page: number): void;
  pageSize?: number;
  /** `total` is a searched list's count up to its cap plus one, a lower bound (shown "200+"; crud/list-total.ts). */
  totalIsLowerBound?: boolean;
  /** The exact total is being asked for (after a lower bound). */
  counting?: boolean;
}

export interface ListGridProps<R extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  columns: readonly ListGridColumn<R>[];
  rows: readonly R[];
  rowId(row: R): string | number;
  loading?: boolean;
  /** Shown when there are no rows (after loading). */
  noRowsText?: string;
  /** Server-side paging with the page links in the footer; without it, the screen pages (or not) itself. */
  paging?: ListPaging;
  sort?: ListSort | null;
  onSort?(sort: ListSort | null): void;
  /** A deactivated or deleted record: listed, greyed (class `row-inactive`). */
  inactive?(row: R): boolean;
  /** The row being edited in the form above the list: highlighted (class `row-selected`, aria-selected). */
  selected?(row: R): boolean;
  /** Style of the grid's root (sx). */
  sx?: object;
}

export const NO_DATA_FOUND = 'No Data Found';

/** "1 record" / "N records"; "200+ records" for a total that is a lower bound. */
export const recordCount = (n: number, lowerBound = false): string =>
  `${formatTotal({ totalItems: n, totalIsLowerBound: lowerBound })} ${n === 1 && !lowerBound ? 'record' : 'records'}`;

/** "Page 2 of 3 (25 records)"; above a search's cap "Page 1 of 21+ (200+ records) (counting all matches…)". */
export const pagingText = (page: number, pageCount: number, total: number, more: { totalIsLowerBound?: boolean; counting?: boolean } = {}): string =>
  total > 0
    ? `Page ${page} of ${Math.max(pageCount, 1)}${more.totalIsLowerBound ? '+' : ''} (${recordCount(total, more.totalIsLowerBound)})${more.totalIsLowerBound && more.counting ? COUNTING : ''}`
    : '';

interface FooterState {
  paging?: ListPaging;
  loading: boolean;
}
// The footer slot is a component type, not an element: its data comes through context, so that the slot
// stays one stable component (a component made per render would remount on every render).
const FooterContext = createContext<FooterState>({ loading: false });
const NoRowsContext = createContext<{ text: string; loading: boolean }>({ text: NO_DATA_FOUND, loading: false });

function ListFooter() {
  const { paging, loading } = useContext(FooterContext);
  if (!paging) return null;
  const pageCount = Math.ceil(paging.total / (paging.pageSize ?? PAGE_SIZE));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: 1, py: 1, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="list-total">
        {pagingText(paging.page, pageCount, paging.total, paging)}
      </Typography>
      <PageLinks page={paging.page} pageCount={pageCount} onPage={paging.onPage} disabled={loading} />
    </Box>
  );
}

function NoRows() {
  const { text, loading } = useContext(NoRowsContext);
  return (
    <Box sx={{ p: 2, color: 'text.secondary', height: '100%', display: 'flex', alignItems: 'center' }}>{loading ? '' : text}</Box>
  );
}

const SLOTS = { footer: ListFooter, noRowsOverlay: NoRows, noResultsOverlay: NoRows };

const textOf = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v as string | number);
};

export function ListGrid<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowId,
  loading = false,
  noRowsText = NO_DATA_FOUND,
  paging,
  sort = null,
  onSort,
  inactive,
  selected,
  sx,
}: ListGridProps<R>) {
  const colDefs = useMemo<GridColDef<R>[]>(
    () =>
      columns.map((c) => ({
        field: c.field,
        headerName: c.header,
        sortable: Boolean(c.sortable && onSort),
        minWidth: c.minWidth ?? 90,
        ...(c.flex === 0 ? { width: c.width ?? c.minWidth ?? 90 } : { flex: c.flex ?? 1 }),
        renderCell: ({ row }) => (c.render ? c.render(row) : textOf(row[c.field])),
        ...(c.renderHeader ? { renderHeader: c.renderHeader } : {}),
      })),
    [columns, onSort],
  );
  const sortModel: GridSortModel = sort ? [{ field: sort.field, sort: sort.direction }] : [];
  const pageSize = paging?.pageSize ?? PAGE_SIZE;

  return (
    <FooterContext.Provider value={{ paging, loading }}>
      <NoRowsContext.Provider value={{ text: noRowsText, loading }}>
        <DataGrid<R>
          aria-label={label}
          rows={rows}
          columns={colDefs}
          getRowId={rowId}
          getRowClassName={inactive || selected ? ({ row }) => [inactive?.(row) ? 'row-inactive' : '', selected?.(row) ? 'row-selected' : ''].join(' ').trim() : undefined}
          // The grid's own selection is the row being edited (never chosen by clicking a row).
          {...(selected ? { rowSelectionModel: { type: 'include' as const, ids: new Set(rows.filter((r) => selected(r)).map(rowId)) } } : {})}
          loading={loading}
          slots={SLOTS}
          // The server pages: the grid shows the rows it is given as the page `paging.page`.
          paginationMode="server"
          rowCount={paging ? paging.total : rows.length}
          paginationModel={{ page: (paging?.page ?? 1) - 1, pageSize }}
          pageSizeOptions={[pageSize]}
          // The rows come in the order to show: a sortable header only reports the click.
          sortingMode="server"
          sortModel={sortModel}
          sortingOrder={['asc', 'desc']}
          onSortModelChange={(m) => onSort?.(m[0]?.sort ? { field: m[0].field, direction: m[0].sort } : null)}
          disableColumnMenu
          disableColumnResize
          disableRowSelectionOnClick
          // At most a page of ten rows: every row and column is rendered (which also lets jsdom, without
          // layout, render them all), and the grid is as tall as its rows.
          disableVirtualization
          autoHeight
          getRowHeight={() => 'auto'}
          sx={{
            '& .MuiDataGrid-cell': { py: 0.75, display: 'flex', alignItems: 'center', whiteSpace: 'normal', wordBreak: 'break-word' },
            // Narrower cell padding on a phone, so that the columns fit its width.
            '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: { xs: 0.75, sm: 1.25 } },
            // A title wraps in a narrow column rather than being cut ("Sr. No." on a phone).
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, whiteSpace: 'normal', lineHeight: 1.2 },
            // Greyed, still readable (text.secondary keeps the contrast above 4.5:1).
            '& .row-inactive .MuiDataGrid-cell': { color: 'text.secondary', bgcolor: 'action.hover' },
            '& .row-selected .MuiDataGrid-cell': { bgcolor: 'action.selected' },
            ...sx,
          }}
        />
      </NoRowsContext.Provider>
    </FooterContext.Provider>
  );
}
