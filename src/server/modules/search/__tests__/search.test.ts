import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { seedDemoLab } from '../../../db/demo-lab';
import { DEMO_USERS } from '../../../db/demo-lab-data';
import type { LoginResponse } from '../../../../shared/contract/session';
import type { FilterRow, SearchAnswer, SearchParameterSet } from '../../../../shared/contract/search-endpoints';
import { numberMatches } from '../../../../shared/search/search-filters';

let t: TestApp;
let admin: LoginResponse;
let sets: SearchParameterSet[];

const keyOf = (setLabel: string, name: string) => {
  const p = sets.find((s) => s.label === setLabel)!.parameters.find((x) => x.parameterName === name);
  if (!p) throw new Error(`no parameter ${name} in ${setLabel}`);
  return p.key;
};

async function search(inputList: FilterRow[], extra: Record<string, unknown> = {}, who = admin): Promise<SearchAnswer> {
  const res = await t.post('/api/transaction/searchData', { userID: who.id, inputList, pageSize: 100, ...extra }, who);
  if (res.statusCode !== 200) throw new Error(`searchData answered ${res.statusCode} ${res.body}`);
  return res.json();
}
const found = async (inputList: FilterRow[]) => (await search(inputList)).results.map((r) => r.samplenov).sort();

/** Every isolate of an active sample with the sample's columns, to compute expected answers independently. */
async function isolates() {
  return t.handle.db
    .selectFrom('isolate as i').innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .select(['i.id', 'i.samplenov', 's.minimumrainfall', 's.source', 's.state_name'])
    .where('i.active', '=', 'Y').where('s.active', '=', 'Y').execute();
}

async function paramId(shortname: string): Promise<number> {
  const p = await t.handle.db.selectFrom('activity_parameter').select('id').where('shortname', '=', shortname).where('active', '=', 'Y').executeTakeFirstOrThrow();
  return p.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await seedDemoLab(t.handle.db, { tenant: 'soillims' });
  sets = (await t.post('/api/transaction/getSearchParameterSets', {}, admin)).json();
});
afterAll(() => t.close());

test('the parameter sets: sample inward and identification fields by the spec names, then each activity typed', () => {
  expect(sets[0].label).toBe('SAMPLE INWARD');
  expect(sets[0].parameters.map((p) => p.parameterName)).toEqual([
    'State Of India', 'District', 'GPS Location', 'Source', 'Agroclimatic zone', 'Soil type', 'Soil color', 'Minimum Rainfall', 'Maximum Rainfall', 'Temperature',
  ]);
  expect(sets[1].label).toBe('MICROBE IDENTIFICATION');
  expect(sets[1].parameters.map((p) => p.parameterName)).toEqual(['Microbe', 'Genus', 'Species', 'Percentage Identific', 'Query coverage', 'Gram character', 'Biosafety level']);
  const morph = sets.find((s) => s.label === 'Colony Morphology')!;
  expect(morph.level).toBe('Level 1');
  expect(morph.parameters.map((p) => [p.parameterName, p.type, p.commonmastertype])).toEqual([
    ['Colony Shape', 'Dropdown', 'Colony Morphology'], ['Colony Diameter (mm)', 'number', null], ['Observation Date', 'Date', null],
  ]);
  expect(sets.find((s) => s.label === 'Functional Traits')!.parameters[0].options).toEqual(['Positive', 'Negative']);
  expect(sets.find((s) => s.label === 'Plant Growth Promotion')!.level).toBe('Level 2');
  expect(sets[0].parameters.find((p) => p.parameterName === 'State Of India')).toMatchObject({ type: 'Dropdown', commonmastertype: 'States of India' });
});

