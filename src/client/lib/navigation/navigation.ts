/**
 * Navigation as actions. Sagas `put(navigateTo('/login'))`; the navigation middleware hands it to the
 * router's navigate function, which <RouterBridge/> registers from inside the router. The action is plain
 * data (it shows in the DevTools log and is asserted with `.put(...)` in saga tests); nothing in a saga
 * touches the router.
 *
 * The other direction: <RouterBridge/> dispatches `router/locationChanged` on every location change
 * (the session check listens for it).
 */
import { createAction, createSlice, type Middleware } from '@reduxjs/toolkit';

export interface NavigateToPayload {
  to: string;
  replace?: boolean;
}

export const navigateTo = createAction('navigation/navigateTo', (to: string, replace = false) => ({
  payload: replace ? { to, replace } : { to },
}));

export const locationChanged = createAction<{ pathname: string }>('router/locationChanged');

export type Navigator = (to: string, options: { replace: boolean }) => void;

let navigator: Navigator | null = null;
/** Navigations asked for before the router mounted; replayed when it registers. */
let pending: NavigateToPayload | null = null;

export function registerNavigator(fn: Navigator): () => void {
  navigator = fn;
  if (pending) {
    const { to, replace } = pending;
    pending = null;
    fn(to, { replace: Boolean(replace) });
  }
  return () => {
    if (navigator === fn) navigator = null;
  };
}

export const navigationMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (navigateTo.match(action)) {
    const { to, replace } = action.payload;
    if (navigator) navigator(to, { replace: Boolean(replace) });
    else pending = action.payload;
  }
  return result;
};

export interface NavigationState {
  pathname: string;
}

const navigationSlice = createSlice({
  name: 'navigation',
  initialState: { pathname: '' } as NavigationState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(locationChanged, (state, action) => {
      state.pathname = action.payload.pathname;
    });
  },
});

export const navigationReducer = navigationSlice.reducer;
export const selectPathname = (state: { navigation: NavigationState }) => state.navigation.pathname;
