/**
 * Reads of the audit trail for the Activity Log: a filtered page, the filter choices, one record's history
 * and the CSV export in keyset batches. Nothing here writes (the export's own audit row is written by the
 * route). Raw before/after never leave this module: rows carry only the field-level changes (secrets hidden).
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/types';
import { auditDiff, changesText, scrub } from '../../../shared/audit/diff';
import { AUDIT_HISTORY_LIMIT, type AuditEntryRow, type AuditFilterOptions } from '../../../shared/contract/audit-endpoints';
import { csvLine } from '../../lib/csv';
import { formatIn, startOfDay } from './local-dates';

/** A checked filter (see audit-filter.ts). */
export interface Filter {
  userId: number | null;
  username: string | null;
  entity: string | null;
  action: string | null;
  /** UTC instants: at >= from and at < to. */
  from: Date | null;
  to: Date | null;
  text: string | null;
  timeZone: string;
}

export const filterFromDays = (f: Omit<Filter, 'from' | 'to'> & { fromDate: string | null; toDate: string | null }): Filter => ({
  userId: f.userId, username: f.username, entity: f.entity, action: f.action, text: f.text, timeZone: f.timeZone,
  from: f.fromDate ? startOfDay(f.fromDate, f.timeZone) : null,
  to: f.toDate ? startOfDay(f.toDate, f.timeZone, 1) : null,
});

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: Filter) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
    const conds = [];
    if (f.userId !== null) conds.push(eb('user_id', '=', f.userId));
    if (f.username !== null) conds.push(eb(eb.fn('lower', ['username']), '=', f.username.toLowerCase()));
    if (f.entity !== null) conds.push(eb('entity', '=', f.entity));
    if (f.action !== null) conds.push(eb('action', '=', f.action));
    if (f.from !== null) conds.push(eb('at', '>=', f.from));
    if (f.to !== null) conds.push(eb('at', '<', f.to));
    if (f.text !== null) {
      const p = likePattern(f.text);
      conds.push(eb.or([eb('entity_id', 'ilike', p), eb('reason', 'ilike', p)]));
    }
    return eb.and(conds);
  };
}

type Row = Selectable<AuditLogTable>;

const iso = (at: unknown) => new Date(at as string | Date).toISOString();

function entryOf(r: Row, srno: number, totalItems: number): AuditEntryRow {
  return {
    id: Number(r.id), srno, at: iso(r.at), userId: r.user_id, username: r.username, action: r.action, entity: r.entity,
    entityId: r.entity_id, reason: r.reason === null ? null : (scrub(r.reason) as string), ip: r.ip,
    changes: auditDiff(r.before, r.after), totalItems,
  };
}

export async function auditPage(db: Kysely<Database>, f: Filter, page: number, pageSize: number): Promise<AuditEntryRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total_items'))
    .where(where(f))
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((r, i) => entryOf(r, (page - 1) * pageSize + i + 1, Number(r.total_items)));
}

export async function auditFilterOptions(db: Kysely<Database>): Promise<AuditFilterOptions> {
  const [users, entities, actions] = await Promise.all([
    db.selectFrom('audit_log').select(['user_id', 'username']).distinct().where('user_id', 'is not', null).orderBy('username').orderBy('user_id').execute(),
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
    db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute(),
  ]);
  return {
    users: users.map((u) => ({ id: u.user_id as number, username: u.username ?? `#${u.user_id}` })),
    entities: entities.map((e) => e.entity),
    actions: actions.map((a) => a.action),
  };
}

export async function recordHistory(db: Kysely<Database>, entity: string, entityId: string): Promise<AuditEntryRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'asc')
    .limit(AUDIT_HISTORY_LIMIT)
    .execute();
  return rows.map((r, i) => entryOf(r, i + 1, rows.length));
}

/** How many entries match, and the newest id among them: the export is bounded by it (a stable snapshot). */
export async function countMatches(db: Kysely<Database>, f: Filter): Promise<{ count: number; maxId: number }> {
  const r = await db
    .selectFrom('audit_log')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`max(id)`.as('max_id')])
    .where(where(f))
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), maxId: Number(r.max_id ?? 0) };
}

export const EXPORT_BATCH = 500;

export const csvHeader = (timeZone: string) =>
  csvLine(['Entry', 'When (UTC)', `When (${timeZone})`, 'User ID', 'User', 'Action', 'Entity', 'Record ID', 'Reason / Remark', 'Changes', 'IP', 'Hash']);

/**
 * The CSV, one chunk per database batch (keyset pagination on id, newest first, never all rows in memory):
 * the header, then the entries with id <= maxId that match the filter.
 */
export async function* auditCsvChunks(db: Kysely<Database>, f: Filter, maxId: number, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  yield `\uFEFF${csvHeader(f.timeZone)}`;
  let below = maxId + 1;
  for (;;) {
    const rows = await db.selectFrom('audit_log').selectAll().where(where(f)).where('id', '<', below).orderBy('id', 'desc').limit(batchSize).execute();
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      const at = new Date(r.at as unknown as string);
      chunk += csvLine([
        Number(r.id), at.toISOString(), formatIn(at, f.timeZone), r.user_id, r.username, r.action, r.entity, r.entity_id,
        r.reason, changesText(auditDiff(r.before, r.after)), r.ip, r.hash,
      ]);
    }
    yield chunk;
    below = Number(rows[rows.length - 1].id);
    if (rows.length < batchSize) return;
  }
}
