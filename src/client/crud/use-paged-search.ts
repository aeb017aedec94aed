import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../shared/contract/messages';
import { isHandledCentrally, serverMessage } from '../lib/api';
import { notifyError } from '../lib/notifier/notify-slice';
import { useListParams, useSearchBox } from './use-list-params';

/**
 * The list-with-search behaviour of the screens that are not generic resource lists (common master entries,
 * sample inward): a page of rows each carrying `totalItems`, a search box whose empty submit toasts the
 * spec's message, Refresh back to page 1 without text, and reloading the current page after a change. The page
 * and the search text are in the URL (see use-list-params), so reload and Back keep them.
 * `fetchPage` asks the server for one page (search text '' means the plain list); keep it stable (useCallback).
 */
export interface PagedSearch<T> {
  rows: T[];
  total: number;
  page: number;
  /** The search text of the rows shown ('' for the plain list). */
  applied: string;
  loading: boolean;
  /** The search box's text. */
  text: string;
  setText(text: string): void;
  onSearch(event: FormEvent): void;
  refresh(): void;
  /** Loads a page with the applied search text (paging, and after a change). */
  goTo(page: number): Promise<void>;
}

export function usePagedSearch<T extends { totalItems?: unknown }>(
  fetchPage: (pageno: number, searchText: string) => Promise<T[]>,
  emptySearchMessage: string,
): PagedSearch<T> {
  const dispatch = useDispatch();
  const list = useListParams();
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(list.page);
  const [applied, setApplied] = useState(list.searchText);
  const [text, setText] = useSearchBox(list.searchText);
  const [loading, setLoading] = useState(true);

  const apply = useCallback(
    (promise: Promise<T[]>, pageno: number, searchText: string) =>
      promise
        .then((answer) => {
          const shown = Array.isArray(answer) ? answer : [];
          setRows(shown);
          setTotal(shown.length ? Number(shown[0].totalItems) || shown.length : 0);
          setPage(pageno);
          setApplied(searchText);
        })
        .catch((error: unknown) => {
          if (!isHandledCentrally(error)) dispatch(notifyError(serverMessage(error) ?? 'The list could not be loaded.', MSG.oops));
        })
        .finally(() => setLoading(false)),
    [dispatch],
  );
  const load = (pageno: number, searchText: string) => {
    setLoading(true);
    return apply(fetchPage(pageno, searchText), pageno, searchText);
  };

  // The page and search of the URL (on opening, and after paging, a search, Back or Forward).
  useEffect(() => {
    void apply(fetchPage(list.page, list.searchText), list.page, list.searchText);
  }, [apply, fetchPage, list.page, list.searchText]);

  return {
    rows, total, page, applied, loading, text, setText,
    onSearch: (event) => {
      event.preventDefault();
      const searchText = text.trim();
      if (!searchText) {
        dispatch(notifyError(emptySearchMessage, MSG.oops));
        return;
      }
      // The same search again: the URL stays, so load it here.
      if (!list.setSearchText(searchText)) void load(1, searchText);
    },
    refresh: () => {
      setText('');
      if (!list.setSearchText('')) void load(1, '');
    },
    // Another page is a history entry (the URL change loads it); the page shown again reloads it.
    goTo: (p) => (p !== list.page && list.setPage(p) ? Promise.resolve() : load(p, applied)),
  };
}
