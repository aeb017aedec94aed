/**
 * Sagas of the activity workflow: takeLatest for loads (lists, queue, parameter screen), takeLeading for
 * submit / approve / revert (a second click while one is saving is ignored). After a save: the toast by
 * status ('Record Saved Successfully!', 'Reverted Successfully!', 'Approved Successfully!') or
 * 'Please Check Again!' (title Error) with the server's reason, then back to the list (Level 1 either way; spec 001
 * section 8). The server answers a refusal as the legacy client reads it: HTTP 200 {message: 'Error', reason}.
 */
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { PayloadAction } from '@reduxjs/toolkit';
import type {
  ActivityButton, ActivityLevel, ActivityListRow, ActivitySaveRequest, ActivitySaveResult, ApprovalQueueRow, ParamconfWithTransaction,
} from '../../../shared/contract/activity-endpoints';
import { MSG } from '../../../shared/contract/messages';
import { SEARCH_TOTAL_CAP } from '../../../shared/contract/search-endpoints';
import { SIGNATURE_MEANING, type SignedAction } from '../../../shared/contract/signatures';
import { SAVE_SUCCESS_MESSAGE, WORKFLOW_MSG, transitionFor } from '../../../shared/workflow';
import { isHandledCentrally, isStale, serverField, serverMessage } from '../../lib/api';
import { navigateTo } from '../../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { activitiesApi } from './activities-api';
import {
  listFailed, listLoaded, listRequested, queueFailed, queueLoaded, queueRequested, screenFailed, screenLoaded, screenRequested,
  selectScreen, transitionFailed, transitionRequested, transitionSucceeded,
  type ListQuery, type ScreenKey, type ScreenState, type TransitionRequest,
} from './activity-slice';

export const LOAD_FAILED = 'The activities could not be loaded.';
export const ERROR_TITLE = 'Error';
export const SIGNATURE_NOT_MADE = 'Not signed';

/** The list a parameter screen returns to. */
export const listPath = (level: ActivityLevel, pageno: number): string =>
  level === 'Level 1' ? `/ActivityTransactionHome/${pageno}` : `/level2activityHome/${pageno}`;

function* loadFailed(error: unknown): SagaIterator {
  if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? LOAD_FAILED, MSG.oopsTitle));
}

export function* loadList(action: PayloadAction<ListQuery>): SagaIterator {
  const { level, page, searchText = '' } = action.payload;
  try {
    // A search's total is counted up to the cap first ("200+"); the list page asks for the exact one (use-exact-total).
    const rows: ActivityListRow[] = yield call(activitiesApi.list, level, { pageno: page, searchText, ...(searchText ? { countUpTo: SEARCH_TOTAL_CAP } : {}) });
    yield put(listLoaded({ level, rows: Array.isArray(rows) ? rows : [] }));
  } catch (error) {
    yield put(listFailed({ level }));
    yield call(loadFailed, error);
  }
}

export function* loadQueue(action: PayloadAction<{ level: ActivityLevel | null; page: number }>): SagaIterator {
  const { level, page } = action.payload;
  try {
    const rows: ApprovalQueueRow[] = yield call(activitiesApi.queue, { pageno: page, ...(level ? { level } : {}) });
    yield put(queueLoaded(Array.isArray(rows) ? rows : []));
  } catch (error) {
    yield put(queueFailed());
    yield call(loadFailed, error);
  }
}

export function* loadScreen(action: PayloadAction<ScreenKey>): SagaIterator {
  const { level, actid, samplenov, sampleno, pncode } = action.payload;
  const where = { samplenov, activitylevel: level, ...(pncode ? { pncode } : {}) };
  try {
    const [buttons, paramconf]: [ActivityButton[], ParamconfWithTransaction] = yield all([
      call(activitiesApi.buttons, level, where),
      call(activitiesApi.paramconf, level, { id: actid, actid, samplenov, sampleno, ...(pncode ? { pncode } : {}) }),
    ]);
    yield put(screenLoaded({ buttons: Array.isArray(buttons) ? buttons : [], paramconf }));
  } catch (error) {
    yield put(screenFailed());
    yield call(loadFailed, error);
  }
}

