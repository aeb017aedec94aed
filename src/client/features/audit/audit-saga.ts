/** Loads of the Activity Log (takeLatest) and the CSV export (takeLeading: one at a time, with progress). */
import { channel, type Channel, type SagaIterator } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { AuditEntryRow, AuditFilter, AuditListRequest } from '../../../shared/contract/audit-endpoints';
import { SEARCH_TOTAL_CAP } from '../../../shared/contract/search-endpoints';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { auditApi, saveFile, type CsvDownload } from './audit-api';
import {
  auditExportFinished, auditExportProgress, auditExportRequested, auditHistoryFailed, auditHistoryLoaded,
  auditHistoryRequested, auditListFailed, auditListLoaded, auditListRequested, auditOpened, auditOptionsLoaded, auditTotalCounted, auditViewed,
  historyKey, selectAudit, type AuditFilterForm, type AuditState,
} from './audit-slice';

/** The lab's calendar is the browser's: the server turns the days into that zone's midnights. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The request body of a filter: empty fields left out; a user id chosen from the list is sent as a number. */
export function filterBody(f: AuditFilterForm): AuditFilter {
  const body: AuditFilter = { timeZone: browserTimeZone() };
  if (f.user.trim()) body.user = /^\d+$/.test(f.user.trim()) ? Number(f.user.trim()) : f.user.trim();
  if (f.entity) body.entity = f.entity;
  if (f.action) body.action = f.action;
  if (f.fromDate) body.fromDate = f.fromDate;
  if (f.toDate) body.toDate = f.toDate;
  if (f.text.trim()) body.text = f.text.trim();
  return body;
}

const failed = (error: unknown, fallback: string) => (isHandledCentrally(error) ? null : notifyError(serverMessage(error) ?? fallback, 'Oops'));

/** Whether the form filters anything (the whole trail's total is always exact and cheap: no cap asked). */
const filtered = (f: AuditFilterForm) => Object.values(f).some((v) => v.trim() !== '');

/**
 * A page of the view. A filtered view's total is counted only up to SEARCH_TOTAL_CAP, so a page over millions of
 * entries comes back fast; above the cap ("200+") the same page is asked once more without the cap, for the exact
 * total only (the screen's lists do the same: crud/use-exact-total.ts). takeLatest cancels it with its view.
 */
function* loadList(): SagaIterator {
  const s: AuditState = yield select(selectAudit);
  const body: AuditListRequest = { ...filterBody(s.filter), pageno: s.page, pageSize: s.pageSize };
  yield put(auditListRequested());
  let rows: AuditEntryRow[];
  try {
    const answered = yield call(auditApi.list, filtered(s.filter) ? { ...body, countUpTo: SEARCH_TOTAL_CAP } : body);
    rows = Array.isArray(answered) ? answered : [];
    yield put(auditListLoaded(rows));
  } catch (error) {
    yield put(auditListFailed());
    const n = failed(error, 'The Activity Log could not be loaded.');
    if (n) yield put(n);
    return;
  }
  if (rows[0]?.totalIsLowerBound !== true) return;
  try {
    const exact: AuditEntryRow[] = yield call(auditApi.list, body);
    const total = Array.isArray(exact) && exact.length > 0 ? Number(exact[0].totalItems) : NaN;
    yield put(auditTotalCounted(Number.isSafeInteger(total) ? total : null));
  } catch {
    yield put(auditTotalCounted(null));
  }
}

function* loadOptions(): SagaIterator {
  try {
    const options = yield call(auditApi.filters);
    if (options) yield put(auditOptionsLoaded(options));
  } catch {
    // The list call reports the failure; the filters still accept typed values.
  }
}

function* loadHistory(a: PayloadAction<{ entity: string; entityId: string | number }>): SagaIterator {
  const key = historyKey(a.payload.entity, a.payload.entityId);
  try {
    const rows = yield call(auditApi.history, { entity: a.payload.entity, entityId: String(a.payload.entityId) });
    yield put(auditHistoryLoaded({ key, rows: Array.isArray(rows) ? rows : [] }));
  } catch (error) {
    yield put(auditHistoryFailed(key));
    const n = failed(error, 'The history could not be loaded.');
    if (n) yield put(n);
  }
}

function* forward(chan: Channel<PayloadAction<number>>): SagaIterator {
  for (;;) yield put(yield take(chan));
}

function* exportCsv(): SagaIterator {
  const s: AuditState = yield select(selectAudit);
  const chan: Channel<PayloadAction<number>> = yield call(channel);
  const forwarder = yield fork(forward, chan);
  try {
    const file: CsvDownload = yield call(auditApi.exportCsv, filterBody(s.filter), (bytes: number) => chan.put(auditExportProgress(bytes)));
    yield call(saveFile, file.blob, file.filename);
    yield put(notifySuccess(`Exported ${file.rows} ${file.rows === 1 ? 'entry' : 'entries'} to ${file.filename}.`));
    // The export is itself audited: its action may be new to the filter choices.
    yield fork(loadOptions);
  } catch (error) {
    const n = failed(error, 'The Activity Log could not be exported.');
    if (n) yield put(n);
  } finally {
    yield cancel(forwarder);
    chan.close();
    yield put(auditExportFinished());
  }
}

export function* auditSaga(): SagaIterator {
  yield takeLatest(auditOpened.type, loadOptions);
  yield takeLatest(auditViewed.type, loadList);
  yield takeLatest(auditHistoryRequested.type, loadHistory);
  yield takeLeading(auditExportRequested.type, exportCsv);
}
