/**
 * The one saga that runs the HTTP calls of screens (DESIGN.md section 5): it takes `requests/requested`,
 * posts the body to the contract entry through lib/api's postTo (whose failure path answers 401, 409, no
 * answer and 5xx once for all screens), records the answer or the refusal in the request slice, toasts the
 * screen's failure text for a refusal the screen is told about, and settles the promise of the caller that
 * waits for the answer (a Save that goes on to navigate, say). A newer request of a key marked `latest` (a
 * query: nobody waits on its promise) cancels the older one, so a list shows the answer of the last page asked for.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, fork, put, take } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { path } from '../../shared/contract/endpoints';
import { MSG } from '../../shared/contract/messages';
import { httpStatus, isHandledCentrally, postTo, serverMessage } from '../lib/api';
import { downloadBlob, type Download } from '../lib/download';
import { navigateTo } from '../lib/navigation/navigation';
import { notify, notifyError, notifyWarning } from '../lib/notifier/notify-slice';
import { failed, requested, succeeded, type ChangeOutcome, type OutcomeToast, type RequestPayload } from './request-slice';

interface Waiter {
  resolve(answer: unknown): void;
  reject(error: unknown): void;
}

/** Callers waiting for an answer, by request id (promises are not state: they stay out of the store). */
const waiters = new Map<string, Waiter>();
let lastId = 0;

export const nextRequestId = (): string => `r${(lastId += 1)}`;

/** A promise of the answer of request `requestId`, settled by the saga. */
export function answerOf<T>(requestId: string): Promise<T> {
  return new Promise<T>((resolve, reject) => waiters.set(requestId, { resolve: resolve as Waiter['resolve'], reject }));
}

function settle(requestId: string, outcome: { answer: unknown } | { error: unknown }): void {
  const waiter = waiters.get(requestId);
  if (!waiter) return;
  waiters.delete(requestId);
  if ('answer' in outcome) waiter.resolve(outcome.answer);
  else waiter.reject(outcome.error);
}

/** A change's follow-up (request-slice ChangeOutcome): the success toast and move, or the refusal's toast. */
export function* followUp(outcome: ChangeOutcome, answer: unknown): SagaIterator {
  const a = (answer ?? {}) as Record<string, unknown>;
  const textIn = (field: string | undefined) => (field && typeof a[field] === 'string' && a[field] !== '' ? (a[field] as string) : undefined);
  const textOf = (t: OutcomeToast) => textIn(t.field) ?? t.text;
  if (a[outcome.okWhen.field] === outcome.okWhen.value) {
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

export function* perform({ key, requestId, endpoint, body, failureText, failureTitle, file, outcome }: RequestPayload): SagaIterator {
  try {
    const answer: unknown = file ? yield call(downloadBlob, path(endpoint), body, file) : yield call(postTo, endpoint, body);
    // A file stays out of the store (state is plain data): the slice keeps what it was.
    const kept = file ? { filename: (answer as Download).filename, rows: (answer as Download).rows } : answer;
    yield put(succeeded({ key, requestId, data: kept }));
    settle(requestId, { answer });
    if (outcome) yield call(followUp, outcome, answer);
  } catch (error) {
    const handled = isHandledCentrally(error);
    const reason = serverMessage(error);
    yield put(failed({ key, requestId, message: reason ?? null, httpStatus: httpStatus(error) ?? null, handled }));
    if (!handled && failureText) {
      yield put(outcome?.reasonFirst && reason ? notifyError(reason, failureTitle ?? MSG.oops) : notifyError(failureText, failureTitle ?? MSG.oops, reason));
    }
    settle(requestId, { error });
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
