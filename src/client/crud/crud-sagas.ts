/**
 * The one generic request saga set of a master resource (DESIGN.md section 5; redux-saga's real-world
 * example binds one fetch saga per entity): `resourceSaga(definition)` watches the `crud/*` actions that
 * name that resource. takeLatest for list, search and record loads; takeLeading for save and status
 * (no double submit). All HTTP goes through `call(crudApi.x, ...)`. Answers and messages follow
 * spec 000 section 8 and the definition's answer styles.
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { MSG } from '../../shared/contract/messages';
import { RESOURCE_MSG, idNameOf, type ResourceDef } from '../../shared/resources/types';
import type { RootState } from '../app/store';
import { isHandledCentrally, serverMessage } from '../lib/api';
import { navigateTo } from '../lib/navigation/navigation';
import { notifyError, notifySuccess } from '../lib/notifier/notify-slice';
import { crudApi, type CrudAnswer, type Row } from './crud-api';
import {
  listFailed,
  listLoaded,
  listRequested,
  recordFailed,
  recordLoaded,
  recordRequested,
  saveFinished,
  saveRequested,
  savedHeld,
  searchRequested,
  selectResourceState,
  statusFinished,
  statusRequested,
  type ListRequest,
  type ResourceState,
  type SaveRequest,
  type StatusRequest,
} from './crud-slice';

export const CRUD_MSG = {
  listFailed: 'The list could not be loaded.',
  recordFailed: 'The record could not be loaded.',
  saved: 'Record Saved Successfully!',
} as const;

/** The signed-in user's id, sent as `userID` (spec 000 section 3, paging fields). */
export const selectUserId = (state: RootState): number | null => state.session.user?.id ?? null;

/** Does the answer carry every status flag of the expected answer style (status, status1, ...)? */
export function answerIs(answer: CrudAnswer | null | undefined, style: Record<string, string>): boolean {
  if (!answer || typeof answer !== 'object') return false;
  const flags = Object.keys(style).filter((k) => k.startsWith('status'));
  return flags.length > 0 && flags.every((k) => answer[k] === style[k]);
}

/** The text of a refused save: the duplicate's rescoremessage (activity: rescoremessage3), else the message. */
function refusal(answer: CrudAnswer | null | undefined): string {
  const text = [answer?.rescoremessage, answer?.rescoremessage3, answer?.message].find((t) => typeof t === 'string' && t !== '');
  return (text as string | undefined) ?? RESOURCE_MSG.checkAgain;
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

export function* loadList(r: ResourceDef, action: PayloadAction<ListRequest>): SagaIterator {
  const page = Math.max(1, Math.trunc(action.payload.page) || 1);
  const searchText = (action.payload.searchText ?? '').trim();
  const userID: number | null = yield select(selectUserId);
  try {
    const answer: unknown = searchText
      ? yield call(crudApi.search, r, { searchText, pageno: page, userID })
      : yield call(crudApi.list, r, { pageno: page, userID });
    const rows = Array.isArray(answer) ? (answer as Row[]) : [];
    const total = rows.length ? Number(rows[0].totalItems) || rows.length : 0;
    yield put(listLoaded({ resource: r.name, rows, total, page, searchText }));
  } catch (error) {
    yield put(listFailed({ resource: r.name }));
    if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? CRUD_MSG.listFailed, MSG.oops));
  }
}

/** Search: an empty text is refused here, without a call (the server would answer 400 with the same text). */
export function* search(r: ResourceDef, action: PayloadAction<{ resource: string; searchText: string }>): SagaIterator {
  const searchText = action.payload.searchText.trim();
  if (!searchText) {
    yield put(notifyError(RESOURCE_MSG.emptySearch, MSG.oops));
    return;
  }
  yield put(listRequested({ resource: r.name, page: 1, searchText }));
}

