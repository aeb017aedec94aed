/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import type { Database } from '../src/server/db/types';
import { signInAdmin } from './server';

/**
 * The save's reference (DESIGN.md section 9: a save reaches at least 0.8x of the raw `pg` driver running the
 * same statements in the same transaction shape). One save goes through the real server built in this process on
 * a pool whose clients record every statement they send (begin, the session check, the duplicate check, the
 * insert, the audit append, commit); then 50 workers send exactly those statements, with a new code each time,
 * straight through `pg` on a pool of the server's size, for the same number of seconds as the server's figure.
 */
export interface Statement { text: string; values: unknown[] }

const SERVER_POOL_SIZE = 10;

export async function captureSave(config: Config, dbUrl: string, save: (base: string, headers: Record<string, string>) => Promise<string>): Promise<{ statements: Statement[]; code: string }> {
  // Opening the server's own way first sets the pg type parsers the server's handlers expect.
  await (await openConfiguredDatabase({ databaseUrl: dbUrl, dataDir: '' })).close();
  const pool = new pg.Pool({ connectionString: dbUrl, max: SERVER_POOL_SIZE });
  const captured: Statement[] = [];
  let recording = false;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const wrapped = new WeakSet<pg.PoolClient>();
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
        if (recording) {
          const [first, second] = args;
          const text = typeof first === 'string' ? first : (first as { text: string }).text;
          const values = (Array.isArray(second) ? second : (first as { values?: unknown[] })?.values) ?? [];
          captured.push({ text, values: [...values] });
        }
        return query(...args);
      };
    }
    return client;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const app = await buildApp({ ...config, db, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const session = await signInAdmin(base);
    recording = true;
    const code = await save(base, session.headers);
    recording = false;
    return { statements: captured, code };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** Saves per second of the captured statements sent straight through `pg` (each with a new code). */
export async function timeRawSaves(dbUrl: string, statements: Statement[], code: string, seconds: number, connections = 50): Promise<{ rps: number; saves: number; failed: number }> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: SERVER_POOL_SIZE });
  let n = 0;
  let saves = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const stamp = Date.now().toString(36).slice(-3).toUpperCase();
  const swap = (v: unknown, fresh: string) => (typeof v === 'string' && v.includes(code) ? v.split(code).join(fresh) : v);
  const worker = async () => {
    while (Date.now() < until) {
      const fresh = `R${(n++).toString(36).toUpperCase()}${stamp}`;
      const client = await pool.connect();
      try {
        for (const s of statements) await client.query(s.text, s.values.map((v) => swap(v, fresh)));
        saves += 1;
      } catch {
        failed += 1;
        await client.query('rollback').catch(() => undefined);
      } finally {
        client.release();
      }
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - t0) / 1000;
  await pool.end();
  return { rps: Math.round(saves / elapsed), saves, failed };
}
