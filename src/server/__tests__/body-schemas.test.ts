/**
 * Every API call declares its request body (shared/contract/body-schema.ts): the validator coerces nothing, so a
 * field is only checked when it is declared, and a field declared without a type accepts anything. A new
 * endpoint without a body schema, or with an untyped field, fails here. And every call is registered from its
 * contract (shared/contract/*-schemas.ts), which declares its body and its 200 answer once; the API document
 * is built from the same schemas.
 */
import { createTestApp, type TestApp } from '../test-support/test-app';
import { SIGNIN_BODY_LIMIT } from '../modules/auth/auth-routes';
import { ALL_CONTRACTS } from '../../shared/contract/schemas';
import { isFileAnswer } from '../../shared/contract/contract';
import { path } from '../../shared/contract/endpoints';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Schema { type?: unknown; properties?: Record<string, Schema>; items?: Schema }

/** The paths of declared fields (nested objects and list items too) that have no type. */
function untyped(s: Schema, at: string): string[] {
  const out: string[] = [];
  if (s.type === undefined) out.push(at);
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...untyped(v, `${at}.${k}`));
  if (s.items) out.push(...untyped(s.items, `${at}[]`));
  return out;
}

test('every API call has a body schema of an object whose every field has a type', () => {
  const routes = t.app.apiRoutes.filter((r) => r.method === 'POST');
  expect(routes.length).toBeGreaterThan(100);
  expect(routes.filter((r) => r.body === undefined).map((r) => r.url)).toEqual([]);
  const notObject = routes.filter((r) => ![r.body && (r.body as Schema).type].flat().includes('object')).map((r) => r.url);
  expect(notObject).toEqual([]);
  expect(routes.flatMap((r) => untyped(r.body as Schema, r.url))).toEqual([]);
});

test('a boolean or a list where a number or text belongs is refused with a sentence naming the field', async () => {
  const cases: Array<[unknown, string]> = [
    [{ username: ['admin'], password: ['x'] }, "The field 'username' must be text."],
    [{ username: 'admin', password: true }, "The field 'password' must be text."],
    [{ username: { $ne: 1 }, password: 'x' }, "The field 'username' must be text."],
    [[1, 2], 'The request body must be an object.'],
  ];
  for (const [payload, message] of cases) {
    const res = await t.post('/api/auth/signin', payload);
    expect({ payload, status: res.statusCode, message: res.json().message }).toEqual({ payload, status: 400, message });
  }
});

test('sign-in, which anyone may call, refuses a body over its own small limit unread', async () => {
  const res = await t.post('/api/auth/signin', { username: 'admin', password: 'x'.repeat(SIGNIN_BODY_LIMIT) });
  expect([res.statusCode, res.json().message]).toEqual([413, 'The request body is too large.']);
});

test('every call is registered from its contract, with its body and its answer', () => {
  const routes = t.app.apiRoutes.filter((r) => r.method === 'POST');
  const onContract = routes.filter((r) => r.contract !== null);
  expect(onContract.length).toBe(ALL_CONTRACTS.length);
  expect(routes.filter((r) => r.contract === null).map((r) => r.url)).toEqual([]);
  for (const r of onContract) {
    const c = r.contract!;
    // Declared in the contract, not in the module: the route's schemas are the contract's own objects.
    expect({ url: r.url, same: r.body === c.body, path: path(c.endpoint), spec: r.endpoint === c.endpoint }).toEqual({ url: r.url, same: true, path: r.url, spec: true });
    expect({ url: r.url, answer: r.answer !== undefined }).toEqual({ url: r.url, answer: true });
    if (!isFileAnswer(c.answer)) expect({ url: r.url, same: r.answer === c.answer }).toEqual({ url: r.url, same: true });
  }
});

test('every declared contract is registered, once', () => {
  const registered = new Map(t.app.apiRoutes.filter((r) => r.contract).map((r) => [r.url, r.contract]));
  expect(ALL_CONTRACTS.filter((c) => registered.get(path(c.endpoint)) !== c).map((c) => path(c.endpoint))).toEqual([]);
  const paths = ALL_CONTRACTS.map((c) => path(c.endpoint));
  expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
});

interface DocOperation { requestBody?: { content?: Record<string, { schema?: unknown }> }; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }

test('the API document has, for every call on the contract, its request body schema and its 200 answer schema', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, { post?: DocOperation }> };
  const missing: string[] = [];
  for (const c of ALL_CONTRACTS) {
    const op = doc.paths[path(c.endpoint)]?.post;
    const body = op?.requestBody?.content?.['application/json']?.schema;
    const answer = Object.values(op?.responses?.['200']?.content ?? {})[0]?.schema;
    if (!body) missing.push(`${path(c.endpoint)}: no request body`);
    if (!answer) missing.push(`${path(c.endpoint)}: no 200 answer`);
  }
  expect(missing).toEqual([]);
  // A file answer says its content type.
  expect(Object.keys(doc.paths['/api/audit/exportAuditLog'].post!.responses!['200'].content!)).toEqual(['text/csv']);
});
