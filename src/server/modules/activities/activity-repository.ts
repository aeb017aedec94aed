import { sql, type Kysely, type Transaction, type Selectable } from 'kysely';
import type { ActivityTransactionTable, Database } from '../../db/types';
import type { ActivityLevel } from '../../../shared/contract/activity-endpoints';
import { fullName } from '../users/user-access-repository';
import { changesTo, commitCache, WHEN_AUDIT_TRAIL_MOVES } from '../../lib/commit-cache';
import { countAtMost, keptIn, NOT_KEPT, pageAndTotal, paged, type ReadOrder } from '../../lib/paging';
import { bucketStart, maintainedTotal, maintainedTotals, positionIn, type ListPosition, type QueueList } from '../../lib/list-totals';
import { compiledOnce } from '../../lib/compiled-once';

/**
 * Activity transactions (spec 001 sections 2-5): the list rows per isolate / plant assessment, the targets
 * a transaction hangs on, the transactions and their typed values, the approval queue. Plain functions
 * taking a Kysely instance or transaction first (DESIGN.md section 6).
 */
type Db = Kysely<Database> | Transaction<Database>;

export type TransactionRow = Selectable<ActivityTransactionTable>;

/** What a transaction hangs on: the isolate (Level 1) or the plant assessment of an isolate (Level 2). */
export interface Target {
  level: ActivityLevel;
  isolateId: number;
  plantAssessmentId: number | null;
  sampleno: string;
  samplenov: string;
  isolatecode: string;
  pncode: string | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export interface ListQuery {
  level: ActivityLevel;
  callerId: number;
  /** Owner view (access to an activity of the level) or top role: every active isolate / plant assessment. */
  seesAll: boolean;
  search?: string;
  /** Only this row (isolate id at Level 1, plant assessment id at Level 2). */
  onlyId?: number;
  limit: number;
  offset: number;
  /** A search's total counted only up to this many (the screens' countUpTo; lib/paging.ts); the whole list's never is. */
  countUpTo?: number | null;
}

export interface ListEntity {
  id: number;
  isolateId: number;
  sampleno: string;
  samplenov: string;
  isolatecode: string;
  pncode: string | null;
  total: number;
  /** Said only when countUpTo was: `total` is countUpTo + 1, a lower bound (lib/paging.ts). */
  lowerBound?: boolean;
  /** The states of the level's transactions on this row (no names: what a list row needs), read with the page. */
  states: TransactionState[];
}

/**
 * The totals of the Level 1 and Level 2 lists, kept between calls (the whole lists' are read from their maintained
 * totals, lib/list-totals.ts: a 16-row sum, not a count; kept too, so a call reads no total at all) (lib/commit-cache.ts): the page itself
 * walks the newest ids and stops after ten (under 1 ms at 100k samples), but its total counts every active
 * isolate or plant assessment the caller sees (200 ms at 100k: 200k isolates joined to their samples), and
 * every page and refresh of the screen carries it. A list that sees everything depends only on samples,
 * isolates and plant assessments; one limited to the caller's approvals also on activity transactions and
 * users (their reporting manager), so activity saves drop only those. A total 5 s old is counted again in the
 * background when the audit trail has moved (calls keep the old value meanwhile), and once a minute anyway:
 * another server process's changes usually show about 5 s later, at most about 65 s (sample-repository.ts,
 * sampleTotals, says why).
 */
const TARGETS = ['sample_inward', 'isolate', 'plant_assessment'];
const allTotals = commitCache<number>({
  name: 'activity list totals (everything)', maxAgeMs: 5_000, maxEntries: 1_000, dropOn: changesTo(...TARGETS), refreshInBackground: true, version: WHEN_AUDIT_TRAIL_MOVES,
});
const ownTotals = commitCache<number>({
  name: 'activity list totals (own approvals)', maxAgeMs: 5_000, maxEntries: 5_000, dropOn: changesTo(...TARGETS, 'activity_transaction', 'user'),
  refreshInBackground: true, version: WHEN_AUDIT_TRAIL_MOVES,
});

/**
 * The isolates (Level 1) or plant assessments (Level 2) a list query may show, before their samples are looked at
 * (`at`: only those of the buckets a deep page lies in, lib/paging.ts `seek`).
 */
function targetsOf(db: Kysely<Database>, q: ListQuery, at?: ListPosition) {
  const level2 = q.level === 'Level 2';
  let query = db
    .selectFrom('isolate as i')
    .leftJoin('plant_assessment as pa', (j) => (level2 ? j.onRef('pa.isolate_id', '=', 'i.id') : j.on(sql<boolean>`false`)))
    .where('i.active', '=', 'Y');
  if (level2) query = query.where('pa.id', 'is not', null);
  if (q.onlyId !== undefined) query = query.where(level2 ? 'pa.id' : 'i.id', '=', q.onlyId);
  if (at !== undefined) query = query.where(level2 ? 'pa.id' : 'i.id', '<', bucketStart.ids(at.bucket + 1)).where(level2 ? 'pa.id' : 'i.id', '>=', bucketStart.ids(at.through));
  if (!q.seesAll) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('activity_transaction as t')
          .select(sql`1`.as('one'))
          .whereRef(level2 ? 't.plant_assessment_id' : 't.isolate_id', '=', level2 ? 'pa.id' : 'i.id')
          .where('t.level', '=', q.level)
          .where('t.reporting_manager_id', '=', q.callerId),
      ),
    );
  }
  return query;
}

