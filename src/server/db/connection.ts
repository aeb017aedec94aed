import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './types';
import { createPglitePool } from './pglite-pool';
import { startRemotePglite, type RemotePglite } from './pglite-remote';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { acquireDataDirLock } from './data-dir-lock';
import { poolViews } from './prepared-statements';

/** Type parsing shared by both engines so that rows look the same whichever runs underneath. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v: string) => Number(v);
const asText = (v: string) => v;

export interface DbHandle {
  db: Kysely<Database>;
  /**
   * Embedded: the same connection on lower-priority lanes (pglite-pool.ts): `search` for a search's page and
   * capped total, served after the waiting calls of `db`; `background` for long reads nobody waits for on
   * screen (a search's exact count, export batches), served last. PostgreSQL: the same pool as `db`, but their
   * statements are never prepared (db/prepared-statements.ts), so each search is planned for its values.
   */
  search: Kysely<Database>;
  background: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Embedded only: PGlite, running in a worker thread (for dumps in tests, and direct queries). */
  pglite?: RemotePglite;
}

export type DbTarget =
  /** prepared: the app's statements as prepared statements (default on; db/prepared-statements.ts). */
  | { kind: 'postgres'; url: string; poolSize?: number; prepared?: boolean }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob };

export async function openDatabase(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    const pg = await import('pg');
    const types = pg.default.types;
    types.setTypeParser(INT8, toNumber);
    types.setTypeParser(NUMERIC, toNumber);
    types.setTypeParser(DATE, asText);
    const pool = new pg.default.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle connection closed by the server (a restart, an administrator, a dropped database) is an 'error'
    // event of the pool; unheard, it would end the process. The pool drops that connection and opens another
    // for the next query, and a query that was running gets its own error: note it and carry on.
    pool.on('error', (err) => process.stderr.write(`PostgreSQL closed an idle connection: ${err.message}\n`));
    // Fail fast with a clear message when the server is unreachable.
    const c = await pool.connect();
    c.release();
    // The searches run with plans made for their values: on the same pool, never prepared.
    const views = poolViews(pool);
    const plain = new Kysely<Database>({ dialect: new PostgresDialect({ pool: views.plain }) });
    const db = target.prepared === false ? plain : new Kysely<Database>({ dialect: new PostgresDialect({ pool: views.prepared }) });
    return {
      db,
      search: plain,
      background: plain,
      kind: 'postgres',
      async close() {
        await plain.destroy();
        if (db !== plain) await db.destroy();
        await pool.end();
      },
    };
  }

  // PGlite (WebAssembly) runs each query synchronously on the thread that owns it: a worker thread, so that
  // the server's event loop keeps answering (health checks, other requests) while a long query runs.
  // The worker applies the same type parsing: INT8 and NUMERIC as numbers, DATE as its text.
  const options = {
    extensions: Object.keys(PGLITE_EXTENSIONS),
    parsers: { number: [INT8, NUMERIC], text: [DATE] },
  };
  let releaseLock: (() => void) | undefined;
  let pglite: RemotePglite;
  if (target.kind === 'pglite') {
    releaseLock = acquireDataDirLock(target.dataDir);
    try {
      pglite = await startRemotePglite({ ...options, dataDir: target.dataDir });
    } catch (err) {
      releaseLock();
      throw err;
    }
  } else {
    pglite = await startRemotePglite({ ...options, loadDataDir: target.loadDataDir });
  }
  const pool = createPglitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  const search = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool.lanes.search as never }) });
  const background = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool.lanes.background as never }) });
  return {
    db,
    search,
    background,
    kind: 'pglite',
    pglite,
    async close() {
      await background.destroy();
      await search.destroy();
      await db.destroy();
      await pglite.close();
      releaseLock?.();
    },
  };
}
