import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../../test-support/test-app';
import { mutate, type Actor } from '../../../lib/audit';
import { ID_BUCKET } from '../../../lib/list-totals';
import type { LoginResponse } from '../../../../shared/contract/session';
import type { AuditEntryRow, AuditFilterOptions } from '../../../../shared/contract/audit-endpoints';

/**
 * The Activity Log past its first boundaries: a trail of about 2,700 rows over a dozen buckets of 256 ids in two
 * groups of buckets (lib/list-totals.ts) with a gap of 40,000 ids between them (as rolled-back saves leave), more than the 1,000 rows from which a deep page is
 * read from a bucket (the whole trail) or from the other end (a filtered view; lib/paging.ts). Every page is the
 * oracle's slice, newest first, with the exact total; a filtered view's total is counted only up to countUpTo when
 * asked, kept once exact, and moves when a matching row is written. The filter choices are the trail's distinct
 * values, read from audit_facet.
 */
let t: TestApp;
let admin: LoginResponse;
type Entry = { id: number; user_id: number | null; username: string | null; entity: string; action: string; entity_id: string | null; reason: string | null };
let oracle: Entry[];

const USERS: Array<Pick<Actor, 'userId' | 'username'>> = [{ userId: 9001, username: 'ana' }, { userId: 9002, username: 'ravi' }, { userId: 9003, username: null }];
const N = 2_600;

async function writeTrail(from: number, to: number) {
  for (let start = from; start < to; start += 100) {
    const end = Math.min(start + 100, to);
    // One actor per transaction, as a save has; the rows of the three users interleave across transactions.
    const who = USERS[(start / 100) % USERS.length];
    await mutate(t.handle.db, { ...who, tenant: TEST_TENANT, ip: null } as Actor, async (_trx, audit) => {
      for (let i = start; i < end; i++) {
        await audit({
          action: i % 97 === 0 ? 'probe.approve' : i % 3 === 0 ? 'probe.update' : 'probe.create',
          entity: i % 2 === 0 ? 'probe' : 'sample_inward',
          entityId: `e${i}`,
          after: { i },
          reason: i % 50 === 7 ? `Needle in the HAYSTACK ${i}` : null,
        });
      }
    });
  }
}

async function readOracle() {
  const rows = await t.handle.db.selectFrom('audit_log').select(['id', 'user_id', 'username', 'entity', 'action', 'entity_id', 'reason']).orderBy('id', 'desc').execute();
  oracle = rows.map((r) => ({ ...r, id: Number(r.id) }));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await writeTrail(0, 1_200);
  // A gap of ids across whole groups of buckets, as rolled-back saves leave: positions are summed over the empty ones.
  await sql`select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log) + 40000)`.execute(t.handle.db);
  await writeTrail(1_200, N);
  await readOracle();
}, 300_000);
afterAll(() => t.close());

const list = async (body: Record<string, unknown>): Promise<AuditEntryRow[]> => {
  const res = await t.post('/api/audit/getAuditLog', { pageSize: 25, ...body }, admin);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  return res.json();
};

const expectPage = (rows: AuditEntryRow[], page: number, want: Entry[], pageSize = 25) => {
  const slice = want.slice((page - 1) * pageSize, page * pageSize);
  expect({ page, rows: rows.map((r) => [r.id, r.srno, r.totalItems]) })
    .toEqual({ page, rows: slice.map((r, i) => [r.id, (page - 1) * pageSize + i + 1, want.length]) });
};

test('the trail spans a dozen buckets in two groups and more than a thousand rows', async () => {
  expect(oracle.length).toBeGreaterThan(N);
  const buckets = new Set(oracle.map((r) => Math.floor(r.id / ID_BUCKET)));
  expect(buckets.size).toBeGreaterThanOrEqual(10);
  expect(new Set([...buckets].map((b) => b >> 6)).size).toBe(2);
  expect((await list({}))[0].totalItems).toBe(oracle.length);
});

test('every page of the whole trail is the oracle\'s, with the exact total, through the gap and the bucket boundaries', async () => {
  const last = Math.ceil(oracle.length / 25);
  for (let page = 1; page <= last; page++) expectPage(await list({ pageno: page }), page, oracle);
  expect(await list({ pageno: last + 1 })).toEqual([]);
  expect(await list({ pageno: last + 500 })).toEqual([]);
  // Pages of 10 too: other offsets within the buckets.
  for (const page of [1, 99, 100, 101, 150, Math.ceil(oracle.length / 10)]) expectPage(await list({ pageno: page, pageSize: 10 }), page, oracle, 10);
});

