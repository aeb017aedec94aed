import { Kysely, PostgresDialect } from 'kysely';
import type { PGlite as PGliteType } from '@electric-sql/pglite';
import type { Database } from './types';
import { createPglitePool } from './pglite-pool';
import { acquireDataDirLock } from './data-dir-lock';

/** Type parsing shared by both engines so that rows look the same whichever runs underneath. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v: string) => Number(v);
const asText = (v: string) => v;

export interface DbHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Embedded only: the PGlite instance (for dumps in tests and backups). */
  pglite?: PGliteType;
}

export type DbTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
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
    // Fail fast with a clear message when the server is unreachable.
    const c = await pool.connect();
    c.release();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const parsers = { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText };
  let releaseLock: (() => void) | undefined;
  let pglite: PGliteType;
  if (target.kind === 'pglite') {
    releaseLock = acquireDataDirLock(target.dataDir);
    try {
      pglite = new PGlite(target.dataDir, { parsers });
      await pglite.waitReady;
    } catch (err) {
      releaseLock();
      throw err;
    }
  } else {
    pglite = new PGlite({ parsers, loadDataDir: target.loadDataDir });
    await pglite.waitReady;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) as never }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await db.destroy();
      await pglite.close();
      releaseLock?.();
    },
  };
}
