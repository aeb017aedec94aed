import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DbHandle } from '../db/connection';
import { DEFAULT_CLIENT_CRYPTO_KEY } from '../config';
import { encryptForTransport } from '../../shared/transport/aes';
import type { LoginResponse } from '../../shared/contract/session';
import { TEST_ADMIN_PASSWORD, TEST_TENANT, withDatabase, type TemplateInfo } from './template';

export { TEST_ADMIN_PASSWORD, TEST_TENANT };
export const KEY = DEFAULT_CLIENT_CRYPTO_KEY;
export const enc = (plain: string) => encryptForTransport(plain, KEY);

/**
 * A fresh database (copied from the migrated, seeded template) for one test file; or a copy of `from`, a state a
 * file built once for its tests (db-snapshot.ts).
 */
export async function freshDatabase(from?: TemplateInfo): Promise<DbHandle & { drop(): Promise<void> }> {
  const info = from ?? (JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null);
  if (!info) throw new Error('LIMS_TEST_TEMPLATE is not set: run the server tests through jest (global setup).');
  if (info.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(info.dumpFile)]);
    const h = await openDatabase({ kind: 'pglite-memory', loadDataDir: dump });
    return { ...h, drop: async () => undefined };
  }
  const name = `lims_t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: info.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name} template ${info.template}`).execute(admin.db);
  const h = await openDatabase({ kind: 'postgres', url: withDatabase(info.serverUrl, name), poolSize: 5 });
  return {
    ...h,
    drop: async () => {
      // pg's pool.end() resolves before its clients' backends have gone; a forced drop would then kill
      // them mid-goodbye and their clients emit an unhandled 'error'. Wait (briefly) for them to leave.
      for (let i = 0; i < 50; i++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * A new, empty database (no schema) on the engine the tests run on: a restore target. PGlite: in memory;
 * PostgreSQL: a new database on the test server, dropped by `drop`.
 */
export async function emptyDatabase(): Promise<DbHandle & { drop(): Promise<void> }> {
  const info = JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null;
  if (!info || info.kind === 'pglite') {
    const h = await openDatabase({ kind: 'pglite-memory' });
    return { ...h, drop: async () => undefined };
  }
  const name = `lims_e_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: info.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  const h = await openDatabase({ kind: 'postgres', url: withDatabase(info.serverUrl, name), poolSize: 5 });
  return {
    ...h,
    drop: async () => {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  post(path: string, body?: unknown, session?: Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'> | null): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Parameters<typeof buildApp>[0]> = {}): Promise<TestApp> {
  const handle = await freshDatabase();
  const app = await buildApp({
    db: handle.db,
    searchDb: handle.search,
    backgroundDb: handle.background,
    tenant: TEST_TENANT,
    clientCryptoKey: KEY,
    companyName: 'Test Lab',
    sessionIdleMinutes: 30,
    sessionMaxHours: 12,
    signinMaxFailures: 5,
    signinLockMinutes: 15,
    clientDir: '/nonexistent',
    signinPerMinute: 1000,
    apiDocs: true,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    handle,
    post: (url, body = {}, session = null) =>
      app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: session ? headersFor(session) : {},
      }),
    async close() {
      await app.close();
      await handle.close();
      await handle.drop();
    },
  };
}

export function headersFor(s: Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>): Record<string, string> {
  return { authorization: `Bearer ${s.accessToken}`, token: s.token, dbname: s.dbName };
}

/** Signs in; when the answer is First Login, changes the password to `newPassword` and signs in again. */
export async function signInFully(t: TestApp, username: string, password: string, newPassword = 'Changed@2026'): Promise<LoginResponse> {
  const first = (await t.post('/api/auth/signin', { username, password: enc(password) })).json();
  if (first.message === 'SUCCESS') return first;
  if (first.message !== 'First Login') throw new Error(`sign-in of ${username} answered ${JSON.stringify(first)}`);
  const ch = await t.post('/api/auth/changePassword', { userid: first.id, username, password: enc(newPassword), password1: enc(newPassword) }, first);
  if (ch.statusCode !== 200) throw new Error(`password change answered ${ch.statusCode} ${ch.body}`);
  const again = (await t.post('/api/auth/signin', { username, password: enc(newPassword) })).json();
  if (again.message !== 'SUCCESS') throw new Error(`second sign-in answered ${JSON.stringify(again)}`);
  return again;
}

/**
 * The seeded Administrators group, whose menu holds every screen. Tests about roles and records (not
 * about menus) put their users in it, since the server refuses the calls of screens a menu lacks.
 */
export async function allScreensGroupId(t: Pick<TestApp, 'handle'>): Promise<number> {
  const g = await t.handle.db.selectFrom('user_group').select('id').where('name', '=', 'Administrators').executeTakeFirstOrThrow();
  return g.id;
}
