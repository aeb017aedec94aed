/**
 * Settings' "Your sessions": the caller's live sessions (browser, address, signed in, last seen), the current one
 * marked, and which one is being ended.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SessionInfo } from '../../../shared/contract/account-endpoints';
import { sliceReducers } from '../../app/store';

export interface MySessionsState {
  rows: SessionInfo[];
  loading: boolean;
  failed: boolean;
  /** The session an end was asked for, until the answer. */
  ending: string | null;
}

const initialState: MySessionsState = { rows: [], loading: false, failed: false, ending: null };

const mySessionsSlice = createSlice({
  name: 'mySessions',
  initialState,
  reducers: {
    mySessionsRequested(state) {
      state.loading = true;
      state.failed = false;
    },
    mySessionsLoaded(state, action: PayloadAction<SessionInfo[]>) {
      state.rows = action.payload;
      state.loading = false;
    },
    mySessionsFailed(state) {
      state.loading = false;
      state.failed = true;
    },
    endSessionRequested(state, action: PayloadAction<string>) {
      if (state.ending === null) state.ending = action.payload;
    },
    endSessionFinished(state) {
      state.ending = null;
    },
  },
  selectors: {
    selectMySessions: (s) => s,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof mySessionsSlice> {}
}

export const injectedMySessions = mySessionsSlice.injectInto(sliceReducers);
export const { mySessionsRequested, mySessionsLoaded, mySessionsFailed, endSessionRequested, endSessionFinished } = mySessionsSlice.actions;
export const { selectMySessions } = injectedMySessions.selectors;
