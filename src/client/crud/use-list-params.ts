/**
 * The one list controller of the app's lists (as react-admin's useListController): the page, the sort and
 * the search text live in the URL's query (`?page=3&sort=srno&dir=desc&q=soil`), so a reload or Back shows
 * the same page. A page or sort change is a history entry (Back returns to the previous page); a new search
 * text or Refresh also pushes, and starts again at page 1. Parameters at their defaults are left out of the
 * URL, so a list at page 1 without search has a bare address (as before).
 *
 * `prefix` keeps two lists on one screen apart (e.g. `queue` gives `queuePage`, `queueQ`).
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortDirection = 'asc' | 'desc';
export interface ListSort {
  field: string;
  direction: SortDirection;
}

export interface ListParams {
  /** From 1; a missing or malformed page reads as 1. */
  page: number;
  /** '' = the plain list. */
  searchText: string;
  sort: ListSort | null;
}

/**
 * Each setter answers whether the URL changed: when it already held that state (e.g. Refresh on the plain
 * list's first page) nothing navigates, and a screen that must reload anyway does so itself.
 */
export interface ListController extends ListParams {
  setPage(page: number): boolean;
  /** A new search (or '' for the plain list, i.e. Refresh): page 1. */
  setSearchText(searchText: string): boolean;
  /** null: the list's own order. The page stays (the sorting is of the rows shown). */
  setSort(sort: ListSort | null): boolean;
  /** Puts the given state into the URL without a history entry (e.g. restoring the last list shown). */
  replace(params: Partial<ListParams>): boolean;
}

export interface ListParamNames {
  page: string;
  q: string;
  sort: string;
  dir: string;
}

export function listParamNames(prefix = ''): ListParamNames {
  const name = (n: string) => (prefix ? `${prefix}${n[0].toUpperCase()}${n.slice(1)}` : n);
  return { page: name('page'), q: name('q'), sort: name('sort'), dir: name('dir') };
}

/** The list state a query string holds (pure; exported for the tests and for links). */
export function readListParams(query: URLSearchParams, names: ListParamNames = listParamNames()): ListParams {
  const n = Number(query.get(names.page));
  const field = query.get(names.sort);
  return {
    page: Number.isInteger(n) && n >= 1 ? n : 1,
    searchText: query.get(names.q) ?? '',
    sort: field ? { field, direction: query.get(names.dir) === 'desc' ? 'desc' : 'asc' } : null,
  };
}

/** The query with the list state written in (other parameters of the screen, e.g. a tab, are kept). */
export function writeListParams(query: URLSearchParams, p: ListParams, names: ListParamNames = listParamNames()): URLSearchParams {
  const next = new URLSearchParams(query);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  put(names.page, p.page > 1 ? String(p.page) : null);
  put(names.q, p.searchText || null);
  put(names.sort, p.sort?.field ?? null);
  put(names.dir, p.sort && p.sort.direction === 'desc' ? 'desc' : null);
  return next;
}

export function useListParams(prefix = ''): ListController {
  const [query, setQuery] = useSearchParams();
  const names = useMemo(() => listParamNames(prefix), [prefix]);
  const current = useMemo(() => readListParams(query, names), [query, names]);
  const { page, searchText } = current;
  const sortField = current.sort?.field;
  const sortDir = current.sort?.direction;

  const write = useCallback(
    (change: (p: ListParams) => ListParams, replace = false) => {
      const next = writeListParams(query, change(readListParams(query, names)), names);
      if (next.toString() === query.toString()) return false;
      setQuery(next, { replace });
      return true;
    },
    [query, setQuery, names],
  );

  return useMemo(
    () => ({
      page,
      searchText,
      sort: sortField ? { field: sortField, direction: sortDir ?? 'asc' } : null,
      setPage: (p) => write((s) => ({ ...s, page: p })),
      setSearchText: (text) => write((s) => ({ ...s, page: 1, searchText: text.trim() })),
      setSort: (sort) => write((s) => ({ ...s, sort })),
      replace: (p) => write((s) => ({ ...s, ...p }), true),
    }),
    [page, searchText, sortField, sortDir, write],
  );
}

/**
 * The text of a list's search box: what the user types, set again to the URL's search text whenever that
 * changes (Back or Forward to another search, Refresh).
 */
export function useSearchBox(searchText: string): [string, (text: string) => void] {
  const [text, setText] = useState(searchText);
  const [shownFor, setShownFor] = useState(searchText);
  if (shownFor !== searchText) {
    setShownFor(searchText);
    setText(searchText);
  }
  return [text, setText];
}
