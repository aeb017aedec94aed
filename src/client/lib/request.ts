/**
 * The generic request saga: `yield call(request, api.x, body)`. A 401 raises `session/expired` (the
 * session feature then signs the user out) and rethrows, so the caller can stop what it was doing.
 */
import { call, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isUnauthorized } from './http-errors';
import { sessionExpired } from './session-events';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiFunction = (...args: any[]) => Promise<unknown>;

export function* request(fn: ApiFunction, ...args: unknown[]): SagaIterator {
  try {
    return yield call(fn, ...args);
  } catch (error) {
    if (isUnauthorized(error)) yield put(sessionExpired());
    throw error;
  }
}
