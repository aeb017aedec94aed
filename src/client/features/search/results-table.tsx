/**
 * The results (spec 001 section 2): Sr. No., Sample No.-V, one column per parameter of the first result,
 * Action with Show. Every column sorts by click (numbers as numbers, text as text), toggling direction; the
 * sort is of the rows shown (the server pages in its own order) and is kept in the URL (reload, Back).
 */
import Button from '@mui/material/Button';
import { SEARCH_MSG, type SearchAnswer, type SearchResultItem } from '../../../shared/contract/search-endpoints';
import { ListGrid, type ListGridColumn } from '../../crud/list-grid';
import { useListParams, type ListSort } from '../../crud/use-list-params';
import { sortResults, type SortColumn, type SortState } from './sort-results';

const NA = 'N/A';

// The "200+" wording is shared with the searched lists' footers (crud/list-grid.tsx).
export { COUNTING, formatTotal } from '../../crud/list-total';

/** The total to page by: the exact count once known, else what searchData said. */
export const totalForPaging = (answer: Pick<SearchAnswer, 'totalItems'>, exact: number | null): number => exact ?? answer.totalItems;

/** A parameter column's field in the grid and the URL (`sort=param2`); Sr. No. and Sample No.-V by name. */
const PARAM_FIELD = 'param';
const fieldOf = (column: SortColumn): string => (typeof column === 'number' ? `${PARAM_FIELD}${column}` : column);
function sortOf(sort: ListSort | null, parameterCount: number): SortState | null {
  if (!sort) return null;
  if (sort.field === 'srno' || sort.field === 'samplenov') return { column: sort.field, direction: sort.direction };
  const i = sort.field.startsWith(PARAM_FIELD) ? Number(sort.field.slice(PARAM_FIELD.length)) : NaN;
  return Number.isInteger(i) && i >= 0 && i < parameterCount ? { column: i, direction: sort.direction } : null;
}

export function ResultsTable({ results, onShow }: { results: SearchResultItem[]; onShow(samplenov: string): void }) {
  const list = useListParams();
  const parameters = results[0]?.parameterList.map((p) => p.parameterName) ?? [];
  const sort = sortOf(list.sort, parameters.length);
  const rows = sortResults(results, sort);
  const valueOf = (r: SearchResultItem, i: number) => {
    const v = r.parameterList[i]?.input;
    return v === null || v === undefined || v === '' ? NA : v;
  };
  const columns: ListGridColumn<SearchResultItem>[] = [
    { field: 'srno', header: 'Sr. No.', sortable: true, minWidth: 90, flex: 0 },
    { field: 'samplenov', header: 'Sample No.-V', sortable: true, minWidth: 120 },
    ...parameters.map((name, i) => ({ field: fieldOf(i), header: name, sortable: true, minWidth: 110, render: (r: SearchResultItem) => valueOf(r, i) })),
    {
      field: 'action', header: 'Action', render: (r: SearchResultItem) => (
        <Button size="small" variant="outlined" onClick={() => onShow(r.samplenov)} aria-label={`Show ${r.samplenov}`}>Show</Button>
      ),
    },
  ];

  return (
    <ListGrid
      label="Search results"
      columns={columns}
      rows={rows}
      rowId={(r) => r.samplenov}
      noRowsText={SEARCH_MSG.noData}
      sort={sort ? { field: fieldOf(sort.column), direction: sort.direction } : null}
      // Clicking a sorted column again toggles its direction (never back to unsorted).
      onSort={(next) => list.setSort(next ?? (list.sort ? { ...list.sort, direction: list.sort.direction === 'asc' ? 'desc' : 'asc' } : null))}
    />
  );
}
