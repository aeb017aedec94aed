/**
 * The one answer to the failures every call shares (see isHandledCentrally): lib/api.ts hands each failed
 * call here, so no screen handles them by hand.
 * - 401: `session/expired`: the session feature keeps the open form as a draft and shows the sign-in dialog.
 * - 409: the Reload offer (<StaleAlert/> on the screen, or the app's fallback offer).
 * - no answer / 5xx: a message that the data is still on screen.
 * The store's dispatch is connected when the store is created (app/store.ts), so lib imports no app code.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { AUTH_ENDPOINTS, path } from '../../shared/contract/endpoints';
import { MSG } from '../../shared/contract/messages';
import { isStale, isTransportError, isUnauthorized, staleMessage } from './http-errors';
import { locationChanged } from './navigation/navigation';
import { notifyError } from './notifier/notify-slice';
import { sessionExpired } from './session-events';

export const DATA_KEPT_MSG =
  'The server could not be reached or did not answer properly. Nothing was lost: what you entered is still on screen. Please try again in a moment.';
export const STALE_FALLBACK_MSG = 'Someone else changed this record since you opened it. Reload to see the latest version.';

export interface HttpFailureState {
  /** The sentence of the last stale refusal, until the user reloads or leaves the screen. */
  stale: string | null;
  /** Counts the fallback offer's reloads: the app remounts the open screen when it changes. */
  reloads: number;
}

const initialState: HttpFailureState = { stale: null, reloads: 0 };

const httpFailureSlice = createSlice({
  name: 'httpFailure',
  initialState,
  reducers: {
    staleRefused(state, action: PayloadAction<string>) {
      state.stale = action.payload;
    },
    /** The screen reloads the record itself (its <StaleAlert/> Reload). */
    staleDismissed(state) {
      state.stale = null;
    },
    /** The fallback offer's Reload: the open screen is mounted afresh, reading everything again. */
    screenReloaded(state) {
      state.stale = null;
      state.reloads += 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(locationChanged, (state) => {
      state.stale = null;
    });
  },
});

export const httpFailureReducer = httpFailureSlice.reducer;
export const { staleRefused, staleDismissed, screenReloaded } = httpFailureSlice.actions;

type WithHttpFailure = { httpFailure: HttpFailureState };
export const selectStale = (s: WithHttpFailure) => s.httpFailure.stale;
export const selectScreenReloads = (s: WithHttpFailure) => s.httpFailure.reloads;

type Dispatch = (action: { type: string }) => unknown;
let dispatch: Dispatch | null = null;

/** Connects the store that receives the reactions (the latest store created wins). */
export function connectFailureReactions(fn: Dispatch): void {
  dispatch = fn;
}

const SIGNIN_URL = path(AUTH_ENDPOINTS.signin);
const LOGOUT_URL = path(AUTH_ENDPOINTS.logout);
const CHECKLOGIN_URL = path(AUTH_ENDPOINTS.checklogin);

/** Reacts once to a failed call of `url` (the caller still gets the error, to stop what it was doing). */
export function reactToFailure(error: unknown, url: string): void {
  // Sign-in shows its own answers on the sign-in form; logout ends the local session whatever happens.
  if (!dispatch || url === SIGNIN_URL || url === LOGOUT_URL) return;
  if (isUnauthorized(error)) dispatch(sessionExpired());
  else if (isStale(error)) dispatch(staleRefused(staleMessage(error, STALE_FALLBACK_MSG)));
  // The minute's session check runs in the background: a network hiccup there is no news to the user.
  else if (isTransportError(error) && url !== CHECKLOGIN_URL) dispatch(notifyError(DATA_KEPT_MSG, MSG.oops));
}