describe('number filters: two numbers and a comparator', () => {
  const pairs: Array<[number, number]> = [[550, 600], [600, 550], [500, 700], [600, 600], [0, 1]];
  test.each(['=', '<', '>'])('comparator %s on a sample column agrees with the rule, whichever form the row takes', async (cmp) => {
    const all = await isolates();
    for (const [a, b] of pairs) {
      const expected = all.filter((r) => numberMatches(Number(r.minimumrainfall), { num1: a, comparator: cmp as '=', num2: b })).map((r) => r.samplenov).sort();
      const parts = await found([{ parameterName: 'Minimum Rainfall', type: 'number', inputValuenum1: a, condition: cmp, inputValuenum2: String(b) }]);
      const text = await found([{ parameterName: 'Minimum Rainfall', type: 'number', inputValue: `${a} ${cmp} ${b}`, condition: `${a} ${cmp} ${b}` }]);
      expect(parts).toEqual(expected);
      expect(text).toEqual(expected);
    }
    // The rule is not vacuous: '=' 550..600 finds the two samples with 550 and 600.
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValue: '550 = 600' }])).toHaveLength(2);
  });

  test("'>' and '<' compare with the number(s): '600 > 600' is Minimum Rainfall > 600, never 'everything but 600'", async () => {
    const all = await isolates();
    const rain = (pick: (v: number) => boolean) => all.filter((r) => pick(Number(r.minimumrainfall))).map((r) => r.samplenov).sort();
    const above = rain((v) => v > 600);
    const below = rain((v) => v < 600);
    const at = rain((v) => v === 600);
    // the demo lab has samples on every side of 600, so each expectation below tells the readings apart
    expect([above.length, below.length, at.length].every((n) => n > 0)).toBe(true);
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValue: '600 > 600' }])).toEqual(above);
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValue: '600 < 600' }])).toEqual(below);
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValue: '600 = 600' }])).toEqual(at);
    // with two numbers, '>' is above both and '<' below both, in either order
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValue: '500 > 600' }])).toEqual(above);
    expect(await found([{ parameterName: 'Minimum Rainfall', inputValuenum1: 600, condition: '<', inputValuenum2: 700 }])).toEqual(below);
  });

  test('on an activity value (one EXISTS over the typed values)', async () => {
    const diam = await paramId('DIAM');
    const rows = await t.handle.db.selectFrom('activity_value as v').innerJoin('isolate as i', 'i.id', 'v.isolate_id')
      .select(['v.id', 'i.samplenov']).where('v.parameter_id', '=', diam).orderBy('v.id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    await t.handle.db.updateTable('activity_value').set({ num_value: 5, text_value: '5' }).where('id', '=', rows[0].id).execute();
    await t.handle.db.updateTable('activity_value').set({ num_value: 2, text_value: '2' }).where('id', '=', rows[1].id).execute();
    const key = keyOf('Colony Morphology', 'Colony Diameter (mm)');
    expect(await found([{ key, parameterName: 'Colony Diameter (mm)', inputValue: '4 = 6' }])).toEqual([rows[0].samplenov]);
    // The others hold 3.25: below 3 is only the 2, above 4 only the 5; between 3 and 4 are the others.
    expect(await found([{ key, parameterName: 'Colony Diameter (mm)', inputValue: '3 < 3' }])).toEqual([rows[1].samplenov]);
    expect(await found([{ key, parameterName: 'Colony Diameter (mm)', inputValue: '3 > 4' }])).toEqual([rows[0].samplenov]);
    expect(await found([{ key, parameterName: 'Colony Diameter (mm)', inputValue: '3 = 4' }])).toHaveLength(rows.length - 2);
  });
});

test('text contains (case-insensitive) and dropdown equals, by value or by the entry short name', async () => {
  const all = await isolates();
  const withField = all.filter((r) => r.source.toLowerCase().includes('field')).map((r) => r.samplenov).sort();
  expect(withField.length).toBeGreaterThan(1);
  expect(await found([{ parameterName: 'Source', type: 'text', inputValue: 'FIELD' }])).toEqual(withField);

  const maha = all.filter((r) => r.state_name === 'Maharashtra').map((r) => r.samplenov).sort();
  expect(maha).toHaveLength(2);
  expect(await found([{ parameterName: 'State Of India', type: 'Dropdown', inputValue: 'maharashtra' }])).toEqual(maha);
  expect(await found([{ parameterName: 'State Of India', type: 'Dropdown', inputValue: 'MH' }])).toEqual(maha);
  // Equals, not contains.
  expect(await found([{ parameterName: 'State Of India', inputValue: 'Maha' }])).toEqual([]);
});

