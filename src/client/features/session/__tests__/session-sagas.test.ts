import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { MSG } from '../../../../shared/contract/messages';
import { STORAGE_KEYS, type ChangePasswordRequest, type SignInRequest } from '../../../../shared/contract/session';
import { decryptFromTransport } from '../../../../shared/transport/aes';
import { rootReducer, type RootState } from '../../../app/store';
import { api } from '../../../lib/api';
import { locationChanged, navigateTo } from '../../../lib/navigation/navigation';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notifier/notify-slice';
import { FALLBACK_CONFIG } from '../../../lib/runtime-config';
import { sessionExpired } from '../../../lib/session-events';
import { saveSession } from '../../../lib/storage';
import { firstLoginResponse, httpError, loginResponse, networkError, threeLevelMenu } from '../../../test-support/fixtures';
import { PASSWORD_TOO_SHORT, TRANSPORT_ALERT } from '../session-constants';
import {
  changePasswordSaga,
  checkSessionOnce,
  logoutSaga,
  sessionCheckLoop,
  sessionExpiredSaga,
  sessionStartup,
  signInSaga,
} from '../session-sagas';
import {
  changePasswordFinished,
  changePasswordRequested,
  firstLoginRequired,
  menuLoaded,
  menuRequested,
  sessionCleared,
  sessionRehydrated,
  sessionResumed,
  signInFailed,
  signInRequested,
  signInSettled,
  signInSucceeded,
} from '../session-slice';

const initialState = (): RootState => rootReducer(undefined, { type: '@@init' });
const signedInState = (): RootState => rootReducer(initialState(), signInSucceeded(loginResponse()));
const key = FALLBACK_CONFIG.cryptoKey;

describe('sign-in saga', () => {
  const request = signInRequested({ username: ' asha ', password: 'Secret#123' });

  it('SUCCESS stores the session, loads the menu and goes to /BlankHomePage', async () => {
    const answer = loginResponse();
    let sent: SignInRequest | undefined;
    const result = await expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(api.signIn), dynamic(({ args }: { args: [SignInRequest] }) => ((sent = args[0]), answer))],
        [matchers.call.fn(api.menuOfUser), threeLevelMenu],
      ])
      .put(signInSucceeded(answer))
      .call(api.menuOfUser, { username: 'asha', accessToken: 'acc-456', userid: 7, usergroupid: 2 })
      .put(menuLoaded(threeLevelMenu))
      .put(navigateTo('/BlankHomePage', true))
      .put(signInSettled())
      .run();

    expect(sent?.username).toBe('asha');
    expect(sent?.password).not.toBe('Secret#123');
    expect(decryptFromTransport(sent!.password, key)).toBe('Secret#123');
    const state = result.storeState as RootState;
    expect(state.session).toMatchObject({ status: 'signedIn', signingIn: false, menuStatus: 'loaded' });
    expect(state.session.menu).toEqual(threeLevelMenu);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-123');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc-456');
    expect(localStorage.getItem(STORAGE_KEYS.dbName)).toBe('soillims');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.session)!)).toEqual(answer);
  });

  it('SUCCESS with an empty menu goes to /Blankpage', () =>
    expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(api.signIn), loginResponse()],
        [matchers.call.fn(api.menuOfUser), []],
      ])
      .put(menuLoaded([]))
      .put(navigateTo('/Blankpage', true))
      .run());

  it('First Login keeps the restricted token and goes to /changePassword/:id', async () => {
    const first = firstLoginResponse();
    const result = await expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([[matchers.call.fn(api.signIn), first]])
      .put(firstLoginRequired(first))
      .put(navigateTo('/changePassword/9', true))
      .not.call.fn(api.menuOfUser)
      .run();
    expect((result.storeState as RootState).session).toMatchObject({ status: 'firstLogin', signingIn: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('first-tok');
  });

  it("'Please Contact Administrator' shows 'This Username or Password Does Not Exist!'", async () => {
    const result = await expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([[matchers.call.fn(api.signIn), { message: 'Please Contact Administrator' }]])
      .put(notifyError('This Username or Password Does Not Exist!', 'OOPS!'))
      .put(signInFailed())
      .not.put.actionType(navigateTo.type)
      .run();
    expect((result.storeState as RootState).session.status).toBe('signedOut');
    expect((result.storeState as RootState).notify.queue).toEqual([
      { id: 1, message: 'This Username or Password Does Not Exist!', title: 'OOPS!', variant: 'error' },
    ]);
  });

  it("any other message shows 'Your Login Credentials Are Wrong!'", () =>
    expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([[matchers.call.fn(api.signIn), { message: 'Invalid' }]])
      .put(notifyError('Your Login Credentials Are Wrong!', 'OOPS!'))
      .put(signInFailed())
      .run());

  it("429 and 400 show the server's message", () =>
    expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([[matchers.call.fn(api.signIn), throwError(httpError(429, { message: 'Too many attempts, try again later.' }))]])
      .put(notifyError('Too many attempts, try again later.', 'OOPS!'))
      .put(signInFailed())
      .run());

  it('a transport error shows the alert and stops loading', async () => {
    const result = await expectSaga(signInSaga, request)
      .withReducer(rootReducer, initialState())
      .provide([[matchers.call.fn(api.signIn), throwError(networkError())]])
      .put(signInFailed({ alert: TRANSPORT_ALERT }))
      .run();
    expect((result.storeState as RootState).session).toMatchObject({ signingIn: false, signInAlert: TRANSPORT_ALERT });
  });
});

