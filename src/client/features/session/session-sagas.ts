/**
 * Sign-in, first login, change password, logout, session expiry and the session check loop.
 * takeLeading for signin / changePassword / logout (no double submit), takeLatest for the menu load.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { FirstLoginResponse, LoginResponse, MainMenu } from '../../../shared/contract/session';
import { MSG } from '../../../shared/contract/messages';
import { api, isTransportError, isUnauthorized, serverMessage, type SignInAnswer, type StatusAnswer } from '../../lib/api';
import { navigateTo, locationChanged } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notifier/notify-slice';
import { request } from '../../lib/request';
import { sessionExpired } from '../../lib/session-events';
import { encodeSecrets } from '../../lib/transport';
import { clearAllStorage, readStoredSession, saveSession, type StoredSession } from '../../lib/storage';
import {
  changePasswordFinished,
  changePasswordRequested,
  firstLoginRequired,
  logoutRequested,
  menuFailed,
  menuLoaded,
  menuRequested,
  selectAccessToken,
  selectStatus,
  selectUser,
  sessionCleared,
  sessionRehydrated,
  sessionResumed,
  signInFailed,
  signInRequested,
  signInSettled,
  signInSucceeded,
  type ChangePasswordForm,
  type SessionStatus,
  type SignInForm,
} from './session-slice';
import {
  EMPTY_MENU_PATH,
  HOME_PATH,
  LOGIN_PATH,
  MENU_FAILED,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  SESSION_CHECK_INTERVAL_MS,
  TRANSPORT_ALERT,
} from './session-constants';

/** Toast text for a sign-in answer that is neither SUCCESS nor First Login (spec 000 section 8). */
function signInFailureText(message: string | undefined): string {
  return message === MSG.contactAdministrator ? MSG.userDoesNotExist : MSG.credentialsWrong;
}

/** Loads the signed-in user's menu; null when it could not be loaded. */
export function* fetchMenu(user: LoginResponse): SagaIterator<MainMenu[] | null> {
  try {
    const menu: unknown = yield call(request, api.menuOfUser, {
      username: user.username,
      accessToken: user.accessToken,
      userid: user.id,
      usergroupid: user.usergroupid,
    });
    const list = Array.isArray(menu) ? (menu as MainMenu[]) : [];
    yield put(menuLoaded(list));
    return list;
  } catch (error) {
    yield put(menuFailed());
    if (!isUnauthorized(error)) yield put(notifyError(MENU_FAILED, MSG.oops));
    return null;
  }
}

export function* signInSaga(action: PayloadAction<SignInForm>): SagaIterator {
  const { username, password } = action.payload;
  try {
    const [encoded]: string[] = yield call(encodeSecrets, password);
    const answer: SignInAnswer = yield call(api.signIn, { username: username.trim(), password: encoded });
    const message = answer && typeof answer === 'object' ? answer.message : undefined;
    if (message === MSG.success) {
      const user = answer as LoginResponse;
      yield call(saveSession, user);
      yield put(signInSucceeded(user));
      const menu: MainMenu[] | null = yield call(fetchMenu, user);
      yield put(navigateTo(menu && menu.length === 0 ? EMPTY_MENU_PATH : HOME_PATH, true));
    } else if (message === MSG.firstLogin) {
      const first = answer as FirstLoginResponse;
      yield call(saveSession, first);
      yield put(firstLoginRequired(first));
      yield put(navigateTo(`/changePassword/${first.id}`, true));
    } else {
      yield put(notifyError(signInFailureText(message), MSG.oops));
      yield put(signInFailed());
    }
  } catch (error) {
    if (isTransportError(error)) {
      yield put(signInFailed({ alert: TRANSPORT_ALERT }));
    } else {
      // 400 (bad input) and 429 (throttled) carry the server's own message.
      const text = serverMessage(error);
      yield put(notifyError(text && text !== MSG.contactAdministrator ? text : signInFailureText(text), MSG.oops));
      yield put(signInFailed());
    }
  } finally {
    yield put(signInSettled());
  }
}

/** Ends the session locally: storage, then every slice. */
export function* endSession(): SagaIterator {
  yield call(clearAllStorage);
  yield put(sessionCleared());
}