test('a Boolean dropdown and a date range on activity values', async () => {
  const nfix = await paramId('NFIX');
  const positives = await t.handle.db.selectFrom('activity_value as v').innerJoin('isolate as i', 'i.id', 'v.isolate_id')
    .select('i.samplenov').where('v.parameter_id', '=', nfix).where('v.num_value', '=', 1).execute();
  expect(positives.length).toBeGreaterThan(0);
  expect(await found([{ key: keyOf('Functional Traits', 'Nitrogen Fixation'), parameterName: 'Nitrogen Fixation', inputValue: 'Positive' }]))
    .toEqual(positives.map((p) => p.samplenov).sort());

  const obs = await paramId('OBSDT');
  const first = await t.handle.db.selectFrom('activity_value as v').innerJoin('isolate as i', 'i.id', 'v.isolate_id')
    .select(['v.id', 'i.samplenov']).where('v.parameter_id', '=', obs).orderBy('v.id').executeTakeFirstOrThrow();
  await t.handle.db.updateTable('activity_value').set({ date_value: '2026-01-10', text_value: '2026-01-10' }).where('id', '=', first.id).execute();
  const key = keyOf('Colony Morphology', 'Observation Date');
  expect(await found([{ key, parameterName: 'Observation Date', type: 'Date', inputValuenum1: '2026-01-01', inputValuenum2: '2026-01-31' }])).toEqual([first.samplenov]);
  expect(await found([{ key, parameterName: 'Observation Date', inputValue: '2026-01-10' }])).toEqual([first.samplenov]);
  expect(await found([{ key, parameterName: 'Observation Date', inputValue: 'to 2025-12-31' }])).toEqual([]);
});

test('filters combine (AND): a dropdown, a number and an activity value', async () => {
  const maha = await found([{ parameterName: 'State Of India', inputValue: 'Maharashtra' }]);
  const both = await found([
    { parameterName: 'State Of India', inputValue: 'Maharashtra' },
    { parameterName: 'Minimum Rainfall', inputValue: '550 = 650' },
  ]);
  expect(both).toHaveLength(1);
  expect(maha).toContain(both[0]);
  const nfixKey = keyOf('Functional Traits', 'Nitrogen Fixation');
  const pos = await found([{ key: nfixKey, parameterName: 'Nitrogen Fixation', inputValue: 'Positive' }]);
  const three = await found([
    { parameterName: 'State Of India', inputValue: 'Maharashtra' },
    { parameterName: 'Minimum Rainfall', inputValue: '550 = 650' },
    { key: nfixKey, parameterName: 'Nitrogen Fixation', inputValue: 'Positive' },
  ]);
  expect(three).toEqual(pos.includes(both[0]) ? both : []);
});

test('filter values full of SQL metacharacters are matched as data', async () => {
  const odd = "x'; drop table isolate; -- 100%_a\\b";
  const target = (await isolates())[0];
  await t.handle.db.updateTable('sample_inward').set({ source: odd })
    .where('id', '=', sql<number>`(select sample_inward_id from isolate where id = ${target.id})`).execute();
  for (const probe of ["'; drop table isolate; --", '%', '_', '\\', 'a\\b', '100%_']) {
    expect(await found([{ parameterName: 'Source', inputValue: probe }])).toEqual([target.samplenov]);
  }
  expect(await found([{ parameterName: 'Source', inputValue: '%%%%' }])).toEqual([]);
  expect(await found([{ parameterName: 'State Of India', inputValue: "' or '1'='1" }])).toEqual([]);
  expect(await found([{ parameterName: 'GPS Location', inputValue: "'); select pg_sleep(1); --" }])).toEqual([]);
  // The table is still there.
  expect((await isolates()).length).toBeGreaterThan(0);
  // searchDataUsingNativeQuery is the same safe builder.
  const res = await t.post('/api/transaction/searchDataUsingNativeQuery', { inputList: [{ parameterName: 'Source', inputValue: '%' }] }, admin);
  expect(res.json().results.map((r: { samplenov: string }) => r.samplenov)).toEqual([target.samplenov]);
});

test('bad filters answer 400 with a plain sentence and run nothing', async () => {
  const bad = async (inputList: unknown) => t.post('/api/transaction/searchData', { inputList }, admin);
  expect((await bad([{ parameterName: 'Minimum Rainfall', type: 'number', inputValuenum1: 5, condition: '>' }])).json().message).toBe('Please Check All fields Again!');
  expect((await bad([{ parameterName: 'Minimum Rainfall', inputValue: 'select 1' }])).json().message).toBe('Please Check All fields Again!');
  expect((await bad([{ parameterName: 'Source', inputValue: '' }])).statusCode).toBe(400);
  const unknown = await bad([{ parameterName: 'id; drop table x', inputValue: '1' }]);
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().message).toMatch(/is not known/);
  expect((await bad('nope')).statusCode).toBe(400);
  expect((await bad([1, 2])).statusCode).toBe(400);
  expect((await t.post('/api/transaction/searchData', { inputList: [], pageno: 'x' }, admin)).statusCode).toBe(400);
});

