/**
 * Deep pages of the unfiltered lists are read from the bucket that holds their first row (lib/paging.ts `seek`,
 * lib/list-totals.ts positionIn). Through the routes, at a size past that boundary (bulk data: 1,600 samples over
 * many days, about twice as many isolates, some 1,100 plant assessments; each Level list spans buckets of 256 ids
 * in two groups of buckets,
 * with samples and isolates made inactive in between): every deep page shows exactly the rows and serial numbers
 * offset paging gives, the last page included, and a page past the end is empty.
 */
import { CompiledQuery, sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../test-support/test-app';
import { bulkLoad } from '../cli/seed-bulk';
import { FAR_OFFSET } from '../lib/paging';
import { entityPage } from '../modules/activities/activity-repository';
import { WALK_MIN, WALK_PER_ROW, walkBound } from '../modules/samples/sample-repository';
import { JOINED_SAMPLE_TEXT } from '../test-support/sample-text';
import type { LoginResponse } from '../../shared/contract/session';

let t: TestApp;
let admin: LoginResponse;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  // Isolate ids from 15,000 and plant assessment ids from 15,800 on: each Level list crosses id 16,384, where the
  // second group of buckets (64 of 256 ids) begins.
  await sql`select setval(pg_get_serial_sequence('isolate', 'id'), 15000)`.execute(t.handle.db);
  await sql`select setval(pg_get_serial_sequence('plant_assessment', 'id'), 15800)`.execute(t.handle.db);
  await bulkLoad(t.handle.db, { samples: 1600, tenant: TEST_TENANT, batch: 800, seed: 11 });
  // A busy hour at the old end of the sample list: 300 samples registered within it, so its deep pages lie inside
  // one bucket (an hour) and are read from that bucket's nearer end (lib/paging.ts).
  await sql`update sample_inward set created_at = date_trunc('hour', (select min(created_at) from sample_inward)) + (id - 300) * interval '10 seconds'
    where id between 300 and 599`.execute(t.handle.db);
  // Holes in the Level lists: every 37th sample and every 23rd isolate made inactive.
  await sql`update sample_inward set active = 'N' where id % 37 = 0`.execute(t.handle.db);
  await sql`update isolate set active = 'N' where id % 23 = 0`.execute(t.handle.db);
}, 180_000);
afterAll(() => t.close());

type Row = { id: number; srno: number; totalItems: number };
const PAGE = 10;

