/**
 * Reads of the audit trail for the Activity Log: a filtered page, the filter choices, one record's history
 * and the CSV export in keyset batches. Nothing here writes (the export's own audit row is written by the
 * route). Raw before/after never leave this module: rows carry only the field-level changes (secrets hidden).
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/types';
import { auditDiff, changesText, recordedCodes, recordedParameterIds, scrub, withParameterNames, type RecordedParameter } from '../../../shared/audit/diff';
import { AUDIT_HISTORY_LIMIT, type AuditEntryRow, type AuditFilterOptions } from '../../../shared/contract/audit-endpoints';
import { csvLine } from '../../lib/csv';
import { formatIn, startOfDay } from './local-dates';
import { NOT_KEPT, countAtMost, keptIn, pageAndTotal, paged } from '../../lib/paging';
import { bucketStart, maintainedTotal, positionIn } from '../../lib/list-totals';
import { WHEN_AUDIT_TRAIL_MOVES, commitCache } from '../../lib/commit-cache';

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

/**
 * Parameter id -> name (and, for master data parameters, the values of the codes recorded), for the parameter
 * values the rows record: one read of the parameters and one of the master entries per page or batch.
 */
async function recordedParameters(db: Kysely<Database>, rows: readonly Row[]): Promise<Map<number, RecordedParameter>> {
  const snapshots = rows.flatMap((r) => [r.before, r.after]);
  const ids = recordedParameterIds(...snapshots);
  if (ids.length === 0) return new Map();
  const found = await db.selectFrom('activity_parameter').select(['id', 'parameter_name', 'unit_type', 'common_master_type_id']).where('id', 'in', ids).execute();
  const params = new Map<number, RecordedParameter>(found.map((p) => [p.id, { name: p.parameter_name }]));
  const codes = recordedCodes(...snapshots);
  const masters = found.filter((p) => p.unit_type === 'MasterData' && p.common_master_type_id !== null && codes.has(p.id));
  const allCodes = [...new Set(masters.flatMap((p) => [...codes.get(p.id)!]))];
  if (masters.length === 0 || allCodes.length === 0) return params;
  const entries = await db
    .selectFrom('common_master')
    .select(['type_id', 'shortname', 'value'])
    .where('type_id', 'in', [...new Set(masters.map((p) => p.common_master_type_id!))])
    .where('shortname', 'in', allCodes)
    .execute();
  for (const p of masters) {
    const labels = new Map(entries.filter((e) => e.type_id === p.common_master_type_id).map((e) => [e.shortname, e.value]));
    params.set(p.id, { name: p.parameter_name, labels });
  }
  return params;
}

/** The field-level changes of a row, parameter values by parameter name (master codes with their values). */
const changesOf = (r: Row, params: ReadonlyMap<number, RecordedParameter>) => auditDiff(withParameterNames(r.before, params), withParameterNames(r.after, params));

async function entriesOf(db: Kysely<Database>, rows: readonly Row[], srno: (i: number) => number, totalItems: (r: Row) => number): Promise<AuditEntryRow[]> {
  const params = await recordedParameters(db, rows);
  return rows.map((r, i) => ({
    id: Number(r.id), srno: srno(i), at: iso(r.at), userId: r.user_id, username: r.username, action: r.action, entity: r.entity,
    entityId: r.entity_id, reason: r.reason === null ? null : (scrub(r.reason) as string), ip: r.ip,
    changes: changesOf(r, params), totalItems: totalItems(r),
  }));
}

/** No filter at all: the whole trail, whose total and positions the database keeps (migration 20261129T000000). */
const isWholeTrail = (f: Filter) =>
  f.userId === null && f.username === null && f.entity === null && f.action === null && f.from === null && f.to === null && f.text === null;

/**
 * The totals of filtered views of the log, kept between calls (lib/commit-cache.ts): an auditor paging through
 * "every approval last month" counts it once, not on every page. Every change writes an audit row, so any
 * committed change drops them; another process's rows show within about 5 s (the trail's head moved), as the
 * lists' totals do.
 */
const filteredTotals = commitCache<number>({
  name: 'activity log totals (filtered)', maxAgeMs: 5_000, maxEntries: 500, dropOn: () => true, refreshInBackground: true, version: WHEN_AUDIT_TRAIL_MOVES,
});

/**
 * A page of the log, newest first, with its total (lib/paging.ts pageAndTotal). It used `count(*) over ()` beside
 * the page, which read every matching row for each page: the whole trail on the screen's first call. Now the page
 * reads its own rows along the primary key; the whole trail's total is the database's kept one (a 16-row sum) and
 * its deep pages are read from the bucket they lie in; a filtered total is counted once and kept, and with
 * `countUpTo` only up to it on the first pages (the screen then asks for the exact one, as its lists do).
 */