test('results: a page plus the total, the filtered values and the identification, null (N/A) when missing', async () => {
  const all = await search([]);
  expect(all.totalItems).toBe((await isolates()).length);
  const page2 = await search([], { pageno: 2, pageSize: 2 });
  expect(page2.totalItems).toBe(all.totalItems);
  expect(page2.results.map((r) => r.srno)).toEqual([3, 4]);
  expect(page2.results.map((r) => r.samplenov)).toEqual(all.results.slice(2, 4).map((r) => r.samplenov));

  const ans = await search([{ parameterName: 'Minimum Rainfall', inputValue: '0 = 10000' }]);
  expect(ans.parameterList).toEqual(['Minimum Rainfall', 'Microbe', 'Genus', 'Species']);
  const r = ans.results[0];
  expect(r).toMatchObject({ srno: 1, activityList: [], lvl2activityList: [] });
  expect(r.parameterList[0]).toMatchObject({ parameterName: 'Minimum Rainfall', updatedinputnum: expect.any(Number) });
  const unidentified = ans.results.filter((x) => x.parameterList[2].input === null);
  const identified = ans.results.filter((x) => x.parameterList[2].input !== null);
  expect(unidentified.length).toBeGreaterThan(0);
  expect(identified.length).toBeGreaterThan(0);
});

test('the detailed record of a Sample No.-V, and 404 for an unknown one', async () => {
  const iso = await t.handle.db.selectFrom('isolate as i').innerJoin('microbe_identification as m', 'm.isolate_id', 'i.id')
    .innerJoin('plant_assessment as pa', 'pa.isolate_id', 'i.id').select(['i.id', 'i.samplenov', 'm.genus', 'pa.pncode']).orderBy('i.id').executeTakeFirstOrThrow();
  const res = await t.post('/api/transaction/postSearchmicBySamplenov', { samplenov: iso.samplenov }, admin);
  expect(res.statusCode).toBe(200);
  const rec = res.json();
  expect(rec.sampleInward).toMatchObject({ samplenov: iso.samplenov, statesofIndia: expect.any(String), minimumrainfall: expect.any(Number) });
  expect(rec.microbeIdentification.genus).toBe(iso.genus);
  const l1 = await t.handle.db.selectFrom('activity_transaction').select(['id', 'status']).where('isolate_id', '=', iso.id).where('level', '=', 'Level 1').execute();
  expect(rec.activityList).toHaveLength(l1.length);
  expect(rec.activityList[0].parameters.length).toBeGreaterThan(0);
  expect(rec.activityList.map((a: { status: string }) => a.status).sort()).toEqual(l1.map((a) => a.status ?? 'Y').sort());
  expect(rec.lvl2activityList[0]).toMatchObject({ pncode: iso.pncode, activitylevel: 'Level 2', activityname: 'Plant Growth Promotion' });

  expect((await t.post('/api/transaction/postSearchmicBySamplenov', { samplenov: 'NOPE-1' }, admin)).statusCode).toBe(404);
  expect((await t.post('/api/transaction/postSearchmicBySamplenov', {}, admin)).statusCode).toBe(400);

  const pdf = await t.post('/api/transaction/getSearchRecordPdf', { samplenov: iso.samplenov }, admin);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const text = pdf.rawPayload.toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(text).toContain(`(Detailed Records for: ${iso.samplenov})`);
  expect(text).toContain(`(Level 2 Activity Records for: ${iso.samplenov})`);
  // The cross-reference table points at real objects.
  const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const firstObj = Number(/0000000000 65535 f \n(\d{10})/.exec(text)![1]);
  expect(text.slice(firstObj, firstObj + 7)).toBe('1 0 obj');
  expect((await t.post('/api/transaction/getSearchRecordPdf', { samplenov: 'NOPE-1' }, admin)).statusCode).toBe(404);
});

