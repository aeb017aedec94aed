import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sliceReducers } from '../../app/store';
import type { DashboardFigures } from '../../../shared/dashboard/dashboard';

/** The dashboard's figures, refreshed while the page is open (dashboard-saga). */
export interface DashboardState {
  figures: DashboardFigures | null;
  loading: boolean;
  /** When the figures were last loaded (ISO time). */
  loadedAt: string | null;
  failed: boolean;
}

export const initialDashboardState: DashboardState = { figures: null, loading: false, loadedAt: null, failed: false };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    /** The page opened: load now and then every REFRESH_MS until it closes. */
    opened: (s) => s,
    closed: (s) => s,
    /** A load (the first or a refresh) started. */
    requested: (s) => ({ ...s, loading: true }),
    loaded: (s, a: PayloadAction<{ figures: DashboardFigures; at: string }>) => ({ ...s, figures: a.payload.figures, loadedAt: a.payload.at, loading: false, failed: false }),
    failed: (s) => ({ ...s, loading: false, failed: true }),
  },
  selectors: { selectDashboard: (s) => s },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof dashboardSlice> {}
}

export const injectedDashboard = dashboardSlice.injectInto(sliceReducers);
export const { opened: dashboardOpened, closed: dashboardClosed, requested: dashboardRequested, loaded: dashboardLoaded, failed: dashboardFailed } = dashboardSlice.actions;
export const { selectDashboard } = injectedDashboard.selectors;
