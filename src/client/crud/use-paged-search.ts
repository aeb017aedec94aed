import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../shared/contract/messages';
import { isHandledCentrally, serverMessage } from '../lib/api';
import { notifyError } from '../lib/notifier/notify-slice';

/**
 * The list-with-search behaviour of the screens that are not generic resource lists (common master entries,
 * sample inward): a page of rows each carrying `totalItems`, a search box whose empty submit toasts the
 * spec's message, Refresh back to page 1 without text, and reloading the current page after a change.
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
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [applied, setApplied] = useState('');
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(true);

  const apply = useCallback(
    (promise: Promise<T[]>, pageno: number, searchText: string) =>
      promise
        .then((list) => {
          const shown = Array.isArray(list) ? list : [];
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

  useEffect(() => {
    void apply(fetchPage(1, ''), 1, '');
  }, [apply, fetchPage]);

  return {
    rows, total, page, applied, loading, text, setText,
    onSearch: (event) => {
      event.preventDefault();
      const searchText = text.trim();
      if (!searchText) {
        dispatch(notifyError(emptySearchMessage, MSG.oops));
        return;
      }
      void load(1, searchText);
    },
    refresh: () => {
      setText('');
      void load(1, '');
    },
    goTo: (p) => load(p, applied),
  };
}
