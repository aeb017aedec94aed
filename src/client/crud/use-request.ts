/**
 * How a screen talks to the server (DESIGN.md section 5): through the request saga, never by calling HTTP
 * itself, and never waiting for an answer to decide what comes next. `useQuery` loads what a screen shows (its
 * state lives in the request slice, keyed); `useChange` sends what a user does (a save, a delete) together with
 * what follows its answer (a ChangeOutcome: toasts, a move, a reason asked and the change sent again), which
 * the request saga carries out; a screen that shows the answer itself (a dialog of it) reads it with
 * `useChangeAnswer`. Both go through the one failure path of lib/api: after a 401 the sign-in dialog keeps the
 * form as a draft, a 409 offers Reload, no answer or a 5xx says the data is still on the screen.
 *
 *   change(MENU_ADMIN_ENDPOINTS.SaveUserGroup, { groupname }, { key: 'groups:save', failureText: MENU_MSG.oops,
 *     outcome: { okWhen: { field: 'status', value: 'OK' }, success: { text: MENU_MSG.done }, navigate: '/newGrouphome', refused: { text: MENU_MSG.oops } } });
 *
 *   const groups = useQuery<UserGroupRow[]>(MENU_ADMIN_ENDPOINTS.getAllgroup, {}, { failureText: 'Could not load the user groups.' });
 *   groups.data, groups.loading, groups.reload()
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { path } from '../../shared/contract/endpoints';
import { injectSaga, type RootState } from '../app/store';
import { nextRequestId, requestSaga } from './request-saga';
import { cleared, requested, selectRequest, type ChangeOutcome, type EndpointRef, type RequestEntry } from './request-slice';

export type { EndpointRef } from './request-slice';

/** What a query (useQuery) is asked with. */
export interface RequestOptions {
  /** The slice entry of the call (default: the endpoint's path). Two forms of one screen use two keys. */
  key?: string;
  /** Toasted (under 'OOPS!', with the server's sentence) when the server refuses the call. */
  failureText?: string;
  /** The title of that toast (default the spec's 'OOPS!'). */
  failureTitle?: string;
  /**
   * The key of a change (useChange) after whose answer the query asks again: a list reloads its page
   * after a delete or a status change on it, success or refusal.
   */
  reloadAfter?: string;
  /** A refusal toasts the server's sentence itself, failureText only when it has none (request-slice). */
  reasonFirst?: boolean;
}

/** Starts the request saga in this store (once); every hook of this module calls it. */
function useRequestSaga(): void {
  const store = useStore();
  injectSaga(store, 'requests', requestSaga);
}

const keyOf = (endpoint: EndpointRef, key?: string) => key ?? path(endpoint);

/** The state of the call kept under `key` (pending, answer, refusal), or undefined before the first call. */
export function useRequestEntry(key: string): RequestEntry | undefined {
  return useSelector((state: RootState) => selectRequest(state, key));
}

/** Is the call of `endpoint` (under `key`) waiting for its answer? A form's Save reads this to disable itself. */
export function usePending(endpoint: EndpointRef, key?: string): boolean {
  return useRequestEntry(keyOf(endpoint, key))?.status === 'pending';
}

/** Remembers the keys a screen's changes were made under and drops their entries when the screen closes. */
function useKeysDroppedOnClose(): (key: string) => void {
  const dispatch = useDispatch();
  const keys = useRef(new Set<string>());
  useEffect(() => {
    const made = keys.current;
    return () => {
      for (const key of made) dispatch(cleared({ key }));
      made.clear();
    };
  }, [dispatch]);
  return useCallback((key: string) => {
    keys.current.add(key);
  }, []);
}

export interface Query<T> {
  /** The answer (the previous one while a reload is pending); undefined before the first answer. */
  data: T | undefined;
  /** No answer yet for the current body. */
  loading: boolean;
  failed: boolean;
  entry: RequestEntry | undefined;
  /** Asks again with the same body (after a save or a delete). */
  reload(): void;
}

