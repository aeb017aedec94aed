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

/** Opens, migrates and seeds: what every start does. */
export async function prepareDatabase(config: Config): Promise<{ handle: DbHandle; applied: string[] }> {
  const handle = await openConfiguredDatabase(config);
  try {
    const applied = await migrateToLatest(handle.db);
    await seed(handle.db, { tenant: config.tenant, adminInitialPassword: config.adminInitialPassword, demo: config.seedDemo });
    // The demo lab (samples, activities, users) only on real starts; the test template keeps to the base seed.
    if (config.seedDemo) await seedDemoLab(handle.db, { tenant: config.tenant });
    return { handle, applied };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
