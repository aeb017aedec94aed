/**
 * The one saga that runs the HTTP calls of screens (DESIGN.md section 5): it takes `requests/requested`,
 * posts the body to the contract entry through lib/api's postTo (whose failure path answers 401, 409, no
 * answer and 5xx once for all screens), records the answer or the refusal in the request slice, toasts the
 * screen's failure text for a refusal the screen is told about, and carries out a change's follow-up (toasts,
 * a move, a reason asked before the change is sent again). No screen waits on a promise of an answer: what
 * follows an answer is data in the request (ChangeOutcome), so the Redux DevTools log replays it. A newer
 * request of a key marked `latest` (a query) cancels the older one, so a list shows the answer of the last
 * page asked for.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, put, take } from 'redux-saga/effects';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { path } from '../../shared/contract/endpoints';
import { MSG } from '../../shared/contract/messages';
import { httpStatus, isHandledCentrally, postTo, serverField, serverMessage } from '../lib/api';
import { downloadBlob, type Download } from '../lib/download';
import { navigateTo } from '../lib/navigation/navigation';
import { closeTabFor, showFile } from '../lib/open-file';
import { notify, notifyError, notifyWarning } from '../lib/notifier/notify-slice';
import {
  calledOff, cleared, failed, reasonAsked, reasonAnswered, requested, succeeded, type ChangeOutcome, type OutcomeToast, type ReasonPrompt, type RequestPayload,
} from './request-slice';

let lastId = 0;

export const nextRequestId = (): string => `r${(lastId += 1)}`;

/** A change's follow-up (request-slice ChangeOutcome): the success toast and move, or the refusal's toast. */
export function* followUp(outcome: ChangeOutcome, answer: unknown): SagaIterator {
  const a = (answer ?? {}) as Record<string, unknown>;
  const textIn = (field: string | undefined) => (field && typeof a[field] === 'string' && a[field] !== '' ? (a[field] as string) : undefined);
  const textOf = (t: OutcomeToast) => {
    const text = textIn(t.field) ?? t.text;
    const after = t.appendField ? a[t.appendField] : undefined;
    return typeof after === 'string' || typeof after === 'number' ? `${text} ${after}` : text;
  };
  const { field, value } = outcome.okWhen;
  if (Array.isArray(value) ? value.includes(a[field] as string) : a[field] === value) {
    const s = outcome.success;
    if (s) yield put(notify({ message: textOf(s), variant: 'success', ...(s.title ? { title: s.title } : {}) }));
    if (outcome.navigate) yield put(navigateTo(outcome.navigate));
    return;
  }
  const w = outcome.warning;
  if (w && a[w.when.field] === w.when.value) {
    yield put(notifyWarning(textOf(w.toast), w.toast.title));
    return;
  }
  yield put(notifyError(textOf(outcome.refused), outcome.refused.title, textIn(outcome.refused.detailField)));
}

/** Asks the user of change `key` for a reason (the screen shows the question from the entry): the reason, or null. */
function* askReason(key: string, requestId: string, prompt: ReasonPrompt): SagaIterator<string | null> {
  yield put(reasonAsked({ key, requestId, prompt }));
  // The screen closing (its entries cleared) counts as a cancel, so no task waits for ever.
  const answered: PayloadAction<{ key: string; reason?: string | null }> = yield take(
    (action: Action) => (reasonAnswered.match(action) || cleared.match(action)) && action.payload.key === key,
  );
  return answered.payload.reason ?? null;
}

const withField = (body: unknown, field: string, value: string) => ({ ...(body as Record<string, unknown>), [field]: value });

/**
 * Sends the call, with the reason a change needs (ChangeOutcome.reason): asked first, or asked once when the
 * server refuses the call for want of it. Answers undefined when the user cancelled the question.
 */
function* send({ key, requestId, endpoint, body, file, outcome }: RequestPayload): SagaIterator<{ answer: unknown } | undefined> {
  const post = (sent: unknown) => (file ? call(downloadBlob, path(endpoint), sent, file) : call(postTo, endpoint, sent));
  const reason = outcome?.reason;
  if (!reason) return { answer: (yield post(body)) as unknown };
  let sent = body;
  if (reason.first) {
    const given: string | null = yield call(askReason, key, requestId, reason.prompt);
    if (given === null) return undefined;
    sent = withField(body, reason.field, given);
  }
  try {
    return { answer: (yield post(sent)) as unknown };
  } catch (error) {
    if (reason.first || serverField(error) !== reason.field) throw error;
    const given: string | null = yield call(askReason, key, requestId, reason.prompt);
    if (given === null) return undefined;
    return { answer: (yield post(withField(body, reason.field, given))) as unknown };
  }
}

export function* perform(payload: RequestPayload): SagaIterator {
  const { key, requestId, failureText, failureTitle, file, outcome, openFile } = payload;
  try {
    const sent: { answer: unknown } | undefined = yield call(send, payload);
    if (!sent) {
      yield put(calledOff({ key, requestId }));
      if (openFile) closeTabFor(key);
      return;
    }
    const { answer } = sent;
    // A file stays out of the store (state is plain data): the slice keeps what it was.
    const kept = file ? { filename: (answer as Download).filename, rows: (answer as Download).rows } : answer;
    yield put(succeeded({ key, requestId, data: kept }));
    if (file && openFile) showFile(key, (answer as Download).blob);
    if (outcome) yield call(followUp, outcome, answer);
  } catch (error) {
    const handled = isHandledCentrally(error);
    const reason = serverMessage(error);
    if (openFile) closeTabFor(key);
    yield put(failed({ key, requestId, message: reason ?? null, httpStatus: httpStatus(error) ?? null, handled }));
    if (!handled && failureText) {
      const first = payload.reasonFirst ?? outcome?.reasonFirst;
      yield put(first && reason ? notifyError(reason, failureTitle ?? MSG.oops) : notifyError(failureText, failureTitle ?? MSG.oops, reason));
    }
  }
}

export function* requestSaga(): SagaIterator {
  const running = new Map<string, Task>();
  for (;;) {
    const { payload }: PayloadAction<RequestPayload> = yield take(requested.type);
    const older = running.get(payload.key);
    if (payload.latest && older?.isRunning()) yield cancel(older);
    const task: Task = yield fork(perform, payload);
    running.set(payload.key, task);
    // Forget finished tasks so the map stays as small as the screens' keys.
    for (const [k, t] of running) if (!t.isRunning()) running.delete(k);
  }
}