/**
 * Loads what a screen shows: posts `body` to `endpoint` when the screen opens and again whenever the body
 * changes (a newer request replaces an older one); `endpoint` null waits (nothing to load yet). The entry is
 * kept under `key` (default: the endpoint's path), so the previous answer stays on screen while the next
 * page loads; it is dropped when the screen closes.
 */
export function useQuery<T>(endpoint: EndpointRef | null, body: unknown, options: RequestOptions = {}): Query<T> {
  useRequestSaga();
  const dispatch = useDispatch();
  const key = endpoint ? keyOf(endpoint, options.key) : (options.key ?? '');
  const bodyText = JSON.stringify(body ?? {});
  const [asked, setAsked] = useState(0);
  const group = endpoint?.group;
  const name = endpoint?.name;
  const failureText = options.failureText ?? null;
  const failureTitle = options.failureTitle ?? null;
  const reasonFirst = options.reasonFirst ?? false;
  // A change this query follows: each of its answers (or refusals) asks again.
  const afterChange = useRequestEntry(options.reloadAfter ?? '')?.settledId ?? '';
  useEffect(() => {
    if (!group || !name) return;
    dispatch(requested({ key, requestId: nextRequestId(), endpoint: { group, name }, body: JSON.parse(bodyText) as unknown, latest: true, failureText, failureTitle, file: null, reasonFirst }));
  }, [dispatch, key, group, name, bodyText, asked, failureText, failureTitle, reasonFirst, afterChange]);
  useEffect(() => () => {
    if (key) dispatch(cleared({ key }));
  }, [dispatch, key]);
  const entry = useRequestEntry(key);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  return {
    data: entry?.data as T | undefined,
    loading: endpoint !== null && (entry === undefined || (entry.status === 'pending' && entry.data === undefined)),
    failed: entry?.status === 'failed',
    entry,
    reload,
  };
}

/**
 * The answer of the last change under `key` once it succeeded, for a screen that shows it itself (the OTP or
 * Sample Code dialog after a save), and `dismiss()`, which drops it (the dialog closed).
 */
export function useChangeAnswer<T>(key: string): { answer: T | undefined; dismiss(): void } {
  const dispatch = useDispatch();
  const entry = useRequestEntry(key);
  const dismiss = useCallback(() => dispatch(cleared({ key })), [dispatch, key]);
  return { answer: entry?.status === 'succeeded' ? (entry.data as T) : undefined, dismiss };
}

export interface ChangeOptions {
  /** The slice entry of the change (a query with reloadAfter: key asks again after it). */
  key: string;
  /** Toasted (with the server's sentence) when the server refuses the call with an error status. */
  failureText: string;
  failureTitle?: string;
  /** What follows the answer; a change whose answer the screen shows itself (a dialog of it) has none. */
  outcome?: ChangeOutcome;
  /** A refusal toasts the server's sentence itself, failureText only when it has none. */
  reasonFirst?: boolean;
  /** The answer is a file (its fallback name); with `openFile` it is shown in the tab opened by lib/open-file's openTabFor(key). */
  file?: string;
  openFile?: boolean;
}

/**
 * Sends a change (a delete, a status change, a save) whose follow-up the request saga carries out: the screen
 * asks and goes on; the toasts, the move and the reload of the list come from the outcome (request-slice.ts).
 */
export function useChange(): (endpoint: EndpointRef, body: unknown, options: ChangeOptions) => void {
  useRequestSaga();
  const dispatch = useDispatch();
  const remember = useKeysDroppedOnClose();
  return useCallback(
    (endpoint, body, { key, failureText, failureTitle, outcome, reasonFirst, file, openFile }) => {
      remember(key);
      dispatch(requested({
        key, requestId: nextRequestId(), endpoint: { group: endpoint.group, name: endpoint.name }, body, latest: false,
        failureText, failureTitle: failureTitle ?? null, file: file ?? null, ...(outcome ? { outcome } : {}),
        ...(reasonFirst ? { reasonFirst } : {}), ...(openFile ? { openFile } : {}),
      }));
    },
    [dispatch, remember],
  );
}
