/**
 * Bad input never hurts: invalid payloads go to EVERY registered endpoint, signed in as an administrator holding
 * every flag. Each answer is a 2xx or a 4xx with a plain message (never a 5xx, never a stack trace), and the data
 * is unchanged: the digest of every row of every table (test-support/table-digests.ts) is compared before and
 * after, so an overwrite that keeps the row count is caught too. A 2xx is only ever a read.
 *
 * - every declared field of every body gets a boolean, a one-element list, an object and a huge number; a type
 *   the field does not declare is refused with 400 and a sentence naming the field (no coercion);
 * - the overwrite of record 1 by {"id": true, ...a real record} on every master save;
 * - sign-in with the username and password sent as lists;
 * - a body nested 5,000 deep, and prototype keys, on every endpoint;
 * - generated junk (fast-check) of every kind, a few runs per endpoint.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, headersFor, type TestApp } from '../test-support/test-app';
import { tableDigests } from '../test-support/table-digests';
import { NOT_BACKED_UP } from '../db/backup';
import type { ApiRoute } from '../app';
import type { LoginResponse } from '../../shared/contract/session';
import { MASTER_ENDPOINTS, COMMON_MASTER_ENDPOINTS, EMPLOYEE_ENDPOINTS, MICROBE_MASTER_ENDPOINTS, path } from '../../shared/contract/endpoints';
import { BODY_MSG } from '../plugins/json-body';
import { SIGNIN_BODY_LIMIT } from '../modules/auth/auth-routes';

let t: TestApp;
let admin: LoginResponse;

/** Calls that end or change the caller's own session are fuzzed elsewhere (auth tests). */
const SKIP = new Set(['/api/auth/logout']);
/** Reads that write an audit row by design (an export is evidence of who took the data). */
const AUDITED_READS = /^audit\.export/;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

/**
 * Every row of every table, as digests; the audit trail without the rows an audited read writes (and the
 * checkpoints that sign it, and what its trigger derives from them: the trail's kept total, buckets and filter
 * choices). The other lists' kept totals and buckets are compared.
 */
async function digests(): Promise<Record<string, unknown>> {
  const all = await tableDigests(t.handle.db, [...NOT_BACKED_UP, 'audit_log', 'audit_checkpoint']);
  const { rows: [audit] } = await sql<{ n: number; md5: string | null }>`
    select count(*)::int as n, md5(string_agg(a::text, E'\n' order by a.id)) as md5 from audit_log a
    where a.action !~ ${AUDITED_READS.source}`.execute(t.handle.db);
  const { rows: [lists] } = await sql<{ totals: string | null; buckets: string | null; groups: string | null }>`
    select (select md5(string_agg(x::text, E'\n' order by x.list, x.slot)) from list_total x where x.list <> 'audit') as totals,
           (select md5(string_agg(x::text, E'\n' order by x.list, x.bucket, x.slot)) from list_bucket x where x.list <> 'audit') as buckets,
           (select md5(string_agg(x::text, E'\n' order by x.list, x.grp, x.slot)) from list_bucket_group x where x.list <> 'audit') as groups`.execute(t.handle.db);
  return { ...all, audit_log: audit, lists };
}

interface Schema { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; required?: string[] }
const routes = (): ApiRoute[] => t.app.apiRoutes.filter((r) => r.method === 'POST' && !SKIP.has(r.url));
const fieldsOf = (r: ApiRoute): Record<string, Schema> => (r.body as Schema | undefined)?.properties ?? {};
const typesOf = (s: Schema): string[] => [s.type ?? []].flat();
/** The fields a body requires, each with a value of its type: the checks of one field are then reached. */
function requiredOf(r: ApiRoute): Record<string, unknown> {
  const b = (r.body ?? {}) as Schema;
  return Object.fromEntries((b.required ?? []).map((k) => [k, typesOf(b.properties?.[k] ?? {})[0] === 'integer' ? 1 : 'x']));
}

async function send(url: string, payload: string) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headersFor(admin), 'content-type': 'application/json' } });
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    message = undefined; // a CSV or PDF answer
  }
  return { status: res.statusCode, body: res.body, message };
}

const STACK = /\n\s+at |node_modules|\.ts:\d+|TypeError|ReferenceError|SyntaxError: Unexpected/;

