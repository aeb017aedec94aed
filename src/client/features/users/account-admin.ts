/**
 * The employee list's administrator actions (Top Role): a one-time password, clearing sign-in delays, ending a
 * user's sessions. State and saga in one place: which action runs, and the one-time password to show once.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLeading } from 'redux-saga/effects';
import { ACCOUNT_ADMIN_ENDPOINTS, type PasswordResetAnswer } from '../../../shared/contract/account-endpoints';
import { MSG } from '../../../shared/contract/messages';
import { sliceReducers } from '../../app/store';
import { crudApi } from '../../crud/crud-api';
import { isUnauthorized, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { request } from '../../lib/request';

export type AccountAction = keyof typeof ACCOUNT_ADMIN_ENDPOINTS;

export interface AccountAdminState {
  pending: AccountAction | null;
  /** Shown once, then forgotten (closing the dialog clears it). */
  oneTime: { name: string; password: string } | null;
}

const initialState: AccountAdminState = { pending: null, oneTime: null };

const accountAdminSlice = createSlice({
  name: 'accountAdmin',
  initialState,
  reducers: {
    accountActionRequested(state, action: PayloadAction<{ action: AccountAction; resourceID: number; name: string }>) {
      if (state.pending === null) state.pending = action.payload.action;
    },
    accountActionFinished(state, action: PayloadAction<{ oneTime?: { name: string; password: string } } | undefined>) {
      state.pending = null;
      if (action.payload?.oneTime) state.oneTime = action.payload.oneTime;
    },
    oneTimePasswordClosed(state) {
      state.oneTime = null;
    },
  },
  selectors: { selectAccountAdmin: (s) => s },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof accountAdminSlice> {}
}

export const injectedAccountAdmin = accountAdminSlice.injectInto(sliceReducers);
export const { accountActionRequested, accountActionFinished, oneTimePasswordClosed } = accountAdminSlice.actions;
export const { selectAccountAdmin } = injectedAccountAdmin.selectors;

export function* runAccountAction(a: ReturnType<typeof accountActionRequested>): SagaIterator {
  const { action, resourceID, name } = a.payload;
  try {
    const answer: PasswordResetAnswer | { status: string; message: string } = yield call(request, crudApi.call, ACCOUNT_ADMIN_ENDPOINTS[action].name, { resourceID });
    yield put(notifySuccess(answer.message));
    yield put(accountActionFinished('password' in answer ? { oneTime: { name, password: answer.password } } : undefined));
  } catch (error) {
    yield put(accountActionFinished());
    if (!isUnauthorized(error)) yield put(notifyError(serverMessage(error) ?? 'The action could not be done.', MSG.oops));
  }
}

export function* accountAdminSaga(): SagaIterator {
  yield takeLeading(accountActionRequested.type, runAccountAction);
}