export function* changePasswordSaga(action: PayloadAction<ChangePasswordForm>): SagaIterator {
  const { userid, username, newPassword, confirmPassword, currentPassword } = action.payload;
  try {
    if (newPassword !== confirmPassword) {
      yield put(notifyError(MSG.passwordNotMatched, MSG.oops));
      return;
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      yield put(notifyError(PASSWORD_TOO_SHORT, MSG.oops));
      return;
    }
    const [password, password1, current]: string[] = yield call(encodeSecrets, newPassword, confirmPassword, ...(currentPassword ? [currentPassword] : []));
    const answer: StatusAnswer | undefined = yield call(request, api.changePassword, {
      userid, username, password, password1, ...(current ? { currentPassword: current } : {}),
    });
    if (answer && answer.status === 'OK') {
      // The server ended all of this user's sessions: sign out here too, then tell the user.
      yield call(endSession);
      yield put(notifySuccess(MSG.passwordChanged));
      yield put(navigateTo(LOGIN_PATH, true));
    } else {
      yield put(notifyError(MSG.cantChangePassword, undefined, answer?.message));
    }
  } catch (error) {
    // A 401 already started the session-expired flow (see lib/request).
    if (!isUnauthorized(error)) yield put(notifyError(MSG.cantChangePassword, undefined, serverMessage(error)));
  } finally {
    yield put(changePasswordFinished());
  }
}

/** Logout always ends the local session, whatever the server answers. */
export function* logoutSaga(): SagaIterator {
  const status: SessionStatus = yield select(selectStatus);
  try {
    if (status === 'signedIn') yield call(api.logout);
  } catch {
    /* the local sign-out below happens anyway */
  } finally {
    yield call(endSession);
    yield put(navigateTo(LOGIN_PATH, true));
  }
}

export function* sessionExpiredSaga(): SagaIterator {
  const status: SessionStatus = yield select(selectStatus);
  if (status === 'signedOut') return; // several calls may fail at once: react once
  yield call(endSession);
  yield put(notifyWarning(MSG.sessionExpired));
  yield put(navigateTo(LOGIN_PATH, true));
}

export function* checkSessionOnce(): SagaIterator {
  const accessToken: string | null = yield select(selectAccessToken);
  if (!accessToken) return;
  try {
    const answer: { message?: string } | undefined = yield call(request, api.checkLogin, { accessToken });
    if (answer?.message === MSG.loginAgain) yield put(sessionExpired());
  } catch {
    /* 401 raised session/expired in request(); a network hiccup is not a sign-out */
  }
}

/** Checks the session every minute and on every navigation, until cancelled. */
export function* sessionCheckLoop(): SagaIterator {
  for (;;) {
    yield race({ tick: delay(SESSION_CHECK_INTERVAL_MS), navigation: take(locationChanged.type) });
    yield call(checkSessionOnce);
  }
}

/** Forks the check loop at sign-in (or when a stored session resumes) and cancels it when the session ends. */
export function* sessionWatchManager(): SagaIterator {
  for (;;) {
    yield take([signInSucceeded.type, sessionResumed.type]);
    const loop: Task = yield fork(sessionCheckLoop);
    yield take(sessionCleared.type);
    yield cancel(loop);
  }
}

export function* menuSaga(): SagaIterator {
  const user: LoginResponse | null = yield select(selectUser);
  if (user) yield call(fetchMenu, user);
}

/** Start-up: restore the stored session; a full one resumes (check loop + menu). */
export function* sessionStartup(): SagaIterator {
  const stored: StoredSession | null = yield call(readStoredSession);
  yield put(sessionRehydrated(stored));
  if (stored && stored.message === MSG.success) {
    yield put(sessionResumed());
    yield put(menuRequested());
  }
}

export function* sessionSaga(): SagaIterator {
  yield takeLeading(signInRequested.type, signInSaga);
  yield takeLeading(changePasswordRequested.type, changePasswordSaga);
  yield takeLeading(logoutRequested.type, logoutSaga);
  yield takeLeading(sessionExpired.type, sessionExpiredSaga);
  yield takeLatest(menuRequested.type, menuSaga);
  yield fork(sessionWatchManager);
  yield call(sessionStartup);
}
