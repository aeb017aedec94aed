/** The microbe search screen's state: parameter sets, saved searches, filter rows, results, record, export. */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sliceReducers } from '../../app/store';
import type { FilterRow, SampleLookup, SavedSearchItem, SearchAnswer, SearchParameter, SearchParameterSet } from '../../../shared/contract/search-endpoints';
import { newRow, type FilterRowState } from './search-model';

export interface SearchToast { id: number; title: string; message: string; variant: 'error' | 'success' | 'info' }

export interface SearchState {
  sets: SearchParameterSet[];
  saved: SavedSearchItem[];
  /** The chosen dropdown entry: a set key, or 'saved:<id>'. */
  selected: string;
  rows: FilterRowState[];
  loading: boolean;
  searched: boolean;
  answer: SearchAnswer | null;
  page: number;
  record: { samplenov: string; data: SampleLookup | null; loading: boolean } | null;
  exporting: { bytes: number } | null;
  /**
   * The exact number of matches of the filters `key` (a search's inputList as JSON), asked for when searchData
   * capped its total; `total` is null while countSearchData runs. Kept across pages of the same search.
   */
  count: { key: string; total: number | null } | null;
  saving: boolean;
  /** The screen's own toasts (spec 001 section 8: centre, 2000 ms, no duplicates, at most 2). */
  toasts: SearchToast[];
  nextToast: number;
}

export const MAX_TOASTS = 2;

export const initialSearchState: SearchState = {
  sets: [], saved: [], selected: '', rows: [], loading: false, searched: false, answer: null, page: 1, record: null, exporting: null, count: null,
  saving: false, toasts: [], nextToast: 1,
};

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    opened: (s) => s,
    /** The refresh icon: back to the initial screen (parameter sets reload). */
    reset: () => initialSearchState,
    setsLoaded: (s, a: PayloadAction<SearchParameterSet[]>) => {
      s.sets = a.payload;
      if (!s.selected && a.payload.length) s.selected = a.payload[0].key;
    },
    savedLoaded: (s, a: PayloadAction<SavedSearchItem[]>) => {
      s.saved = a.payload;
    },
    selected: (s, a: PayloadAction<string>) => {
      s.selected = a.payload;
    },
    savedSearchLoaded: (s, a: PayloadAction<{ rows: FilterRowState[] }>) => {
      s.rows = a.payload.rows;
    },
    parameterToggled: (s, a: PayloadAction<SearchParameter>) => {
      const i = s.rows.findIndex((r) => r.key === a.payload.key);
      if (i >= 0) s.rows.splice(i, 1);
      else s.rows.push(newRow(a.payload));
    },
    rowChanged: (s, a: PayloadAction<{ key: string; patch: Partial<FilterRowState> }>) => {
      const r = s.rows.find((x) => x.key === a.payload.key);
      if (r) Object.assign(r, a.payload.patch);
    },
    rowRemoved: (s, a: PayloadAction<string>) => {
      s.rows = s.rows.filter((r) => r.key !== a.payload);
    },
    /** `fresh`: the Search button (count again); page links keep the exact count of the same filters. */
    searchRequested: (s, a: PayloadAction<{ page: number; fresh?: boolean }>) => {
      s.loading = true;
      s.page = a.payload.page;
    },
    searchDone: (s, a: PayloadAction<SearchAnswer>) => {
      s.loading = false;
      s.searched = true;
      s.answer = a.payload;
      if (!a.payload.totalIsLowerBound) s.count = null; // the total is exact already
    },
    searchFailed: (s) => {
      s.loading = false;
    },
    /**
     * A search of the filters `key` is about to show: an exact count of other filters no longer applies, nor
     * one of the same filters when the search is fresh (the records may have changed since).
     */
    countKeyed: (s, a: PayloadAction<{ key: string; fresh: boolean }>) => {
      if (a.payload.fresh || s.count?.key !== a.payload.key) s.count = null;
    },
    /** The shown answer's total was capped (`needed`): the count saga counts its filters unless it has. */
    countNeeded: (s, _a: PayloadAction<{ key: string; inputList: FilterRow[]; needed: boolean; fresh: boolean }>) => s,
    countStarted: (s, a: PayloadAction<string>) => {
      s.count = { key: a.payload, total: null };
    },
    countDone: (s, a: PayloadAction<{ key: string; total: number }>) => {
      if (s.count?.key === a.payload.key) s.count.total = a.payload.total;
    },
    /** The count of `key` failed or was cancelled before it answered: the page's total stands. */
    countAbandoned: (s, a: PayloadAction<string>) => {
      if (s.count?.key === a.payload && s.count.total === null) s.count = null;
    },
    recordRequested: (s, a: PayloadAction<string>) => {
      s.record = { samplenov: a.payload, data: null, loading: true };
    },
    recordLoaded: (s, a: PayloadAction<SampleLookup>) => {
      if (s.record) s.record = { ...s.record, data: a.payload, loading: false };
    },
    recordClosed: (s) => {
      s.record = null;
    },
    exportRequested: (s) => {
      s.exporting = { bytes: 0 };
    },
    exportProgress: (s, a: PayloadAction<number>) => {
      if (s.exporting) s.exporting.bytes = a.payload;
    },
    exportDone: (s) => {
      s.exporting = null;
    },
    saveRequested: (s, _a: PayloadAction<{ name: string }>) => {
      s.saving = true;
    },
    saveDone: (s) => {
      s.saving = false;
    },
    toastShown: (s, a: PayloadAction<Omit<SearchToast, 'id'>>) => {
      if (s.toasts.some((t) => t.message === a.payload.message && t.title === a.payload.title)) return;
      s.toasts.push({ ...a.payload, id: s.nextToast });
      s.nextToast += 1;
      if (s.toasts.length > MAX_TOASTS) s.toasts.splice(0, s.toasts.length - MAX_TOASTS);
    },
    toastClosed: (s, a: PayloadAction<number>) => {
      s.toasts = s.toasts.filter((t) => t.id !== a.payload);
    },
  },
  selectors: { selectSearch: (s) => s },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof searchSlice> {}
}

export const injectedSearch = searchSlice.injectInto(sliceReducers);
export const searchActions = searchSlice.actions;
export const { selectSearch } = injectedSearch.selectors;
