/**
 * Bad input never hurts (issue 6.2): property-based tests send generated invalid payloads to EVERY
 * registered endpoint, signed in as an administrator holding every flag: wrong types, missing fields,
 * oversize strings, unicode and NUL bytes, huge numbers, nested junk. Each answer is a 2xx or a 4xx with a
 * plain message (never 5xx, never a stack trace), and the database is unchanged: the row counts of every
 * table and the audit trail are the same afterwards.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, headersFor, type TestApp } from '../test-support/test-app';
import type { LoginResponse } from '../../shared/contract/session';

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

async function counts(): Promise<Record<string, number>> {
  const tables = (await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('session', 'audit_log') order by 1`.execute(t.handle.db)).rows;
  const out: Record<string, number> = {};
  for (const { name } of tables) out[name] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(t.handle.db)).rows[0].n;
  out.audit_log = (await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`action !~ ${AUDITED_READS.source}`).executeTakeFirstOrThrow()).n;
  return out;
}

/** The body field names each path declares in the OpenAPI document (plus the legacy ones every list sends). */
function fieldsByPath(): Map<string, string[]> {
  const doc = t.app.swagger() as { paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } } }> };
  const out = new Map<string, string[]>();
  for (const [p, item] of Object.entries(doc.paths)) {
    const props = item.post?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
    out.set(p, [...new Set([...Object.keys(props), 'id', 'userID', 'pageno', 'searchText'])]);
  }
  return out;
}

/** Values no field of this API accepts. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ minLength: 5001, maxLength: 6000 }),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 63), Number.MAX_SAFE_INTEGER * 1000, -1, 0.5, -0.000001),
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
    // Deep nesting.
    fc.constant(JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`)),
  );
}

const STACK = /\n\s+at |node_modules|\.ts:\d+|TypeError|ReferenceError|SyntaxError: Unexpected/;

test('every endpoint answers generated invalid payloads with 2xx or a plain 4xx, and changes nothing', async () => {
  const fields = fieldsByPath();
  const routes = t.app.apiRoutes.filter((r) => r.method === 'POST' && !SKIP.has(r.url));
  expect(routes.length).toBeGreaterThan(100);
  const before = await counts();
  const failures: string[] = [];
  for (const r of routes) {
    await fc.assert(
      fc.asyncProperty(payloadFor(fields.get(r.url) ?? ['id']), async (body) => {
        const res = await t.app.inject({ method: 'POST', url: r.url, payload: JSON.stringify(body), headers: { ...headersFor(admin), 'content-type': 'application/json' } });
        const text = res.body;
        if (res.statusCode >= 500 || STACK.test(text)) {
          failures.push(`${r.url} -> ${res.statusCode} ${text.slice(0, 200)} for ${JSON.stringify(body).slice(0, 200)}`);
          return false;
        }
        if (res.statusCode >= 400) {
          const message = (JSON.parse(text) as { message?: unknown }).message;
          if (typeof message !== 'string' || message.length === 0) {
            failures.push(`${r.url} -> ${res.statusCode} without a message: ${text.slice(0, 200)}`);
            return false;
          }
        }
        return true;
      }),
      { numRuns: 12, seed: 20261122, endOnFailure: true },
    ).catch(() => undefined); // collected in failures, so that one report names every endpoint that fails
  }
  expect(failures).toEqual([]);
  expect(await counts()).toEqual(before);
}, 600_000);
