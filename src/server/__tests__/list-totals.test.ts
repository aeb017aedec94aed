/**
 * The maintained list totals and their per-bucket counts (migrations 20261126T100000-list-totals and
 * 20261126T200000-list-buckets, lib/list-totals.ts) against real counts:
 * after a bulk load, after each of 300 random changes of samples, isolates and plant assessments made the way
 * SQL can make them (one row or many per statement, active flags, isolates moved between samples, inserts and
 * deletes), after rolled-back changes, and after concurrent saves on several connections. Through the routes the
 * unfiltered lists carry them as their total. The audit trail's total and buckets (migration 20261129T000000) are
 * checked beside them: every route call above writes audit rows.
 */
import { sql, type Kysely } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../test-support/test-app';
import { bulkLoad } from '../cli/seed-bulk';
import { maintainedTotal, type MaintainedList } from '../lib/list-totals';
import type { LoginResponse } from '../../shared/contract/session';
import type { Database } from '../db/types';

let t: TestApp;
let admin: LoginResponse;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  adminId = (await t.handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  // Isolate ids from 15,500 and plant assessment ids from 16,300 on: each Level list crosses id 16,384, a boundary of
  // groups of buckets (64 of 256 ids).
  await sql`select setval(pg_get_serial_sequence('isolate', 'id'), 15500)`.execute(t.handle.db);
  await sql`select setval(pg_get_serial_sequence('plant_assessment', 'id'), 16300)`.execute(t.handle.db);
  await bulkLoad(t.handle.db, { samples: 1100, tenant: TEST_TENANT, batch: 550, seed: 3 });
}, 180_000);
afterAll(() => t.close());

const LISTS: MaintainedList[] = ['samples', 'level1', 'level2', 'audit'];

