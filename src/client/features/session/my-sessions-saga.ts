/**
 * Loads the caller's sessions and ends one (takeLeading: one end at a time). Ending the current session is a
 * sign-out here too.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SessionInfo } from '../../../shared/contract/account-endpoints';
import { MSG } from '../../../shared/contract/messages';
import { api, isUnauthorized, serverMessage } from '../../lib/api';
import { navigateTo } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { request } from '../../lib/request';
import {
  endSessionFinished, endSessionRequested, mySessionsFailed, mySessionsLoaded, mySessionsRequested, selectMySessions, type MySessionsState,
} from './my-sessions-slice';
import { endSession } from './session-sagas';
import { LOGIN_PATH } from './session-constants';

export const SESSIONS_LOAD_FAILED = 'Your sessions could not be loaded.';

export function* loadMySessions(): SagaIterator {
  try {
    const rows: SessionInfo[] = yield call(request, api.sessions);
    yield put(mySessionsLoaded(Array.isArray(rows) ? rows : []));
  } catch (error) {
    yield put(mySessionsFailed());
    if (!isUnauthorized(error)) yield put(notifyError(serverMessage(error) ?? SESSIONS_LOAD_FAILED, MSG.oops));
  }
}

export function* endOneSession(action: PayloadAction<string>): SagaIterator {
  const state: MySessionsState = yield select(selectMySessions);
  const current = state.rows.find((r) => r.sessionId === action.payload)?.current === true;
  try {
    const answer: { message?: string } = yield call(request, api.endSession, { sessionId: action.payload });
    yield put(notifySuccess(answer?.message ?? 'The session was ended.'));
    if (current) {
      yield call(endSession);
      yield put(navigateTo(LOGIN_PATH, true));
      return;
    }
  } catch (error) {
    if (!isUnauthorized(error)) yield put(notifyError(serverMessage(error) ?? 'The session could not be ended.', MSG.oops));
  } finally {
    yield put(endSessionFinished());
  }
  yield put(mySessionsRequested());
}

export function* mySessionsSaga(): SagaIterator {
  yield takeLatest(mySessionsRequested.type, loadMySessions);
  yield takeLeading(endSessionRequested.type, endOneSession);
}