async function listPage(endpoint: string, pageno: number): Promise<Row[]> {
  const res = await t.post(`/api/transaction/${endpoint}`, { pageno }, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
}

/** The ids offset paging gives, read straight from the database in the list's order. */
const idsByOffset = async (query: string, offset: number): Promise<number[]> =>
  (await sql<{ id: number }>`${sql.raw(query)} offset ${offset} limit ${PAGE}`.execute(t.handle.db)).rows.map((r) => Number(r.id));

/** Every page from just below the far boundary to one past the end: rows, serial numbers and totals. */
async function checkDeepPages(endpoint: string, query: string, total: number) {
  expect(total).toBeGreaterThan(FAR_OFFSET + 2 * PAGE);
  const last = Math.ceil(total / PAGE);
  for (let pageno = FAR_OFFSET / PAGE; pageno <= last; pageno++) {
    const rows = await listPage(endpoint, pageno);
    const offset = (pageno - 1) * PAGE;
    expect({ pageno, ids: rows.map((r) => r.id) }).toEqual({ pageno, ids: await idsByOffset(query, offset) });
    expect(rows.map((r) => r.srno)).toEqual(rows.map((_, i) => offset + i + 1));
    expect(new Set(rows.map((r) => r.totalItems))).toEqual(new Set([total]));
  }
  expect(await listPage(endpoint, last + 1)).toEqual([]);
}

test('Sample Inward list (getsamphome): deep pages and the last page are the rows offset paging shows', async () => {
  const total = Number((await sql<{ n: number }>`select count(*)::int as n from sample_inward`.execute(t.handle.db)).rows[0].n);
  await checkDeepPages('getsamphome', 'select id from sample_inward order by created_at desc, id desc', total);
});

test('each list spans several buckets, with holes, and several groups of buckets', async () => {
  // The audit trail's buckets (list 'audit') are paged in modules/audit/__tests__/audit-log-paging.test.ts, the
  // approval queues' in modules/activities/__tests__/approval-queue-paging.test.ts.
  const { rows } = await sql<{ list: string; buckets: number; groups: number }>`
    select list, count(distinct bucket)::int as buckets, count(distinct bucket >> 6)::int as groups from list_bucket
    where list in ('samples', 'level1', 'level2') group by list order by list`.execute(t.handle.db);
  expect(rows.map((r) => [r.list, r.buckets > 1])).toEqual([['level1', true], ['level2', true], ['samples', true]]);
  expect(rows.find((r) => r.list === 'samples')!.groups).toBeGreaterThan(3);
  // The sample list's buckets are hours of created_at (migration 20261130T100000), so a day with samples at several
  // hours spans several buckets, and a deep page starting on such a day skips only its hour's newer samples.
  const { rows: [split] } = await sql<{ days: number; buckets: number }>`
    select count(distinct floor(extract(epoch from created_at) / 86400))::int as days, count(distinct list_bucket_of_time(created_at))::int as buckets
    from sample_inward`.execute(t.handle.db);
  expect(split.buckets).toBeGreaterThan(split.days + 300);
  expect(rows.filter((r) => r.list !== 'samples').map((r) => [r.list, r.groups])).toEqual([['level1', 2], ['level2', 2]]);
});

test('Level 1 and Level 2 lists: deep pages and the last page are the rows offset paging shows', async () => {
  const level1 = "select i.id from isolate i join sample_inward s on s.id = i.sample_inward_id where i.active = 'Y' and s.active = 'Y' order by i.id desc";
  const total1 = Number((await sql<{ n: number }>`select count(*)::int as n from (${sql.raw(level1)}) x`.execute(t.handle.db)).rows[0].n);
  await checkDeepPages('getactitransctionhome', level1, total1);
  const level2 = "select pa.id from isolate i join sample_inward s on s.id = i.sample_inward_id join plant_assessment pa on pa.isolate_id = i.id where i.active = 'Y' and s.active = 'Y' order by pa.id desc";
  const total2 = Number((await sql<{ n: number }>`select count(*)::int as n from (${sql.raw(level2)}) x`.execute(t.handle.db)).rows[0].n);
  await checkDeepPages('getLevel2ActivityHome', level2, total2);
});

/** Every subplan of a plan (explain's verbose JSON): the columns its scan reads and how many times it ran. */
function subPlanLoops(node: Record<string, unknown>): string[] {
  const children = (node.Plans as Array<Record<string, unknown>> | undefined) ?? [];
  const scanOutput = (n: Record<string, unknown>): string => (n['Relation Name'] ? `${n['Relation Name']}(${(n.Output as string[]).join(',')})` : ((n.Plans as Array<Record<string, unknown>> | undefined) ?? []).map(scanOutput).join(''));
  const here = node['Parent Relationship'] === 'SubPlan' ? [`${scanOutput(node)} x${node['Actual Loops']}`] : [];
  return [...here, ...children.flatMap(subPlanLoops)];
}

test("a deep Level page reads its rows' sample codes and transaction states for its own rows only, not for the rows its offset skips", async () => {
  for (const level of ['Level 1', 'Level 2'] as const) {
    const page = entityPage(t.handle.db, { level, callerId: 1, seesAll: true, limit: 11, offset: 500 }, undefined, 11, 500, 'listed').compile();
    const { rows } = await t.handle.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, verbose, format json) ${page.sql}`, [...page.parameters]));
    const plan = rows[0]['QUERY PLAN'];
    const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>;
    const loops = subPlanLoops(top[0].Plan);
    // Whether a row's sample is active is looked up for every row walked (the join did the same); nothing else is.
    const walked = loops.filter((l) => /^sample_inward\(s\w*\.active\) x/.test(l));
    expect(walked).toHaveLength(1);
    expect(Number(walked[0].split(' x')[1])).toBeGreaterThanOrEqual(511);
    expect({ level, loops: loops.filter((l) => !walked.includes(l)).map((l) => l.replace(/\(.*\)/, '')).sort() })
      .toEqual({ level, loops: ['activity_transaction x11', 'sample_inward x11'] });
  }
});

/** Every page of a Sample Inward search, against the matches in the list's order read straight from the database. */
async function checkSearchPages(text: string, minMatches: number) {
  const { rows: matches } = await sql<{ id: number }>`select id from sample_inward where ${JOINED_SAMPLE_TEXT} ilike ${`%${text}%`} order by created_at desc, id desc`.execute(t.handle.db);
  expect({ text, enough: matches.length >= minMatches }).toEqual({ text, enough: true });
  const ids = matches.map((r) => Number(r.id));
  const last = Math.max(1, Math.ceil(ids.length / PAGE));
  for (let pageno = 1; pageno <= last + 1; pageno++) {
    const res = await t.post('/api/transaction/getSearchForsampleinward', { pageno, searchText: text }, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Row[];
    const offset = (pageno - 1) * PAGE;
    expect({ text, pageno, ids: rows.map((r) => r.id) }).toEqual({ text, pageno, ids: ids.slice(offset, offset + PAGE) });
    if (rows.length) expect({ text, pageno, total: rows[0].totalItems }).toEqual({ text, pageno, total: ids.length });
  }
}

test('Sample Inward search: a text whose matches are all among the oldest samples, a rare one, a common one and one in between, every page', async () => {
  const oldest = (await sql<{ sampleno: string }>`select sampleno from sample_inward order by created_at, id limit 1`.execute(t.handle.db)).rows[0].sampleno;
  // Past the first statement's walk (WALK_MIN samples): only the second statement finds them.
  await checkSearchPages(oldest, 1);
  const { rows: [common] } = await sql<{ state_name: string; n: number }>`select state_name, count(*)::int as n from sample_inward group by state_name order by n desc limit 1`.execute(t.handle.db);
  expect(common.n).toBeGreaterThan(WALK_MIN / 10);
  await checkSearchPages(common.state_name, 100);
  // Every 50th sample in the list's order: a few in the first walk, not a page, so the page comes from the second statement.
  await sql`update sample_inward set source = 'Quarry-Fifty' where id in (select id from (select id, row_number() over (order by created_at desc, id desc) as n from sample_inward) x where n % 50 = 7)`.execute(t.handle.db);
  await checkSearchPages('quarry-fifty', 30);
});

test("a search's walk is bounded by a few fixed sizes: at least WALK_PER_ROW rows for each row up to the page, at most twice that", () => {
  const bounds = new Set<number>();
  for (let pageno = 1; pageno <= 100; pageno++) {
    const offset = (pageno - 1) * PAGE;
    // pageAndTotal reads one row more than the page.
    const walk = walkBound(offset, PAGE + 1);
    const needed = WALK_PER_ROW * (offset + PAGE + 1);
    expect({ pageno, enough: walk >= needed, atMostTwice: walk <= 2 * needed }).toEqual({ pageno, enough: true, atMostTwice: true });
    bounds.add(walk);
  }
  // The first page walks exactly its own bound, as before; each bound is one statement text, and so one of the
  // prepared statements a connection keeps.
  expect([...bounds]).toEqual([330, 660, 1320, 2640, 5280, 10560, 21120, 42240]);
});
