import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app';
import { ACCOUNT_MSG } from '../../shared/contract/account-endpoints';
import { browserOf } from '../modules/auth/session-routes';
import { tableDigests } from '../test-support/table-digests';
import { SIGNATURE_MEANING, SIGNATURE_MSG } from '../../shared/contract/signatures';
import { PASSWORD_CHANGE_MSG, PASSWORD_MSG } from '../../shared/contract/password-rules';
import { passwordProblem } from '../lib/password-policy';
import { generateInitialPassword } from '../lib/passwords';
import { TOUCH_MS } from '../plugins/session';
import { insertIsolate, setupLab, signature, submitBody, type Lab } from '../modules/activities/__tests__/activity-fixtures';

/**
 * Electronic signatures and identity an auditor accepts (21 CFR Part 11 §11.50, §11.200, §11.300; OWASP ASVS 4.0.3
 * chapters 2 and 3), through the real server: every refusal is a 4xx with a sentence and changes nothing.
 */
let t: TestApp;
let lab: Lab;
beforeAll(async () => {
  t = await createTestApp();
  lab = await setupLab(t);
});
afterAll(() => t.close());

const save = (s: Lab['manager'], body: object) => t.post('/api/master/saveActivities', body, s.session);

describe('signed approvals and reversions', () => {
  test('an approval needs the manager to re-enter their password with the meaning; without it nothing changes', async () => {
    const iso = await insertIsolate(t, lab.creator);
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: '3.5' }))).json().status).toBe('S');
    const decide = { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [] };
    const before = await tableDigests(t.handle.db);
    const none = await save(lab.manager, decide);
    expect([none.statusCode, none.json().message]).toEqual([400, SIGNATURE_MSG.required('approve')]);
    const meaning = await save(lab.manager, { ...decide, ...signature('A'), signatureMeaning: 'OK' });
    expect([meaning.statusCode, meaning.json().message]).toEqual([400, SIGNATURE_MSG.meaning('approve')]);
    const wrong = await save(lab.manager, { ...decide, ...signature('A', 'Not@TheRight1') });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, SIGNATURE_MSG.wrongPassword]);
    // Only the refusal's own trace changed: its audit row and the sign-in throttle count.
    const after = await tableDigests(t.handle.db);
    for (const table of Object.keys(before).filter((x) => !['audit_log', 'signin_throttle'].includes(x))) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });
    expect((await t.handle.db.selectFrom('signin_throttle').select('failures').where('user_id', '=', lab.manager.id).executeTakeFirstOrThrow()).failures).toBe(1);
    expect((await t.handle.db.selectFrom('audit_log').select('action').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).action).toBe('signature.refused');

    const ok = await save(lab.manager, { ...decide, ...signature('A') });
    expect(ok.json()).toMatchObject({ message: 'Success', status: 'A' });
    const conf = (await t.post('/api/master/getParamconf', { id: lab.l1.id, samplenov: iso.samplenov }, lab.staff.session)).json();
    expect(conf.signatures).toEqual([{
      name: 'Anita Rao', username: 'tmanager', at: expect.stringMatching(/Z$/), action: 'approve', meaning: SIGNATURE_MEANING.approve,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/), valid: true,
    }]);
    const audit = await t.handle.db.selectFrom('audit_log').select(['after']).where('action', '=', 'activity.approve').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ signature: { hash: conf.signatures[0].hash, meaning: SIGNATURE_MEANING.approve, username: 'tmanager' } });
    const record = (await t.post('/api/transaction/postSearchmicBySamplenov', { samplenov: iso.samplenov }, lab.manager.session)).json();
    expect(record.activityList[0].signatures).toEqual(conf.signatures);
  });

  test('a reversion is signed too; a submit is not', async () => {
    const iso = await insertIsolate(t, lab.creator);
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: '4' }))).json().status).toBe('S');
    expect((await save(lab.manager, { actid: lab.l1.id, samplenov: iso.samplenov, status: 'R', remarks: 'Recheck.', activeList: [], ...signature('R') })).json().status).toBe('R');
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: '4.5' }))).json().status).toBe('S');
    const conf = (await t.post('/api/master/getParamconf', { id: lab.l1.id, samplenov: iso.samplenov }, lab.staff.session)).json();
    expect(conf.signatures.map((s: { action: string }) => s.action)).toEqual(['revert']);
  });

  test('a signature cannot be edited, removed or moved to another record', async () => {
    const a = await insertIsolate(t, lab.creator);
    const b = await insertIsolate(t, lab.creator);
    for (const iso of [a, b]) {
      await save(lab.staff, submitBody(lab.l1, iso, { CD: '5' }));
      await save(lab.manager, { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A') });
    }
    const txOf = async (iso: typeof a) => (await t.handle.db.selectFrom('activity_transaction').select('id').where('isolate_id', '=', iso.id).executeTakeFirstOrThrow()).id;
    const [ta, tb] = [await txOf(a), await txOf(b)];
    // The database refuses any change (as it does for the audit trail).
    await expect(sql`update activity_signature set transaction_id = ${tb} where transaction_id = ${ta}`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`update activity_signature set meaning = 'Approved.' where transaction_id = ${ta}`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from activity_signature where transaction_id = ${ta}`.execute(t.handle.db)).rejects.toThrow(/append-only/);
    // Behind the application's back (triggers off), a moved or edited signature no longer shows as valid.
    await sql`alter table activity_signature disable trigger user`.execute(t.handle.db);
    await sql`update activity_signature set transaction_id = ${tb} where transaction_id = ${ta}`.execute(t.handle.db);
    await sql`alter table activity_signature enable trigger user`.execute(t.handle.db);
    const conf = (await t.post('/api/master/getParamconf', { id: lab.l1.id, samplenov: b.samplenov }, lab.staff.session)).json();
    const moved = (await t.handle.db.selectFrom('activity_signature').select('content_hash').where('transaction_id', '=', tb).orderBy('id').executeTakeFirstOrThrow()).content_hash;
    expect(conf.signatures.map((s: { hash: string; valid: boolean }) => [s.hash === moved, s.valid])).toEqual([[true, false], [false, true]]);
  });
});

describe('passwords', () => {
  test('at least 12 characters, not common or guessable, not containing the user name; the messages say what to change', () => {
    expect(passwordProblem('Short@1')).toBe(PASSWORD_MSG.tooShort);
    expect(passwordProblem('password1234')).toMatch(/^This password is too easy to guess\./);
    expect(passwordProblem('qwertyuiop123')).toMatch(/^This password is too easy to guess\./);
    expect(passwordProblem('tmanager-2026-soil', { username: 'tmanager' })).toBe(PASSWORD_MSG.containsUsername);
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MSG.tooLong);
    expect(passwordProblem('Violet-Rhizome-Lantern-42')).toBeNull();
    for (let i = 0; i < 20; i++) expect(passwordProblem(generateInitialPassword(16, 'someone'), { username: 'someone' })).toBeNull();
  });

  test('a live session changes its password only with the current one; a wrong one counts as a failed sign-in', async () => {
    const me = lab.staff2;
    const body = { userid: me.id, username: me.username, password: enc('Violet-Rhizome-Lantern-42'), password1: enc('Violet-Rhizome-Lantern-42') };
    const before = await tableDigests(t.handle.db);
    const none = await t.post('/api/auth/changePassword', body, me.session);
    expect([none.statusCode, none.json().message]).toEqual([400, PASSWORD_CHANGE_MSG.currentRequired]);
    expect(await tableDigests(t.handle.db)).toEqual(before);
    const wrong = await t.post('/api/auth/changePassword', { ...body, currentPassword: enc('Wrong@Guess123') }, me.session);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, PASSWORD_CHANGE_MSG.currentWrong]);
    expect((await t.handle.db.selectFrom('signin_throttle').select('failures').where('user_id', '=', me.id).executeTakeFirstOrThrow()).failures).toBe(1);
    const weak = await t.post('/api/auth/changePassword', { ...body, password: enc('password1234'), password1: enc('password1234'), currentPassword: enc('Perm@12345') }, me.session);
    expect([weak.statusCode, weak.json().message]).toEqual([400, expect.stringMatching(/^This password is too easy to guess\./)]);
    const ok = await t.post('/api/auth/changePassword', { ...body, currentPassword: enc('Perm@12345') }, me.session);
    expect(ok.json()).toMatchObject({ status: 'OK' });
  });
});

describe('HTTP', () => {
  test('every API answer, the sign-in answer with its tokens included, says no-store', async () => {
    const signin = await t.post('/api/auth/signin', { username: 'tstaff', password: enc('Perm@12345') });
    expect(signin.headers['cache-control']).toBe('no-store');
    expect((await t.post('/api/transaction/getsamphome', { pageno: 1 }, lab.staff.session)).headers['cache-control']).toBe('no-store');
    expect((await t.post('/api/transaction/getsamphome', { pageno: 1 })).headers['cache-control']).toBe('no-store'); // a 401 too
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe('no-store');
  });

  test('/api/docs is served only when the lab asks for it (API_DOCS)', async () => {
    const off = await createTestApp({ apiDocs: false });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  test('idle expiry counts from the last call to within a few seconds: a user calling every 20 s of a 1-minute idle limit stays signed in', async () => {
    const short = await createTestApp({ sessionIdleMinutes: 1 });
    try {
      const s = (await setupLab(short)).staff.session;
      const call = () => short.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s);
      // Calls every 20 s for 80 s: the session's clock is moved back 20 s before each call (as 20 s passing would).
      for (let i = 0; i < 4; i++) {
        await sql`update session set last_seen_at = last_seen_at - interval '20 seconds', created_at = created_at - interval '20 seconds' where id = ${sidOf(s.accessToken)}`.execute(short.handle.db);
        await new Promise((r) => setTimeout(r, 2_100)); // the process's copy of the session expires (SESSION_CACHE_MS)
        expect({ i, status: (await call()).statusCode }).toEqual({ i, status: 200 });
      }
      // 61 s without a call: ended.
      await sql`update session set last_seen_at = now() - interval '61 seconds' where id = ${sidOf(s.accessToken)}`.execute(short.handle.db);
      await new Promise((r) => setTimeout(r, 2_100));
      expect((await call()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
    expect(TOUCH_MS).toBeLessThanOrEqual(5_000);
  }, 60_000);
});

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const signInWith = async (username: string, ua: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password: enc('Perm@12345') }, headers: { 'user-agent': ua } })).json();

describe('sessions a user can see and end', () => {

  test('auth/sessions lists the caller\'s live sessions only, marks the current one; auth/endSession ends one of them, audited', async () => {
    const office = await signInWith('tviewer', CHROME);
    const laptop = await signInWith('tviewer', FIREFOX);
    const list = (await t.post('/api/auth/sessions', {}, office)).json();
    const mine = list.filter((x: { sessionId: string }) => [sidOf(office.accessToken), sidOf(laptop.accessToken)].includes(x.sessionId));
    expect(mine).toHaveLength(2);
    expect(list.every((x: { sessionId: string }) => x.sessionId !== sidOf(lab.staff.session.accessToken))).toBe(true);
    expect(list.find((x: { current: boolean }) => x.current)).toMatchObject({ sessionId: sidOf(office.accessToken), browser: 'Chrome 131 on Windows' });
    expect(list.find((x: { sessionId: string }) => x.sessionId === sidOf(laptop.accessToken))).toMatchObject({
      browser: 'Firefox 133 on Linux', current: false, signedInAt: expect.stringMatching(/Z$/), lastSeenAt: expect.stringMatching(/Z$/),
    });

    // Someone else's session cannot be ended (answered like an unknown one), and nothing changes.
    const before = await tableDigests(t.handle.db);
    const foreign = await t.post('/api/auth/endSession', { sessionId: sidOf(lab.staff.session.accessToken) }, office);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, ACCOUNT_MSG.sessionNotFound]);
    expect(await tableDigests(t.handle.db)).toEqual(before);
    expect((await t.post('/api/auth/endSession', { sessionId: ['x'] }, office)).statusCode).toBe(400);

    const ended = await t.post('/api/auth/endSession', { sessionId: sidOf(laptop.accessToken) }, office);
    expect(ended.json()).toEqual({ status: 'OK', message: ACCOUNT_MSG.sessionEnded });
    expect((await t.post('/api/transaction/checklogin', {}, laptop)).statusCode).toBe(401);
    expect((await t.post('/api/transaction/checklogin', {}, office)).statusCode).toBe(200);
    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'entity_id', 'username']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'session.end', entity_id: sidOf(laptop.accessToken), username: 'tviewer' });
  });

  test('browserOf reads a user agent with a maintained parser', () => {
    expect(browserOf(CHROME)).toBe('Chrome 131 on Windows');
    expect(browserOf(null)).toBe('Unknown browser');
  });
});

describe('administrators help users without weakening anything', () => {
  let admin: Awaited<ReturnType<typeof signInFully>>;
  beforeAll(async () => {
    admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  });
  test('resetUserPassword: a one-time password shown once, a forced change, the user\'s sessions ended, audited; Top Role only', async () => {
    const victim = lab.outsider;
    const staffTry = await t.post('/api/master/resetUserPassword', { resourceID: victim.id }, lab.staff.session);
    expect(staffTry.statusCode).toBe(403);
    const before = await tableDigests(t.handle.db);
    for (const bad of [{}, { resourceID: true }, { resourceID: [victim.id] }, { resourceID: '1; drop table x' }]) {
      expect((await t.post('/api/master/resetUserPassword', bad, admin)).statusCode).toBe(400);
    }
    expect((await t.post('/api/master/resetUserPassword', { resourceID: 999999 }, admin)).statusCode).toBe(404);
    expect((await t.post('/api/master/resetUserPassword', { resourceID: admin.id }, admin)).json().message).toBe(ACCOUNT_MSG.notYourself);
    const after = await tableDigests(t.handle.db);
    for (const table of Object.keys(before).filter((x) => !['audit_log', 'session'].includes(x))) expect({ table, ...after[table] }).toEqual({ table, ...before[table] });

    const reset = await t.post('/api/master/resetUserPassword', { resourceID: String(victim.id) }, admin);
    expect(reset.json()).toMatchObject({ status: 'Success', password: expect.any(String) });
    const oneTime = reset.json().password as string;
    expect(passwordProblem(oneTime, { username: victim.username })).toBeNull();
    // The old sessions are over; the old password no longer works; the one-time one only allows the change.
    expect((await t.post('/api/transaction/checklogin', {}, victim.session)).statusCode).toBe(401);
    expect((await t.post('/api/auth/signin', { username: victim.username, password: enc('Perm@12345') })).json().message).not.toBe('SUCCESS');
    const first = (await t.post('/api/auth/signin', { username: victim.username, password: enc(oneTime) })).json();
    expect(first.message).toBe('First Login');
    const row = await t.handle.db.selectFrom('app_user').select(['must_change_password', 'password_hash']).where('id', '=', victim.id).executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(true);
    expect(row.password_hash).not.toContain(oneTime);
    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'entity_id', 'after']).where('action', '=', 'user.password.reset').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_id: String(victim.id), after: { must_change_password: true } });
    expect(JSON.stringify(audit)).not.toContain(oneTime);
  });

  test('unlockUser clears the sign-in delays from every address; endUserSessions ends all of a user\'s sessions; both audited', async () => {
    const user = lab.orphan;
    for (let i = 0; i < 3; i++) await t.post('/api/auth/signin', { username: user.username, password: enc('Wrong@Guess123') });
    expect((await t.handle.db.selectFrom('signin_throttle').select('failures').where('user_id', '=', user.id).executeTakeFirstOrThrow()).failures).toBe(3);
    const unlock = await t.post('/api/master/unlockUser', { resourceID: user.id }, admin);
    expect(unlock.json()).toEqual({ status: 'Success', message: expect.stringContaining('sign-in delays') });
    expect(await t.handle.db.selectFrom('signin_throttle').select('failures').where('user_id', '=', user.id).execute()).toEqual([]);

    const again = await signInWith(user.username, FIREFOX);
    const end = await t.post('/api/master/endUserSessions', { resourceID: user.id }, admin);
    expect(end.json().message).toMatch(/^\d+ live sessions? of .* ended\.$/);
    expect((await t.post('/api/transaction/checklogin', {}, again)).statusCode).toBe(401);
    expect((await t.post('/api/transaction/checklogin', {}, admin)).statusCode).toBe(200);
    const actions = (await t.handle.db.selectFrom('audit_log').select('action').where('entity_id', '=', String(user.id)).where('entity', '=', 'user').execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.unlock', 'user.sessions.end']));
    expect((await t.post('/api/master/unlockUser', { resourceID: user.id }, lab.manager.session)).statusCode).toBe(403);
  });
});

/** The session id inside an access token (its first part is base64url JSON). */
function sidOf(accessToken: string): string {
  return JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString('utf8')).sid;
}