/** The isolates (Level 1) or plant assessments (Level 2) a list query selects from, before its page (counts, searched pages). */
function entityQuery(db: Kysely<Database>, q: ListQuery, text: string | undefined, at?: ListPosition) {
  const level2 = q.level === 'Level 2';
  let query = targetsOf(db, q, at).innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id').where('s.active', '=', 'Y');
  if (text) {
    const p = likePattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('s.sampleno', 'ilike', p),
        eb('i.samplenov', 'ilike', p),
        eb('i.isolatecode', 'ilike', p),
        ...(level2 ? [eb('pa.pncode', 'ilike', p)] : []),
      ]),
    );
  }
  return query;
}

/**
 * The statement of a page of a list (listEntities' read; `at`: lib/paging.ts `seek`). The rows' sample codes and
 * transaction states are read over the page's rows `p` only: in the page's own select list PostgreSQL would read
 * them for every row its offset skips too.
 *
 * A page without a search text tests each isolate's sample for being active by looking it up, instead of joining
 * the samples: PostgreSQL put a Memoize node over that join (isolates share samples) and sized its hash table for
 * every sample on each run, over half of a Level 1 page's database time under load (bench/history.md, fourteenth
 * entry). A search's page and every count keep the join, which their plans need.
 */
export function entityPage(db: Kysely<Database>, q: ListQuery, text: string | undefined, limit: number, offset: number, order: ReadOrder, at?: ListPosition) {
  const level2 = q.level === 'Level 2';
  const dir = order === 'listed' ? 'desc' : 'asc';
  const shown = [sql<number>`${sql.ref(level2 ? 'pa.id' : 'i.id')}`.as('id'), 'i.id as isolate_id', 'i.sample_inward_id', 'i.samplenov', 'i.isolatecode', 'pa.pncode'] as const;
  const rows = (text
    ? entityQuery(db, q, text, at)
    : targetsOf(db, q, at).where(sql`(select s.active from sample_inward s where s.id = i.sample_inward_id)`, '=', 'Y'))
    .select(shown)
    .orderBy(level2 ? 'pa.id' : 'i.id', dir)
    .$call((page) => paged(page, limit, offset));
  return db.selectFrom(rows.as('p'))
    .select(['p.id', 'p.isolate_id', 'p.samplenov', 'p.isolatecode', 'p.pncode', sql<string>`(select s.sampleno from sample_inward s where s.id = p.sample_inward_id)`.as('sampleno'), statesOfRow(q.level)])
    .orderBy('p.id', dir);
}