test('the detailed record and its PDF show a master data value by its entry\'s value; the code stays in input', async () => {
  const db = t.handle.db;
  const shape = await db.selectFrom('activity_value as v').innerJoin('activity_parameter as p', 'p.id', 'v.parameter_id')
    .innerJoin('activity_transaction as x', 'x.id', 'v.transaction_id').innerJoin('isolate as i', 'i.id', 'x.isolate_id')
    .select(['i.samplenov']).where('p.shortname', '=', 'SHAPE').where('v.text_value', '=', 'CIRC').orderBy('i.id').executeTakeFirstOrThrow();
  const rec = (await t.post('/api/transaction/postSearchmicBySamplenov', { samplenov: shape.samplenov }, admin)).json();
  const params = rec.activityList.flatMap((a: { parameters: unknown[] }) => a.parameters);
  expect(params).toContainEqual(expect.objectContaining({ parameterName: 'Colony Shape', input: 'CIRC', label: 'Circular' }));
  // Values that are not master data carry no label.
  expect(params.filter((p: { label?: string }) => p.label !== undefined)).toHaveLength(1);
  const pdf = (await t.post('/api/transaction/getSearchRecordPdf', { samplenov: shape.samplenov }, admin)).rawPayload.toString('latin1');
  expect(pdf).toContain('(Circular)');
  expect(pdf).not.toContain('(CIRC)');
});

test('CSV export: every match (more than one batch), data.csv, formula cells guarded, audited', async () => {
  const db = t.handle.db;
  const sample = await db.insertInto('sample_inward').columns([
    'sampleinno', 'sampleno', 'otp', 'sampling_date', 'inward_date', 'sampledby', 'resource_name', 'state_name', 'district_name', 'gpslocation',
    'source', 'agroclimaticzone', 'minimumrainfall', 'maximumrainfall', 'temperature', 'soiltype', 'soilcolor', 'created_by',
  ]).expression(
    db.selectFrom('sample_inward').select([
      sql.lit('BULK-IN').as('a'), sql.lit('BULK').as('b'), sql.lit('999999').as('c'), 'sampling_date', 'inward_date', 'sampledby', 'resource_name', 'state_name',
      'district_name', 'gpslocation', sql.lit('=cmd|calc bulk').as('d'), 'agroclimaticzone', 'minimumrainfall', 'maximumrainfall', 'temperature', 'soiltype', 'soilcolor', 'created_by',
    ]).orderBy('id').limit(1),
  ).returning('id').executeTakeFirstOrThrow();
  await sql`insert into isolate (sample_inward_id, samplenov, isolatecode, sampletype, soilph, soilec, soiltds, created_by)
    select ${sample.id}, 'BULK-' || g, 'BISO' || g, 'Bulk soil', 7, 0.3, 200, 1 from generate_series(1, 1234) g`.execute(db);

  const inputList = [{ parameterName: 'Source', inputValue: 'cmd|calc' }];
  const total = (await search(inputList)).totalItems; // exact: no countUpTo
  expect(total).toBe(1234);
  expect((await t.post('/api/transaction/countSearchData', { inputList }, admin)).json()).toEqual({ totalItems: 1234 });
  const res = await t.post('/api/transaction/exportSearchData', { inputList }, admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toBe('attachment; filename="data.csv"');
  const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Sr. No.,Sample No.-V,Isolate Code,Plant Assessment Code,Source,Microbe,Genus,Species');
  expect(lines.length - 1).toBe(total);
  expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(total);
  expect(lines[1]).toBe("1,BULK-1,BISO1,,'=cmd|calc bulk,N/A,N/A,N/A");
  expect(lines.at(-1)!.startsWith('1234,')).toBe(true);

  const audit = await db.selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'search.export').execute();
  expect(audit).toHaveLength(1);
  expect(JSON.stringify(audit[0].after)).toContain('"rows":1234');

  const none = await t.post('/api/transaction/exportSearchData', { inputList: [{ parameterName: 'Source', inputValue: 'no such source' }] }, admin);
  expect(none.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1);
});

