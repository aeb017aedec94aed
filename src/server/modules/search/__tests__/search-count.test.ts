/**
 * Issue 7: the screens ask searchData to count only up to SEARCH_TOTAL_CAP (countUpTo) so that a page comes back
 * fast, and countSearchData for the exact number; a legacy client (no countUpTo) still gets the exact total. A lab
 * of a thousand generated samples (more isolates than the cap) shows both sides of the cap over HTTP, on whichever
 * engine the suite runs on.
 */
import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { bulkLoad } from '../../../cli/seed-bulk';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SEARCH_TOTAL_CAP, type FilterRow, type SearchAnswer } from '../../../../shared/contract/search-endpoints';
import { csvLine } from '../../../lib/csv';
import { countMatches, EXPORT_ID_WINDOW, firstMatchIds, matchBatches, nextWindow, parseFilters, searchPage, WALK_FIRST_WINDOW } from '../search-query';

let t: TestApp;
let admin: LoginResponse;
const key: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await bulkLoad(t.handle.db, { samples: 1000, tenant: TEST_TENANT, batch: 500, seed: 5 });
  const params = await t.handle.db.selectFrom('activity_parameter').select(['id', 'shortname']).where('shortname', 'in', ['DIAM', 'NFIX', 'PHOPT']).execute();
  for (const p of params) key[p.shortname] = `param:${p.id}`;
}, 120_000);
afterAll(() => t.close());

/** searchData as the screens call it (the total counted up to SEARCH_TOTAL_CAP), or with no countUpTo (null). */
const search = async (inputList: FilterRow[], countUpTo: number | null = SEARCH_TOTAL_CAP): Promise<SearchAnswer> => {
  const res = await t.post('/api/transaction/searchData', { inputList, pageno: 1, pageSize: 10, ...(countUpTo === null ? {} : { countUpTo }) }, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const count = (body: unknown) => t.post('/api/transaction/countSearchData', body, admin);
const exactly = async (inputList: FilterRow[]) => countMatches(t.handle.db, await parseFilters(t.handle.db, inputList));

test('above the cap: searchData answers cap + 1 as a lower bound, countSearchData the exact number', async () => {
  const isolates = await exactly([]);
  expect(isolates).toBeGreaterThan(SEARCH_TOTAL_CAP);
  expect(await search([])).toMatchObject({ totalItems: SEARCH_TOTAL_CAP + 1, totalIsLowerBound: true });
  const res = await count({ inputList: [] });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ totalItems: isolates });
  // No inputList at all is the same search as an empty one (searchData reads it so too).
  expect((await count({})).json()).toEqual({ totalItems: isolates });
  // A legacy client names no countUpTo: the exact total, as the legacy searchData answered.
  expect(await search([], null)).toMatchObject({ totalItems: isolates, totalIsLowerBound: false });
  // Another cap, up to the largest.
  expect(await search([], 1500)).toMatchObject({ totalItems: Math.min(isolates, 1501), totalIsLowerBound: isolates > 1500 });
  for (const bad of [0, -1, 10_001, 2.5, 'many']) {
    const res = await t.post('/api/transaction/searchData', { inputList: [], countUpTo: bad }, admin);
    expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({ bad, status: 400, message: 'The count limit (countUpTo) must be a whole number from 1 to 10000.' });
  }
});

