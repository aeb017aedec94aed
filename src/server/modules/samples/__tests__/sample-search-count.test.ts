/**
 * The Sample Inward search counts its matches only up to countUpTo (lib/paging.ts), as the microbe search does:
 * a common text no longer waits for an exact count before its first page shows. A lab of a thousand generated
 * samples, every one matching 'SC' (its sample code), shows both sides of the cap over HTTP.
 */
import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { bulkLoad } from '../../../cli/seed-bulk';
import { forgetCachedAnswers } from '../../../lib/commit-cache';
import { JOINED_SAMPLE_TEXT } from '../../../test-support/sample-text';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SEARCH_TOTAL_CAP } from '../../../../shared/contract/search-endpoints';

let t: TestApp;
let admin: LoginResponse;
/** The exact number of samples matching 'SC', counted here in SQL. */
let matches: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await bulkLoad(t.handle.db, { samples: 1000, tenant: TEST_TENANT, batch: 500, seed: 7 });
  const r = await t.handle.db.selectFrom('sample_inward').select(sql<number>`count(*)::int`.as('n')).where(JOINED_SAMPLE_TEXT, 'ilike', '%SC%').executeTakeFirstOrThrow();
  matches = Number(r.n);
}, 120_000);
afterAll(() => t.close());

// Each test starts with no kept total and no kept page (what a lab sees after a change).
beforeEach(() => forgetCachedAnswers(t.handle.db));

type Row = { srno: number; totalItems: number; totalIsLowerBound?: boolean };
const search = async (body: Record<string, unknown>): Promise<Row[]> => {
  const res = await t.post('/api/transaction/getSearchForsampleinward', { searchText: 'SC', pageno: 1, ...body }, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** What every row of a page says of the total. */
const totals = (rows: Row[]) => [...new Set(rows.map((r) => JSON.stringify([r.totalItems, r.totalIsLowerBound ?? 'absent'])))];

test('countUpTo 200: every row carries 201 as a lower bound; without countUpTo the exact number, and the capped count was not kept', async () => {
  expect(matches).toBeGreaterThan(SEARCH_TOTAL_CAP + 10);
  const capped = await search({ countUpTo: SEARCH_TOTAL_CAP });
  expect(capped).toHaveLength(10);
  expect(totals(capped)).toEqual([JSON.stringify([SEARCH_TOTAL_CAP + 1, true])]);
  // A legacy client (no countUpTo) gets the exact total, and no totalIsLowerBound at all.
  const exact = await search({});
  expect(totals(exact)).toEqual([JSON.stringify([matches, 'absent'])]);
  // That exact total is now kept: a capped call answers it (better, and free).
  expect(totals(await search({ pageno: 2, countUpTo: SEARCH_TOTAL_CAP }))).toEqual([JSON.stringify([matches, false])]);
});

test('countUpTo above the number of matches: the exact number, not a lower bound', async () => {
  expect(totals(await search({ countUpTo: 10_000 }))).toEqual([JSON.stringify([matches, false])]);
  // Digits are a number too, as searchData takes them.
  expect(totals(await search({ pageno: 2, countUpTo: String(matches) }))).toEqual([JSON.stringify([matches, false])]);
  expect(totals(await search({ pageno: 3, countUpTo: matches - 1 }))).toEqual([JSON.stringify([matches, true])]);
});

test('the last page within the cap is capped; a page beyond it answers the exact total', async () => {
  const last = await search({ pageno: SEARCH_TOTAL_CAP / 10, countUpTo: SEARCH_TOTAL_CAP });
  expect([last[0].srno, totals(last)]).toEqual([SEARCH_TOTAL_CAP - 9, [JSON.stringify([SEARCH_TOTAL_CAP + 1, true])]]);
  const beyond = await search({ pageno: SEARCH_TOTAL_CAP / 10 + 1, countUpTo: SEARCH_TOTAL_CAP });
  expect([beyond[0].srno, totals(beyond)]).toEqual([SEARCH_TOTAL_CAP + 1, [JSON.stringify([matches, false])]]);
});

test('a bad countUpTo answers 400 with a sentence, and changes nothing', async () => {
  for (const bad of [0, -1, 'abc', 1.5, 10_001, '']) {
    const res = await t.post('/api/transaction/getSearchForsampleinward', { searchText: 'SC', pageno: 1, countUpTo: bad }, admin);
    expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({ bad, status: 400, message: 'The count limit (countUpTo) must be a whole number from 1 to 10000.' });
  }
  const wrongType = await t.post('/api/transaction/getSearchForsampleinward', { searchText: 'SC', countUpTo: true }, admin);
  expect(wrongType.statusCode).toBe(400);
  // Nothing was counted or kept by the refused calls: the next capped call still counts up to the cap.
  expect(totals(await search({ countUpTo: SEARCH_TOTAL_CAP }))).toEqual([JSON.stringify([SEARCH_TOTAL_CAP + 1, true])]);
  expect(totals(await search({}))).toEqual([JSON.stringify([matches, 'absent'])]);
});

test('a search whose matches end on its page, and the whole list, are exact whatever countUpTo says', async () => {
  const one = await search({ searchText: 'SC000001', countUpTo: 1 });
  expect(totals(one)).toEqual([JSON.stringify([one.length, false])]);
  const all = await t.post('/api/transaction/getsamphome', { pageno: 1, countUpTo: 5 }, admin);
  const rows = all.json() as Row[];
  expect(totals(rows)).toEqual([JSON.stringify([Number(rows[0].totalItems), 'absent'])]);
  expect(rows[0].totalItems).toBeGreaterThanOrEqual(matches);
});

test('a rare text read from every match (past the walk) takes its total from that statement: no second count, exact and capped alike', async () => {
  const { listSamples } = await import('../sample-repository');
  // Every result the database returns, by its columns: a count (exact or capped) answers a column 'n'.
  const answered: string[] = [];
  const spy = t.handle.db.withPlugin({
    transformQuery: (a) => a.node,
    transformResult: async (a) => {
      answered.push(Object.keys(a.result.rows[0] ?? {}).join(','));
      return a.result;
    },
  });
  // Fifteen of the oldest samples collected by one person: none among the newest a search's first statement walks.
  const text = 'Rare Collector';
  await sql`update sample_inward set sampledby = ${text} where id in (select id from sample_inward order by created_at, id limit 15)`.execute(t.handle.db);
  const oracle = Number((await t.handle.db.selectFrom('sample_inward').select(sql<number>`count(*)::int`.as('n')).where(JOINED_SAMPLE_TEXT, 'ilike', `%${text}%`).executeTakeFirstOrThrow()).n);
  expect(oracle).toBe(15);
  for (const [countUpTo, expected] of [[null, { total: oracle }], [SEARCH_TOTAL_CAP, { total: oracle, lowerBound: false }], [12, { total: 13, lowerBound: true }]] as const) {
    answered.length = 0;
    // Totals are kept per database handle: the spy is one of its own.
    forgetCachedAnswers(spy);
    const { rows, ...total } = await listSamples(spy, { page: 1, search: text, countUpTo });
    expect({ countUpTo, rows: rows.length, ...total }).toEqual({ countUpTo, rows: 10, lowerBound: undefined, ...expected });
    expect(rows.every((r) => !('matched' in r))).toBe(true);
    // The walk, then every match with their number; nothing after them.
    expect(answered.filter((keys) => keys.split(',').includes('matched'))).toHaveLength(1);
    expect(answered.filter((keys) => keys === 'n')).toEqual([]);
  }
});
