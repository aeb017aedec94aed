/**
 * The list-with-search of crud/use-paged-search on the request layer: the page on screen is the answer kept
 * in the request slice (under `key`), asked with useQuery, so a newer page or search replaces an older one.
 * A page of rows each carrying `totalItems`; a search box whose empty submit toasts the spec's message (no
 * call); Refresh back to page 1 without text; `goTo` asks a page again after a change.
 */
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { MSG } from '../../../shared/contract/messages';
import { useQuery, type EndpointRef } from '../../crud/use-request';
import { notifyError } from '../../lib/notifier/notify-slice';

export const LIST_FAILED = 'The list could not be loaded.';

export interface PagedQuery<T> {
  rows: T[];
  total: number;
  page: number;
  loading: boolean;
  /** The search box's text. */
  text: string;
  setText(text: string): void;
  onSearch(event: FormEvent): void;
  refresh(): void;
  /** Asks for a page with the applied search text (paging, and again after a change). */
  goTo(page: number): void;
}

/** `ask` names the call and body of one page (search text '' means the plain list). */
export function usePagedQuery<T extends { totalItems?: unknown }>(
  ask: (pageno: number, searchText: string) => { endpoint: EndpointRef; body: unknown },
  emptySearchMessage: string,
  key: string,
): PagedQuery<T> {
  const dispatch = useDispatch();
  const [asked, setAsked] = useState({ page: 1, searchText: '' });
  const [text, setText] = useState('');
  const { endpoint, body } = ask(asked.page, asked.searchText);
  const list = useQuery<T[]>(endpoint, body, { key, failureText: LIST_FAILED, failureTitle: MSG.oops });
  const rows = Array.isArray(list.data) ? list.data : [];
  const show = (page: number, searchText: string) => {
    setAsked({ page, searchText });
    list.reload(); // asked again even when it is the page on screen
  };
  return {
    rows,
    total: rows.length ? Number(rows[0].totalItems) || rows.length : 0,
    page: asked.page,
    loading: list.loading || list.entry?.status === 'pending',
    text,
    setText,
    onSearch: (event) => {
      event.preventDefault();
      const searchText = text.trim();
      if (!searchText) dispatch(notifyError(emptySearchMessage, MSG.oops));
      else show(1, searchText);
    },
    refresh: () => {
      setText('');
      show(1, '');
    },
    goTo: (page) => show(page, asked.searchText),
  };
}
