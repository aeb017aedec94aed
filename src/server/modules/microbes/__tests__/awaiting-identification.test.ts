import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import type { LoginResponse } from '../../../../shared/contract/session';
import { ensureMicrobeTypes, insertIsolate, userWithRole } from './microbe-fixtures';

/**
 * getIsolatesForIdentification (the Microbe Identification list): isolates without an identification, newest
 * first, ten a page, past the first page; identified, deactivated and deleted ones leave it; a search narrows it.
 */
let t: TestApp;
let admin: LoginResponse;
type Row = { srno: number; id: number; samplenov: string; isolatecode: string; sampleno: string; sampletype: string; codedAt: string; totalItems: number };
let made: Array<{ id: number; samplenov: string; isolatecode: string; sampleno: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await ensureMicrobeTypes(t);
  // Whatever a seeded database holds is identified first, so the list is exactly what this test makes.
  const before = await t.handle.db.selectFrom('isolate').select('id').execute();
  for (const r of before) await t.handle.db.updateTable('isolate').set({ active: 'N' }).where('id', '=', r.id).execute();
  made = [];
  for (let i = 0; i < 25; i += 1) made.push(await insertIsolate(t));
});
afterAll(() => t.close());

const list = (body: unknown, s: LoginResponse = admin) => t.post('/api/transaction/getIsolatesForIdentification', body, s);
const page = async (body: unknown): Promise<Row[]> => {
  const res = await list(body);
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
};

test('newest first, ten a page, past the first page, without identified, inactive or deleted isolates', async () => {
  const admId = (await t.handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const [identified1, identified2, deactivated, ofDeletedSample] = [made[24], made[3], made[10], made[0]];
  for (const iso of [identified1, identified2]) {
    await t.handle.db.insertInto('microbe_identification').values({
      isolate_id: iso.id, microbe_id: null, microbe_name: 'Bacteria', genus: 'G', species: 's', percentage_identification: 99, query_coverage: 99, created_by: admId,
    } as never).execute();
  }
  await t.handle.db.updateTable('isolate').set({ active: 'N' }).where('id', '=', deactivated.id).execute();
  const sampleOf = await t.handle.db.selectFrom('isolate').select('sample_inward_id').where('id', '=', ofDeletedSample.id).executeTakeFirstOrThrow();
  await t.handle.db.updateTable('sample_inward').set({ active: 'N' }).where('id', '=', sampleOf.sample_inward_id).execute();

  const gone = new Set([identified1, identified2, deactivated, ofDeletedSample].map((i) => i.id));
  const expected = made.filter((i) => !gone.has(i.id)).map((i) => i.id).sort((a, b) => b - a);
  expect(expected).toHaveLength(21);

  const p1 = await page({ pageno: 1 });
  const p2 = await page({ pageno: '2' });
  const p3 = await page({ pageno: 3 });
  expect([p1.length, p2.length, p3.length]).toEqual([10, 10, 1]);
  expect([...p1, ...p2, ...p3].map((r) => r.id)).toEqual(expected);
  expect([...p1, ...p2, ...p3].map((r) => r.srno)).toEqual(expected.map((_, i) => i + 1));
  expect(new Set([...p1, ...p3].map((r) => r.totalItems))).toEqual(new Set([21]));
  const first = made.find((i) => i.id === expected[0])!;
  expect(p1[0]).toEqual({
    srno: 1, id: first.id, samplenov: first.samplenov, isolatecode: first.isolatecode, sampleno: first.sampleno, sampletype: 'Soil',
    codedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), totalItems: 21,
  });
  expect(await page({ pageno: 4 })).toEqual([]);
  // no body: page 1
  expect((await page(null)).map((r) => r.id)).toEqual(expected.slice(0, 10));

  // A search over sample code, sample code version and isolate code (any case); like-wildcards are text.
  const target = made.find((i) => i.id === expected[12])!;
  for (const text of [target.isolatecode.toLowerCase(), target.samplenov, target.sampleno]) {
    const found = await page({ pageno: 1, message: text });
    expect(found.map((r) => r.id)).toContain(target.id);
    expect(found.every((r) => [r.isolatecode, r.samplenov, r.sampleno].some((v) => v.toLowerCase().includes(text.toLowerCase())))).toBe(true);
  }
  expect(await page({ pageno: 1, message: '%' })).toEqual([]);
  expect(await page({ pageno: 1, message: identified1.isolatecode })).toEqual([]);
});

test('wrong types and pages are refused with a sentence; the call needs the microbe flag', async () => {
  for (const body of [{ pageno: true }, { pageno: [1] }, { message: { a: 1 } }, { pageno: 0 }, { pageno: 'two' }, { pageno: -3 }]) {
    const res = await list(body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().message.length).toBeGreaterThan(10);
  }
  const noMicrobe = await userWithRole(t, 'NOMIC', { can_view: true, can_add: true, can_edit: true });
  expect((await list({ pageno: 1 }, noMicrobe)).statusCode).toBe(403);
  const microbe = await userWithRole(t, 'MICROB', { can_view: true, can_microbe: true });
  expect((await list({ pageno: 1 }, microbe)).statusCode).toBe(200);
});

test('past a thousand isolates: the exact count, the last page and the order across the page boundaries', async () => {
  const admId = (await t.handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const sample = (await t.handle.db.selectFrom('isolate').select('sample_inward_id').where('id', '=', made[5].id).executeTakeFirstOrThrow()).sample_inward_id;
  const before = (await page({ pageno: 1 }))[0].totalItems;
  // 1,100 more isolates of one active sample, in one statement.
  await sql`insert into isolate (sample_inward_id, samplenov, isolatecode, sampletype, soilph, soilec, soiltds, created_by)
    select ${sample}, 'BULK-' || g || '-1', 'BULKISO' || g, 'Soil', 7, 0.5, 300, ${admId} from generate_series(1, 1100) g`.execute(t.handle.db);
  const total = before + 1100;
  expect(total).toBeGreaterThan(1000);
  const lastPage = Math.ceil(total / 10);
  const [first, p100, p101, last, beyond] = await Promise.all([1, 100, 101, lastPage, lastPage + 1].map((p) => page({ pageno: p })));
  expect(first[0]).toMatchObject({ srno: 1, isolatecode: 'BULKISO1100', totalItems: total });
  expect(last).toHaveLength(total - (lastPage - 1) * 10);
  expect(last[last.length - 1].srno).toBe(total);
  expect(beyond).toEqual([]);
  // newest first straight across the boundary of pages 100 and 101
  const across = [...p100, ...p101].map((r) => r.id);
  expect(across).toEqual([...across].sort((a, b) => b - a));
  expect(p101[0].srno).toBe(1001);
});
