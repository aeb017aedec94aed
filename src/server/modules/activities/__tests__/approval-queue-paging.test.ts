import { sql } from 'kysely';
import { createTestApp, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { bulkLoad } from '../../../cli/seed-bulk';
import { approvalCounts, approvalQueue } from '../activity-repository';
import type { ActivityLevel } from '../../../../shared/contract/activity-endpoints';

/**
 * A manager's approval queue past its first boundaries: the bulk load's manager waits on about 1,400 activities, more
 * than the 1,000 rows from which a deep page is read from the submission hour it starts in (lib/paging.ts seek).
 * Every page, each level and both, is the oracle's slice (oldest submission first, then id) with the exact total; the
 * queue's kept totals and hours (migrations 20261129T010000, 20261129T020000, 20261130T100000) are the real counts after each of 200 random changes of statuses,
 * amendments, managers and submissions made the way SQL can make them, one row or many per statement.
 */
let t: TestApp;
let manager: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  await bulkLoad(t.handle.db, { samples: 500, tenant: TEST_TENANT, batch: 500, seed: 9 });
  const { rows } = await sql<{ m: number; n: number }>`
    select reporting_manager_id as m, count(*)::int as n from activity_transaction where reporting_manager_id is not null group by 1 order by 2 desc`.execute(t.handle.db);
  manager = rows[0].m;
  // The drafts and the reverted activities submitted (again) to that manager: a queue past 1,000 from a smaller load,
  // at several hours of a day, so a day's submissions lie in several buckets (an hour each).
  await sql`update activity_transaction set status = 'S', reporting_manager_id = ${manager}, submitted_at = created_at + interval '1 day' + interval '1 hour' * (id % 9)
    where status is null or status = 'R'`.execute(t.handle.db);
  // A busy hour at the queue's new end (its last pages): 200 submissions within it, so those pages lie inside one
  // bucket and are read from that bucket's nearer end (lib/paging.ts).
  await sql`update activity_transaction set submitted_at = date_trunc('hour', (select max(submitted_at) from activity_transaction)) + interval '1 hour' + (id % 1000) * interval '3 seconds'
    where reporting_manager_id = ${manager} and status = 'S' and id % 5 = 0 and id in (
      select id from activity_transaction where reporting_manager_id = ${manager} and status = 'S' order by id desc limit 1000)`.execute(t.handle.db);
  other = (await t.handle.db.selectFrom('app_user').select('id').where('id', '<>', manager).orderBy('id').executeTakeFirstOrThrow()).id;
}, 300_000);
afterAll(() => t.close());

