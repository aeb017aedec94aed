import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import type { LoginResponse } from '../../../../shared/contract/session';

/**
 * A master list past its first boundaries: 2,345 departments, more than the 1,000 rows from which a deep page in
 * the second half is read from the list's other end (lib/paging.ts FAR_OFFSET). Every page, from either end, is
 * the oracle's slice (codes in mixed case, ordered case-insensitively, then by id), with the exact total on every
 * row; a search that matches most of them pages the same way.
 */
let t: TestApp;
let admin: LoginResponse;
const N = 2_345;
type Row = { id: number; srno: number; departmentCode: string; departmentName: string; totalItems: number };
let oracle: Array<{ id: number; code: string; name: string }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  // Codes inserted out of order and in both cases: the page order is the server's, not the insertion's.
  await sql`
    insert into department (code, name)
    select case when i % 3 = 0 then 'DP' else 'dp' end || lpad(((i * 7919) % ${N})::text, 5, '0'),
           case when i % 4 = 0 then 'Soil lab ' else 'Field unit ' end || i
    from generate_series(1, ${N}) as i`.execute(t.handle.db);
  const rows = await t.handle.db.selectFrom('department').select(['id', 'code', 'name']).execute();
  oracle = rows.map((r) => ({ id: r.id, code: r.code, name: r.name }));
  const key = (x: { code: string }) => x.code.toLowerCase();
  oracle.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
});
afterAll(() => t.close());

const list = async (pageno: number, searchText?: string): Promise<Row[]> => {
  const res = searchText === undefined
    ? await t.post('/api/master/getdepartment', { pageno, userID: 1 }, admin)
    : await t.post('/api/master/getSearchForDepartmentHome', { pageno, searchText, userID: 1 }, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const expectPage = (rows: Row[], page: number, want: typeof oracle) => {
  const slice = want.slice((page - 1) * 10, page * 10);
  expect({ page, rows: rows.map((r) => [r.id, r.srno, r.departmentCode, r.totalItems]) })
    .toEqual({ page, rows: slice.map((r, i) => [r.id, (page - 1) * 10 + i + 1, r.code, want.length]) });
};

test('every page of a list of more than 2,000 rows is the oracle\'s, with the exact total', async () => {
  expect(oracle.length).toBeGreaterThanOrEqual(N);
  const last = Math.ceil(oracle.length / 10);
  for (let page = 1; page <= last; page++) expectPage(await list(page), page, oracle);
  expect(await list(last + 1)).toEqual([]);
  expect(await list(last + 1_000)).toEqual([]);
});

test('a search matching most of the list pages the same way, near and far, from either end', async () => {
  const text = 'field UNIT';
  const want = oracle.filter((r) => r.code.toLowerCase().includes(text.toLowerCase()) || r.name.toLowerCase().includes(text.toLowerCase()));
  expect(want.length).toBeGreaterThan(1_500);
  const last = Math.ceil(want.length / 10);
  for (const page of [1, 2, 99, 100, 101, Math.ceil(last / 2), last - 50, last - 1, last]) expectPage(await list(page, text), page, want);
  expect(await list(last + 1, text)).toEqual([]);
});

test('a change shows on the next call: a new row moves every later row and the total', async () => {
  const saved = await t.post('/api/master/savedepartment', { departmentCode: 'DP00000A', departmentName: 'Added', userID: 1 }, admin);
  expect(saved.statusCode).toBe(200);
  oracle.push({ id: saved.json().id, code: 'DP00000A', name: 'Added' });
  const key = (x: { code: string }) => x.code.toLowerCase();
  oracle.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  const last = Math.ceil(oracle.length / 10);
  for (const page of [1, 2, last - 1, last]) expectPage(await list(page), page, oracle);
});