test('saved searches belong to their user: save, list, load, replace by name, delete; another user gets 404', async () => {
  const staff = await signInFully(t, DEMO_USERS.users[1].username, DEMO_USERS.password);
  const inputList: FilterRow[] = [
    { parameterName: 'State Of India', type: 'Dropdown', inputValue: 'Maharashtra' },
    { parameterName: 'Minimum Rainfall', type: 'number', inputValuenum1: 550, condition: '=', inputValuenum2: 650, inputValue: '550 = 650' },
  ];
  const saved = await t.post('/api/transaction/saveSearchMicrobe', { name: 'Pune rain', inputList }, staff);
  expect(saved.statusCode).toBe(200);
  const { id } = saved.json();
  expect((await t.post('/api/transaction/getSearchAllForMicrobeHome', { userID: staff.id }, staff)).json()).toEqual([{ id, name: 'Pune rain' }]);
  expect((await t.post('/api/transaction/getSearchAllForMicrobeHome', { userID: staff.id }, admin)).json()).toEqual([]);

  const loaded = await t.post('/api/transaction/getParamiterForSearchMicrobe', { id }, staff);
  expect(loaded.json()).toMatchObject({ id, name: 'Pune rain', parameterList: ['State Of India', 'Minimum Rainfall'], inputList });
  const direct = (await search(inputList)).totalItems;
  expect(direct).toBeGreaterThan(0);
  expect(await search(loaded.json().inputList, {}, staff)).toMatchObject({ totalItems: direct });

  expect((await t.post('/api/transaction/getParamiterForSearchMicrobe', { id }, admin)).statusCode).toBe(404);
  expect((await t.post('/api/transaction/deleteSearchMicrobe', { id }, admin)).statusCode).toBe(404);

  // The same name again replaces it; bad filters are refused.
  const again = await t.post('/api/transaction/saveSearchMicrobe', { name: 'pune RAIN', inputList: inputList.slice(0, 1) }, staff);
  expect(again.json().id).toBe(id);
  expect((await t.post('/api/transaction/getParamiterForSearchMicrobe', { id }, staff)).json().inputList).toHaveLength(1);
  expect((await t.post('/api/transaction/saveSearchMicrobe', { name: 'x', inputList: [{ parameterName: 'Source' }] }, staff)).statusCode).toBe(400);
  expect((await t.post('/api/transaction/saveSearchMicrobe', { name: ' ', inputList }, staff)).statusCode).toBe(400);

  expect((await t.post('/api/transaction/deleteSearchMicrobe', { id }, staff)).statusCode).toBe(200);
  expect((await t.post('/api/transaction/getSearchAllForMicrobeHome', {}, staff)).json()).toEqual([]);
  const actions = (await t.handle.db.selectFrom('audit_log').select('action').where('entity', '=', 'saved_search').execute()).map((a) => a.action);
  expect(actions).toEqual(['search.save', 'search.save', 'search.delete']);
});

test('a parameter renamed on its screen is searched by its new name at once: the kept definitions are dropped by the save', async () => {
  const byKey = [{ key: keyOf('Colony Morphology', 'Colony Diameter (mm)'), parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '0 = 1000' }] as FilterRow[];
  const byName = [{ parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '0 = 1000' }] as FilterRow[];
  // Both kinds of lookup read (and keep) the definitions first: by id, and every active one by name.
  expect((await search(byKey)).parameterList[0]).toBe('Colony Diameter (mm)');
  const matches = (await search(byName)).totalItems;
  expect(matches).toBeGreaterThan(0);

  const activity = sets.find((s) => s.label === 'Colony Morphology')!.key.replace('activity:', '');
  const list = (await t.post('/api/master/getActivityParametersByid', { id: Number(activity) }, admin)).json();
  const renamed = list.activeList.map((p: { parameterName: string }) =>
    (p.parameterName === 'Colony Diameter (mm)' ? { ...p, parameterName: 'Colony Width (mm)' } : p));
  const saved = await t.post('/api/master/saveParameters', { actid: Number(activity), activeList: renamed, version: list.version }, admin);
  expect([saved.statusCode, saved.json().message]).toEqual([200, 'Success']);

  const now: SearchParameterSet[] = (await t.post('/api/transaction/getSearchParameterSets', {}, admin)).json();
  expect(now.find((s) => s.label === 'Colony Morphology')!.parameters.map((p) => p.parameterName)).toContain('Colony Width (mm)');
  expect((await search([{ ...byName[0], parameterName: 'Colony Width (mm)' }])).totalItems).toBe(matches);
  const old = await t.post('/api/transaction/searchData', { inputList: byName, pageSize: 10 }, admin);
  expect([old.statusCode, old.json().message]).toEqual([400, "The search parameter 'Colony Diameter (mm)' is not known."]);
  const newKey = now.find((s) => s.label === 'Colony Morphology')!.parameters.find((p) => p.parameterName === 'Colony Width (mm)')!.key;
  expect((await search([{ ...byKey[0], key: newKey }])).parameterList[0]).toBe('Colony Width (mm)');
});
