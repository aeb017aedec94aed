/**
 * The results (spec 001 section 2): Sr. No., Sample No.-V, one column per parameter of the first result,
 * Action with Show. Every column sorts by click (numbers as numbers, text as text), toggling direction.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { SEARCH_MSG, type SearchAnswer, type SearchResultItem } from '../../../shared/contract/search-endpoints';
import { nextSort, sortResults, type SortColumn, type SortState } from './sort-results';

const NA = 'N/A';

/**
 * The number of matches as it should be read: searchData counts up to SEARCH_TOTAL_CAP and then stops
 * (totalIsLowerBound), so above the cap it is "200+", never a made-up exact figure, until the exact count
 * (countSearchData) has answered.
 */
export function formatTotal(answer: Pick<SearchAnswer, 'totalItems' | 'totalIsLowerBound'>, exact: number | null = null): string {
  if (exact !== null) return exact.toLocaleString('en');
  return answer.totalIsLowerBound ? `${Math.max(answer.totalItems - 1, 0).toLocaleString('en')}+` : answer.totalItems.toLocaleString('en');
}

/** Shown after a capped total while the exact count runs. */
export const COUNTING = ' (counting all matches…)';

/** The total to page by: the exact count once known, else what searchData said. */
export const totalForPaging = (answer: Pick<SearchAnswer, 'totalItems'>, exact: number | null): number => exact ?? answer.totalItems;

export function ResultsTable({ results, onShow }: { results: SearchResultItem[]; onShow(samplenov: string): void }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const columns = results[0]?.parameterList.map((p) => p.parameterName) ?? [];
  const rows = sortResults(results, sort);

  const head = (column: SortColumn, label: string) => (
    <TableCell key={String(column)} sortDirection={sort?.column === column ? sort.direction : false}>
      <TableSortLabel active={sort?.column === column} direction={sort?.column === column ? sort.direction : 'asc'} onClick={() => setSort(nextSort(sort, column))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <TableContainer>
      <Table size="small" aria-label="Search results">
        <TableHead>
          <TableRow>
            {head('srno', 'Sr. No.')}
            {head('samplenov', 'Sample No.-V')}
            {columns.map((c, i) => head(i, c))}
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 3}>
                <Typography color="text.secondary">{SEARCH_MSG.noData}</Typography>
              </TableCell>
            </TableRow>
          ) : rows.map((r) => (
            <TableRow key={r.samplenov} hover>
              <TableCell>{r.srno}</TableCell>
              <TableCell>{r.samplenov}</TableCell>
              {columns.map((c, i) => {
                const v = r.parameterList[i]?.input;
                return <TableCell key={c + String(i)}>{v === null || v === undefined || v === '' ? NA : v}</TableCell>;
              })}
              <TableCell>
                <Button size="small" variant="outlined" onClick={() => onShow(r.samplenov)} aria-label={`Show ${r.samplenov}`}>Show</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