export async function auditPage(
  db: Kysely<Database>, f: Filter, page: number, pageSize: number,
  /** keptOn: the handle whose commits drop kept totals (the server's main one, when `db` is its search handle). */
  { countUpTo = null, keptOn = db }: { countUpTo?: number | null; keptOn?: Kysely<Database> } = {},
): Promise<AuditEntryRow[]> {
  const whole = isWholeTrail(f);
  const offset = (page - 1) * pageSize;
  const matching = () => db.selectFrom('audit_log').where(where(f));
  const { rows, total, lowerBound } = await pageAndTotal({
    offset,
    limit: pageSize,
    read: (limit, skip, order, at) =>
      matching()
        .selectAll()
        .$if(at !== undefined, (q) => q.where('id', '<', bucketStart.ids(at!.bucket + 1)).where('id', '>=', bucketStart.ids(at!.through)))
        .orderBy('id', order === 'listed' ? 'desc' : 'asc')
        .$call((q) => paged(q, limit, skip))
        .execute(),
    seek: whole ? (from, limit) => positionIn(db, 'audit', from, limit) : undefined,
    kept: whole ? NOT_KEPT : keptIn(filteredTotals, keptOn, JSON.stringify([f.userId, f.username, f.entity, f.action, f.from, f.to, f.text])),
    count: async () => (whole ? maintainedTotal(db, 'audit') : Number((await matching().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)),
    cap: !whole && countUpTo !== null ? { upTo: countUpTo, countAtMost: (n) => countAtMost(db, matching().select(sql`1`.as('one')), n) } : null,
  });
  const entries = await entriesOf(db, rows, (i) => offset + i + 1, () => total);
  return lowerBound === undefined ? entries : entries.map((e) => ({ ...e, totalIsLowerBound: lowerBound }));
}

/**
 * The filter choices: the distinct users (each id with every name it was written under), entities and actions of
 * the trail, from the few rows of audit_facet its trigger keeps (three `select distinct` over the whole trail on
 * every call before). Users by name, the nameless last.
 */
export async function auditFilterOptions(db: Kysely<Database>): Promise<AuditFilterOptions> {
  const facets = await db
    .selectFrom('audit_facet')
    .select(['kind', 'user_id', 'value'])
    .orderBy('kind')
    .orderBy(sql`value = ''`)
    .orderBy('value')
    .orderBy('user_id')
    .execute();
  const of = (kind: string) => facets.filter((x) => x.kind === kind);
  return {
    users: of('user').map((u) => ({ id: u.user_id, username: u.value === '' ? `#${u.user_id}` : u.value })),
    entities: of('entity').map((e) => e.value),
    actions: of('action').map((a) => a.value),
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
  return entriesOf(db, rows, (i) => i + 1, () => rows.length);
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

/** Names of UTC itself: an export in one of them has a single When column (the same times twice helped nobody). */
const UTC_NAMES = new Set(['utc', 'etc/utc', 'uct', 'etc/uct', 'gmt', 'etc/gmt', 'gmt0', 'etc/gmt0', 'etc/gmt+0', 'etc/gmt-0', 'greenwich', 'etc/greenwich', 'universal', 'etc/universal', 'zulu', 'etc/zulu']);
const isUtc = (timeZone: string) => UTC_NAMES.has(timeZone.toLowerCase());

type CsvCell = string | number | null;

/** The CSV's columns: header and value. The local time column only when the zone is not UTC. */
function csvColumns(timeZone: string, params: ReadonlyMap<number, RecordedParameter>): Array<[string, (r: Row, at: Date) => CsvCell]> {
  return [
    ['Entry', (r) => Number(r.id)],
    ['When (UTC)', (_r, at) => at.toISOString()],
    ...(isUtc(timeZone) ? [] : [[`When (${timeZone})`, (_r: Row, at: Date) => formatIn(at, timeZone)] as [string, (r: Row, at: Date) => CsvCell]]),
    ['User ID', (r) => r.user_id],
    ['User', (r) => r.username],
    ['Action', (r) => r.action],
    ['Entity', (r) => r.entity],
    ['Record ID', (r) => r.entity_id],
    ['Reason / Remark', (r) => r.reason],
    ['Changes', (r) => changesText(changesOf(r, params))],
    ['IP', (r) => r.ip],
    ['Hash', (r) => r.hash],
  ];
}

export const csvHeader = (timeZone: string) => csvLine(csvColumns(timeZone, new Map()).map(([header]) => header));

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
    const columns = csvColumns(f.timeZone, await recordedParameters(db, rows));
    let chunk = '';
    for (const r of rows) {
      const at = new Date(r.at as unknown as string);
      chunk += csvLine(columns.map(([, value]) => value(r, at)));
    }
    yield chunk;
    below = Number(rows[rows.length - 1].id);
    if (rows.length < batchSize) return;
  }
}
