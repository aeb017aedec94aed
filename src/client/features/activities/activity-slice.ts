/**
 * The activity workflow's state (spec 001 sections 2, 4, 8): the Level 1 / Level 2 lists, the managers'
 * queue, and the open parameter screen. The screen's status is a state machine whose transitions come
 * from shared/workflow: a transition request that is illegal in the current status (or arrives while one
 * is pending, or is a revert without remark) changes nothing.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sliceReducers } from '../../app/store';
import type {
  ActivityButton, ActivityLevel, ActivityListRow, ActivitySaveAnswer, ApprovalQueueRow, ParamconfWithTransaction,
} from '../../../shared/contract/activity-endpoints';
import { nextStatus, transitionFor, type ActivityAction, type StoredStatus } from '../../../shared/workflow';

export interface ListState {
  rows: ActivityListRow[];
  total: number;
  page: number;
  /** '' = the whole list; otherwise the search that produced the rows. */
  searchText: string;
  loading: boolean;
  /** A load finished (for 'No records found'). */
  loaded: boolean;
  /** The query the rows on screen answer, and which answer they are (`answer` counts them: a reload is a new one). */
  answered: { page: number; searchText: string; answer: number } | null;
}

export interface QueueState {
  rows: ApprovalQueueRow[];
  total: number;
  page: number;
  level: ActivityLevel | null;
  loading: boolean;
  loaded: boolean;
}

/** Which parameter screen is open (from its route). */
export interface ScreenKey {
  level: ActivityLevel;
  /** The activity type id. */
  actid: number;
  samplenov: string;
  sampleno: string;
  /** Level 2 only. */
  pncode: string | null;
  /** The list page to go back to. */
  pageno: number;
}

export interface ScreenState {
  key: ScreenKey | null;
  buttons: ActivityButton[];
  paramconf: ParamconfWithTransaction | null;
  /** The open activity's status (the state machine). */
  status: StoredStatus;
  loading: boolean;
  failed: boolean;
  /** The transition being saved. */
  pending: ActivityAction | null;
}

export interface ActivitiesState {
  lists: Record<ActivityLevel, ListState>;
  queue: QueueState;
  screen: ScreenState;
}

const emptyList = (): ListState => ({ rows: [], total: 0, page: 1, searchText: '', loading: false, loaded: false, answered: null });

export const initialScreenState: ScreenState = { key: null, buttons: [], paramconf: null, status: null, loading: false, failed: false, pending: null };

export const initialActivitiesState: ActivitiesState = {
  lists: { 'Level 1': emptyList(), 'Level 2': emptyList() },
  queue: { rows: [], total: 0, page: 1, level: null, loading: false, loaded: false },
  screen: initialScreenState,
};

export interface ListQuery { level: ActivityLevel; page: number; searchText?: string }
export interface TransitionRequest {
  action: ActivityAction;
  /** The form's values by parameter short name. */
  values: Record<string, string>;
  remarks: string;
  /** Approve and revert are signed: the manager's password, already transport-encoded (never the plain text). */
  signaturePassword?: string;
}

const sameKey = (a: ScreenKey | null, b: ScreenKey) =>
  a !== null && a.level === b.level && a.actid === b.actid && a.samplenov === b.samplenov && a.pncode === b.pncode;

export const activitiesSlice = createSlice({
  name: 'activities',
  initialState: initialActivitiesState,
  reducers: {
    listRequested(state, action: PayloadAction<ListQuery>) {
      const list = state.lists[action.payload.level];
      list.loading = true;
      list.page = action.payload.page;
      list.searchText = action.payload.searchText ?? '';
    },
    listLoaded(state, action: PayloadAction<{ level: ActivityLevel; rows: ActivityListRow[] }>) {
      const list = state.lists[action.payload.level];
      list.rows = action.payload.rows;
      list.total = action.payload.rows[0]?.totalItems ?? 0;
      list.loading = false;
      list.loaded = true;
      // The loads are takeLatest: these rows answer the query last asked.
      list.answered = { page: list.page, searchText: list.searchText, answer: (list.answered?.answer ?? 0) + 1 };
    },
    listFailed(state, action: PayloadAction<{ level: ActivityLevel }>) {
      state.lists[action.payload.level].loading = false;
    },
    queueRequested(state, action: PayloadAction<{ level: ActivityLevel | null; page: number }>) {
      state.queue.loading = true;
      state.queue.level = action.payload.level;
      state.queue.page = action.payload.page;
    },
    queueLoaded(state, action: PayloadAction<ApprovalQueueRow[]>) {
      state.queue.rows = action.payload;
      state.queue.total = action.payload[0]?.totalItems ?? 0;
      state.queue.loading = false;
      state.queue.loaded = true;
    },
    queueFailed(state) {
      state.queue.loading = false;
    },
    /** A parameter screen opened (or switched activity): load its buttons and parameters. */
    screenRequested(state, action: PayloadAction<ScreenKey>) {
      const keep = sameKey(state.screen.key, action.payload);
      state.screen = { ...initialScreenState, key: action.payload, loading: true, ...(keep ? { buttons: state.screen.buttons } : {}) };
    },
    screenLoaded(state, action: PayloadAction<{ buttons: ActivityButton[]; paramconf: ParamconfWithTransaction }>) {
      state.screen.buttons = action.payload.buttons;
      state.screen.paramconf = action.payload.paramconf;
      state.screen.status = action.payload.paramconf.status;
      state.screen.loading = false;
      state.screen.failed = false;
    },
    screenFailed(state) {
      state.screen.loading = false;
      state.screen.failed = true;
    },
    screenClosed(state) {
      state.screen = initialScreenState;
    },
    /** Submit / approve / revert asked for: legal only from the current status, with a remark for a revert, one at a time. */
    transitionRequested(state, action: PayloadAction<TransitionRequest>) {
      const s = state.screen;
      const t = transitionFor(s.status, action.payload.action, s.paramconf?.amended === true);
      if (!s.paramconf || s.pending !== null || !t) return;
      if (t.remarkRequired && action.payload.remarks.trim() === '') return;
      s.pending = action.payload.action;
    },
    transitionSucceeded(state, action: PayloadAction<{ action: ActivityAction; answer: ActivitySaveAnswer }>) {
      const s = state.screen;
      if (s.pending !== action.payload.action) return;
      s.status = nextStatus(s.status, action.payload.action, s.paramconf?.amended === true);
      s.pending = null;
      if (s.paramconf) {
        // Approved or reverted again: the amendment has been decided on.
        s.paramconf.amended = false;
        s.paramconf.status = s.status;
        s.paramconf.version = action.payload.answer.version;
        s.paramconf.trnid = action.payload.answer.trnid;
      }
      const b = s.buttons.find((x) => x.id === s.key?.actid);
      if (b) b.status = s.status;
    },
    transitionFailed(state) {
      state.screen.pending = null;
    },
  },
  selectors: {
    selectList: (s, level: ActivityLevel) => s.lists[level],
    selectQueue: (s) => s.queue,
    selectScreen: (s) => s.screen,
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof activitiesSlice> {}
}

export const injectedActivities = activitiesSlice.injectInto(sliceReducers);
export const activitiesReducer = activitiesSlice.reducer;
export const {
  listRequested, listLoaded, listFailed, queueRequested, queueLoaded, queueFailed,
  screenRequested, screenLoaded, screenFailed, screenClosed, transitionRequested, transitionSucceeded, transitionFailed,
} = activitiesSlice.actions;
export const { selectList, selectQueue, selectScreen } = injectedActivities.selectors;
