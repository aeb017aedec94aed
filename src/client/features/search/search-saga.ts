/** The search screen's calls: loads on open, search (takeLatest), record, saved searches, CSV export with progress. */
import { call, put, select, takeLatest, takeLeading, fork, take, cancel, cancelled } from 'redux-saga/effects';
import { channel, type SagaIterator, type Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { Download } from '../../lib/download';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { readStoredSession } from '../../lib/storage';
import { SEARCH_MSG, SEARCH_PAGE_SIZE, type FilterRow, type SavedSearch } from '../../../shared/contract/search-endpoints';
import { searchApi, saveFile } from './search-api';
import { rowsFromInputList, toInputList } from './search-model';
import { searchActions as A, selectSearch, type SearchState } from './search-slice';

/** The signed-in user's id (sent as userID, as the legacy client did). */
const getUserId = (): number | null => (readStoredSession() as { id?: number } | null)?.id ?? null;

function* oops(error: unknown, fallback: string): SagaIterator {
  if (isHandledCentrally(error)) return;
  yield put(A.toastShown({ title: SEARCH_MSG.oops, message: serverMessage(error) ?? fallback, variant: 'error' }));
}

function* loadSaved(): SagaIterator {
  try {
    const saved = yield call(searchApi.savedSearches, getUserId());
    yield put(A.savedLoaded(Array.isArray(saved) ? saved : []));
  } catch (error) {
    yield call(oops, error, 'The saved searches could not be loaded.');
  }
}

function* onOpened(): SagaIterator {
  try {
    const sets = yield call(searchApi.parameterSets);
    if (Array.isArray(sets)) yield put(A.setsLoaded(sets));
    else console.warn('Unexpected search parameter response', sets); // spec section 8: logged only
  } catch (error) {
    yield call(oops, error, 'The search parameters could not be loaded.');
  }
  yield call(loadSaved);
}

function* onSelected({ payload }: ReturnType<typeof A.selected>): SagaIterator {
  const id = /^saved:(\d+)$/.exec(payload)?.[1];
  if (!id) return;
  try {
    const model: SavedSearch = yield call(searchApi.savedSearch, Number(id));
    const s: SearchState = yield select(selectSearch);
    yield put(A.savedSearchLoaded({ rows: rowsFromInputList(model.inputList ?? [], s.sets.flatMap((x) => x.parameters)) }));
  } catch (error) {
    yield call(oops, error, 'The saved search could not be loaded.');
  }
}

function* onSearch({ payload }: ReturnType<typeof A.searchRequested>): SagaIterator {
  const s: SearchState = yield select(selectSearch);
  const inputList = toInputList(s.rows);
  if (!inputList) {
    yield put(A.searchFailed());
    yield put(A.toastShown({ title: SEARCH_MSG.oops, message: SEARCH_MSG.checkFields, variant: 'error' }));
    return;
  }
  try {
    const answer = yield call(searchApi.search, {
      userID: getUserId(), parameterList: s.rows.map((r) => r.parameterName), inputList, pageno: payload.page, pageSize: SEARCH_PAGE_SIZE,
    });
    if (!answer || !Array.isArray(answer.results)) {
      console.warn('Unexpected search response', answer); // spec section 8: logged only
      yield put(A.searchFailed());
      return;
    }
    const key = JSON.stringify(inputList);
    const fresh = Boolean(payload.fresh);
    yield put(A.countKeyed({ key, fresh }));
    yield put(A.searchDone(answer));
    yield put(A.countNeeded({ key, inputList, needed: Boolean(answer.totalIsLowerBound), fresh }));
  } catch (error) {
    yield put(A.searchFailed());
    yield call(oops, error, 'The search failed.');
  }
}

/** Asks countSearchData for the exact number of matches of `key`. A failure leaves the capped total, no toast. */
function* countExactly(key: string, inputList: FilterRow[]): SagaIterator {
  yield put(A.countStarted(key));
  try {
    const answer: { totalItems?: unknown } | undefined = yield call(searchApi.count, inputList);
    const total = Number(answer?.totalItems);
    if (Number.isSafeInteger(total) && total >= 0) yield put(A.countDone({ key, total }));
    else yield put(A.countAbandoned(key));
  } catch (error) {
    yield put(A.countAbandoned(key));
    if (!isHandledCentrally(error)) console.warn('The exact count failed', error);
  } finally {
    if (yield cancelled()) yield put(A.countAbandoned(key));
  }
}

/**
 * The exact count of the shown search, in its own task so that paging (a new searchData) does not cancel it:
 * one count per set of filters, started when searchData capped its total ("200+"), kept across pages of the
 * same search, started again by a fresh search (the Search button), cancelled when other filters are shown or
 * the total is exact.
 */
function* countWatcher(): SagaIterator {
  let running: { key: string; task: Task } | null = null;
  for (;;) {
    const { payload }: ReturnType<typeof A.countNeeded> = yield take(A.countNeeded.type);
    const busy = running !== null && running.task.isRunning();
    if (busy && running!.key === payload.key && payload.needed && !payload.fresh) continue; // still counting these filters
    if (busy) yield cancel(running!.task);
    running = null;
    if (!payload.needed) continue;
    const s: SearchState = yield select(selectSearch);
    if (!payload.fresh && s.count?.key === payload.key && s.count.total !== null) continue; // counted already
    running = { key: payload.key, task: yield fork(countExactly, payload.key, payload.inputList) };
  }
}

function* onRecord({ payload }: ReturnType<typeof A.recordRequested>): SagaIterator {
  try {
    const data = yield call(searchApi.record, payload);
    yield put(A.recordLoaded(data));
  } catch (error) {
    yield put(A.recordClosed());
    yield call(oops, error, 'The record could not be loaded.');
  }
}

function* forwardProgress(chan: ReturnType<typeof channel<number>>, progress: (bytes: number) => Action): SagaIterator {
  for (;;) {
    const bytes: number = yield take(chan);
    yield put(progress(bytes));
  }
}

/**
 * The CSV of every match of `inputList` (exportSearchData), with each received byte count put as `progress`
 * while it downloads: the search screen's export and All Records' share it.
 */
export function* exportCsvWithProgress(inputList: FilterRow[], progress: (bytes: number) => Action): SagaIterator {
  const chan = channel<number>();
  const forwarder = yield fork(forwardProgress, chan, progress);
  try {
    const file: Download = yield call(searchApi.exportCsv, { inputList }, (bytes: number) => chan.put(bytes));
    return file;
  } finally {
    yield cancel(forwarder);
    chan.close();
  }
}

function* onExport(): SagaIterator {
  const s: SearchState = yield select(selectSearch);
  const inputList = toInputList(s.rows);
  if (!inputList) {
    yield put(A.exportDone());
    yield put(A.toastShown({ title: SEARCH_MSG.oops, message: SEARCH_MSG.checkFields, variant: 'error' }));
    return;
  }
  try {
    const file: Download = yield call(exportCsvWithProgress, inputList, A.exportProgress);
    yield call(saveFile, file.blob, 'data.csv');
    yield put(A.toastShown({ title: 'Done', message: `data.csv: ${file.rows} rows exported.`, variant: 'success' }));
  } catch (error) {
    yield call(oops, error, 'The export failed.');
  } finally {
    yield put(A.exportDone());
  }
}

function* onSave({ payload }: ReturnType<typeof A.saveRequested>): SagaIterator {
  const s: SearchState = yield select(selectSearch);
  const inputList = toInputList(s.rows);
  if (!inputList || inputList.length === 0) {
    yield put(A.saveDone());
    yield put(A.toastShown({ title: SEARCH_MSG.oops, message: SEARCH_MSG.checkFields, variant: 'error' }));
    return;
  }
  try {
    const res = yield call(searchApi.save, { userID: getUserId(), name: payload.name, inputList });
    yield put(A.toastShown({ title: 'Done', message: res?.message ?? 'Search saved.', variant: 'success' }));
    yield call(loadSaved);
    if (res?.id) yield put(A.selected(`saved:${res.id}`));
  } catch (error) {
    yield call(oops, error, 'The search could not be saved.');
  } finally {
    yield put(A.saveDone());
  }
}

export function* searchSaga(): SagaIterator {
  yield takeLatest(A.opened.type, onOpened);
  yield takeLatest(A.selected.type, onSelected);
  yield takeLatest(A.searchRequested.type, onSearch);
  yield fork(countWatcher);
  yield takeLatest(A.recordRequested.type, onRecord);
  yield takeLeading(A.exportRequested.type, onExport);
  yield takeLeading(A.saveRequested.type, onSave);
}
