import { sql } from 'kysely';
import type { Config } from '../config';
import { openDatabase, type DbHandle } from './connection';
import { migrateToLatest } from './migrate';
import { seed } from './seed';
import { seedDemoLab } from './demo-lab';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR). */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'pgPreparedStatements'>>): Promise<DbHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, prepared: config.pgPreparedStatements })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/** The advisory lock that makes the starts of several server processes on one database migrate and seed in turn. */
const START_LOCK = 727274;

/**
 * Runs `work` while no other process of the database is in its own: the seed checks what is missing and then
 * adds it, so two processes starting together on a new database would both add it. The lock is held by one
 * connection of the pool while `work` uses the others. Embedded: the data directory's lock already makes it one.
 */
async function oneStartAtATime<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind !== 'postgres') return work();
  return handle.background.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK}::int)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK}::int)`.execute(conn);
    }
  });
}

/** Opens, migrates and seeds: what every start does. */
export async function prepareDatabase(config: Config): Promise<{ handle: DbHandle; applied: string[] }> {
  const handle = await openConfiguredDatabase(config);
  try {
    const applied = await oneStartAtATime(handle, async () => {
      const done = await migrateToLatest(handle.db);
      await seed(handle.db, { tenant: config.tenant, adminInitialPassword: config.adminInitialPassword, demo: config.seedDemo });
      // The demo lab (samples, activities, users) only on real starts; the test template keeps to the base seed.
      if (config.seedDemo) await seedDemoLab(handle.db, { tenant: config.tenant });
      return done;
    });
    return { handle, applied };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