/** What is wrong with an answer to bad input, or null: a 5xx, a stack trace, a 4xx without a plain message. */
function badAnswer(a: { status: number; body: string; message: unknown }): string | null {
  if (a.status >= 500 || STACK.test(a.body)) return `${a.status} ${a.body.slice(0, 200)}`;
  if (a.status >= 400 && (typeof a.message !== 'string' || a.message.length === 0)) return `${a.status} without a message: ${a.body.slice(0, 200)}`;
  return null;
}

/** Runs `each` on every endpoint and reports every endpoint whose answers were bad or that changed any row. */
async function onEveryEndpoint(each: (r: ApiRoute) => Promise<string[]>): Promise<string[]> {
  const failures: string[] = [];
  let before = await digests();
  for (const r of routes()) {
    failures.push(...(await each(r)).map((f) => `${r.url}: ${f}`));
    const after = await digests();
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    if (changed.length) failures.push(`${r.url}: changed ${changed.join(', ')}`);
    before = after;
  }
  return failures;
}

test('every endpoint declares fields, and the fuzz covers them all', () => {
  const all = routes();
  expect(all.length).toBeGreaterThan(100);
  expect(all.filter((r) => Object.keys(fieldsOf(r)).length === 0).map((r) => r.url)).toEqual([]);
});

test('every declared field refuses a type it does not declare (400 naming the field) and nothing changes', async () => {
  const values: Array<[string, unknown]> = [['boolean', true], ['array', ['1']], ['object', { id: 1 }], ['number', 1e308]];
  const failures = await onEveryEndpoint(async (r) => {
    const out: string[] = [];
    // Each declared field, and each declared field of the objects a declared list holds (as its first item).
    const cases: Array<{ name: string; schema: Schema; body: (v: unknown) => unknown }> = [];
    for (const [field, schema] of Object.entries(fieldsOf(r))) {
      cases.push({ name: field, schema, body: (v) => ({ ...requiredOf(r), [field]: v }) });
      for (const [sub, subSchema] of Object.entries(schema.items?.properties ?? {})) {
        cases.push({ name: `${field}.0.${sub}`, schema: subSchema, body: (v) => ({ ...requiredOf(r), [field]: [{ [sub]: v }] }) });
      }
    }
    for (const { name, schema, body } of cases) {
      const accepts = typesOf(schema);
      for (const [kind, value] of values) {
        const a = await send(r.url, JSON.stringify(body(value)));
        const bad = badAnswer(a);
        if (bad) out.push(`${name}=${JSON.stringify(value)} -> ${bad}`);
        const declared = accepts.includes(kind) || (kind === 'number' && accepts.includes('integer'));
        if (!declared && (a.status !== 400 || typeof a.message !== 'string' || !a.message.includes(`'${name}'`))) {
          out.push(`${name}=${JSON.stringify(value)} -> ${a.status} ${String(a.message)} (expected 400 naming the field)`);
        }
      }
    }
    return out;
  });
  expect(failures).toEqual([]);
}, 300_000);

test('{id: true} and its kin on a real record never overwrite a record of any master', async () => {
  const masters = [...MASTER_ENDPOINTS, ...MICROBE_MASTER_ENDPOINTS, ...EMPLOYEE_ENDPOINTS];
  const of = (resource: string, role: string) => masters.find((x) => x.resource === resource && x.role === role);
  const targets: Array<{ list: string; byId: string; save: string }> = [];
  for (const e of masters) {
    const list = of(e.resource, 'list');
    const byId = of(e.resource, 'byId');
    if (e.role === 'save' && list && byId) targets.push({ list: path(list), byId: path(byId), save: path(e) });
  }
  const C = COMMON_MASTER_ENDPOINTS;
  targets.push({ list: path(C.getCommonMaster), byId: path(C.getcommasterByID), save: path(C.savecommonmaster) });
  expect(targets.length).toBeGreaterThan(8);
  const before = await digests();
  const failures: string[] = [];
  const covered: string[] = [];
  for (const { list, byId, save } of targets) {
    // The first record the list shows: coercion would turn true into 1 and [id] or ['id'] into id.
    const rows = (await t.app.inject({ method: 'POST', url: list, payload: { pageno: 1 }, headers: headersFor(admin) })).json() as Array<{ id?: number }>;
    const id = rows[0]?.id;
    if (typeof id !== 'number') continue;
    const res = await t.app.inject({ method: 'POST', url: byId, payload: { id }, headers: headersFor(admin) });
    expect({ byId, status: res.statusCode }).toEqual({ byId, status: 200 });
    covered.push(save);
    const record = res.json() as Record<string, unknown>;
    const changed = { ...record, ...Object.fromEntries(Object.entries(record).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, `${String(v).slice(0, 3)}X`])) };
    const bodies: Array<Record<string, unknown>> = [true, [id], [String(id)], { 0: id }, id + 0.5, `${id} or 1=1`].map((bad) => ({ ...changed, id: bad }));
    bodies.push({ ...changed, version: [record.version] }, { ...changed, version: true });
    for (const body of bodies) {
      const a = await send(save, JSON.stringify(body));
      if (badAnswer(a) || a.status !== 400) failures.push(`${save} ${JSON.stringify({ id: body.id, version: body.version })} -> ${a.status} ${String(a.message)}`);
    }
  }
  expect(failures).toEqual([]);
  // Masters with no record yet are left out (the attack needs a record to overwrite).
  expect(covered.length).toBeGreaterThanOrEqual(3);
  expect(covered).toEqual(expect.arrayContaining(['/api/master/savedepartment', '/api/master/saveworkrole']));
  expect(await digests()).toEqual(before);
});

