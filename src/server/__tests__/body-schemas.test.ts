/**
 * Every API call declares its request body (shared/contract/body-schema.ts): the validator coerces nothing, so a
 * field is only checked when it is declared, and a field declared without a type accepts anything. A new
 * endpoint without a body schema, or with an untyped field, fails here.
 */
import { createTestApp, type TestApp } from '../test-support/test-app';
import { SIGNIN_BODY_LIMIT } from '../modules/auth/auth-routes';

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