/** The queue as the statement it replaced read it: every waiting transaction, ordered, counted beside. */
async function oracle(managerId: number, level?: ActivityLevel): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from activity_transaction
    where reporting_manager_id = ${managerId} and (status = 'S' or (status = 'A' and amended_at is not null))
      and (${level ?? null}::varchar is null or level = ${level ?? null})
    order by submitted_at, id`.execute(t.handle.db);
  return rows.map((r) => Number(r.id));
}

async function realQueues(): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: number }>`
    select 'queue:' || reporting_manager_id || ':' || case when level = 'Level 2' then '2' else '1' end as k, count(*)::int as n
    from activity_transaction where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null)) group by 1`.execute(t.handle.db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
async function keptQueues(): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: string }>`
    select list as k, sum(n) as n from list_total where list like 'queue:%' group by list having sum(n) <> 0`.execute(t.handle.db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
/** What waits per queue and submission hour (list_bucket_of_time), counted and kept, as 'queue hour' → n. */
async function realDays(): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: number }>`
    select approval_queue_list(reporting_manager_id, level) || ' ' || list_bucket_of_time(submitted_at) as k, count(*)::int as n
    from activity_transaction where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null)) group by 1`.execute(t.handle.db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
async function keptDays(): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: string }>`
    select list || ' ' || bucket as k, sum(n) as n from list_bucket where list like 'queue:%' group by list, bucket having sum(n) <> 0`.execute(t.handle.db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}

const expectPage = async (page: number, want: number[], level?: ActivityLevel) => {
  const rows = await approvalQueue(t.handle.db, manager, { level, limit: 10, offset: (page - 1) * 10 });
  expect({ level, page, ids: rows.map((r) => [Number(r.id), r.total]) }).toEqual({ level, page, ids: want.slice((page - 1) * 10, page * 10).map((id) => [id, want.length]) });
};

test('every page of a queue of more than a thousand, each level and both, is the oracle\'s with the exact total', async () => {
  for (const level of [undefined, 'Level 1', 'Level 2'] as const) {
    const want = await oracle(manager, level);
    const last = Math.ceil(want.length / 10);
    if (level === undefined) expect(want.length).toBeGreaterThan(1_100);
    const pages = level === 'Level 2' ? Array.from({ length: last }, (_, i) => i + 1) : [1, 2, 99, 100, 101, Math.ceil(last * 0.6), last - 1, last];
    for (const page of pages) await expectPage(page, want, level);
    expect(await approvalQueue(t.handle.db, manager, { level, limit: 10, offset: last * 10 })).toEqual([]);
  }
  const counts = await approvalCounts(t.handle.db, manager);
  expect(counts).toEqual({ level1: (await oracle(manager, 'Level 1')).length, level2: (await oracle(manager, 'Level 2')).length });
  // The queue spans many submission hours, so its deep pages are found through several groups of hour buckets.
  expect(new Set(Object.keys(await keptDays()).map((k) => Number(k.split(' ')[1]) >> 6)).size).toBeGreaterThan(3);
});

test('a waiting transaction without a submission time is refused: the queue is ordered, and its days kept, by it', async () => {
  const before = await keptDays();
  await expect(sql`update activity_transaction set submitted_at = null where id = (select min(id) from activity_transaction where status = 'S')`.execute(t.handle.db))
    .rejects.toThrow(/activity_transaction_waiting_submitted/);
  expect(await keptDays()).toEqual(before);
});

/** A small deterministic PRNG (the failing step can be replayed). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('200 random changes of the queues, each followed by the real counts', async () => {
  const db = t.handle.db;
  const r = prng(17);
  const ids = (await db.selectFrom('activity_transaction').select('id').orderBy('id').execute()).map((x) => Number(x.id));
  const pick = () => ids[Math.floor(r() * ids.length)];
  const some = () => Array.from({ length: 1 + Math.floor(r() * 30) }, pick);
  const changes: Array<[string, () => Promise<unknown>]> = [
    ['submit', () => sql`update activity_transaction set status = 'S', submitted_at = now(), reporting_manager_id = coalesce(reporting_manager_id, ${manager}) where id = any(${some()})`.execute(db)],
    ['approve', () => sql`update activity_transaction set status = 'A', amended_at = null where id = any(${some()}) and reporting_manager_id is not null`.execute(db)],
    ['amend', () => sql`update activity_transaction set amended_at = now() where id = any(${some()}) and status = 'A'`.execute(db)],
    ['revert', () => sql`update activity_transaction set status = 'R', remark = 'redo' where id = any(${some()}) and reporting_manager_id is not null`.execute(db)],
    ['another manager', () => sql`update activity_transaction set reporting_manager_id = ${r() < 0.5 ? other : manager} where id = any(${some()}) and reporting_manager_id is not null`.execute(db)],
    ['unsaved', () => sql`update activity_transaction set status = null, reporting_manager_id = null, submitted_at = null where id = ${pick()} and not exists (select 1 from activity_signature g where g.transaction_id = activity_transaction.id)`.execute(db)],
    ['touch', () => sql`update activity_transaction set updated_at = now() where id = any(${some()})`.execute(db)],
    ['rolled back', () => db.transaction().execute(async (trx) => {
      await sql`update activity_transaction set status = 'S', submitted_at = now(), reporting_manager_id = ${other} where id = any(${some()})`.execute(trx);
      throw new Error('rolled back');
    }).catch(() => undefined)],
  ];
  for (let step = 0; step < 200; step++) {
    const [name, change] = changes[Math.floor(r() * changes.length)];
    await change();
    expect({ step, name, queues: await keptQueues(), days: await keptDays() }).toEqual({ step, name, queues: await realQueues(), days: await realDays() });
  }
  // And the queue still pages as the oracle says, near and far.
  const want = await oracle(manager);
  for (const page of [1, Math.ceil(want.length / 10)]) await expectPage(page, want);
}, 300_000);