/** The save body of a transition (legacy names, spec 001 section 3 'Save payload for activities'). */
export function saveBody(screen: ScreenState, req: TransitionRequest): ActivitySaveRequest {
  const p = screen.paramconf as ParamconfWithTransaction;
  const key = screen.key as ScreenKey;
  const to = transitionFor(screen.status, req.action, p.amended === true)?.to ?? 'S';
  const signed = req.action === 'approve' || req.action === 'revert';
  return {
    id: p.actid,
    actid: p.actid,
    activityID: p.actid,
    sequence: p.sequence,
    samplenov: key.samplenov,
    sampleno: key.sampleno,
    activityname: p.activityname,
    ...(key.pncode ? { pncode: key.pncode } : {}),
    activeList: p.activeList.map((x) => ({ id: x.id, shortname: x.shortname, inputvalue: req.values[x.shortname] ?? '' })),
    status: to,
    remarks: req.remarks.trim() === '' ? null : req.remarks.trim(),
    version: p.version,
    ...(signed ? { signaturePassword: req.signaturePassword ?? '', signatureMeaning: SIGNATURE_MEANING[req.action as SignedAction] } : {}),
  };
}

export function* saveTransition(action: PayloadAction<TransitionRequest>): SagaIterator {
  const screen: ScreenState = yield select(selectScreen);
  const req = action.payload;
  const t = transitionFor(screen.status, req.action, screen.paramconf?.amended === true);
  if (t?.remarkRequired && req.remarks.trim() === '') {
    yield put(notifyError(WORKFLOW_MSG.remarkRequired, MSG.oopsTitle));
    return;
  }
  // The reducer refused it (illegal from this status, or another save pending): nothing to do.
  if (screen.pending !== req.action || !screen.key || !t) return;
  const { level, pageno } = screen.key;
  try {
    const answer: ActivitySaveResult | undefined = yield call(activitiesApi.save, level, saveBody(screen, req));
    if (answer?.message === 'Success') {
      yield put(transitionSucceeded({ action: req.action, answer }));
      yield put(notifySuccess(SAVE_SUCCESS_MESSAGE[t.to]));
      yield put(navigateTo(listPath(level, pageno)));
      return;
    }
    yield put(transitionFailed());
    const reason = answer?.message === 'Error' && typeof answer.reason === 'string' ? answer.reason : undefined;
    yield put(notifyError(WORKFLOW_MSG.saveError, ERROR_TITLE, reason));
  } catch (error) {
    yield put(transitionFailed());
    // 401, no answer and 5xx: the data layer answered and the values stay on screen. A stale save (409) is a
    // refusal like any other here: the spec's toast, and Level 1 goes back to the list for the current copy.
    if (isHandledCentrally(error) && !isStale(error)) return;
    if (serverField(error) === 'signaturePassword') {
      // Not signed (wrong password): nothing changed, so the manager stays on the screen to sign again.
      yield put(notifyError(serverMessage(error) ?? WORKFLOW_MSG.saveError, SIGNATURE_NOT_MADE));
      return;
    }
    yield put(notifyError(WORKFLOW_MSG.saveError, ERROR_TITLE, serverMessage(error)));
  }
  // Level 1 goes back to the list either way (spec 001 section 8); Level 2 stays to let the user fix it.
  if (level === 'Level 1') yield put(navigateTo(listPath(level, pageno)));
}

export function* activitiesSaga(): SagaIterator {
  yield takeLatest(listRequested.type, loadList);
  yield takeLatest(queueRequested.type, loadQueue);
  yield takeLatest(screenRequested.type, loadScreen);
  yield takeLeading(transitionRequested.type, saveTransition);
}