test('each filter type and a combination: the exact count, and the capped total agreeing with it', async () => {
  const models: FilterRow[][] = [
    [{ key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '10 < 60' }],
    [{ key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '10 > 40' }],
    [{ key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '20 = 20' }],
    [{ key: key.NFIX, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' }],
    [{ parameterName: 'State Of India', type: 'Dropdown', inputValue: 'Maharashtra' }],
    // between 10 and 60 mm, fixing nitrogen, optimum pH between 0 and 30: a combination that matches
    [
      { key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '10 = 60' },
      { key: key.NFIX, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' },
      { key: key.PHOPT, parameterName: 'Optimum pH', type: 'number', inputValue: '0 = 30' },
    ],
  ];
  const seen = { above: 0, under: 0 };
  for (const inputList of models) {
    const exact = await exactly(inputList);
    // the combination matches something, so that its agreeing counts are not two zeros
    if (inputList.length > 1) expect({ inputList, exact: exact > 0 }).toEqual({ inputList, exact: true });
    expect({ inputList, count: (await count({ inputList })).json() }).toEqual({ inputList, count: { totalItems: exact } });
    const answer = await search(inputList);
    if (exact > SEARCH_TOTAL_CAP) {
      seen.above++;
      expect(answer).toMatchObject({ totalItems: SEARCH_TOTAL_CAP + 1, totalIsLowerBound: true });
    } else {
      seen.under++;
      expect(answer).toMatchObject({ totalItems: exact, totalIsLowerBound: false });
    }
  }
  // The generated lab gives both cases, so both branches above were checked.
  expect(seen.above).toBeGreaterThan(0);
  expect(seen.under).toBeGreaterThan(0);
});

test('a value full of SQL metacharacters is counted as data; bad filters answer 400 and count nothing', async () => {
  const evil = "x' or 1=1; drop table isolate; --";
  expect((await count({ inputList: [{ parameterName: 'Source', type: 'text', inputValue: evil }] })).json()).toEqual({ totalItems: 0 });
  expect(await exactly([])).toBeGreaterThan(SEARCH_TOTAL_CAP); // the table is still there

  const refusals: Array<[unknown, string]> = [
    [{ inputList: 'everything' }, "The field 'inputList' must be a list."],
    [{ inputList: [{ parameterName: 'No Such Parameter', inputValue: '1' }] }, "The search parameter 'No Such Parameter' is not known."],
    [{ inputList: [{ key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '' }] }, 'Please Check All fields Again!'],
  ];
  for (const [body, message] of refusals) {
    const res = await count(body);
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message });
  }
});

test('the export walks every match once, in id order, whatever its batch and id window (at most one batch a statement)', async () => {
  const db = t.handle.db;
  const nfix = { key: key.NFIX, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' };
  const diam = (inputValue: string) => ({ key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue });
  for (const inputList of [
    [] as FilterRow[],
    [nfix] as FilterRow[],
    // Two parameters, and one parameter twice (any of its values may match each), with a sample column: a window
    // intersects the parameters' values, the exact count (no window) tests one EXISTS per filter; both must agree.
    [diam('0 = 60'), nfix] as FilterRow[],
    [diam('10 = 40'), diam('30 > 35'), nfix, { parameterName: 'State Of India', type: 'Dropdown', inputValue: 'Maharashtra' }] as FilterRow[],
  ]) {
    const filters = await parseFilters(db, inputList);
    const walk = async (batch: number, window: number) => {
      const ids: number[] = [];
      for await (const { rows } of matchBatches(db, filters, batch, window)) {
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThanOrEqual(batch);
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    };
    const all = await walk(1_000_000, 1_000_000_000);
    expect(all.length).toBe(await countMatches(db, filters));
    expect(all.length).toBeGreaterThan(inputList.length > 2 ? 10 : 500);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    for (const [batch, window] of [[500, EXPORT_ID_WINDOW], [500, 97], [37, 1_000], [10, 5]]) {
      expect({ batch, window, same: (await walk(batch, window)).join() === all.join() }).toEqual({ batch, window, same: true });
    }
  }
});

test('the export holds what the pages show: the same rows, in order, with the same text in every cell', async () => {
  const inputList = [
    { key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '0 = 80' },
    { key: key.NFIX, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' },
    { parameterName: 'Minimum Rainfall', type: 'number', inputValue: '100 = 900' },
  ] as FilterRow[];
  // Texts a spreadsheet would misread (a formula, a comma, quotes, a line break) in a cell of some rows.
  const db = t.handle.db;
  const nasty = `=cmd|' /C calc'!A0, "quoted"\nnext line`;
  const changed = await sql<{ id: number; species: string }>`
    update microbe_identification mi set species = ${nasty} from (select id, species from microbe_identification order by id limit 60) old
    where mi.id = old.id returning old.id, old.species`.execute(db);
  expect(changed.rows.length).toBeGreaterThan(0);
  let exported: string[];
  const shown: string[] = [];
  try {
    const res = await t.post('/api/transaction/exportSearchData', { inputList }, admin);
    expect(res.statusCode).toBe(200);
    exported = res.body.replace(/^\uFEFF/, '').split('\r\n').slice(1, -1);
    expect(exported.filter((l) => l.endsWith(`"'${nasty.replace(/"/g, '""')}"`)).length).toBeGreaterThan(0);
    for (let pageno = 1; ; pageno++) {
      const page = await t.post('/api/transaction/searchData', { inputList, pageno, pageSize: 100 }, admin);
      const answer: SearchAnswer = page.json();
      for (const r of answer.results) shown.push(csvLine([r.srno, r.samplenov, r.isolatecode, r.pncode, ...r.parameterList.map((p) => p.input ?? 'N/A')]).slice(0, -2));
      if (answer.results.length < 100) break;
    }
  } finally {
    for (const r of changed.rows) await db.updateTable('microbe_identification').set({ species: r.species }).where('id', '=', r.id).execute();
  }
  expect(shown.length).toBeGreaterThan(300);
  expect(exported).toEqual(shown);
  // The cells hold parameter values, numbers of the sample and identification texts, not only N/A.
  expect(exported.some((l) => /,\d+(\.\d+)?,/.test(l) && !l.endsWith('N/A,N/A,N/A'))).toBe(true);
});

test('the next window: twice the last while nothing matched, else about what the matches so far say holds the rest', () => {
  expect(nextWindow(2_000, 2_000, 0, 11)).toBe(4_000);
  expect(nextWindow(2_000, 2_000, 9, 11)).toBe(667); // 2,000 ids held 9: 2 more in about 445 ids, half as many again
  expect(nextWindow(2_000, 2_000, 9, 201)).toBe(4_000); // a count to the cap still doubles
  expect(nextWindow(3, 5, 10, 11)).toBe(1);
  for (const [size, seen, found, enough] of [[1, 1, 1, 2], [7, 7, 3, 201], [100, 300, 50, 51], [2_000, 6_000, 10, 11]]) {
    const next = nextWindow(size, seen, found, enough);
    expect({ next, ok: next >= 1 && next <= 2 * size && Number.isInteger(next) }).toEqual({ next, ok: true });
  }
});

/**
 * The total a capped page of 10 answers, by the walk's rule on a model: windows of ids (first, then as nextWindow
 * sizes them) until cap + 1 matches, or the end of the window that holds the page and one more row, or the last isolate.
 * Pages past the cap are counted up to the cap alone.
 */
function expectedTotal(ids: number[], maxId: number, first: number, pageno: number) {
  const need = SEARCH_TOTAL_CAP + 1;
  const enough = pageno * 10 <= need ? Math.min(pageno * 10 + 1, need) : need;
  for (let upTo = first, size = first; ; ) {
    const found = Math.min(ids.filter((id) => id <= upTo).length, need);
    if (found >= need) return { totalItems: need, totalIsLowerBound: true };
    if (upTo >= maxId) return { totalItems: found, totalIsLowerBound: false };
    if (found >= enough) return { totalItems: found, totalIsLowerBound: true };
    size = nextWindow(size, upTo, found, enough);
    upTo += size;
  }
}

test('the page walk finds the first matches in id order whatever its first window, and searchData pages through them', async () => {
  const db = t.handle.db;
  const nfix = { key: key.NFIX, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' };
  const diam = { key: key.DIAM, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '10 = 25' };
  const phopt = { key: key.PHOPT, parameterName: 'Optimum pH', type: 'number', inputValue: '6 = 7' };
  for (const inputList of [[], [nfix], [diam, nfix, phopt]] as FilterRow[][]) {
    const filters = await parseFilters(db, inputList);
    const all: Array<{ id: number; samplenov: string }> = [];
    for await (const { rows } of matchBatches(db, filters, 1_000_000, 1_000_000_000)) all.push(...rows);
    expect(all.length).toBe(await countMatches(db, filters));
    expect(all.length).toBeGreaterThan(0);
    const ids = all.map((r) => r.id);
    const maxId = Number((await db.selectFrom('isolate').select((e) => e.fn.max('id').as('m')).executeTakeFirstOrThrow()).m);
    for (const need of [1, 10, SEARCH_TOTAL_CAP + 1, all.length, all.length + 5]) {
      for (const first of [WALK_FIRST_WINDOW, 1, 7, 100]) {
        const walked = await firstMatchIds(db, filters, need, first);
        expect({ need, first, same: walked.ids.join() === ids.slice(0, need).join() }).toEqual({ need, first, same: true });
        expect(walked.exhausted).toBe(walked.ids.length < need);
        // Stopping once `enough` are found: a prefix of the matches, at least `enough` of them (or all there
        // are) and at most `need`; exhausted only with every match found, and when the first window alone holds
        // `enough`, exactly that window's matches (up to `need`): the walk read no further.
        for (const enough of [1, 11, need]) {
          if (enough > need) continue;
          const early = await firstMatchIds(db, filters, need, first, enough);
          const got = early.ids.length;
          const inFirst = ids.filter((id) => id <= first).length;
          const ok = early.ids.join() === ids.slice(0, got).join() && got >= Math.min(enough, all.length) && got <= need
            && (!early.exhausted || (got === all.length && got < need)) && (early.exhausted || got >= enough)
            && (inFirst < enough || got === Math.min(need, inFirst));
          expect({ need, first, enough, got, inFirst, ok }).toEqual({ need, first, enough, got, inFirst, ok: true });
        }
      }
    }
    // Every page the capped walk serves (pages 1 to 20 of 10), then one past it (read by offset), as one list.
    const listed: string[] = [];
    for (let pageno = 1; pageno <= 21; pageno++) {
      const res = await t.post('/api/transaction/searchData', { inputList, pageno, pageSize: 10, countUpTo: SEARCH_TOTAL_CAP }, admin);
      expect(res.statusCode).toBe(200);
      const page: SearchAnswer = res.json();
      expect(page).toMatchObject(expectedTotal(ids, maxId, WALK_FIRST_WINDOW, pageno));
      listed.push(...page.results.map((r) => r.samplenov));
    }
    expect(listed).toEqual(all.slice(0, 210).map((r) => r.samplenov));
    // With smaller first windows the page stops early: the same rows, a lower bound the model predicts.
    for (const first of [1, 7, 100, 333]) {
      for (const pageno of [1, 2, 5, 20, 21]) {
        const page = await searchPage(db, filters, pageno, 10, SEARCH_TOTAL_CAP, first);
        expect({ first, pageno, rows: page.results.map((r) => r.samplenov), totalItems: page.totalItems, totalIsLowerBound: page.totalIsLowerBound })
          .toEqual({ first, pageno, rows: all.slice((pageno - 1) * 10, pageno * 10).map((r) => r.samplenov), ...expectedTotal(ids, maxId, first, pageno) });
      }
    }
  }
});
