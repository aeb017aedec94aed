/**
 * Kept list pages (lib/kept-answers.ts), on a real database and real commits: first through a small route
 * that counts its reads (who gets which answer, what drops it, what is never kept), then through the real
 * department list and save (what a user sees after a change made here, elsewhere, and by SQL).
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { bodyOf } from '../body';
import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../test-support/test-app';
import { mutate, type Actor } from '../audit';
import { HttpError } from '../../plugins/errors';
import { KEPT_ANSWER_MS, keptAnswer } from '../kept-answers';
import type { LoginResponse } from '../../../shared/contract/session';

let t: TestApp;
let admin: LoginResponse;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const actor: Actor = { userId: null, username: 'system', tenant: 'test', ip: null };

describe('the wrapper', () => {
  let app: FastifyInstance;
  let reads = 0;
  let failNext = false;
  const settings = { tenant: 'test', sessionIdleMinutes: 30, keepListPages: true, clientCryptoKey: '8080808080808080', signinMaxFailures: 5, signinLockMinutes: 15 };
  beforeAll(async () => {
    app = Fastify();
    app.decorate('db', t.handle.db);
    app.decorate('settings', settings);
    app.decorateRequest('auth', null);
    // The caller, as authenticate() would attach it (the session itself is not what this tests).
    app.addHook('onRequest', async (req) => {
      const user = Number(req.headers['x-user']);
      req.auth = user ? { sessionId: `s${user}`, userId: user, username: `u${user}`, userGroupId: null, tenant: 'test', kind: 'full', flags: {} as never } : null;
    });
    app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => reply.code(err.statusCode ?? 500).send({ message: err.message }));
    app.post('/page', {
      // The route's serializer drops what its response schema does not name; a kept answer must be the same text.
      schema: { response: { 200: { type: 'object', properties: { user: { type: 'integer' }, read: { type: 'integer' }, page: {} } } } },
      handler: keptAnswer(async (req: FastifyRequest) => {
        reads++;
        if (failNext) {
          failNext = false;
          throw new HttpError(400, 'Not this page.');
        }
        return { user: req.auth?.userId, read: reads, page: bodyOf(req).pageno ?? null, secret: 'not in the schema' };
      }) as never,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (user: number, body: unknown = { pageno: 1 }) => {
    const r = await app.inject({ method: 'POST', url: '/page', payload: body as object, headers: { 'x-user': String(user) } });
    return { status: r.statusCode, type: r.headers['content-type'], json: r.json() as Record<string, unknown> };
  };
  const commit = () => mutate(t.handle.db, actor, (_trx, audit) => audit({ action: 'department.update', entity: 'department' }));

  test('a body that makes no key (one JSON.stringify cannot write) is answered unkept, never a 500', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const r = await app.inject({ method: 'POST', url: '/page', payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, headers: { 'x-user': '1', 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(200);
    const before = reads;
    const handler = keptAnswer(async () => ({ ok: true }));
    const req = { body: deep, auth: { userId: 1 }, server: { settings, db: t.handle.db }, routeOptions: { url: '/page' } } as unknown as FastifyRequest;
    await expect(handler(req, {} as never)).resolves.toEqual({ ok: true });
    expect(reads).toBe(before);
  });

  test("a user's page is kept until a change commits, and only ever answered to that user", async () => {
    const first = await call(1);
    expect(first).toEqual({ status: 200, type: 'application/json; charset=utf-8', json: { user: 1, read: first.json.read, page: 1 } });
    expect((await call(1)).json.read).toBe(first.json.read);
    // Another user, or another page, is another read.
    const other = await call(2);
    expect(other.json).toEqual({ user: 2, read: (first.json.read as number) + 1, page: 1 });
    expect((await call(1, { pageno: 2 })).json.read).toBe((first.json.read as number) + 2);
    expect((await call(2)).json.read).toBe(other.json.read);
    // Any committed change drops every kept page; a change made with no audit row as well.
    await commit();
    expect((await call(1)).json.read).toBe((first.json.read as number) + 3);
    await mutate(t.handle.db, actor, async (trx) => void (await sql`select 1`.execute(trx)));
    expect((await call(1)).json.read).toBe((first.json.read as number) + 4);
    // A sign-in or an export changes nothing a list shows: the page stays.
    await mutate(t.handle.db, actor, (_trx, audit) => audit({ action: 'signin.success', entity: 'session' }));
    await mutate(t.handle.db, actor, (_trx, audit) => audit({ action: 'search.export', entity: 'search' }));
    expect((await call(1)).json.read).toBe((first.json.read as number) + 4);
  });

  test('a page is read again once KEPT_ANSWER_MS old (a change made by another process shows by then)', async () => {
    const before = (await call(3)).json.read as number;
    expect((await call(3)).json.read).toBe(before);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + KEPT_ANSWER_MS + 1);
    try {
      expect((await call(3)).json.read).toBe(before + 1);
    } finally {
      clock.mockRestore();
    }
  });

  test('a refused call is never kept; a long body, an anonymous caller and KEEP_LIST_PAGES=off are read every time', async () => {
    failNext = true;
    expect(await call(4)).toMatchObject({ status: 400, json: { message: 'Not this page.' } });
    const next = (await call(4)).json.read as number;
    expect((await call(4)).json.read).toBe(next);

    const long = { pageno: 1, searchText: 'x'.repeat(2_000) };
    const a = (await call(4, long)).json.read as number;
    expect((await call(4, long)).json.read).toBe(a + 1);

    const b = (await call(0)).json.read as number;
    expect((await call(0)).json.read).toBe(b + 1);

    settings.keepListPages = false;
    try {
      const c = (await call(5)).json.read as number;
      expect((await call(5)).json.read).toBe(c + 1);
    } finally {
      settings.keepListPages = true;
    }
  });

  test('calls for the same page at the same time share one read', async () => {
    await commit();
    const before = reads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(6)));
    expect(reads).toBe(before + 1);
    expect(new Set(answers.map((a) => a.json.read))).toEqual(new Set([before + 1]));
  });
});

describe('the department list', () => {
  const total = async () => Number(((await t.post('/api/master/getdepartment', { pageno: 1, userID: 1 }, admin)).json() as Array<{ totalItems: number }>)[0]?.totalItems ?? 0);

  test('a save through the server shows at the next call; a row written by SQL within KEPT_ANSWER_MS', async () => {
    const before = await total();
    expect(await total()).toBe(before);
    const saved = await t.post('/api/master/savedepartment', { departmentCode: 'KEPT1', departmentName: 'Kept One', userID: 1 }, admin);
    expect(saved.statusCode).toBe(200);
    expect(await total()).toBe(before + 1);

    await sql`insert into department (code, name) values ('BYSQL', 'Written by SQL')`.execute(t.handle.db);
    expect(await total()).toBe(before + 1);
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + KEPT_ANSWER_MS + 1);
    try {
      expect(await total()).toBe(before + 2);
    } finally {
      clock.mockRestore();
    }
  });
});
