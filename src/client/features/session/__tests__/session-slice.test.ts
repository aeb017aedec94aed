import {
  firstLoginRequired,
  initialSessionState,
  menuLoaded,
  selectAccessToken,
  selectPasswordOwnerId,
  selectPasswordOwnerName,
  sessionReducer,
  sessionRehydrated,
  signInFailed,
  signInRequested,
  signInSettled,
  signInSucceeded,
} from '../../../app/session-slice';
import { rootReducer } from '../../../app/store';
import { sessionCleared } from '../../../app/session-slice';
import { notify } from '../../../lib/notifier/notify-slice';
import { firstLoginResponse, loginResponse, threeLevelMenu } from '../../../test-support/fixtures';

describe('session reducer', () => {
  it('starts signed out', () => {
    expect(sessionReducer(undefined, { type: '@@init' })).toEqual(initialSessionState);
  });

  it('signInRequested marks the form busy and clears an old alert', () => {
    const s = sessionReducer({ ...initialSessionState, signInAlert: 'down' }, signInRequested({ username: 'a', password: 'b' }));
    expect(s.signingIn).toBe(true);
    expect(s.signInAlert).toBeNull();
  });

  it('signInSucceeded stores the login answer with its flags', () => {
    const answer = loginResponse({ add: true, delete: false, approve: true, toprole: false, reportingmanager: 12 });
    const s = sessionReducer({ ...initialSessionState, signingIn: true }, signInSucceeded(answer));
    expect(s.status).toBe('signedIn');
    expect(s.user).toEqual(answer);
    expect(s.user).toMatchObject({ add: true, delete: false, approve: true, toprole: false, reportingmanager: 12 });
    expect(s.firstLogin).toBeNull();
    expect(s.menuStatus).toBe('loading');
    expect(s.signingIn).toBe(true); // until the flow settles (after navigation)
    expect(selectAccessToken({ session: s })).toBe('acc-456');
    expect(sessionReducer(s, signInSettled()).signingIn).toBe(false);
  });

  it('firstLoginRequired keeps the restricted token only', () => {
    const first = firstLoginResponse();
    const s = sessionReducer(initialSessionState, firstLoginRequired(first));
    expect(s.status).toBe('firstLogin');
    expect(s.firstLogin).toEqual(first);
    expect(s.user).toBeNull();
    expect(selectAccessToken({ session: s })).toBe('first-acc');
    expect(selectPasswordOwnerId({ session: s })).toBe(9);
    expect(selectPasswordOwnerName({ session: s })).toBe('newbie');
  });

  it('signInFailed stops loading and keeps a transport alert', () => {
    const s = sessionReducer({ ...initialSessionState, signingIn: true }, signInFailed({ alert: 'offline' }));
    expect(s).toMatchObject({ signingIn: false, signInAlert: 'offline', status: 'signedOut' });
  });

  it('menuLoaded stores the menu', () => {
    const s = sessionReducer(initialSessionState, menuLoaded(threeLevelMenu));
    expect(s.menu).toEqual(threeLevelMenu);
    expect(s.menuStatus).toBe('loaded');
  });

  it('logout (session/cleared) resets the session and every other slice', () => {
    let state = rootReducer(undefined, { type: '@@init' });
    state = rootReducer(state, signInSucceeded(loginResponse()));
    state = rootReducer(state, menuLoaded(threeLevelMenu));
    state = rootReducer(state, notify({ message: 'hi', variant: 'info' }));
    const cleared = rootReducer(state, sessionCleared());
    expect(cleared).toEqual(rootReducer(undefined, { type: '@@init' }));
    expect(cleared.session).toEqual(initialSessionState);
  });

  describe('rehydrate', () => {
    it('restores a full session', () => {
      const s = sessionReducer(initialSessionState, sessionRehydrated(loginResponse()));
      expect(s.status).toBe('signedIn');
      expect(s.user?.fullname).toBe('Asha Verma');
    });

    it('restores a first-login token', () => {
      const s = sessionReducer(initialSessionState, sessionRehydrated(firstLoginResponse()));
      expect(s.status).toBe('firstLogin');
      expect(s.firstLogin?.id).toBe(9);
    });

    it('stays signed out without a stored session or with an unknown one', () => {
      expect(sessionReducer(initialSessionState, sessionRehydrated(null))).toEqual(initialSessionState);
      const odd = { ...loginResponse(), message: 'Something else' };
      expect(sessionReducer(initialSessionState, sessionRehydrated(odd))).toEqual(initialSessionState);
    });
  });
});
