import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../shared/contract/messages';
import { notifyError } from '../lib/notifier/notify-slice';
import { useListParams, useSearchBox } from './use-list-params';
import { useExactTotal, type ShownPage } from './use-exact-total';
import { useQuery, type EndpointRef } from './use-request';

export const LIST_FAILED = 'The list could not be loaded.';

/**
 * The list-with-search behaviour of the screens that are not generic resource lists (common master entries,
 * sample inward): a page of rows each carrying `totalItems`, a search box whose empty submit toasts the
 * spec's message (and calls nothing), Refresh back to page 1 without text, and the page asked again after a
 * change. The page and the search text are in the URL (use-list-params), so reload and Back keep them; the page
 * on screen is the answer kept in the request slice under `key` (use-request), so a newer page or search
 * replaces an older one. `ask` names the call and body of one page (search text '' means the plain list). A
 * search whose total the server counted only up to the body's countUpTo shows it as "200+" and asks for the
 * exact one in the background (use-exact-total).
 */
export interface PagedSearch<T> {
  rows: T[];
  total: number;
  /** `total` is a lower bound ("200+") until the exact total answers. */
  totalIsLowerBound: boolean;
  /** The exact total is being asked for. */
  counting: boolean;
  page: number;
  /** The search text of the rows shown ('' for the plain list). */
  applied: string;
  loading: boolean;
  /** The search box's text. */
  text: string;
  setText(text: string): void;
  onSearch(event: FormEvent): void;
  refresh(): void;
  /** Shows a page with the applied search text (paging, and the same page again after a change). */
  goTo(page: number): void;
}

export function usePagedSearch<T extends { totalItems?: unknown; totalIsLowerBound?: unknown }>(
  ask: (pageno: number, searchText: string) => { endpoint: EndpointRef; body: Record<string, unknown> },
  emptySearchMessage: string,
  key: string,
  /** The key of a change on the list (useChange) after which the page shown is asked again. */
  reloadAfter?: string,
): PagedSearch<T> {
  const dispatch = useDispatch();
  const list = useListParams();
  const [text, setText] = useSearchBox(list.searchText);
  const { endpoint, body } = ask(list.page, list.searchText);
  const page = useQuery<T[]>(endpoint, body, { key, failureText: LIST_FAILED, failureTitle: MSG.oops, reloadAfter });
  const rows = Array.isArray(page.data) ? page.data : [];
  // The call the rows on screen answer: the body asked when its answer came (a newer page keeps the older rows until it answers).
  const [shown, setShown] = useState<ShownPage | null>(null);
  const { entry } = page;
  if (entry?.status === 'succeeded' && entry.requestId !== shown?.answer) setShown({ endpoint, body, answer: entry.requestId });
  const total = useExactTotal(shown, rows, key);
  return {
    rows,
    ...total,
    page: list.page,
    applied: list.searchText,
    loading: page.loading || page.entry?.status === 'pending',
    text,
    setText,
    onSearch: (event) => {
      event.preventDefault();
      const searchText = text.trim();
      if (!searchText) dispatch(notifyError(emptySearchMessage, MSG.oops));
      // The same search again leaves the URL as it is: ask again here.
      else if (!list.setSearchText(searchText)) page.reload();
    },
    refresh: () => {
      setText('');
      if (!list.setSearchText('')) page.reload();
    },
    // Another page is a history entry (the URL change asks for it); the page shown is asked again.
    goTo: (p) => {
      if (p === list.page || !list.setPage(p)) page.reload();
    },
  };
}
