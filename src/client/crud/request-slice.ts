/**
 * The state of every call a screen makes (DESIGN.md section 5): one entry per request key, holding the call's
 * status, its answer and its refusal. Lists, records and the submit state of forms read from here, so the
 * Redux DevTools log shows each call (`requests/requested`, `requests/succeeded`, `requests/failed`) with its
 * endpoint and body, sanitized like every action (lib/session-log). The calls themselves run in
 * request-saga.ts; screens use the hooks of use-request.ts.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { EndpointSpec } from '../../shared/contract/endpoints';
import { sliceReducers } from '../app/store';

/** A contract entry: what the request saga posts to (`/api/<group>/<name>`). */
export type EndpointRef = Pick<EndpointSpec, 'group' | 'name'>;

export type RequestStatus = 'pending' | 'succeeded' | 'failed';

export interface RequestEntry {
  status: RequestStatus;
  /** The last answer (kept while a reload of the same key is pending, so a list does not blink). */
  data: unknown;
  /** The server's sentence of a refusal, when it sent one. */
  message: string | null;
  httpStatus: number | null;
  /** The failure was answered centrally (401, 409, no answer, 5xx): the screen shows nothing more. */
  handled: boolean;
  /** The request whose answer the entry waits for; answers of older requests of the key are ignored. */
  requestId: string;
  /** The last request of the key that was answered (or refused); kept while the next one is pending. */
  settledId: string | null;
  /** The change waits for the user's reason (ChangeOutcome.reason): the question shown. */
  asking?: ReasonPrompt;
}

export type RequestsState = Record<string, RequestEntry>;

export interface RequestPayload {
  key: string;
  requestId: string;
  endpoint: EndpointRef;
  body: unknown;
  /** A newer request of the same key cancels the older one (a list's page or search text changed). */
  latest: boolean;
  /** Toasted when the call fails for a reason the screen is told (not 401/409/no answer). */
  failureText: string | null;
  /** The toast's title (default the spec's 'OOPS!'). */
  failureTitle: string | null;
  /** A file answer (CSV, PDF): its fallback name; the slice keeps its name and row count; the file itself goes to the tab opened for it (openFile). */
  file: string | null;
  /** A change whose follow-up the saga carries out (toast, navigation): see ChangeOutcome. */
  outcome?: ChangeOutcome;
  /**
   * A refusal with an error status (a 4xx the screen is told) toasts the server's sentence itself, failureText
   * only when it has none; by default failureText, with the sentence as its second line.
   */
  reasonFirst?: boolean;
  /** A file answer is shown in a new tab (a PDF) instead of being kept: see lib/open-file. */
  openFile?: boolean;
}

/** The question a change asks before it is sent, or after the server asked for it (an amendment's reason). */
export interface ReasonPrompt {
  title: string;
  text: string;
  confirmLabel: string;
  reasonLabel: string;
}

/**
 * What follows a change (a save, a delete, a status change) once the server answers, carried out by the request
 * saga so that the screen only asks: the answer is a success when `okWhen.field` holds `okWhen.value` (the legacy
 * conventions: {status: 'Success'}, {statuss: 'Success'}, {status: 'OK'}); a success toasts and may move on, any
 * other answer toasts the refusal. A toast's text is the answer's `field` when it has one, else `text`.
 */
export interface ChangeOutcome {
  /** One value, or several that are all successes (the sample save's 'Success' and 'Success1'). */
  okWhen: { field: string; value: string | string[] };
  success?: OutcomeToast;
  /** Where the app goes after a success. */
  navigate?: string;
  refused: OutcomeToast;
  /** An answer that is neither a success nor a refusal but a warning (the dependency save's status 'Error1'). */
  warning?: { when: { field: string; value: string }; toast: OutcomeToast };
  /**
   * A refusal with an error status (a 4xx the screen is told) toasts the server's sentence itself, the change's
   * failureText only when it has none; by default failureText, with the sentence as its second line.
   */
  reasonFirst?: boolean;
  /**
   * The change needs a reason sent in the body's `field` (an amendment of a record results rest on): asked before
   * the change is sent when `first`, and asked (then sent again, once) when the server refuses it naming that
   * field. The question is shown by crud/change-reason-prompt from the change's entry; a cancelled question sends
   * nothing.
   */
  reason?: { field: string; first: boolean; prompt: ReasonPrompt };
}
export interface OutcomeToast {
  text: string;
  /** The answer's field whose text, when it has one, is shown instead of `text`. */
  field?: string;
  title?: string;
  /** The answer's field shown as the toast's second line (a refusal's reason). */
  detailField?: string;
  /** The answer's field whose value follows the text (the Plant Assessment Code after 'Record Saved Successfully!'). */
  appendField?: string;
}

const initialState: RequestsState = {};

export const requestsSlice = createSlice({
  name: 'requests',
  initialState,
  reducers: {
    requested(state, { payload }: PayloadAction<RequestPayload>) {
      const previous = state[payload.key];
      state[payload.key] = {
        status: 'pending', data: previous?.data, message: null, httpStatus: null, handled: false, requestId: payload.requestId,
        settledId: previous?.settledId ?? null,
      };
    },
    succeeded(state, { payload }: PayloadAction<{ key: string; requestId: string; data: unknown }>) {
      const entry = state[payload.key];
      if (entry?.requestId !== payload.requestId) return;
      entry.status = 'succeeded';
      entry.data = payload.data;
      entry.settledId = payload.requestId;
    },
    failed(state, { payload }: PayloadAction<{ key: string; requestId: string; message: string | null; httpStatus: number | null; handled: boolean }>) {
      const entry = state[payload.key];
      if (entry?.requestId !== payload.requestId) return;
      Object.assign(entry, { status: 'failed', message: payload.message, httpStatus: payload.httpStatus, handled: payload.handled, settledId: payload.requestId });
    },
    /** A change asks its user for a reason before it goes on (the entry stays pending meanwhile). */
    reasonAsked(state, { payload }: PayloadAction<{ key: string; requestId: string; prompt: ReasonPrompt }>) {
      const entry = state[payload.key];
      if (entry?.requestId === payload.requestId) entry.asking = payload.prompt;
    },
    /** The user's reason, or null: the question was cancelled and nothing is sent. */
    reasonAnswered(state, { payload }: PayloadAction<{ key: string; reason: string | null }>) {
      const entry = state[payload.key];
      if (entry) delete entry.asking;
    },
    /** A change the user called off (its reason question cancelled): the entry is back to no call at all. */
    calledOff(state, { payload }: PayloadAction<{ key: string; requestId: string }>) {
      if (state[payload.key]?.requestId === payload.requestId) delete state[payload.key];
    },
    /** The screen closed: its entry is dropped (the next visit loads afresh). */
    cleared(state, { payload }: PayloadAction<{ key: string }>) {
      delete state[payload.key];
    },
  },
  selectors: {
    selectRequest: (state, key: string): RequestEntry | undefined => state[key],
  },
});

declare module '../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof requestsSlice> {}
}

export const injectedRequests = requestsSlice.injectInto(sliceReducers);
export const { requested, succeeded, failed, cleared, reasonAsked, reasonAnswered, calledOff } = requestsSlice.actions;
export const { selectRequest } = injectedRequests.selectors;
