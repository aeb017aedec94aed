import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { navigationMiddleware, navigationReducer } from '../lib/navigation/navigation';
import { notifyReducer } from '../lib/notifier/notify-slice';
import { sessionCleared, sessionReducer } from '../features/session/session-slice';
import { rootSaga } from './root-saga';

const sliceReducers = combineReducers({
  session: sessionReducer,
  notify: notifyReducer,
  navigation: navigationReducer,
});

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

export function createAppStore({ preloadedState, runSagas = true }: AppStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, navigationMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const task: Task | null = runSagas ? sagaMiddleware.run(rootSaga) : null;
  return { store, task };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
