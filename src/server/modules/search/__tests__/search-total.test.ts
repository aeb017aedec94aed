import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { seedDemoLab } from '../../../db/demo-lab';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SEARCH_TOTAL_CAP, type FilterRow, type SearchAnswer, type SearchParameterSet } from '../../../../shared/contract/search-endpoints';
import { countMatches, countMatchesUpTo, parseFilters, searchPage } from '../search-query';

/**
 * Issue 7: the search counts up to a cap and compares dropdowns through an uncorrelated list of names.
 * These tests hold the answers to what the earlier query (an exact count; a correlated EXISTS over the
 * master entries per row) gave, and show the capped total for what it is.
 */
let t: TestApp;
let admin: LoginResponse;
let sets: SearchParameterSet[];

const keyOf = (setLabel: string, name: string) => sets.find((s) => s.label === setLabel)!.parameters.find((x) => x.parameterName === name)!.key;

async function search(inputList: FilterRow[], extra: Record<string, unknown> = {}): Promise<SearchAnswer> {
  const res = await t.post('/api/transaction/searchData', { userID: admin.id, inputList, pageSize: 100, ...extra }, admin);
  if (res.statusCode !== 200) throw new Error(`searchData answered ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await seedDemoLab(t.handle.db, { tenant: 'soillims' });
  sets = (await t.post('/api/transaction/getSearchParameterSets', {}, admin)).json();
});
afterAll(() => t.close());

/** The dropdown predicate as it was before issue 7 (a correlated EXISTS per row), as the reference. */
async function earlierDropdownMatches(column: 'state' | { parameterId: number }, text: string, masterType: string): Promise<string[]> {
  const col = column === 'state' ? sql.ref('s.state_name') : sql.ref('v.text_value');
  const pred = sql<boolean>`(lower(${col}) = lower(${text}) or exists (
    select 1 from common_master cm join common_master_type t on t.id = cm.type_id
    where lower(t.type) = lower(${masterType}) and lower(${text}) in (lower(cm.shortname), lower(cm.value))
      and lower(${col}) in (lower(cm.shortname), lower(cm.value))))`;
  const where = column === 'state'
    ? pred
    : sql<boolean>`exists (select 1 from activity_value v where v.parameter_id = ${column.parameterId} and v.isolate_id = i.id and ${pred})`;
  const rows = await t.handle.db
    .selectFrom('isolate as i').innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .select('i.samplenov').where('i.active', '=', 'Y').where('s.active', '=', 'Y').where(where).execute();
  return rows.map((r) => r.samplenov).sort();
}

test('dropdowns of a master type match the same isolates as the earlier per-row lookup, by value or short name, any case', async () => {
  const shape = await t.handle.db.selectFrom('activity_parameter').select('id').where('shortname', '=', 'SHAPE').where('active', '=', 'Y').executeTakeFirstOrThrow();
  const shapeKey = keyOf('Colony Morphology', 'Colony Shape');
  let nonEmpty = 0;
  for (const text of ['Circular', 'circ', 'CIRC', 'Irregular', 'IRR', 'Filamentous', 'Circ%', 'nothing']) {
    const expected = await earlierDropdownMatches({ parameterId: shape.id }, text, 'Colony Morphology');
    const got = (await search([{ key: shapeKey, parameterName: 'Colony Shape', type: 'Dropdown', inputValue: text }])).results.map((r) => r.samplenov).sort();
    expect({ text, got }).toEqual({ text, got: expected });
    if (expected.length) nonEmpty += 1;
  }
  expect(nonEmpty).toBeGreaterThanOrEqual(3);
  for (const text of ['Maharashtra', 'mh', 'MH', 'Karnataka', 'KA', 'Maha']) {
    const expected = await earlierDropdownMatches('state', text, 'States of India');
    const got = (await search([{ parameterName: 'State Of India', type: 'Dropdown', inputValue: text }])).results.map((r) => r.samplenov).sort();
    expect({ text, got }).toEqual({ text, got: expected });
  }
  // Two dropdowns of different master types after a filter of another kind, in one search (their names are read
  // in one statement): the isolates all three match, each choice by its own type's names.
  const byRain = new Set((await sql<{ samplenov: string }>`select i.samplenov from isolate i join sample_inward s on s.id = i.sample_inward_id
    where s.minimumrainfall >= 0 and s.minimumrainfall <= 5000`.execute(t.handle.db)).rows.map((r) => r.samplenov));
  let bothMatched = 0;
  for (const [shapeText, stateText] of [['circ', 'MH'], ['Irregular', 'ka'], ['IRR', 'Maharashtra'], ['circ', 'KA']]) {
    const byShape = await earlierDropdownMatches({ parameterId: shape.id }, shapeText, 'Colony Morphology');
    const byState = new Set(await earlierDropdownMatches('state', stateText, 'States of India'));
    const got = (await search([
      { parameterName: 'Minimum Rainfall', type: 'number', inputValue: '0 = 5000' },
      { parameterName: 'State Of India', type: 'Dropdown', inputValue: stateText },
      { key: shapeKey, parameterName: 'Colony Shape', type: 'Dropdown', inputValue: shapeText },
    ])).results.map((r) => r.samplenov).sort();
    const expected = byShape.filter((n) => byState.has(n) && byRain.has(n));
    expect({ shapeText, stateText, got }).toEqual({ shapeText, stateText, got: expected });
    if (got.length) bothMatched += 1;
  }
  expect(bothMatched).toBeGreaterThanOrEqual(1);
});

test('under the cap the total is exact (the same as a full count) and not flagged', async () => {
  const db = t.handle.db;
  const nfixKey = keyOf('Functional Traits', 'Nitrogen Fixation');
  const models: FilterRow[][] = [
    [],
    [{ parameterName: 'State Of India', inputValue: 'MH' }],
    [{ parameterName: 'Source', type: 'text', inputValue: 'field' }],
    [{ key: nfixKey, parameterName: 'Nitrogen Fixation', inputValue: 'Positive' }],
    [{ parameterName: 'Minimum Rainfall', inputValue: '0 = 10000' }, { key: nfixKey, parameterName: 'Nitrogen Fixation', inputValue: 'Negative' }],
  ];
  for (const inputList of models) {
    const filters = await parseFilters(db, inputList);
    const exact = await countMatches(db, filters);
    expect(await countMatchesUpTo(db, filters)).toEqual({ total: exact, lowerBound: false });
    const answer = await search(inputList);
    expect(answer).toMatchObject({ totalItems: exact, totalIsLowerBound: false });
    expect(answer.results).toHaveLength(Math.min(exact, 100));
  }
  expect(SEARCH_TOTAL_CAP).toBe(200);
});

test('above the cap the total is cap + 1, flagged as a lower bound, and the pages past the cap still answer', async () => {
  const db = t.handle.db;
  const filters = await parseFilters(db, []);
  const exact = await countMatches(db, filters);
  expect(exact).toBeGreaterThanOrEqual(4);
  const cap = 1;
  expect(await countMatchesUpTo(db, filters, cap)).toEqual({ total: 2, lowerBound: true });
  expect(await countMatchesUpTo(db, filters, exact)).toEqual({ total: exact, lowerBound: false });
  expect(await countMatchesUpTo(db, filters, exact - 1)).toEqual({ total: exact, lowerBound: true });

  const full = await searchPage(db, filters, 1, 100);
  const first = await searchPage(db, filters, 1, 1, cap);
  expect(first).toMatchObject({ totalItems: 2, totalIsLowerBound: true });
  expect(first.results.map((r) => r.samplenov)).toEqual(full.results.slice(0, 1).map((r) => r.samplenov));
  // Pages 3 and 4 of one row start past the capped total: their rows are still there, numbered as before.
  for (const page of [3, 4]) {
    const p = await searchPage(db, filters, page, 1, cap);
    expect(p.results.map((r) => [r.srno, r.samplenov])).toEqual(full.results.slice(page - 1, page).map((r) => [r.srno, r.samplenov]));
  }
  // Past the real end: an empty page.
  expect((await searchPage(db, filters, exact + 1, 1, cap)).results).toEqual([]);
});

test('a bad countUpTo answers 400 in the words of the other searched lists (one rule, lib/body countUpToOf)', async () => {
  const inputList: FilterRow[] = [{ parameterName: 'State Of India', type: 'Dropdown', inputValue: 'MH' }];
  for (const bad of [0, -1, 'abc', 1.5, 10_001, '']) {
    const res = await t.post('/api/transaction/searchData', { inputList, pageno: 1, countUpTo: bad }, admin);
    expect({ bad, status: res.statusCode, message: res.json().message }).toEqual({ bad, status: 400, message: 'The count limit (countUpTo) must be a whole number from 1 to 10000.' });
  }
  // A wrong type is refused by the contract's body schema, before the route.
  expect((await t.post('/api/transaction/searchData', { inputList, countUpTo: true }, admin)).statusCode).toBe(400);
  // Its digits are a count limit as well, and no countUpTo is the exact total.
  const exact = (await search([])).totalItems;
  expect(exact).toBeGreaterThan(3);
  expect(await search([], { countUpTo: '2' })).toMatchObject({ totalItems: 3, totalIsLowerBound: true });
});
