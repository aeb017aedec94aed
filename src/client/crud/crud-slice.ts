/**
 * One generic slice for every master resource, keyed by resource name (DESIGN.md section 4): the list
 * page (rows, total, page, applied search text, loading), the record being edited, and the save / status
 * busy flags. Injected into the store when the first CRUD screen's chunk loads (see app/store.ts), so the
 * sign-in bundle does not carry it. Every change is a plain `crud/*` action naming its resource.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sliceReducers, type RootState } from '../app/store';
import type { Row } from './crud-api';

export interface ResourceState {
  rows: Row[];
  /** Rows in the whole list (or search result): the rows' `totalItems`. */
  total: number;
  /** Page shown, from 1. */
  page: number;
  /** The search the rows answer ('' = the plain list). */
  searchText: string;
  loading: boolean;
  /** The record of the edit form, with its version. */
  record: Row | null;
  recordId: number | null;
  recordLoading: boolean;
  recordError: string | null;
  saving: boolean;
  /** A deactivate / reactivate is under way. */
  statusPending: boolean;
  /** The answer of a good save that held the form open (SaveRequest.stayIf); cleared by savedCleared. */
  saved: Row | null;
}

export const EMPTY_RESOURCE: ResourceState = {
  rows: [],
  total: 0,
  page: 1,
  searchText: '',
  loading: false,
  record: null,
  recordId: null,
  recordLoading: false,
  recordError: null,
  saving: false,
  statusPending: false,
  saved: null,
};

export type CrudState = Record<string, ResourceState>;

interface Of { resource: string }
export interface ListRequest extends Of { page: number; searchText?: string }
export interface ListLoaded extends Of { rows: Row[]; total: number; page: number; searchText: string }
export interface SaveRequest extends Of {
  /** The save body's fields (legacy names). */
  values: Record<string, unknown>;
  /** Absent for a new record. */
  id?: number;
  version?: number;
  /** Stay on the form (no return to the list) when the good answer carries this key; the answer is kept in `saved`. */
  stayIf?: string;
}
export interface StatusRequest extends Of { id: number; activeStatus: 'N' | 'Y' }

function of(state: CrudState, resource: string): ResourceState {
  state[resource] ??= { ...EMPTY_RESOURCE };
  return state[resource];
}

const crudSlice = createSlice({
  name: 'crud',
  initialState: {} as CrudState,
  reducers: {
    listRequested(state, { payload }: PayloadAction<ListRequest>) {
      of(state, payload.resource).loading = true;
    },
    /** The search button; the saga checks the text and then asks for page 1 of the search. */
    searchRequested(_state, _action: PayloadAction<Of & { searchText: string }>) {},
    listLoaded(state, { payload }: PayloadAction<ListLoaded>) {
      const s = of(state, payload.resource);
      Object.assign(s, { rows: payload.rows, total: payload.total, page: payload.page, searchText: payload.searchText, loading: false });
    },
    listFailed(state, { payload }: PayloadAction<Of>) {
      of(state, payload.resource).loading = false;
    },
    /** The add form opened: no record. */
    formOpened(state, { payload }: PayloadAction<Of>) {
      Object.assign(of(state, payload.resource), { record: null, recordId: null, recordLoading: false, recordError: null, saving: false, saved: null });
    },
    /** A good save held the form open (see SaveRequest.stayIf). */
    savedHeld(state, { payload }: PayloadAction<Of & { answer: Row }>) {
      of(state, payload.resource).saved = payload.answer;
    },
    savedCleared(state, { payload }: PayloadAction<Of>) {
      of(state, payload.resource).saved = null;
    },
    recordRequested(state, { payload }: PayloadAction<Of & { id: number }>) {
      const s = of(state, payload.resource);
      if (s.recordId !== payload.id) s.record = null;
      Object.assign(s, { recordId: payload.id, recordLoading: true, recordError: null });
    },
    recordLoaded(state, { payload }: PayloadAction<Of & { id: number; record: Row }>) {
      const s = of(state, payload.resource);
      if (s.recordId !== payload.id) return;
      Object.assign(s, { record: payload.record, recordLoading: false, recordError: null });
    },
    recordFailed(state, { payload }: PayloadAction<Of & { id: number; message: string }>) {
      const s = of(state, payload.resource);
      if (s.recordId !== payload.id) return;
      Object.assign(s, { recordLoading: false, recordError: payload.message });
    },
    saveRequested(state, { payload }: PayloadAction<SaveRequest>) {
      Object.assign(of(state, payload.resource), { saving: true });
    },
    saveFinished(state, { payload }: PayloadAction<Of>) {
      of(state, payload.resource).saving = false;
    },
    statusRequested(state, { payload }: PayloadAction<StatusRequest>) {
      of(state, payload.resource).statusPending = true;
    },
    statusFinished(state, { payload }: PayloadAction<Of>) {
      of(state, payload.resource).statusPending = false;
    },
  },
});

declare module '../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof crudSlice> {}
}

/** The slice, injected into the app's reducer when this module loads. */
const injected = crudSlice.injectInto(sliceReducers);

export const crudReducer = crudSlice.reducer;
export const {
  listRequested,
  searchRequested,
  listLoaded,
  listFailed,
  formOpened,
  recordRequested,
  recordLoaded,
  recordFailed,
  saveRequested,
  saveFinished,
  savedHeld,
  savedCleared,
  statusRequested,
  statusFinished,
} = crudSlice.actions;

export const selectCrud = (state: RootState): CrudState => injected.selectSlice(state);
export const selectResourceState = (state: RootState, resource: string): ResourceState =>
  selectCrud(state)[resource] ?? EMPTY_RESOURCE;
