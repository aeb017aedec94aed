/** The Activity Log's state: the filter, the page, the filter choices, record histories and the CSV export. */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { sliceReducers } from '../../app/store';
import type { AuditEntryRow, AuditFilterOptions } from '../../../shared/contract/audit-endpoints';

/** The filter as the form holds it ('' = any). */
export interface AuditFilterForm {
  user: string;
  entity: string;
  action: string;
  fromDate: string;
  toDate: string;
  text: string;
}

export const EMPTY_FILTER: AuditFilterForm = { user: '', entity: '', action: '', fromDate: '', toDate: '', text: '' };

export interface HistoryState {
  rows: AuditEntryRow[];
  loading: boolean;
  failed: boolean;
}

export interface AuditState {
  filter: AuditFilterForm;
  page: number;
  pageSize: 10 | 25;
  rows: AuditEntryRow[];
  total: number;
  /** A filtered view's total counted only up to the cap (shown "200+") until the exact one answers. */
  totalIsLowerBound: boolean;
  /** The exact total is being asked for. */
  counting: boolean;
  loading: boolean;
  options: AuditFilterOptions;
  /** By `${entity}:${entityId}`. */
  history: Record<string, HistoryState>;
  exporting: boolean;
  /** Bytes of the CSV received so far. */
  exportedBytes: number;
}

export const initialAuditState: AuditState = {
  filter: EMPTY_FILTER, page: 1, pageSize: 10, rows: [], total: 0, totalIsLowerBound: false, counting: false, loading: false,
  options: { users: [], entities: [], actions: [] }, history: {}, exporting: false, exportedBytes: 0,
};

export const historyKey = (entity: string, entityId: string | number) => `${entity}:${entityId}`;

export const auditSlice = createSlice({
  name: 'audit',
  initialState: initialAuditState,
  reducers: {
    /** The screen opened: load the filter choices. */
    opened: (s) => s,
    /** The view the address names (audit-view.ts): its filter, page and rows per page are loaded. */
    viewed: (s, a: PayloadAction<{ filter: AuditFilterForm; page: number; pageSize: 10 | 25 }>) => ({ ...s, ...a.payload }),
    listRequested: (s) => ({ ...s, loading: true }),
    listLoaded: (s, a: PayloadAction<AuditEntryRow[]>) => {
      const lowerBound = a.payload[0]?.totalIsLowerBound === true;
      return { ...s, loading: false, rows: a.payload, total: a.payload[0]?.totalItems ?? 0, totalIsLowerBound: lowerBound, counting: lowerBound };
    },
    listFailed: (s) => ({ ...s, loading: false, counting: false }),
    /** The exact total of the view on screen answered (a failed count leaves the lower bound: the page is fine). */
    totalCounted: (s, a: PayloadAction<number | null>) =>
      (a.payload === null ? { ...s, counting: false } : { ...s, total: a.payload, totalIsLowerBound: false, counting: false }),
    optionsLoaded: (s, a: PayloadAction<AuditFilterOptions>) => ({ ...s, options: a.payload }),
    historyRequested: (s, a: PayloadAction<{ entity: string; entityId: string | number }>) => {
      s.history[historyKey(a.payload.entity, a.payload.entityId)] = { rows: [], loading: true, failed: false };
    },
    historyLoaded: (s, a: PayloadAction<{ key: string; rows: AuditEntryRow[] }>) => {
      s.history[a.payload.key] = { rows: a.payload.rows, loading: false, failed: false };
    },
    historyFailed: (s, a: PayloadAction<string>) => {
      s.history[a.payload] = { rows: [], loading: false, failed: true };
    },
    exportRequested: (s) => (s.exporting ? s : { ...s, exporting: true, exportedBytes: 0 }),
    exportProgress: (s, a: PayloadAction<number>) => ({ ...s, exportedBytes: a.payload }),
    exportFinished: (s) => ({ ...s, exporting: false }),
  },
  selectors: {
    selectAudit: (s) => s,
    selectHistory: (s, key: string): HistoryState | undefined => s.history[key],
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof auditSlice> {}
}

export const injectedAudit = auditSlice.injectInto(sliceReducers);
export const {
  opened: auditOpened, viewed: auditViewed, listRequested: auditListRequested,
  listLoaded: auditListLoaded, listFailed: auditListFailed, totalCounted: auditTotalCounted, optionsLoaded: auditOptionsLoaded, historyRequested: auditHistoryRequested,
  historyLoaded: auditHistoryLoaded, historyFailed: auditHistoryFailed, exportRequested: auditExportRequested,
  exportProgress: auditExportProgress, exportFinished: auditExportFinished,
} = auditSlice.actions;
export const { selectAudit, selectHistory } = injectedAudit.selectors;
