/** Sorting of the result rows by a column (spec 001 section 2): numbers as numbers, otherwise as text; N/A last. */
import type { SearchResultItem } from '../../../shared/contract/search-endpoints';

export type SortColumn = 'srno' | 'samplenov' | number;
export interface SortState { column: SortColumn; direction: 'asc' | 'desc' }

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

function cell(r: SearchResultItem, c: SortColumn): string | number | null {
  if (c === 'srno') return r.srno;
  if (c === 'samplenov') return r.samplenov;
  const p = r.parameterList[c];
  if (!p) return null;
  if (p.updatedinputnum !== null && p.updatedinputnum !== undefined) return p.updatedinputnum;
  return p.input ?? null;
}

export function compareCells(a: string | number | null, b: string | number | null): number {
  if (a === null || a === '') return b === null || b === '' ? 0 : 1;
  if (b === null || b === '') return -1;
  const an = typeof a === 'number' ? a : NUMERIC.test(a) ? Number(a) : null;
  const bn = typeof b === 'number' ? b : NUMERIC.test(b) ? Number(b) : null;
  if (an !== null && bn !== null) return an - bn;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base' });
}

export function sortResults(rows: SearchResultItem[], s: SortState | null): SearchResultItem[] {
  if (!s) return rows;
  const sign = s.direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = cell(x, s.column);
    const b = cell(y, s.column);
    // Missing values stay last whichever the direction.
    if (a === null || b === null) return compareCells(a, b);
    return sign * compareCells(a, b);
  });
}

/** Clicking a column sorts by it ascending; clicking it again toggles the direction. */
export function nextSort(current: SortState | null, column: SortColumn): SortState {
  return current && current.column === column ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { column, direction: 'asc' };
}
