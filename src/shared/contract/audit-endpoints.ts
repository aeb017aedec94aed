import type { EndpointSpec } from './endpoints';
import type { AuditChange } from '../audit/diff';
import { CAPPED_LIST_TOTAL } from './list-total';

/**
 * The Activity Log (issue 6 item 4): reads of the hash-chained audit trail. The names are ours (the spec
 * shows the user dropdown's "Activity Log" entry and the /auditLog route, not its calls).
 *
 * Who may read it: users whose workflow role has the Top Role flag (administrators and auditors); the log
 * shows every user's actions, so the everyday 'view' flag is not enough.
 * Reads of the log are NOT themselves audited (they change nothing, and auditing them would fill the trail
 * with its own reads); a CSV export IS audited (action 'audit.export', with its filters and row count),
 * because data leaves the system.
 *
 * Dates: `fromDate`/`toDate` are calendar days ('YYYY-MM-DD', both inclusive) in the lab's local calendar,
 * given by `timeZone` (an IANA name such as 'Asia/Kolkata'; the client sends the browser's; default UTC).
 * The server turns them into the UTC instants of that zone's midnights; `at` is stored and answered in UTC.
 */
export const AUDIT_ENDPOINTS = {
  getAuditLog: {
    group: 'audit', name: 'getAuditLog', auth: 'session', permission: 'toprole',
    summary:
      'Activity Log: audit entries matching the filters (user id or username, entity, action, fromDate/toDate in timeZone, text over record id and reason), ' +
      'newest first, pageSize 10 or 25 per page (pageno from 1), each row with totalItems and its field-level changes (secrets hidden). Top Role only; reads are not audited. ' +
      `Without a filter the total is always exact (kept by the database). With a filter: ${CAPPED_LIST_TOTAL}`,
  },
  getAuditFilters: {
    group: 'audit', name: 'getAuditFilters', auth: 'session', permission: 'toprole',
    summary: 'The distinct users, entities and actions present in the audit trail, for the Activity Log filters. Top Role only; not audited.',
  },
  getRecordHistory: {
    group: 'audit', name: 'getRecordHistory', auth: 'session', permission: 'toprole',
    summary: 'The history of one record (entity and entityId): its audit entries, oldest first (at most 1000), with field-level changes. Top Role only; not audited.',
  },
  exportAuditLog: {
    group: 'audit', name: 'exportAuditLog', auth: 'session', permission: 'toprole',
    summary:
      'Every audit entry matching the getAuditLog filters as CSV (text/csv attachment, UTF-8 with BOM, newest first), streamed from the database in batches; ' +
      "cells that start with = + - @ are prefixed with a quote (formula-injection guard). Top Role only; the export itself is audited ('audit.export').",
  },
} as const satisfies Record<string, EndpointSpec>;

export type AuditEndpointName = keyof typeof AUDIT_ENDPOINTS;

/** Rows per page the Activity Log offers. */
export const AUDIT_PAGE_SIZES = [10, 25] as const;
/** Most entries getRecordHistory answers. */
export const AUDIT_HISTORY_LIMIT = 1000;

export interface AuditFilter {
  /** A user id (number or digits) or a username. */
  user?: number | string | null;
  entity?: string | null;
  action?: string | null;
  /** 'YYYY-MM-DD', inclusive, in `timeZone`. */
  fromDate?: string | null;
  toDate?: string | null;
  /** IANA time zone of the lab's calendar (default 'UTC'). */
  timeZone?: string | null;
  /** Free text, matched (case-insensitive, anywhere) against the record id and the reason. */
  text?: string | null;
}

export interface AuditListRequest extends AuditFilter {
  pageno?: number;
  pageSize?: (typeof AUDIT_PAGE_SIZES)[number];
  /** A filtered page's total counted only up to this (list-total.ts); the screen sends SEARCH_TOTAL_CAP. */
  countUpTo?: number;
}

export interface AuditEntryRow {
  id: number;
  srno: number;
  /** ISO time, UTC. */
  at: string;
  userId: number | null;
  username: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  reason: string | null;
  ip: string | null;
  changes: AuditChange[];
  totalItems: number;
  /** Asked with countUpTo: true when more entries match than countUpTo (totalItems is then countUpTo + 1). */
  totalIsLowerBound?: boolean;
}

export interface AuditFilterOptions {
  users: Array<{ id: number; username: string }>;
  entities: string[];
  actions: string[];
}

export interface RecordHistoryRequest {
  entity: string;
  entityId: string | number;
}
