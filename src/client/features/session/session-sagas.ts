/**
 * Sign-in, first login, change password, logout, session expiry and the session check loop.
 * takeLeading for signin / changePassword / logout (no double submit), takeLatest for the menu load.
 */
import type { SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { FirstLoginResponse, LoginResponse, MainMenu } from '../../../shared/contract/session';
import { MSG } from '../../../shared/contract/messages';
import { api, isHandledCentrally, loadHttp, isTransportError, serverMessage, type SignInAnswer, type StatusAnswer } from '../../lib/api';
import { navigateTo, locationChanged } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess, notifyWarning } from '../../lib/notifier/notify-slice';
import { sessionExpired } from '../../lib/session-events';
import { encodeSecrets, preloadEncoder } from '../../lib/transport';
import { clearAllStorage, readStoredSession, saveSession, type StoredSession } from '../../lib/storage';
import { keepDraft, restoreDraft } from '../../lib/drafts';
import { selectPathname } from '../../lib/navigation/navigation';
import {
  changePasswordFinished,
  changePasswordRequested,
  firstLoginRequired,
  logoutRequested,
  menuFailed,
  menuLoaded,
  menuRequested,
  reauthFailed,
  reauthRequested,
  reauthRequired,
  reauthSucceeded,
  selectAccessToken,
  selectReauth,
  selectStatus,
  selectUser,
  sessionCleared,
  sessionRehydrated,
  sessionResumed,
  signInFailed,
  signInRequested,
  credentialsTyped,
  signInSettled,
  signInSucceeded,
  type ChangePasswordForm,
  type ReauthForm,
  type SessionStatus,
  type SignInForm,
} from '../../app/session-slice';
import {
  EMPTY_MENU_PATH,
  HOME_PATH,
  LOGIN_PATH,
  MENU_FAILED,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  SESSION_CHECK_INTERVAL_MS,
  TRANSPORT_ALERT,
} from '../../app/session-constants';

/** Toast text for a sign-in answer that is neither SUCCESS nor First Login (spec 000 section 8). */
function signInFailureText(message: string | undefined): string {
  return message === MSG.contactAdministrator ? MSG.userDoesNotExist : MSG.credentialsWrong;
}

/** 400 (bad input) and 429 (throttled) carry the server's own message. */
function signInRefusalText(error: unknown): string {
  const text = serverMessage(error);
  return text && text !== MSG.contactAdministrator ? text : signInFailureText(text);
}

/** Loads the signed-in user's menu; null when it could not be loaded. */
export function* fetchMenu(user: LoginResponse): SagaIterator<MainMenu[] | null> {
  try {
    const menu: unknown = yield call(api.menuOfUser, {
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
    if (!isHandledCentrally(error)) yield put(notifyError(MENU_FAILED, MSG.oops));
    return null;
  }
}

/** A first-login answer: keep its short-lived token and go to the password change. */
function* toFirstLogin(first: FirstLoginResponse): SagaIterator {
  yield call(saveSession, first);
  yield put(firstLoginRequired(first));
  yield put(navigateTo(`/changePassword/${first.id}`, true));
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
      yield call(toFirstLogin, answer as FirstLoginResponse);
    } else {
      yield put(notifyError(signInFailureText(message), MSG.oops));
      yield put(signInFailed());
    }
  } catch (error) {
    if (isTransportError(error)) {
      yield put(signInFailed({ alert: TRANSPORT_ALERT }));
    } else {
      yield put(notifyError(signInRefusalText(error), MSG.oops));
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
    const answer: StatusAnswer | undefined = yield call(api.changePassword, {
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
    // 401, 409, no answer and 5xx were answered by the data layer (lib/http-failures).
    if (!isHandledCentrally(error)) yield put(notifyError(MSG.cantChangePassword, undefined, serverMessage(error)));
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

/**
 * The session ended (a call answered 401, or the check said 'login again'). Signed in: the open screen stays
 * as it is, its fields are kept as a draft, and the sign-in dialog asks for the password again. Otherwise (a
 * first-login session) the user is signed out to /login as before.
 */
export function* sessionExpiredSaga(): SagaIterator {
  const status: SessionStatus = yield select(selectStatus);
  if (status === 'signedOut') return; // several calls may fail at once: react once
  if (status === 'signedIn') {
    const reauth: string = yield select(selectReauth);
    if (reauth !== 'closed') return;
    const route: string = yield select(selectPathname);
    yield call(keepDraft, route);
    yield put(reauthRequired());
    return;
  }
  yield call(endSession);
  yield put(notifyWarning(MSG.sessionExpired));
  yield put(navigateTo(LOGIN_PATH, true));
}

/** The sign-in dialog: the same user signs in again; the session and the screen go on with the draft put back. */
export function* reauthSaga(action: PayloadAction<ReauthForm>): SagaIterator {
  const user: LoginResponse | null = yield select(selectUser);
  if (!user) return;
  try {
    const [encoded]: string[] = yield call(encodeSecrets, action.payload.password);
    const answer: SignInAnswer = yield call(api.signIn, { username: user.username, password: encoded });
    const message = answer && typeof answer === 'object' ? answer.message : undefined;
    if (message === MSG.success) {
      yield call(saveSession, answer as LoginResponse);
      yield put(reauthSucceeded(answer as LoginResponse));
      const route: string = yield select(selectPathname);
      yield call(restoreDraft, route);
    } else if (message === MSG.firstLogin) {
      // An administrator reset the password meanwhile: the password must be changed first, as at sign-in.
      yield call(endSession);
      yield call(toFirstLogin, answer as FirstLoginResponse);
    } else {
      yield put(notifyError(signInFailureText(message), MSG.oops));
      yield put(reauthFailed());
    }
  } catch (error) {
    yield put(notifyError(isTransportError(error) ? TRANSPORT_ALERT : signInRefusalText(error), MSG.oops));
    yield put(reauthFailed());
  }
}

export function* checkSessionOnce(): SagaIterator {
  const accessToken: string | null = yield select(selectAccessToken);
  const reauth: string = yield select(selectReauth);
  if (!accessToken || reauth !== 'closed') return;
  try {
    const answer: { message?: string } | undefined = yield call(api.checkLogin, { accessToken });
    if (answer?.message === MSG.loginAgain) yield put(sessionExpired());
  } catch {
    /* a 401 was answered by the data layer (lib/http-failures); a network hiccup is not a sign-out */
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

/** The HTTP client and the password encoder load while the user types, ready for the submit. */
export function* preloadSignIn(): SagaIterator {
  yield call(preloadEncoder);
  yield call(() => loadHttp().catch(() => undefined));
}

export function* sessionSaga(): SagaIterator {
  yield takeLeading(credentialsTyped.type, preloadSignIn);
  yield takeLeading(signInRequested.type, signInSaga);
  yield takeLeading(changePasswordRequested.type, changePasswordSaga);
  yield takeLeading(logoutRequested.type, logoutSaga);
  yield takeLeading(sessionExpired.type, sessionExpiredSaga);
  yield takeLeading(reauthRequested.type, reauthSaga);
  yield takeLatest(menuRequested.type, menuSaga);
  yield fork(sessionWatchManager);
  yield call(sessionStartup);
}