test('a filtered view pages the same way near and far, from either end', async () => {
  const want = oracle.filter((r) => r.entity === 'probe');
  expect(want.length).toBeGreaterThan(1_200);
  const last = Math.ceil(want.length / 25);
  for (const page of [1, 2, 39, 40, 41, 42, Math.ceil(last * 0.75), last - 1, last]) expectPage(await list({ entity: 'probe', pageno: page }), page, want);
  expect(await list({ entity: 'probe', pageno: last + 1 })).toEqual([]);

  const byUser = oracle.filter((r) => r.user_id === 9002);
  for (const page of [1, 20, Math.ceil(byUser.length / 25)]) expectPage(await list({ user: 9002, pageno: page }), page, byUser);
  const rare = oracle.filter((r) => r.action === 'probe.approve');
  expectPage(await list({ action: 'probe.approve', pageno: 1 }), 1, rare);
  expectPage(await list({ action: 'probe.approve', pageno: 2 }), 2, rare);
  const text = oracle.filter((r) => `${r.entity_id ?? ''} ${r.reason ?? ''}`.toLowerCase().includes('haystack'));
  expect(text.length).toBeGreaterThan(25);
  expectPage(await list({ text: 'haystack', pageno: 2 }), 2, text);
});

test('countUpTo: a filtered total counted only up to it, then exact once asked, kept, and moved by a new matching row', async () => {
  const updates = () => oracle.filter((r) => r.action === 'probe.update' && r.entity === 'sample_inward');
  const body = { action: 'probe.update', entity: 'sample_inward' };
  expect(updates().length).toBeGreaterThan(300);
  const capped = await list({ ...body, countUpTo: 200 });
  expect(capped.map((r) => [r.totalItems, r.totalIsLowerBound])).toEqual(capped.map(() => [201, true]));
  expect(capped.map((r) => r.id)).toEqual(updates().slice(0, 25).map((r) => r.id));
  // The same page without countUpTo: the exact total (and the legacy answer has no totalIsLowerBound).
  const exact = await list(body);
  expect(exact.map((r) => [r.totalItems, r.totalIsLowerBound])).toEqual(exact.map(() => [updates().length, undefined]));
  // Now kept: the capped call answers it, exact.
  expect((await list({ ...body, countUpTo: 200 }))[0]).toMatchObject({ totalItems: updates().length, totalIsLowerBound: false });
  // A page past the cap is exact; a view that ends within the cap says so.
  expect((await list({ ...body, countUpTo: 200, pageno: 10 }))[0]).toMatchObject({ totalItems: updates().length, totalIsLowerBound: false });
  const rare = oracle.filter((r) => r.action === 'probe.approve').length;
  expect((await list({ action: 'probe.approve', countUpTo: 200 }))[0]).toMatchObject({ totalItems: rare, totalIsLowerBound: false });

  // A new matching row: the kept total is dropped, and counted again.
  await mutate(t.handle.db, { userId: 9001, username: 'ana', tenant: TEST_TENANT, ip: null }, (_trx, audit) =>
    audit({ action: 'probe.update', entity: 'sample_inward', entityId: 'new', after: { i: -1 } }));
  await readOracle();
  expect((await list(body))[0]).toMatchObject({ totalItems: updates().length, entityId: 'new' });
  expect((await list({}))[0].totalItems).toBe(oracle.length);
  // Out of range: refused with a sentence, changing nothing.
  const res = await t.post('/api/audit/getAuditLog', { countUpTo: 0 }, admin);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/countUpTo/);
});

test('the filter choices are the trail\'s distinct users, entities and actions', async () => {
  const res = await t.post('/api/audit/getAuditFilters', {}, admin);
  expect(res.statusCode).toBe(200);
  const got: AuditFilterOptions = res.json();
  const { rows: users } = await sql<{ user_id: number; username: string | null }>`
    select distinct user_id, username from audit_log where user_id is not null order by username, user_id`.execute(t.handle.db);
  expect(got.users).toEqual(users.map((u) => ({ id: u.user_id, username: u.username ?? `#${u.user_id}` })));
  expect(got.users.map((u) => u.username)).toEqual(expect.arrayContaining(['ana', 'ravi', '#9003', 'admin']));
  const distinct = (k: 'entity' | 'action') => [...new Set(oracle.map((r) => r[k]))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  expect(got.entities).toEqual(distinct('entity'));
  expect(got.actions).toEqual(distinct('action'));
  expect(got.actions).toEqual(expect.arrayContaining(['probe.approve', 'probe.create', 'probe.update']));
});