describe('change password saga', () => {
  const form = { userid: 9, username: 'newbie', newPassword: 'Quiet-river-2026', confirmPassword: 'Quiet-river-2026' };

  it("refuses different passwords with 'password Not Matched!' and no call", () =>
    expectSaga(changePasswordSaga, changePasswordRequested({ ...form, confirmPassword: 'other-pass' }))
      .withReducer(rootReducer, initialState())
      .put(notifyError(MSG.passwordNotMatched, MSG.oops))
      .put(changePasswordFinished())
      .not.call.fn(api.changePassword)
      .run());

  it('refuses a short password', () =>
    expectSaga(changePasswordSaga, changePasswordRequested({ ...form, newPassword: 'short', confirmPassword: 'short' }))
      .withReducer(rootReducer, initialState())
      .put(notifyError(PASSWORD_TOO_SHORT, MSG.oops))
      .not.call.fn(api.changePassword)
      .run());

  it('status OK: encoded passwords sent, signed out, toast, /login', async () => {
    saveSession(firstLoginResponse());
    let sent: ChangePasswordRequest | undefined;
    const result = await expectSaga(changePasswordSaga, changePasswordRequested(form))
      .withReducer(rootReducer, rootReducer(initialState(), firstLoginRequired(firstLoginResponse())))
      .provide([
        [matchers.call.fn(api.changePassword), dynamic(({ args }: { args: [ChangePasswordRequest] }) => ((sent = args[0]), { status: 'OK' }))],
      ])
      .put(sessionCleared())
      .put(notifySuccess(MSG.passwordChanged))
      .put(navigateTo('/login', true))
      .run();
    expect(sent).toMatchObject({ userid: 9, username: 'newbie' });
    expect(decryptFromTransport(sent!.password, key)).toBe('Quiet-river-2026');
    expect(decryptFromTransport(sent!.password1, key)).toBe('Quiet-river-2026');
    expect(sent).not.toHaveProperty('currentPassword');
    expect(localStorage.length).toBe(0);
    expect((result.storeState as RootState).session.status).toBe('signedOut');
  });

  it('from a signed-in session the current password goes along, encoded', async () => {
    let sent: ChangePasswordRequest | undefined;
    await expectSaga(changePasswordSaga, changePasswordRequested({ ...form, currentPassword: 'Old-password-2025' }))
      .withReducer(rootReducer, signedInState())
      .provide([
        [matchers.call.fn(api.changePassword), dynamic(({ args }: { args: [ChangePasswordRequest] }) => ((sent = args[0]), { status: 'OK' }))],
      ])
      .put(notifySuccess(MSG.passwordChanged))
      .run();
    expect(sent?.currentPassword).toBeDefined();
    expect(sent?.currentPassword).not.toBe('Old-password-2025');
    expect(decryptFromTransport(sent!.currentPassword as string, key)).toBe('Old-password-2025');
  });

  it("a refusal shows \"Can't Change Your Password!\" with the server's reason", () =>
    expectSaga(changePasswordSaga, changePasswordRequested(form))
      .withReducer(rootReducer, signedInState())
      .provide([
        [matchers.call.fn(api.changePassword), throwError(httpError(400, { status: 'ERROR', message: 'This password is too easy to guess.' }))],
      ])
      .put(notifyError(MSG.cantChangePassword, undefined, 'This password is too easy to guess.'))
      .not.put(sessionCleared())
      .run());
});

describe('logout, expiry and the session check', () => {
  it('logout clears everything and goes to /login even when the call fails', async () => {
    saveSession(loginResponse());
    sessionStorage.setItem('x', '1');
    const result = await expectSaga(logoutSaga)
      .withReducer(rootReducer, signedInState())
      .provide([[matchers.call.fn(api.logout), throwError(networkError())]])
      .put(sessionCleared())
      .put(navigateTo('/login', true))
      .run();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect((result.storeState as RootState)).toEqual(initialState());
  });

  it("checklogin 401 ('login again') raises session/expired", () =>
    expectSaga(checkSessionOnce)
      .withState(signedInState())
      .provide([[matchers.call.fn(api.checkLogin), throwError(httpError(401, { message: 'login again' }))]])
      .call(api.checkLogin, { accessToken: 'acc-456' })
      .put(sessionExpired())
      .run());

  it('a live session raises nothing', () =>
    expectSaga(checkSessionOnce)
      .withState(signedInState())
      .provide([[matchers.call.fn(api.checkLogin), { message: 'SUCCESS' }]])
      .not.put(sessionExpired())
      .run());

  it("session/expired signs out with 'Your Session Has Expired?' and goes to /login", async () => {
    saveSession(loginResponse());
    const result = await expectSaga(sessionExpiredSaga)
      .withReducer(rootReducer, signedInState())
      .put(sessionCleared())
      .put(notifyWarning('Your Session Has Expired?'))
      .put(navigateTo('/login', true))
      .run();
    expect(localStorage.length).toBe(0);
    expect((result.storeState as RootState).notify.queue.map((n) => n.message)).toEqual(['Your Session Has Expired?']);
  });

  it('checks the session on navigation', () =>
    expectSaga(sessionCheckLoop)
      .withState(signedInState())
      .provide([[matchers.call.fn(api.checkLogin), { message: 'SUCCESS' }]])
      .dispatch(locationChanged({ pathname: '/dashboard' }))
      .call(checkSessionOnce)
      .call(api.checkLogin, { accessToken: 'acc-456' })
      .silentRun(50));

  it('start-up resumes a stored full session and reloads its menu', () => {
    const stored = loginResponse();
    saveSession(stored);
    return expectSaga(sessionStartup)
      .withReducer(rootReducer, initialState())
      .put(sessionRehydrated(stored))
      .put(sessionResumed())
      .put(menuRequested())
      .run();
  });
});