export function* loadRecord(r: ResourceDef, action: PayloadAction<{ resource: string; id: number }>): SagaIterator {
  const { id } = action.payload;
  try {
    const record: Row = yield call(crudApi.byId, r, { id });
    yield put(recordLoaded({ resource: r.name, id, record }));
  } catch (error) {
    const message = serverMessage(error) ?? CRUD_MSG.recordFailed;
    yield put(recordFailed({ resource: r.name, id, message }));
    if (!isHandledCentrally(error)) yield put(notifyError(message, MSG.oops));
  }
}

export function* saveRecord(r: ResourceDef, action: PayloadAction<SaveRequest>): SagaIterator {
  const { values, id, version, stayIf } = action.payload;
  const userID: number | null = yield select(selectUserId);
  const body: Record<string, unknown> = { ...values, userID };
  if (id !== undefined) {
    body.id = id;
    if (idNameOf(r) !== 'id') body[idNameOf(r)] = id;
    if (version !== undefined) body.version = version;
  }
  try {
    const answer: CrudAnswer = yield call(crudApi.save, r, body);
    yield put(saveFinished({ resource: r.name }));
    if (answerIs(answer, r.answers.saved)) {
      yield put(notifySuccess(textOf(answer.message) || textOf(r.answers.saved.message) || CRUD_MSG.saved));
      if (stayIf && answer[stayIf] !== undefined && answer[stayIf] !== null) yield put(savedHeld({ resource: r.name, answer }));
      else yield put(navigateTo(r.routes.home));
    } else {
      // A duplicate (status1 Success1 + rescoremessage) or another refusal: nothing was stored.
      yield put(notifyError(refusal(answer), MSG.oops));
    }
  } catch (error) {
    // A stale save (409) keeps the form as typed; the data layer records it and the form's <StaleAlert/> offers Reload.
    yield put(saveFinished({ resource: r.name }));
    if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? RESOURCE_MSG.checkAgain, MSG.oops));
  }
}

/** Deactivate (N) or reactivate (Y); whatever the answer, the list reloads (spec 000 section 8). */
export function* changeStatus(r: ResourceDef, action: PayloadAction<StatusRequest>): SagaIterator {
  const { id, activeStatus } = action.payload;
  const userID: number | null = yield select(selectUserId);
  const expected = activeStatus === 'N' ? r.answers.deactivated : r.answers.reactivated;
  try {
    const answer: CrudAnswer = yield call(crudApi.status, r, { id, activeStatus, userID });
    if (answerIs(answer, expected)) {
      yield put(notifySuccess(textOf(answer.message) || textOf(expected.message)));
    } else {
      yield put(notifyError(RESOURCE_MSG.checkAgain, MSG.oops, textOf(answer?.message) || undefined));
    }
  } catch (error) {
    if (!isHandledCentrally(error)) yield put(notifyError(RESOURCE_MSG.checkAgain, MSG.oops, serverMessage(error)));
  }
  yield put(statusFinished({ resource: r.name }));
  const { page, searchText }: ResourceState = yield select(selectResourceState, r.name);
  yield put(listRequested({ resource: r.name, page, searchText }));
}

/** Matches an action creator's actions that name this resource. */
const forResource =
  (r: ResourceDef, creator: { match(a: unknown): a is PayloadAction<{ resource: string }> }) =>
  (action: Action): boolean =>
    creator.match(action) && action.payload.resource === r.name;

/** The watchers of one resource. */
export function resourceSaga(r: ResourceDef) {
  return function* crudResourceSaga(): SagaIterator {
    yield takeLatest(forResource(r, listRequested), loadList, r);
    yield takeLatest(forResource(r, searchRequested), search, r);
    yield takeLatest(forResource(r, recordRequested), loadRecord, r);
    yield takeLeading(forResource(r, saveRequested), saveRecord, r);
    yield takeLeading(forResource(r, statusRequested), changeStatus, r);
  };
}

const sagas = new WeakMap<ResourceDef, () => SagaIterator>();

/** The (one) saga of a resource definition. */
export function sagaFor(r: ResourceDef): () => SagaIterator {
  let saga = sagas.get(r);
  if (!saga) {
    saga = resourceSaga(r);
    sagas.set(r, saga);
  }
  return saga;
}
