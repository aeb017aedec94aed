import { call, delay, put, race, take, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError } from '../../lib/notifier/notify-slice';
import { dashboardApi } from './dashboard-api';
import { dashboardClosed, dashboardFailed, dashboardLoaded, dashboardOpened, dashboardRequested } from './dashboard-slice';

/** How often an open dashboard reloads its figures: it is "live" without hammering the server. */
export const REFRESH_MS = 60_000;

export function* loadFigures(): SagaIterator {
  yield put(dashboardRequested());
  try {
    const figures = yield call(dashboardApi.figures);
    yield put(dashboardLoaded({ figures, at: new Date().toISOString() }));
    return true;
  } catch (error) {
    yield put(dashboardFailed());
    if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? 'The dashboard could not be loaded.', 'Oops'));
    return false;
  }
}

/** Loads now, then every REFRESH_MS, until the page closes (or a load fails: the user can refresh by hand). */
function* whileOpen(): SagaIterator {
  for (;;) {
    const ok = yield call(loadFigures);
    if (!ok) return;
    const { closed } = yield race({ closed: take(dashboardClosed.type), tick: delay(REFRESH_MS) });
    if (closed) return;
  }
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(dashboardOpened.type, whileOpen);
}
