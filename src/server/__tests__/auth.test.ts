import { sql } from 'kysely';
import { createTestApp, enc, headersFor, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app';
import { verifyAuditChain } from '../lib/audit-verify';
import { hashPassword } from '../lib/passwords';
import { SESSION_CACHE_MS } from '../plugins/session';
import { forgetCachedAnswers } from '../lib/commit-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signin = (username: string, password: string) => t.post('/api/auth/signin', { username, password: enc(password) });

async function addUser(username: string, password: string, opts: { mustChange?: boolean; active?: 'Y' | 'N' } = {}) {
  const role = await t.handle.db.selectFrom('workflow_role').select('id').where('shortname', '=', 'STAFF').executeTakeFirstOrThrow();
  const group = await t.handle.db.selectFrom('user_group').select('id').where('name', '=', 'Laboratory Staff').executeTakeFirstOrThrow();
  return t.handle.db
    .insertInto('app_user')
    .values({
      employee_code: username.slice(0, 7).toUpperCase(), first_name: 'Test', last_name: username, username,
      password_hash: await hashPassword(password), must_change_password: opts.mustChange ?? false,
      active: opts.active ?? 'Y', workflow_role_id: role.id, user_group_id: group.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const auditActions = async () =>
  (await t.handle.db.selectFrom('audit_log').select(['action', 'entity_id']).orderBy('id').execute()).map((r) => r.action);

describe('sign-in outcomes', () => {
  test('the seeded admin signs in with First Login, a restricted token, and no other rights', async () => {
    const r = await signin('admin', TEST_ADMIN_PASSWORD);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toEqual({
      message: 'First Login', id: expect.any(Number), username: 'admin', token: expect.any(String), accessToken: expect.any(String), dbName: 'soillims',
    });
    const menu = await t.post('/api/menu/menuofUserforjosn', {}, body);
    expect(menu.statusCode).toBe(403);
    expect(menu.json().message).toBe('Please change your password before using the application.');
  });

  test('SUCCESS carries every field of the legacy login response', async () => {
    const s = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD, 'Soil-Lab-Chief-2026');
    const { LOGIN_RESPONSE_FIELDS } = await import('../../shared/contract/session');
    expect(Object.keys(s).sort()).toEqual([...LOGIN_RESPONSE_FIELDS].sort());
    expect(s).toMatchObject({
      message: 'SUCCESS', username: 'admin', dbName: 'soillims', fullname: 'System Administrator', band: 'Administrator',
      add: true, edit: true, delete: true, view: true, approve: true, microbe: true, toprole: true, reportingmanager: 0,
    });
    // user names are not case sensitive
    expect((await signin('ADMIN', 'Soil-Lab-Chief-2026')).json().message).toBe('SUCCESS');
  });

  test('unknown and deactivated users get Please Contact Administrator', async () => {
    expect((await signin('nobody', 'whatever1')).json()).toEqual({ message: 'Please Contact Administrator' });
    await addUser('gone', 'Gone@12345', { active: 'N' });
    expect((await signin('gone', 'Gone@12345')).json()).toEqual({ message: 'Please Contact Administrator' });
  });

  test('a wrong password gets another message and is audited', async () => {
    await addUser('wrongpw', 'Right@12345');
    const r = await signin('wrongpw', 'Wrong@12345');
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('Invalid Password');
    expect(await auditActions()).toContain('signin.failed');
  });

  test('repeated failures slow that address down with a delay that grows; the owner elsewhere is not held up', async () => {
    const { id } = await addUser('throttle', 'Right@12345');
    const from = (ip: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'throttle', password: enc(password) }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.66', 'Wrong@1')).json().message).toBe('Invalid Password');
    // From that address even the right password waits: 1 s after the fifth failure, then 2 s, 4 s ... (at most 15 minutes).
    const held = await from('10.0.0.66', 'Right@12345');
    expect([held.statusCode, held.json().message]).toEqual([429, 'Too many failed sign-in attempts for this account from this address. Please wait 1 second and try again.']);
    // The account's owner, from their own address, signs in at once: a stranger cannot lock them out.
    expect((await from('10.0.0.7', 'Right@12345')).json().message).toBe('SUCCESS');
    // Once the delay has passed, the address may try again; a success clears its count.
    await t.handle.db.updateTable('signin_throttle').set({ last_failure_at: sql`now() - interval '2 seconds'` }).where('user_id', '=', id).execute();
    expect((await from('10.0.0.66', 'Right@12345')).json().message).toBe('SUCCESS');
    expect(await t.handle.db.selectFrom('signin_throttle').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });

  test('undecryptable or malformed input gets a clear 400, never 500, and changes nothing', async () => {
    const before = await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const cases: Array<[unknown, RegExp]> = [
      [{ username: 'admin', password: 'not base64 !!' }, /could not be read/],
      [{ username: 'admin', password: 'QUJDREVGR0g=' }, /could not be read/], // 8 bytes: not a cipher block
      [{ username: 'admin', password: Buffer.alloc(16, 7).toString('base64') }, /could not be read/], // bad padding
      [{ username: 'admin', password: enc('x').replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }, /could not be read/],
      [{ username: '', password: enc('x') }, /^Username is Required!$/],
      [{ username: 'admin', password: '' }, /^Password is Required!$/],
      [{ username: 'admin' }, /^Password is Required!$/],
      [{ username: 'a'.repeat(51), password: enc('x') }, /at most 50 characters/],
      [{ username: { $ne: 1 }, password: enc('x') }, /The field 'username' must be text\./],
      [[1, 2], /The request body must be an object\./],
    ];
    for (const [body, msg] of cases) {
      const r = await t.post('/api/auth/signin', body);
      expect({ body, status: r.statusCode }).toEqual({ body, status: 400 });
      expect(r.json().message).toMatch(msg);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request body is not valid JSON.');
    const after = await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('change password', () => {
  test('rules: own user only, same name, both entries equal, minimum length, different from current', async () => {
    await addUser('chg', 'Start-Soil-Lab-2025', { mustChange: true });
    const fl = (await signin('chg', 'Start-Soil-Lab-2025')).json();
    expect(fl.message).toBe('First Login');
    const change = (body: object, s: object | null = fl) => t.post('/api/auth/changePassword', body, s as never);
    const base = { userid: fl.id, username: 'chg', password: enc('Next-Soil-Lab-2026'), password1: enc('Next-Soil-Lab-2026') };

    expect((await change(base, null)).statusCode).toBe(401);
    const mismatch = await change({ ...base, password1: enc('Other@12345') });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, 'password Not Matched!']);
    const short = await change({ ...base, password: enc('short'), password1: enc('short') });
    expect([short.statusCode, short.json().message]).toEqual([400, 'The password must be at least 12 characters: add a few more words or characters.']);
    const same = await change({ ...base, password: enc('Start-Soil-Lab-2025'), password1: enc('Start-Soil-Lab-2025') });
    expect(same.json().message).toBe('The new password must be different from the current one.');
    const other = await change({ ...base, userid: 1 });
    expect([other.statusCode, other.json().message]).toEqual([403, 'You can only change your own password.']);
    const wrongName = await change({ ...base, username: 'admin' });
    expect(wrongName.statusCode).toBe(400);

    const ok = await change(base);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('OK');
    // the first-login token is spent; the old password no longer works; the new one does, without First Login
    expect((await change(base)).statusCode).toBe(401);
    expect((await signin('chg', 'Start-Soil-Lab-2025')).json().message).toBe('Invalid Password');
    expect((await signin('chg', 'Next-Soil-Lab-2026')).json().message).toBe('SUCCESS');
  });

  test('a signed-in user changes their own password from Settings; all their sessions end', async () => {
    await addUser('settings', 'Old@123456');
    const a = (await signin('settings', 'Old@123456')).json();
    const b = (await signin('settings', 'Old@123456')).json();
    const body = { userid: a.id, username: 'settings', password: enc('New-Soil-Lab-2026'), password1: enc('New-Soil-Lab-2026') };
    const r = await t.post('/api/auth/changePassword', { ...body, currentPassword: enc('Old@123456') }, a);
    expect(r.json()).toEqual({ status: 'OK', message: 'Your Password Changed Successfully!' });
    for (const s of [a, b]) expect((await t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s)).statusCode).toBe(401);
  });
});

/**
 * A token with one signature character changed. Not the last one: the last base64url character of a
 * 32-byte signature carries two spare bits, so changing it can leave the signature the same.
 */
const forge = (token: string) => {
  const i = token.indexOf('.') + 1;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
};

describe('sessions', () => {
  let s: Awaited<ReturnType<typeof signInFully>>;
  beforeAll(async () => {
    await addUser('sess', 'Sess@12345');
  });
  beforeEach(async () => {
    s = (await signin('sess', 'Sess@12345')).json();
  });

  test('every protected route refuses a request without a live session', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method === 'POST' && r.url !== '/api/auth/signin');
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const r of routes) {
      const none = await t.post(r.url, {});
      expect({ url: r.url, status: none.statusCode, message: none.json().message }).toEqual({ url: r.url, status: 401, message: 'login again' });
      const forged = await t.post(r.url, {}, { ...s, accessToken: forge(s.accessToken) });
      expect({ url: r.url, status: forged.statusCode }).toEqual({ url: r.url, status: 401 });
      // Another spelling of the same signature bytes (the spare bits of its last character) is refused too.
      const respelled = await t.post(r.url, {}, { ...s, accessToken: s.accessToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
      expect({ url: r.url, status: respelled.statusCode }).toEqual({ url: r.url, status: 401 });
      const wrongToken = await t.post(r.url, {}, { ...s, token: 'x'.repeat(43) });
      expect({ url: r.url, status: wrongToken.statusCode }).toEqual({ url: r.url, status: 401 });
      const otherTenant = await t.post(r.url, {}, { ...s, dbName: 'otherlab' });
      expect({ url: r.url, status: otherTenant.statusCode }).toEqual({ url: r.url, status: 403 });
    }
  });

  test('only the calls the contract marks bearer-only accept the bearer token without the Token and dbName headers', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method === 'POST' && r.url !== '/api/auth/signin');
    expect(routes.filter((r) => r.endpoint?.credentials === 'bearer').map((r) => r.url)).toEqual(['/api/master/saveUserActivityAceess']);
    for (const r of routes) {
      const res = await t.app.inject({ method: 'POST', url: r.url, payload: {}, headers: { authorization: `Bearer ${s.accessToken}` } });
      const bearerOnly = r.endpoint?.credentials === 'bearer';
      expect({ url: r.url, refused: res.statusCode === 401 }).toEqual({ url: r.url, refused: !bearerOnly });
    }
  });

  test('every protected route refuses an expired session and a revoked one', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method === 'POST' && r.url !== '/api/auth/signin');
    const expired = (await signin('sess', 'Sess@12345')).json();
    await t.handle.db.updateTable('session').set({ expires_at: sql`now() - interval '1 second'` }).where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
    const revoked = (await signin('sess', 'Sess@12345')).json();
    await t.handle.db.updateTable('session').set({ revoked_at: sql`now()`, revoked_reason: 'test' }).where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
    for (const r of routes) {
      for (const [kind, session] of [['expired', expired], ['revoked', revoked]] as const) {
        const res = await t.post(r.url, {}, session);
        expect({ url: r.url, kind, status: res.statusCode, message: res.json().message }).toEqual({ url: r.url, kind, status: 401, message: 'login again' });
      }
    }
  });

  test('checklogin answers SUCCESS while live and login again after logout', async () => {
    const ok = await t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s);
    expect([ok.statusCode, ok.json().message]).toEqual([200, 'SUCCESS']);
    expect((await t.post('/api/auth/logout', {}, s)).json()).toEqual({ status: 'OK' });
    const after = await t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s);
    expect([after.statusCode, after.json().message]).toEqual([401, 'login again']);
  });

  // These tests change sessions and users with SQL, behind the server's back: the server sees such a change once
  // its cached sessions are SESSION_CACHE_MS old (the last test here waits for that); forgetCachedAnswers stands for the wait.
  test('idle expiry and absolute expiry end a session', async () => {
    await t.handle.db.updateTable('session').set({ last_seen_at: sql`now() - interval '31 minutes'` }).where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
    forgetCachedAnswers(t.handle.db);
    expect((await t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s)).json().message).toBe('login again');
    const s2 = (await signin('sess', 'Sess@12345')).json();
    await t.handle.db.updateTable('session').set({ expires_at: sql`now() - interval '1 second'` }).where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
    forgetCachedAnswers(t.handle.db);
    expect((await t.post('/api/transaction/checklogin', { accessToken: s2.accessToken }, s2)).statusCode).toBe(401);
  });

  test('a deactivated user loses live sessions', async () => {
    await t.handle.db.updateTable('app_user').set({ active: 'N' }).where('id', '=', s.id).execute();
    forgetCachedAnswers(t.handle.db);
    expect((await t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s)).statusCode).toBe(401);
    await t.handle.db.updateTable('app_user').set({ active: 'Y' }).where('id', '=', s.id).execute();
  });

  test('a session is read once per SESSION_CACHE_MS: a revocation made behind the server is seen after that, one made through it at once', async () => {
    const a = (await signin('sess', 'Sess@12345')).json();
    const check = async (x: { accessToken: string }) => (await t.post('/api/transaction/checklogin', { accessToken: x.accessToken }, x as never)).statusCode;
    expect(await check(a)).toBe(200);
    await t.handle.db.updateTable('session').set({ revoked_at: sql`now()`, revoked_reason: 'by SQL' }).where('user_id', '=', s.id).where('revoked_at', 'is', null).execute();
    // The server answered from its copy (no commit through it changed a session): the copy is in use ...
    expect(await check(a)).toBe(200);
    // ... and lives no longer than SESSION_CACHE_MS.
    await new Promise((r) => setTimeout(r, SESSION_CACHE_MS + 100));
    expect(await check(a)).toBe(401);

    // Through the server, a sign-out ends the session for the very next call, and no other session is kept alive by the cache.
    const b = (await signin('sess', 'Sess@12345')).json();
    const c = (await signin('sess', 'Sess@12345')).json();
    expect([await check(b), await check(c)]).toEqual([200, 200]);
    expect((await t.post('/api/auth/logout', {}, b)).statusCode).toBe(200);
    expect([await check(b), await check(c)]).toEqual([401, 200]);
  });

  test('a token signed with another secret is refused', async () => {
    const { signAccessToken } = await import('../lib/tokens');
    const claims = JSON.parse(Buffer.from(s.accessToken.split('.')[0], 'base64url').toString());
    const forged = signAccessToken(claims, 'not-the-server-secret');
    expect((await t.app.inject({ method: 'POST', url: '/api/transaction/checklogin', payload: {}, headers: { ...headersFor(s), authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });
});

describe('audit trail', () => {
  test('sign-in, failed sign-in, logout and password change are audited; the chain verifies; tampering is found', async () => {
    const actions = await auditActions();
    for (const a of ['signin', 'signin.first', 'signin.failed', 'signin.refused', 'logout', 'password.change', 'seed.create']) expect(actions).toContain(a);
    const ok = await verifyAuditChain(t.handle.db);
    expect(ok).toMatchObject({ ok: true, verified: actions.length });
    // no secret ever reaches the trail
    const all = await t.handle.db.selectFrom('audit_log').select(['before', 'after']).execute();
    expect(JSON.stringify(all)).not.toMatch(/\$argon2/);

    // the database refuses to alter audit rows
    await expect(t.handle.db.updateTable('audit_log').set({ reason: 'x' }).where('id', '=', 5).execute()).rejects.toThrow(/append-only/);
    await expect(t.handle.db.deleteFrom('audit_log').where('id', '=', 5).execute()).rejects.toThrow(/append-only/);

    // behind the application's back (trigger disabled), the chain finds the altered row
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(t.handle.db);
    await sql`update audit_log set reason = 'rewritten' where id = 7`.execute(t.handle.db);
    await sql`alter table audit_log enable trigger audit_log_no_update`.execute(t.handle.db);
    const broken = await verifyAuditChain(t.handle.db);
    expect(broken.ok).toBe(false);
    expect(broken.brokenAt).toEqual({ id: 7, reason: expect.stringMatching(/altered/) });
    expect(broken.verified).toBe(6);
  });
});
