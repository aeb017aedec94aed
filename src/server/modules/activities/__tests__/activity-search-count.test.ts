/**
 * The Level 1 and Level 2 searches count their matches only up to countUpTo (lib/paging.ts), as the microbe search
 * does. A lab of a thousand generated samples: 'SC' matches every isolate (its sample code), 'PA' every plant
 * assessment (its code), both well over the cap; the admin (top role) sees every one.
 */
import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { bulkLoad } from '../../../cli/seed-bulk';
import { forgetCachedAnswers } from '../../../lib/commit-cache';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SEARCH_TOTAL_CAP } from '../../../../shared/contract/search-endpoints';

let t: TestApp;
let admin: LoginResponse;
/** The exact numbers of matches, counted here in SQL. */
const matches = { 'Level 1': 0, 'Level 2': 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await bulkLoad(t.handle.db, { samples: 1000, tenant: TEST_TENANT, batch: 500, seed: 11 });
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.handle.db)).rows[0].n);
  matches['Level 1'] = await count(sql<{ n: number }>`
    select count(*)::int as n from isolate i join sample_inward s on s.id = i.sample_inward_id
    where i.active = 'Y' and s.active = 'Y' and (s.sampleno ilike '%SC%' or i.samplenov ilike '%SC%' or i.isolatecode ilike '%SC%')`);
  matches['Level 2'] = await count(sql<{ n: number }>`
    select count(*)::int as n from plant_assessment pa join isolate i on i.id = pa.isolate_id join sample_inward s on s.id = i.sample_inward_id
    where i.active = 'Y' and s.active = 'Y' and (s.sampleno ilike '%PA%' or i.samplenov ilike '%PA%' or i.isolatecode ilike '%PA%' or pa.pncode ilike '%PA%')`);
}, 120_000);
afterAll(() => t.close());

// Each test starts with no kept total and no kept page (what a lab sees after a change).
beforeEach(() => forgetCachedAnswers(t.handle.db));

const LEVELS = [
  { level: 'Level 1', call: 'getSearchForactitransaction', home: 'getactitransctionhome', text: 'SC' },
  { level: 'Level 2', call: 'getSearchForLevel2actitransaction', home: 'getLevel2ActivityHome', text: 'PA' },
] as const;

type Row = { srno: number; totalItems: number; totalIsLowerBound?: boolean };
/** What every row of a page says of the total. */
const totals = (rows: Row[]) => [...new Set(rows.map((r) => JSON.stringify([r.totalItems, r.totalIsLowerBound ?? 'absent'])))];

describe.each(LEVELS)('$level search', ({ level, call, home, text }) => {
  const search = async (body: Record<string, unknown>): Promise<Row[]> => {
    const res = await t.post(`/api/transaction/${call}`, { searchText: text, pageno: 1, ...body }, admin);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const capped = JSON.stringify([SEARCH_TOTAL_CAP + 1, true]);

  test('countUpTo 200: every row carries 201 as a lower bound; without countUpTo the exact number, and the capped count was not kept', async () => {
    const n = matches[level];
    expect(n).toBeGreaterThan(SEARCH_TOTAL_CAP + 10);
    const first = await search({ countUpTo: SEARCH_TOTAL_CAP });
    expect(first).toHaveLength(10);
    expect(totals(first)).toEqual([capped]);
    expect(totals(await search({}))).toEqual([JSON.stringify([n, 'absent'])]);
    // That exact total is now kept: a capped call answers it.
    expect(totals(await search({ pageno: 2, countUpTo: SEARCH_TOTAL_CAP }))).toEqual([JSON.stringify([n, false])]);
  });

  test('countUpTo above the number of matches: the exact number, not a lower bound', async () => {
    expect(totals(await search({ countUpTo: 10_000 }))).toEqual([JSON.stringify([matches[level], false])]);
  });

  test('the last page within the cap is capped; a page beyond it answers the exact total', async () => {
    const last = await search({ pageno: SEARCH_TOTAL_CAP / 10, countUpTo: SEARCH_TOTAL_CAP });
    expect([last[0].srno, totals(last)]).toEqual([SEARCH_TOTAL_CAP - 9, [capped]]);
    const beyond = await search({ pageno: SEARCH_TOTAL_CAP / 10 + 1, countUpTo: SEARCH_TOTAL_CAP });
    expect([beyond[0].srno, totals(beyond)]).toEqual([SEARCH_TOTAL_CAP + 1, [JSON.stringify([matches[level], false])]]);
  });

  test('a bad countUpTo answers 400 with a sentence, and changes nothing', async () => {
    for (const bad of [0, -1, 'abc', 1.5, 10_001]) {
      const res = await t.post(`/api/transaction/${call}`, { searchText: text, pageno: 1, countUpTo: bad }, admin);
      expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({ bad, status: 400, message: 'The count limit (countUpTo) must be a whole number from 1 to 10000.' });
    }
    expect(totals(await search({ countUpTo: SEARCH_TOTAL_CAP }))).toEqual([capped]);
    expect(totals(await search({}))).toEqual([JSON.stringify([matches[level], 'absent'])]);
  });

  test('the whole list (no text, or the plain list) keeps its exact total whatever countUpTo says', async () => {
    const whole = await search({ searchText: '', countUpTo: 5 });
    const plain = (await t.post(`/api/transaction/${home}`, { pageno: 1, countUpTo: 5 }, admin)).json() as Row[];
    expect(totals(whole)).toEqual(totals(plain));
    expect(totals(plain)).toEqual([JSON.stringify([plain[0].totalItems, 'absent'])]);
    expect(plain[0].totalItems).toBeGreaterThanOrEqual(matches[level]);
  });
});
