/**
 * The All Records screen's CSV export (exportSearchData): a file download with progress, which the request
 * saga (JSON answers) does not carry. The download runs here in a saga; the screen reads its progress from
 * the slice and starts it with `useAllRecordsExport().start(inputList)`.
 */
import { useCallback } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { channel, type SagaIterator } from 'redux-saga';
import { call, cancel, fork, put, take, takeLeading } from 'redux-saga/effects';
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { SEARCH_MSG, type FilterRow } from '../../../shared/contract/search-endpoints';
import { injectSaga, sliceReducers, type RootState } from '../../app/store';
import { isHandledCentrally, serverMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notifier/notify-slice';
import { saveFile, searchApi } from './search-api';

export const EXPORT_FAILED = 'The export failed.';

/** Bytes received so far while an export runs; null when none runs. */
export type AllRecordsExportState = { bytes: number } | null;

export const allRecordsExportSlice = createSlice({
  name: 'allRecordsExport',
  initialState: null as AllRecordsExportState,
  reducers: {
    exportRequested: (_state, _action: PayloadAction<{ inputList: FilterRow[] }>) => ({ bytes: 0 }),
    exportProgress: (state, { payload }: PayloadAction<number>) => (state ? { bytes: payload } : state),
    exportDone: () => null,
  },
  selectors: {
    selectAllRecordsExport: (state) => state,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof allRecordsExportSlice> {}
}

const injected = allRecordsExportSlice.injectInto(sliceReducers);
const { exportRequested, exportProgress, exportDone } = allRecordsExportSlice.actions;
const { selectAllRecordsExport } = injected.selectors;

function* forwardProgress(chan: ReturnType<typeof channel<number>>): SagaIterator {
  for (;;) {
    const bytes: number = yield take(chan);
    yield put(exportProgress(bytes));
  }
}

export function* exportAllRecords({ payload }: ReturnType<typeof exportRequested>): SagaIterator {
  const chan = channel<number>();
  const forwarder = yield fork(forwardProgress, chan);
  try {
    const file: { blob: Blob; filename: string; rows: number } = yield call(searchApi.exportCsv, { inputList: payload.inputList }, (bytes: number) => chan.put(bytes));
    yield call(saveFile, file.blob, file.filename);
    yield put(notifySuccess(`${file.filename}: ${file.rows} rows exported.`));
  } catch (error) {
    if (!isHandledCentrally(error)) yield put(notifyError(serverMessage(error) ?? EXPORT_FAILED, SEARCH_MSG.oops));
  } finally {
    yield cancel(forwarder);
    chan.close();
    yield put(exportDone());
  }
}

export function* allRecordsExportSaga(): SagaIterator {
  yield takeLeading(exportRequested.type, exportAllRecords);
}

/** The export's progress (null when none runs) and how to start one (one at a time). */
export function useAllRecordsExport(): { exporting: AllRecordsExportState; start(inputList: FilterRow[]): void } {
  const store = useStore();
  injectSaga(store, 'allRecordsExport', allRecordsExportSaga);
  const dispatch = useDispatch();
  const exporting = useSelector((state: RootState) => selectAllRecordsExport(state)) ?? null;
  const start = useCallback((inputList: FilterRow[]) => dispatch(exportRequested({ inputList })), [dispatch]);
  return { exporting, start };
}
