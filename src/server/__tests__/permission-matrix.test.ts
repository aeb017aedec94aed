/**
 * The permission matrix (issue 6.1): every endpoint table in src/shared/contract names the role flag a call
 * needs. This test proves, over every registered route, that a signed-in user whose role lacks exactly that
 * flag (holding every other one) is refused with 403 and a plain sentence, and that the only calls without a
 * flag are the self-service ones listed here (so a new endpoint cannot forget to declare one).
 */
import { createTestApp, signInFully, type TestApp, allScreensGroupId } from '../test-support/test-app';
import { hashPassword } from '../lib/passwords';
import { PERMISSION_FLAGS, type LoginResponse, type PermissionFlag } from '../../shared/contract/session';

/** Calls every signed-in user may make about themselves (their session, password, menu, own queue). */
const SELF_SERVICE = new Set([
  '/api/auth/changePassword', '/api/auth/logout', '/api/transaction/checklogin',
  '/api/menu/menuofUserforjosn', '/api/menu/getmenubyuser',
  // Your own sessions (Settings): only ever the caller's.
  '/api/auth/sessions', '/api/auth/endSession',
]);

const COLUMN: Record<PermissionFlag, string> = {
  add: 'can_add', edit: 'can_edit', view: 'can_view', delete: 'can_delete', approve: 'can_approve', microbe: 'can_microbe', toprole: 'is_toprole',
};

let t: TestApp;
const without: Partial<Record<PermissionFlag, LoginResponse>> = {};

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword('Matrix@12345');
  for (const flag of PERMISSION_FLAGS) {
    // Every flag but this one (and never Top Role, which implies them all).
    const flags = Object.fromEntries(PERMISSION_FLAGS.map((f) => [COLUMN[f], f !== flag && f !== 'toprole']));
    const role = await t.handle.db
      .insertInto('workflow_role')
      .values({ shortname: `NO${flag.slice(0, 4).toUpperCase()}`, role: `Without ${flag}`, hierarchy: 50, ...flags })
      .returning('id').executeTakeFirstOrThrow();
    await t.handle.db.insertInto('app_user').values({
      employee_code: `M${flag.slice(0, 6)}`, first_name: 'Matrix', username: `no_${flag}`, password_hash: hash, must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t),
    }).execute();
    without[flag] = await signInFully(t, `no_${flag}`, 'Matrix@12345');
  }
});
afterAll(() => t.close());

test('every endpoint declares the flag it needs, or is a self-service call', () => {
  const undeclared = t.app.apiRoutes
    .filter((r) => r.method === 'POST' && r.endpoint && r.endpoint.auth !== 'public' && !r.endpoint.permission)
    .map((r) => r.url)
    .filter((url) => !SELF_SERVICE.has(url));
  expect(undeclared).toEqual([]);
  // Routes registered outside the endpoint tables must not exist (apart from the health check).
  expect(t.app.apiRoutes.filter((r) => !r.endpoint).map((r) => r.url).filter((u) => u !== '/api/health')).toEqual([]);
});

test('a user without the needed flag is refused every call that needs it, with 403 and a plain sentence', async () => {
  const checked: string[] = [];
  const failures: string[] = [];
  for (const r of t.app.apiRoutes) {
    const e = r.endpoint;
    if (r.method !== 'POST' || !e?.permission) continue;
    // A create-or-update save lets either flag through: the caller must lack both.
    const needed = [e.permission, ...(e.permissionOnUpdate ? [e.permissionOnUpdate] : [])];
    const callers = needed.length === 1 ? [without[needed[0]]!] : [];
    if (needed.length > 1) {
      // Roles lack one flag each; a user without both is made here once per pair.
      const key = needed.sort().join('+');
      callers.push(await userWithout(needed, key));
    }
    for (const s of callers) {
      const res = await t.post(r.url, {}, s);
      checked.push(r.url);
      const body = res.json() as { message?: string };
      if (res.statusCode !== 403 || !/^Your role does not allow this/.test(body.message ?? '')) failures.push(`${r.url} (${needed.join('|')}) -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
  expect(checked.length).toBeGreaterThan(100);
});

const pairUsers = new Map<string, LoginResponse>();
async function userWithout(flags: PermissionFlag[], key: string): Promise<LoginResponse> {
  const existing = pairUsers.get(key);
  if (existing) return existing;
  const cols = Object.fromEntries(PERMISSION_FLAGS.map((f) => [COLUMN[f], !flags.includes(f) && f !== 'toprole']));
  const n = pairUsers.size + 1;
  const role = await t.handle.db.insertInto('workflow_role')
    .values({ shortname: `PAIR${n}`, role: `Without ${key}`, hierarchy: 60, ...cols }).returning('id').executeTakeFirstOrThrow();
  await t.handle.db.insertInto('app_user').values({
    employee_code: `PAIR${n}`, first_name: 'Pair', username: `pair_${n}`, password_hash: await hashPassword('Matrix@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t),
  }).execute();
  const s = await signInFully(t, `pair_${n}`, 'Matrix@12345');
  pairUsers.set(key, s);
  return s;
}