/** The pages of the lists without a search text, compiled once (lib/compiled-once.ts). */
const unsearchedPages = compiledOnce();

/** A page of isolates (Level 1) or plant assessments (Level 2) the caller sees, newest first, with the total. */
export async function listEntities(db: Kysely<Database>, q: ListQuery): Promise<ListEntity[]> {
  const level2 = q.level === 'Level 2';
  const text = q.search?.trim() || undefined;
  let built: ReturnType<typeof entityQuery> | undefined;
  const query = () => (built ??= entityQuery(db, q, text));
  // The whole list's total is maintained by the database (a 16-row sum, lib/list-totals.ts); any other is counted.
  const whole = q.seesAll && !text && q.onlyId === undefined;
  const count = async () =>
    whole ? maintainedTotal(db, level2 ? 'level2' : 'level1')
      : Number((await query().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  // One row (onlyId) always ends its list: its total is the page's (lib/paging.ts), never a kept one.
  const { rows, total, lowerBound } = await pageAndTotal({
    offset: q.offset,
    limit: q.limit,
    read: async (limit, offset, order, at) => {
      const page = () => entityPage(db, q, text, limit, offset, order, at);
      if (text) return page().execute();
      // Every value the statement holds, besides the text it has none of.
      const key = JSON.stringify([q.level, q.seesAll ? null : q.callerId, q.onlyId ?? null, limit, offset, order, at?.bucket ?? null, at?.through ?? null]);
      return (await db.executeQuery(unsearchedPages.get(key, page))).rows;
    },
    seek: whole ? (offset, limit) => positionIn(db, level2 ? 'level2' : 'level1', offset, limit) : undefined,
    kept: q.onlyId !== undefined ? NOT_KEPT
      : q.seesAll ? keptIn(allTotals, db, `${q.level}|${text ?? ''}`)
        : keptIn(ownTotals, db, `${q.level}|${q.callerId}|${text ?? ''}`),
    count,
    cap: text && q.countUpTo && q.onlyId === undefined ? { upTo: q.countUpTo, countAtMost: (n) => countAtMost(db, query().select(sql`1`.as('one')), n) } : null,
  });
  return rows.map((r) => ({
    id: Number(r.id), isolateId: r.isolate_id, sampleno: r.sampleno, samplenov: r.samplenov, isolatecode: r.isolatecode,
    pncode: r.pncode ?? null, total, lowerBound, states: statesOfText(r.states),
  }));
}

/**
 * The states of a list row's transactions of the level, as a column of the page's own statement (read over the
 * page's rows `p`): reading them in a second statement was a second round trip on every page, about a third of a
 * Level 1 page's cost under load (bench/history.md, thirteenth entry). Ten rows' transactions are a few dozen.
 *
 * One text per row: a transaction per ';', its fields by ',' (id, type, isolate, plant assessment, status, owner,
 * manager, amended since approval 1/0; an empty field is null; every field is a number or a one-letter status, so
 * neither separator can occur in one). As a JSON array of arrays they took the embedded engine's one thread 0.35-0.39 ms
 * of a Level 1 page at 100k samples, as text 0.30-0.33 ms: the JSON was built there and parsed again there, the
 * text is split on the calls' thread (bench/history.md, twenty-ninth entry).
 */
const statesOfRow = (level: ActivityLevel) => {
  const target = level === 'Level 2' ? sql`t.plant_assessment_id = p.id` : sql`t.isolate_id = p.id`;
  return sql<string | null>`(select string_agg(concat(t.id, ',', t.activity_type_id, ',', t.isolate_id, ',', t.plant_assessment_id, ',', t.status, ',', t.owner_id, ',', t.reporting_manager_id, ',', (t.amended_at is not null)::int), ';') from activity_transaction t where t.level = ${level} and ${target})`.as('states');
};

const numberOrNull = (field: string) => (field === '' ? null : Number(field));

/** The states statesOfRow wrote, read back. */
export function statesOfText(text: string | null): TransactionState[] {
  if (!text) return [];
  return text.split(';').map((one) => {
    const [id, activityTypeId, isolateId, plantAssessmentId, status, ownerId, reportingManagerId, amendedSet] = one.split(',');
    const st = (status === '' ? null : status) as TransactionRow['status'];
    return {
      id: Number(id), activityTypeId: Number(activityTypeId), isolateId: Number(isolateId), plantAssessmentId: numberOrNull(plantAssessmentId),
      status: st, ownerId: Number(ownerId), reportingManagerId: numberOrNull(reportingManagerId), amended: st === 'A' && amendedSet === '1',
    };
  });
}

/** What a list row needs of a transaction: its state, without the names and remark a screen shows. */
export interface TransactionState {
  id: number;
  activityTypeId: number;
  isolateId: number;
  plantAssessmentId: number | null;
  status: TransactionRow['status'];
  ownerId: number;
  reportingManagerId: number | null;
  /** Approved, and data it rests on was amended since (lib/amendments.ts): it waits for its manager again. */
  amended: boolean;
}

/** A transaction with its activity type and the names of its owner and manager. */
export interface TransactionView extends TransactionState {
  ownerName: string;
  reportingManagerName: string | null;
  remark: string | null;
  version: number;
}

const STATE_COLUMNS = ['t.id', 't.activity_type_id', 't.isolate_id', 't.plant_assessment_id', 't.status', 't.owner_id', 't.reporting_manager_id', 't.amended_at'] as const;

const transactionsWhere = (db: Db, level: ActivityLevel, targetIds: readonly number[]) =>
  db.selectFrom('activity_transaction as t').where('t.level', '=', level).where(level === 'Level 2' ? 't.plant_assessment_id' : 't.isolate_id', 'in', [...targetIds]);

const stateOf = (r: { id: number; activity_type_id: number; isolate_id: number; plant_assessment_id: number | null; status: TransactionRow['status']; owner_id: number; reporting_manager_id: number | null; amended_at: unknown }): TransactionState => ({
  id: r.id,
  activityTypeId: r.activity_type_id,
  isolateId: r.isolate_id,
  plantAssessmentId: r.plant_assessment_id,
  status: r.status,
  ownerId: r.owner_id,
  reportingManagerId: r.reporting_manager_id,
  amended: r.status === 'A' && r.amended_at !== null,
});

/** The transactions of a level on some isolates (Level 1) or plant assessments (Level 2), with names and remark. */
export async function transactionsOn(db: Db, level: ActivityLevel, targetIds: readonly number[]): Promise<TransactionView[]> {
  if (targetIds.length === 0) return [];
  const rows = await transactionsWhere(db, level, targetIds)
    .innerJoin('app_user as o', 'o.id', 't.owner_id')
    .leftJoin('app_user as m', 'm.id', 't.reporting_manager_id')
    .select([...STATE_COLUMNS, 't.remark', 't.version', 'o.first_name', 'o.middle_name', 'o.last_name', 'm.first_name as m_first', 'm.middle_name as m_middle', 'm.last_name as m_last'])
    .execute();
  return rows.map((r) => ({
    ...stateOf(r),
    ownerName: fullName(r),
    reportingManagerName: r.m_first === null ? null : fullName({ first_name: r.m_first, middle_name: r.m_middle, last_name: r.m_last }),
    remark: r.remark,
    version: r.version,
  }));
}

export interface ActivityTypeRef { id: number; shortname: string; name: string; level: ActivityLevel; sequence: number | null; active: 'Y' | 'N' }

/** Activity types by id, kept between calls (a handful of rows that every list call reads); an activity type change drops them. */
const typeCache = commitCache<ActivityTypeRef[]>({ name: 'activity types', maxAgeMs: 30_000, maxEntries: 1_000, dropOn: changesTo('activity_type') });

export async function activityTypes(db: Db, ids: readonly number[]): Promise<ActivityTypeRef[]> {
  if (ids.length === 0) return [];
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return typeCache.get(db, key, () => db.selectFrom('activity_type').select(['id', 'shortname', 'name', 'level', 'sequence', 'active']).where('id', 'in', [...ids]).execute());
}

/** A user's name and reporting manager (with the manager's name; null when none or inactive). */
export async function userWithManager(db: Db, userId: number) {
  const r = await db
    .selectFrom('app_user as u')
    .leftJoin('app_user as m', (j) => j.onRef('m.id', '=', 'u.reporting_manager_id').on('m.active', '=', 'Y'))
    .select(['u.id', 'u.first_name', 'u.middle_name', 'u.last_name', 'm.id as m_id', 'm.first_name as m_first', 'm.middle_name as m_middle', 'm.last_name as m_last'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    name: fullName(r),
    managerId: r.m_id,
    managerName: r.m_first === null ? '' : fullName({ first_name: r.m_first, middle_name: r.m_middle, last_name: r.m_last }),
  };
}

const targetSelect = (db: Db) =>
  db
    .selectFrom('isolate as i')
    .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .select(['i.id as isolate_id', 's.sampleno', 'i.samplenov', 'i.isolatecode'])
    .where('i.active', '=', 'Y')
    .where('s.active', '=', 'Y');

/** The isolate whose sample code version is samplenov (Level 1 target). */
export async function isolateTarget(db: Db, samplenov: string): Promise<Target | undefined> {
  const r = await targetSelect(db).where('i.samplenov', '=', samplenov).executeTakeFirst();
  return r && { level: 'Level 1', isolateId: r.isolate_id, plantAssessmentId: null, sampleno: r.sampleno, samplenov: r.samplenov, isolatecode: r.isolatecode, pncode: null };
}

/** The plant assessment pncode (Level 2 target). */
export async function plantAssessmentTarget(db: Db, pncode: string): Promise<Target | undefined> {
  const r = await targetSelect(db)
    .innerJoin('plant_assessment as pa', 'pa.isolate_id', 'i.id')
    .select(['pa.id as pa_id', 'pa.pncode'])
    .where('pa.pncode', '=', pncode)
    .executeTakeFirst();
  return r && { level: 'Level 2', isolateId: r.isolate_id, plantAssessmentId: r.pa_id, sampleno: r.sampleno, samplenov: r.samplenov, isolatecode: r.isolatecode, pncode: r.pncode };
}

/** The active isolate with this isolate code. */
/**
 * An active isolate of an active sample by its code. `lock`: for a plant assessment's save, both rows are held
 * (FOR SHARE) until it commits, so a sample or isolate made inactive meanwhile is seen (the row is read again
 * once that change commits, and no longer matches) and the Level 2 total (lib/list-totals.ts) stays exact.
 */
export async function isolateByCode(db: Db, isolatecode: string, lock = false) {
  const q = targetSelect(db).where(sql<boolean>`lower(i.isolatecode) = lower(${isolatecode})`);
  return (lock ? q.forShare() : q).executeTakeFirst();
}

/** The transaction of an activity on a target (locked for the save when forUpdate). */
export async function findTransaction(db: Db, target: Target, activityTypeId: number, opts: { forUpdate?: boolean } = {}): Promise<TransactionRow | undefined> {
  let q = db.selectFrom('activity_transaction').selectAll().where('activity_type_id', '=', activityTypeId).where('level', '=', target.level);
  q = target.plantAssessmentId === null ? q.where('isolate_id', '=', target.isolateId).where('plant_assessment_id', 'is', null) : q.where('plant_assessment_id', '=', target.plantAssessmentId);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Creates the transaction of a first submit; undefined when a concurrent save created it first. */
export async function insertSubmitted(
  db: Db, target: Target, activityTypeId: number, ownerId: number, managerId: number,
): Promise<TransactionRow | undefined> {
  return db
    .insertInto('activity_transaction')
    .values({
      activity_type_id: activityTypeId, level: target.level, isolate_id: target.isolateId, plant_assessment_id: target.plantAssessmentId,
      owner_id: ownerId, reporting_manager_id: managerId, status: 'S', submitted_at: sql`now()`,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a transaction from one status to another only if it is still in that status at that version
 * (the conditional update that lets exactly one of two racing transitions win). Undefined when it lost.
 */
export async function conditionalTransition(
  db: Db,
  id: number,
  expect: { status: TransactionRow['status']; version: number },
  set: { status: 'S' | 'A' | 'R'; remark: string | null; reportingManagerId?: number; decidedBy?: number },
): Promise<TransactionRow | undefined> {
  const submit = set.status === 'S';
  return db
    .updateTable('activity_transaction')
    .set({
      status: set.status,
      remark: set.remark,
      version: sql`version + 1`,
      updated_at: sql`now()`,
      // A decision or a new submission settles an amendment made after approval.
      amended_at: null,
      ...(submit
        ? { reporting_manager_id: set.reportingManagerId, submitted_at: sql`now()`, decided_at: null, decided_by: null }
        : { decided_at: sql`now()`, decided_by: set.decidedBy }),
    })
    .where('id', '=', id)
    .where('version', '=', expect.version)
    .where((eb) => (expect.status === null ? eb('status', 'is', null) : eb('status', '=', expect.status)))
    .returningAll()
    .executeTakeFirst();
}

export interface StoredValue { parameterId: number; text: string | null; number: number | null; date: string | null }

export async function valuesOf(db: Db, transactionId: number): Promise<StoredValue[]> {
  const rows = await db.selectFrom('activity_value').select(['parameter_id', 'text_value', 'num_value', 'date_value']).where('transaction_id', '=', transactionId).execute();
  return rows.map((r) => ({ parameterId: r.parameter_id, text: r.text_value, number: r.num_value, date: r.date_value }));
}

/** Replaces the values of a transaction. */
export async function replaceValues(db: Db, transactionId: number, isolateId: number, values: readonly StoredValue[]): Promise<void> {
  await db.deleteFrom('activity_value').where('transaction_id', '=', transactionId).execute();
  if (values.length === 0) return;
  await db
    .insertInto('activity_value')
    .values(values.map((v) => ({ transaction_id: transactionId, parameter_id: v.parameterId, isolate_id: isolateId, text_value: v.text, num_value: v.number, date_value: v.date })))
    .execute();
}

// ---- plant assessments ---------------------------------------------------------------------------

/** The next plant assessment number the sequence will give (a preview: nothing is taken). */
export async function peekPlantAssessmentNumber(db: Db): Promise<number> {
  const { rows } = await sql<{ last_value: string | number; is_called: boolean }>`select last_value, is_called from plant_assessment_code_seq`.execute(db);
  const last = Number(rows[0].last_value);
  return rows[0].is_called ? last + 1 : last;
}

export async function nextPlantAssessmentNumber(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select nextval('plant_assessment_code_seq') as n`.execute(db);
  return Number(rows[0].n);
}

export async function insertPlantAssessment(db: Db, isolateId: number, pncode: string, createdBy: number) {
  return db.insertInto('plant_assessment').values({ isolate_id: isolateId, pncode, created_by: createdBy }).returningAll().executeTakeFirstOrThrow();
}

// ---- approval queue ------------------------------------------------------------------------------

/**
 * What waits for a reporting manager: a submission, or an approval whose data was amended since (the same test is
 * in migration 20261129T010000's trigger and index: the queue's kept totals and its order).
 */
const waitingForManager = sql<boolean>`(q.status = 'S' or (q.status = 'A' and q.amended_at is not null))`;

/** The list_total row names of a manager's queue (migration 20261129T010000): per level, or both. */
const queueLists = (managerId: number, level?: ActivityLevel): QueueList[] =>
  (level ? [level] : (['Level 1', 'Level 2'] as const)).map((l) => `queue:${managerId}:${l === 'Level 2' ? 2 : 1}` as const);

/**
 * A page of what waits for a manager, oldest submission first, and the queue's total (lib/paging.ts pageAndTotal).
 * The total is the database's kept one (a few rows of list_total, migration 20261129T010000), not a count of the
 * queue beside the page (`count(*) over ()` joined and sorted every waiting transaction on each call); the page is
 * read along activity_transaction_waiting_idx, and only its rows are joined to their samples and submitters. A deep
 * page is read from the submission hour it starts in (kept per hour in list_bucket, migrations 20261129T020000 and
 * 20261130T100000: lib/list-totals.ts positionIn), skipping at most that hour's rows instead of up to half the queue.
 */
export async function approvalQueue(db: Db, managerId: number, opts: { level?: ActivityLevel; limit: number; offset: number }) {
  const lists = queueLists(managerId, opts.level);
  const { rows, total } = await pageAndTotal({
    offset: opts.offset,
    limit: opts.limit,
    read: (limit, offset, order, at) => {
      const dir = order === 'listed' ? 'asc' : 'desc';
      const page = db
        .selectFrom('activity_transaction as q')
        .select('q.id')
        .where('q.reporting_manager_id', '=', managerId)
        .where(waitingForManager)
        .$if(opts.level !== undefined, (q) => q.where('q.level', '=', opts.level!))
        .$if(at !== undefined, (q) => q
          .where(sql<boolean>`q.submitted_at >= ${bucketStart.hours(at!.bucket).toISOString()}::timestamptz`)
          .where(sql<boolean>`q.submitted_at < ${bucketStart.hours(at!.through + 1).toISOString()}::timestamptz`))
        .orderBy('q.submitted_at', dir)
        .orderBy('q.id', dir)
        .$call((q) => paged(q, limit, offset));
      return db
        .selectFrom(page.as('p'))
        .innerJoin('activity_transaction as t', 't.id', 'p.id')
        .innerJoin('activity_type as a', 'a.id', 't.activity_type_id')
        .innerJoin('isolate as i', 'i.id', 't.isolate_id')
        .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
        .innerJoin('app_user as o', 'o.id', 't.owner_id')
        .leftJoin('plant_assessment as pa', 'pa.id', 't.plant_assessment_id')
        .select([
          't.id', 't.activity_type_id', 'a.shortname', 'a.name', 't.level', 'a.sequence', 's.sampleno', 'i.samplenov', 'i.isolatecode', 'pa.pncode',
          't.owner_id', 'o.first_name', 'o.middle_name', 'o.last_name', 't.submitted_at', 't.version', 't.status', 't.amended_at',
        ])
        .orderBy('t.submitted_at', dir)
        .orderBy('t.id', dir)
        .execute();
    },
    seek: (offset, limit) => positionIn(db, lists, offset, limit, true),
    kept: NOT_KEPT,
    count: async () => [...(await maintainedTotals(db, lists)).values()].reduce((a, b) => a + b, 0),
  });
  return rows.map((r) => ({ ...r, total }));
}

/** The badge: what waits for a manager per level, from the kept totals (a few rows, whatever the queue's size). */
export async function approvalCounts(db: Db, managerId: number): Promise<{ level1: number; level2: number }> {
  const [l1, l2] = queueLists(managerId);
  const kept = await maintainedTotals(db, [l1, l2]);
  return { level1: kept.get(l1) ?? 0, level2: kept.get(l2) ?? 0 };
}
