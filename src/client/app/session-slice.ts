/**
 * The session: who is signed in (the login answer's flags), the restricted first-login token, the menu,
 * and the busy flags of the sign-in and change-password forms. Rehydrated from browser storage at start.
 * `session/cleared` resets the whole store (see app/store.ts).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FirstLoginResponse, LoginResponse, MainMenu } from '../../shared/contract/session';
import { MSG } from '../../shared/contract/messages';
import type { StoredSession } from '../lib/storage';

export type SessionStatus = 'signedOut' | 'firstLogin' | 'signedIn';
export type MenuStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SessionState {
  status: SessionStatus;
  /** The full login answer while signed in. */
  user: LoginResponse | null;
  /** The restricted first-login answer (allows only changing the password). */
  firstLogin: FirstLoginResponse | null;
  menu: MainMenu[];
  menuStatus: MenuStatus;
  signingIn: boolean;
  /** Shown as an alert on the sign-in page (transport failure). */
  signInAlert: string | null;
  changingPassword: boolean;
  /** The session ended under an open screen: the sign-in dialog is shown over it (the screen stays). */
  reauth: 'closed' | 'open' | 'busy';
}

export const initialSessionState: SessionState = {
  status: 'signedOut',
  user: null,
  firstLogin: null,
  menu: [],
  menuStatus: 'idle',
  signingIn: false,
  signInAlert: null,
  changingPassword: false,
  reauth: 'closed',
};

export interface SignInForm { username: string; password: string }
export interface ReauthForm { password: string }
export interface ChangePasswordForm {
  userid: number;
  username: string;
  newPassword: string;
  confirmPassword: string;
  /** Needed from a signed-in session; a first sign-in uses its short-lived token instead. */
  currentPassword?: string;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Start-up: the answer found in storage (or null). */
    rehydrated(_state, action: PayloadAction<StoredSession | null>) {
      const stored = action.payload;
      if (stored && stored.message === MSG.success) {
        return { ...initialSessionState, status: 'signedIn', user: stored as LoginResponse };
      }
      if (stored && stored.message === MSG.firstLogin) {
        return { ...initialSessionState, status: 'firstLogin', firstLogin: stored as FirstLoginResponse };
      }
      return initialSessionState;
    },
    signInRequested: {
      reducer(state) {
        state.signingIn = true;
        state.signInAlert = null;
      },
      // The password travels in the action only as far as the saga, which encodes it for the wire.
      prepare: (form: SignInForm) => ({ payload: form }),
    },
    signInSucceeded(state, action: PayloadAction<LoginResponse>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.firstLogin = null;
      state.menu = [];
      state.menuStatus = 'loading';
    },
    firstLoginRequired(state, action: PayloadAction<FirstLoginResponse>) {
      state.status = 'firstLogin';
      state.firstLogin = action.payload;
      state.user = null;
      state.menu = [];
      state.menuStatus = 'idle';
    },
    signInFailed(state, action: PayloadAction<{ alert?: string } | undefined>) {
      state.signingIn = false;
      state.signInAlert = action.payload?.alert ?? null;
    },
    /** The sign-in flow ended (after its navigation). */
    signInSettled(state) {
      state.signingIn = false;
    },
    signInAlertDismissed(state) {
      state.signInAlert = null;
    },
    /** The user started typing credentials: the session saga loads the HTTP client and the encoder meanwhile. */
    credentialsTyped(state) {
      return state;
    },
    menuRequested(state) {
      state.menuStatus = 'loading';
    },
    menuLoaded(state, action: PayloadAction<MainMenu[]>) {
      state.menu = action.payload;
      state.menuStatus = 'loaded';
    },
    menuFailed(state) {
      state.menuStatus = 'failed';
    },
    changePasswordRequested: {
      reducer(state) {
        state.changingPassword = true;
      },
      prepare: (form: ChangePasswordForm) => ({ payload: form }),
    },
    changePasswordFinished(state) {
      state.changingPassword = false;
    },
    logoutRequested() {},
    /** A call answered 401 while signed in: the dialog opens, the screen and its draft stay. */
    reauthRequired(state) {
      if (state.reauth === 'closed') state.reauth = 'open';
    },
    reauthRequested: {
      reducer(state) {
        state.reauth = 'busy';
      },
      // As with sign-in: the password goes no further than the saga (and the DevTools sanitizer drops it).
      prepare: (form: ReauthForm) => ({ payload: form }),
    },
    reauthFailed(state) {
      state.reauth = 'open';
    },
    /** Signed in again as the same user: the session goes on where it was. */
    reauthSucceeded(state, action: PayloadAction<LoginResponse>) {
      state.user = action.payload;
      state.reauth = 'closed';
    },
  },
});

export const sessionReducer = sessionSlice.reducer;
export const {
  rehydrated: sessionRehydrated,
  signInRequested,
  signInSucceeded,
  firstLoginRequired,
  signInFailed,
  signInSettled,
  signInAlertDismissed,
  credentialsTyped,
  menuRequested,
  menuLoaded,
  menuFailed,
  changePasswordRequested,
  changePasswordFinished,
  logoutRequested,
  reauthRequired,
  reauthRequested,
  reauthFailed,
  reauthSucceeded,
} = sessionSlice.actions;

/** A restored full session is live again: start the session check and load the menu. */
export const sessionResumed = createAction('session/resumed');
/** Signed out (logout, expiry, password changed): the root reducer resets every slice. */
export const sessionCleared = createAction('session/cleared');

type WithSession = { session: SessionState };
export const selectSession = (s: WithSession) => s.session;
export const selectStatus = (s: WithSession) => s.session.status;
export const selectIsSignedIn = (s: WithSession) => s.session.status === 'signedIn';
export const selectUser = (s: WithSession) => s.session.user;
export const selectMenu = (s: WithSession) => s.session.menu;
export const selectMenuStatus = (s: WithSession) => s.session.menuStatus;
export const selectSigningIn = (s: WithSession) => s.session.signingIn;
export const selectSignInAlert = (s: WithSession) => s.session.signInAlert;
export const selectReauth = (s: WithSession) => s.session.reauth;
export const selectChangingPassword = (s: WithSession) => s.session.changingPassword;
export const selectAccessToken = (s: WithSession) => s.session.user?.accessToken ?? s.session.firstLogin?.accessToken ?? null;
/** Who may change a password, and as which user: the signed-in user or the first-login user. */
export const selectPasswordOwnerId = (s: WithSession): number | null => (s.session.user ?? s.session.firstLogin)?.id ?? null;
export const selectPasswordOwnerName = (s: WithSession): string | null =>
  (s.session.user ?? s.session.firstLogin)?.username ?? null;