async function realCounts(db: Kysely<Database>): Promise<Record<MaintainedList, number>> {
  const { rows } = await sql<{ samples: number; level1: number; level2: number; audit: number }>`
    select (select count(*) from sample_inward)::int as samples,
           (select count(*) from isolate i join sample_inward s on s.id = i.sample_inward_id where i.active = 'Y' and s.active = 'Y')::int as level1,
           (select count(*) from plant_assessment pa join isolate i on i.id = pa.isolate_id join sample_inward s on s.id = i.sample_inward_id
             where i.active = 'Y' and s.active = 'Y')::int as level2,
           (select count(*) from audit_log)::int as audit`.execute(db);
  return rows[0];
}
async function maintained(db: Kysely<Database>): Promise<Record<MaintainedList, number>> {
  const out = {} as Record<MaintainedList, number>;
  for (const l of LISTS) out[l] = await maintainedTotal(db, l);
  return out;
}
/** Every list's rows per bucket (migration 20261126T200000-list-buckets), counted, as 'list bucket' → n. */
async function realBuckets(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: number }>`
    select 'samples ' || list_bucket_of_time(created_at) as k, count(*)::int as n from sample_inward group by 1
    union all
    select 'level1 ' || list_bucket_of_id(i.id), count(*)::int from isolate i join sample_inward s on s.id = i.sample_inward_id
      where i.active = 'Y' and s.active = 'Y' group by 1
    union all
    select 'level2 ' || list_bucket_of_id(pa.id), count(*)::int from plant_assessment pa join isolate i on i.id = pa.isolate_id
      join sample_inward s on s.id = i.sample_inward_id where i.active = 'Y' and s.active = 'Y' group by 1
    union all
    select 'audit ' || list_bucket_of_id(id), count(*)::int from audit_log group by 1
    union all
    select approval_queue_list(reporting_manager_id, level) || ' ' || list_bucket_of_time(submitted_at), count(*)::int from activity_transaction
      where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null)) group by 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
/** Per-bucket counts summed per group of 64 buckets (migration 20261129T030000-list-bucket-groups), as 'list group' → n. */
function groupsOf(buckets: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(buckets)) {
    const [list, bucket] = k.split(' ');
    const g = `${list} ${Number(bucket) >> 6}`;
    out[g] = (out[g] ?? 0) + n;
  }
  return out;
}
async function maintainedGroups(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: string | number }>`
    select list || ' ' || grp as k, sum(n) as n from list_bucket_group group by list, grp having sum(n) <> 0`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
/** The maintained per-bucket counts, empty buckets left out. */
async function maintainedBuckets(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<{ k: string; n: string | number }>`
    select list || ' ' || bucket as k, sum(n) as n from list_bucket group by list, bucket having sum(n) <> 0`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
}
const expectTotalsHold = async (step: string) => {
  const db = t.handle.db;
  expect({ step, ...(await maintained(db)) }).toEqual({ step, ...(await realCounts(db)) });
  const buckets = await realBuckets(db);
  expect({ step, buckets: await maintainedBuckets(db) }).toEqual({ step, buckets });
  expect({ step, groups: await maintainedGroups(db) }).toEqual({ step, groups: groupsOf(buckets) });
};

/** A small deterministic PRNG (the failing step can be replayed). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

let made = 0;
async function newSample(db: Kysely<Database>): Promise<number> {
  made += 1;
  const tag = `LT${process.pid % 10000}-${made}`;
  return (await db.insertInto('sample_inward').values({
    sampleinno: `SI-${tag}`, sampleno: `SC${tag}`, otp: `8${made}`.padEnd(6, '0').slice(0, 12), sampling_date: '2026-01-10', inward_date: '2026-01-11',
    sampledby: 'Tester', resource_name: 'Tester', state_name: 'Maharashtra', district_name: 'Pune', gpslocation: '18.5,73.8',
    source: 'Field', agroclimaticzone: 'Western Plateau', minimumrainfall: 500, maximumrainfall: 900, temperature: '25',
    soiltype: 'Black', soilcolor: 'Dark', created_by: adminId,
  }).returning('id').executeTakeFirstOrThrow()).id;
}
async function newIsolate(db: Kysely<Database>, sampleId: number, active: 'Y' | 'N'): Promise<number> {
  made += 1;
  const tag = `LT${process.pid % 10000}-${made}`;
  return (await db.insertInto('isolate').values({
    sample_inward_id: sampleId, samplenov: `SV${tag}`, isolatecode: `ISO${tag}`, sampletype: 'Soil', soilph: 7, soilec: 0.5, soiltds: 300, created_by: adminId, active,
  }).returning('id').executeTakeFirstOrThrow()).id;
}
async function newAssessment(db: Kysely<Database>, isolateId: number): Promise<number> {
  made += 1;
  return (await db.insertInto('plant_assessment').values({ isolate_id: isolateId, pncode: `PNLT${process.pid % 10000}-${made}`, created_by: adminId })
    .returning('id').executeTakeFirstOrThrow()).id;
}

test('after a bulk load the maintained totals are the real counts, and the unfiltered lists carry them', async () => {
  await expectTotalsHold('bulk load');
  const real = await realCounts(t.handle.db);
  expect(real.level2).toBeGreaterThan(500);
  // Each list spans more than one bucket, so the per-bucket counts are tried across a boundary.
  const buckets = Object.keys(await realBuckets(t.handle.db));
  // (The trail's buckets are tried past a boundary in modules/audit/__tests__/audit-log-paging.test.ts.)
  for (const l of LISTS.filter((x) => x !== 'audit')) expect({ l, buckets: buckets.filter((k) => k.startsWith(`${l} `)).length > 1 }).toEqual({ l, buckets: true });
  // The lists read the maintained totals, not a count: a slot row added by hand (no list row behind it) shows.
  await sql`insert into list_total (list, slot, n) values ('samples', 99, 1000), ('level1', 99, 1000), ('level2', 99, 1000)`.execute(t.handle.db);
  try {
    for (const [endpoint, list] of [['getsamphome', 'samples'], ['getactitransctionhome', 'level1'], ['getLevel2ActivityHome', 'level2']] as const) {
      const rows = (await t.post(`/api/transaction/${endpoint}`, { pageno: 1 }, admin)).json() as Array<{ totalItems: number }>;
      expect({ endpoint, total: rows[0].totalItems }).toEqual({ endpoint, total: real[list] + 1000 });
    }
  } finally {
    await sql`delete from list_total where slot = 99`.execute(t.handle.db);
  }
});

test('300 random changes, each followed by the real counts; rolled-back changes leave no trace', async () => {
  const db = t.handle.db;
  const rand = prng(20261126);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  // The rows the changes work on: fresh ones (deletable: nothing else references them) and bulk ones.
  const samples = [...(await db.selectFrom('sample_inward').select('id').orderBy('id', 'desc').limit(40).execute()).map((r) => r.id)];
  const isolates = [...(await db.selectFrom('isolate').select('id').orderBy('id', 'desc').limit(60).execute()).map((r) => r.id)];
  const fresh: { samples: number[]; isolates: number[]; assessments: number[] } = { samples: [], isolates: [], assessments: [] };
  const flip = sql<'Y' | 'N'>`case when active = 'Y' then 'N' else 'Y' end`;
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['sample inserted', async () => fresh.samples.push(await newSample(db))],
    ['isolate inserted', async () => fresh.isolates.push(await newIsolate(db, pick([...samples, ...fresh.samples]), rand() < 0.7 ? 'Y' : 'N'))],
    ['assessment inserted', async () => fresh.assessments.push(await newAssessment(db, pick([...isolates, ...fresh.isolates])))],
    ['sample flipped', () => db.updateTable('sample_inward').set({ active: flip }).where('id', '=', pick([...samples, ...fresh.samples])).execute()],
    ['samples flipped together', () => db.updateTable('sample_inward').set({ active: flip }).where('id', 'in', [pick(samples), pick(samples), pick(samples)]).execute()],
    ['isolate flipped', () => db.updateTable('isolate').set({ active: flip }).where('id', '=', pick([...isolates, ...fresh.isolates])).execute()],
    ['isolate moved', () => db.updateTable('isolate').set({ sample_inward_id: pick([...samples, ...fresh.samples]) }).where('id', '=', pick([...isolates, ...fresh.isolates])).execute()],
    ['assessment moved', async () => fresh.assessments.length && db.updateTable('plant_assessment').set({ isolate_id: pick([...isolates, ...fresh.isolates]) }).where('id', '=', pick(fresh.assessments)).execute()],
    ['sample re-dated (moves between day buckets)', () => db.updateTable('sample_inward').set({ created_at: sql`created_at - interval '1 day' * ${Math.floor(rand() * 5) - 2}` })
      .where('id', '=', pick([...samples, ...fresh.samples])).execute()],
    ['sample re-timed within its day (moves between hour buckets)', () => db.updateTable('sample_inward').set({ created_at: sql`created_at + interval '1 hour' * ${Math.floor(rand() * 7) - 3}` })
      .where('id', '=', pick([...samples, ...fresh.samples])).execute()],
    ['an isolate edited (no list change)', () => db.updateTable('isolate').set({ soilph: 6.5 }).where('id', '=', pick(isolates)).execute()],
    ['assessment deleted', async () => {
      const id = fresh.assessments.pop();
      if (id) await db.deleteFrom('plant_assessment').where('id', '=', id).execute();
    }],
    ['isolate deleted', async () => {
      const id = fresh.isolates[0];
      if (!id) return;
      await db.deleteFrom('plant_assessment').where('isolate_id', '=', id).execute();
      fresh.assessments = (await db.selectFrom('plant_assessment').select('id').where('id', 'in', fresh.assessments.length ? fresh.assessments : [0]).execute()).map((r) => r.id);
      await db.deleteFrom('isolate').where('id', '=', id).execute();
      fresh.isolates = fresh.isolates.filter((i) => i !== id);
    }],
    ['sample deleted', async () => {
      const id = fresh.samples[0];
      if (!id || (await db.selectFrom('isolate').select('id').where('sample_inward_id', '=', id).executeTakeFirst())) return;
      await db.deleteFrom('sample_inward').where('id', '=', id).execute();
      fresh.samples = fresh.samples.filter((s) => s !== id);
    }],
  ];
  for (let i = 0; i < 300; i++) {
    const [name, run] = pick(steps);
    await run();
    await expectTotalsHold(`${i}: ${name}`);
  }

  // A transaction that fails after its changes: none of them counts.
  const before = await maintained(db);
  await expect(db.transaction().execute(async (trx) => {
    const s = await newSample(trx);
    await newIsolate(trx as unknown as Kysely<Database>, s, 'Y');
    await trx.updateTable('sample_inward').set({ active: flip }).where('id', 'in', samples.slice(0, 10)).execute();
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(await maintained(db)).toEqual(before);
  await expectTotalsHold('after a rollback');
});

test('saves on several connections at once: every one counted', async () => {
  const db = t.handle.db;
  const before = await maintained(db);
  await Promise.all(Array.from({ length: 8 }, () => db.transaction().execute(async (trx) => {
    const s = await newSample(trx);
    const i = await newIsolate(trx as unknown as Kysely<Database>, s, 'Y');
    await newAssessment(trx as unknown as Kysely<Database>, i);
  })));
  expect(await maintained(db)).toEqual({ samples: before.samples + 8, level1: before.level1 + 8, level2: before.level2 + 8, audit: before.audit });
  await expectTotalsHold('concurrent saves');
});

test('a plant assessment saved while its sample is being made inactive: the save waits, is refused, and the totals hold', async () => {
  const db = t.handle.db;
  const sampleId = await newSample(db);
  const isolateId = await newIsolate(db, sampleId, 'Y');
  const { isolatecode } = await db.selectFrom('isolate').select('isolatecode').where('id', '=', isolateId).executeTakeFirstOrThrow();
  let saved: Promise<{ statusCode: number }> | null = null;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sample_inward').set({ active: 'N' }).where('id', '=', sampleId).execute();
    // The save starts while the change is not committed; on PostgreSQL it waits for the sample's row.
    saved = t.post('/api/transaction/saveLevel2ActivityPlantassisscode', { isolatecode }, admin);
    await new Promise((r) => setTimeout(r, 300));
  });
  expect((await saved!).statusCode).toBe(404);
  expect(await db.selectFrom('plant_assessment').select('id').where('isolate_id', '=', isolateId).execute()).toEqual([]);
  await expectTotalsHold('a save that met a sample made inactive');
});

test('the recount functions count every kept list again, the audit trail, the approval queues and the bucket groups too', async () => {
  const db = t.handle.db;
  const kept = async () => (await sql<{ k: string; n: string }>`
    select list || ' ' || coalesce(b.bucket::text, '') as k, sum(b.n)::text as n
    from (select list, null::integer as bucket, n from list_total union all select list, bucket, n from list_bucket
          union all select 'group ' || list, grp, n from list_bucket_group) b
    group by list, b.bucket having sum(b.n) <> 0 order by 1`.execute(db)).rows;
  const before = await kept();
  expect(before.some((r) => r.k.startsWith('audit '))).toBe(true);
  expect(before.some((r) => r.k.startsWith('queue:'))).toBe(true);
  await sql`select list_total_recount(), list_bucket_recount()`.execute(db);
  expect(await kept()).toEqual(before);
  await expectTotalsHold('after the recount');
});