test('sign-in with the username or password sent as a list is refused', async () => {
  const password = enc(TEST_ADMIN_PASSWORD);
  for (const body of [{ username: ['admin'], password: [password] }, { username: ['admin'], password }, { username: 'admin', password: [password] }, { username: 'admin', password: true }]) {
    const res = await t.post('/api/auth/signin', body);
    expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    expect(res.json().accessToken).toBeUndefined();
  }
});

test('a body nested 5,000 deep, or with prototype keys, answers 400 on every endpoint and changes nothing', async () => {
  const deep = [`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"id":1,"x":${'['.repeat(40)}${']'.repeat(40)}}`];
  const poisoned = ['{"__proto__":{"isAdmin":true},"id":1}', '{"constructor":{"prototype":{"isAdmin":true}},"id":1}'];
  const failures = await onEveryEndpoint(async (r) => {
    const out: string[] = [];
    for (const payload of deep) {
      const a = await send(r.url, payload);
      // Refused unread: too deep, or (sign-in's small limit) too large.
      const refused = (a.status === 400 && a.message === BODY_MSG.tooDeep) || (a.status === 413 && payload.length > SIGNIN_BODY_LIMIT);
      if (!refused) out.push(`deep ${payload.slice(0, 12)}… -> ${a.status} ${String(a.message)}`);
    }
    for (const payload of poisoned) {
      const a = await send(r.url, payload);
      if (a.status !== 400 || a.message !== BODY_MSG.protoKey) out.push(`${payload} -> ${a.status} ${String(a.message)}`);
    }
    return out;
  });
  expect(failures).toEqual([]);
  // Brackets inside text are not nesting: a search for '[[[[' is an ordinary search.
  const text = await send('/api/master/getSearchForDepartmentHome', JSON.stringify({ searchText: '[[[[{{', pageno: 1 }));
  expect(text.status).toBe(200);
}, 120_000);

/** Values no field of this API accepts. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ minLength: 5001, maxLength: 6000 }),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER * 1000, -1, 0.5, -0.000001, true, false),
  fc.constantFrom('\u{1F9A0}'.repeat(3000), '\u202E\u0000\uFFFF', '<script>alert(1)</script>'.repeat(300), "'; drop table app_user; --".repeat(300)),
  fc.array(fc.anything({ maxDepth: 3 }), { minLength: 1, maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 3 }), { minKeys: 1, maxKeys: 4 }),
);

function payloadFor(fields: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    // Every named field with junk (some left out).
    fc.record(Object.fromEntries(fields.map((f) => [f, junkValue])), { requiredKeys: [] }),
    // Junk with no shape at all.
    fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }), fc.string({ maxLength: 30 })),
  );
}

test('every endpoint answers generated invalid payloads with 2xx or a plain 4xx, and changes nothing', async () => {
  const failures = await onEveryEndpoint(async (r) => {
    const out: string[] = [];
    const fields = [...new Set([...Object.keys(fieldsOf(r)), 'id', 'userID', 'pageno', 'searchText'])];
    await fc.assert(
      fc.asyncProperty(payloadFor(fields), async (body) => {
        const bad = badAnswer(await send(r.url, JSON.stringify(body)));
        if (bad) out.push(`${bad} for ${JSON.stringify(body).slice(0, 200)}`);
        return bad === null;
      }),
      { numRuns: 4, seed: 20261122, endOnFailure: true },
    ).catch(() => undefined); // collected in `out`, so that one report names every endpoint that fails
    return out;
  });
  expect(failures).toEqual([]);
}, 300_000);
