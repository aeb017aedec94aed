import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator, type Task } from 'redux-saga';
import { navigationMiddleware, navigationReducer } from '../lib/navigation/navigation';
import { notifyReducer } from '../lib/notifier/notify-slice';
import { connectFailureReactions, httpFailureReducer } from '../lib/http-failures';
import { actionSanitizer, attachSessionLog, createSessionLog, stateSanitizer } from '../lib/session-log';
import { sessionCleared, sessionReducer } from './session-slice';
import { keepAlive, rootSaga } from './root-saga';

/**
 * Slices of lazily loaded screens declare themselves here (module augmentation, RTK's `combineSlices`):
 * `declare module '../app/store' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }`,
 * then `mySlice.injectInto(sliceReducers)` when their chunk loads. The sign-in bundle carries none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const sliceReducers = combineSlices({
  session: sessionReducer,
  notify: notifyReducer,
  navigation: navigationReducer,
  httpFailure: httpFailureReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof sliceReducers>;

/** Logout / expiry (`session/cleared`) resets every slice to its initial state. */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return sliceReducers(sessionCleared.match(action) ? undefined : state, action);
}

export interface AppStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Start the root saga (default true). */
  runSagas?: boolean;
}

/** Per store: runs a lazily loaded feature's saga once (see injectSaga). */
const sagaInjectors = new WeakMap<object, (key: string, saga: () => SagaIterator) => void>();

/**
 * Starts the saga of a lazily loaded feature in this store, once per key (later calls with the same key do
 * nothing). Supervised like the root saga's feature sagas. A store created without sagas ignores it.
 */
export function injectSaga(store: object, key: string, saga: () => SagaIterator): void {
  sagaInjectors.get(store)?.(key, saga);
}

export function createAppStore({ preloadedState, runSagas = true }: AppStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const log = createSessionLog();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, navigationMiddleware, log.middleware),
    // Also in production, for auditors: connects to the Redux DevTools extension when it is installed. Nothing
    // secret reaches it (lib/session-log); the number of actions it holds is bounded.
    devTools: { actionSanitizer, stateSanitizer, maxAge: 200 },
  });
  attachSessionLog(store, log);
  connectFailureReactions(store.dispatch);
  const task: Task | null = runSagas ? sagaMiddleware.run(rootSaga) : null;
  if (runSagas) {
    const injected = new Map<string, Task>();
    sagaInjectors.set(store, (key, saga) => {
      if (!injected.has(key)) injected.set(key, sagaMiddleware.run(keepAlive(saga, key)));
    });
  }
  return { store, task };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
