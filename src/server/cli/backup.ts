import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { RestoreRefusedError, restoreBackup, writeBackup } from '../db/backup';

/**
 * `npm run backup [-- --out <file>]` and `npm run restore -- <file>` (issue 6.7), for the configured
 * database: DATABASE_URL when set, else the embedded one in DATA_DIR. See db/backup.ts for the format.
 *
 * Embedded mode: only one process may open a data directory, so stop the server for a backup (the command
 * says so when it is running). PostgreSQL mode: backups run while the server serves (one snapshot).
 * Restore always goes into a new, empty database: a new DATA_DIR, or a new PostgreSQL database.
 */
const args = () => process.argv.slice(4);

function option(name: string): string | undefined {
  const a = args();
  const i = a.indexOf(name);
  return i >= 0 ? a[i + 1] : undefined;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export async function backup(): Promise<number> {
  const config = loadConfig();
  const out = path.resolve(option('--out') ?? path.join('backups', `${config.tenant}-${stamp(new Date())}.json.gz`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const handle = await openConfiguredDatabase(config);
  const partial = `${out}.partial`;
  try {
    const summary = await writeBackup(handle.db, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, out); // a backup file exists only once it is complete
    console.log(`Backup written: ${out} (${summary.tables} tables, ${summary.rows} rows, schema ${summary.migrations.at(-1)}).`);
    console.log('It holds personal data and password hashes: keep it as safe as the database.');
    return 0;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await handle.close();
  }
}

export async function restore(): Promise<number> {
  const file = args().find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('Usage: npm run restore -- <backup file>   (into a new DATA_DIR, or the empty database of DATABASE_URL)');
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`There is no file ${file}.`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    const summary = await restoreBackup(handle.db, fs.createReadStream(file));
    console.log(`Restored ${summary.rows} rows of ${summary.tables} tables from ${file} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}.`);
    console.log('Everyone signs in again (sessions are not part of a backup).');
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefusedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}
