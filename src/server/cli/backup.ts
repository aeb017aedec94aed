import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { RestoreRefusedError, restoreBackup, writeBackup, type TableManifest } from '../db/backup';
import { displayFingerprint, loadAuditKeys, recordRestore, writeCheckpoints } from '../lib/audit-anchor';

/**
 * `npm run backup [-- --out <file>]` and `npm run restore -- <file> [--unverified-signature]`, for the configured
 * database: DATABASE_URL when set, else the embedded one in DATA_DIR. See db/backup.ts for the format.
 *
 * Embedded mode: only one process may open a data directory, so stop the server for a backup (the command says so
 * when it is running). PostgreSQL mode: backups run while the server serves (one snapshot). Restore always goes into
 * a new, empty database: a new DATA_DIR, or a new PostgreSQL database.
 *
 * A backup first writes an audit checkpoint (signed, into the database and the checkpoint file), so the backup
 * carries the anchor of its own trail, and signs its manifest with the lab's audit key (AUDIT_KEY_DIR).
 */
const args = () => process.argv.slice(4);

function option(name: string): string | undefined {
  const a = args();
  const i = a.indexOf(name);
  return i >= 0 ? a[i + 1] : undefined;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** "department 12, app_user 5, ..." in the backup's order. */
const counts = (tables: TableManifest[]) => tables.map((t) => `  ${t.name.padEnd(26)} ${String(t.rows).padStart(10)}`).join('\n');

export async function backup(config: Config = loadConfig()): Promise<number> {
  const out = path.resolve(option('--out') ?? path.join('backups', `${config.tenant}-${stamp(new Date())}.json.gz`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const keys = loadAuditKeys({ dir: config.auditKeyDir, signingKey: config.auditSigningKey, create: true });
  const handle = await openConfiguredDatabase(config);
  const partial = `${out}.partial`;
  try {
    const anchored = await writeCheckpoints(handle.db, keys, config.tenant);
    const summary = await writeBackup(handle.db, fs.createWriteStream(partial, { mode: 0o600 }), { keys, tenant: config.tenant });
    fs.renameSync(partial, out); // a backup file exists only once it is complete
    console.log(`Backup written: ${out} (${summary.tables.length} tables, ${summary.rows} rows, schema ${summary.migrations.at(-1)}).`);
    console.log(counts(summary.tables));
    console.log(`Manifest signed with the audit key ${displayFingerprint(keys.fingerprint!)}${anchored.length ? `; audit checkpoint #${anchored.at(-1)!.seq} written` : ''}.`);
    console.log('It holds personal data and password hashes: keep it as safe as the database, and apart from AUDIT_KEY_DIR.');
    return 0;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await handle.close();
  }
}

export async function restore(config: Config = loadConfig()): Promise<number> {
  const file = args().find((a) => !a.startsWith('--'));
  if (!file) {
    console.error('Usage: npm run restore -- <backup file> [--unverified-signature]   (into a new DATA_DIR, or the empty database of DATABASE_URL)');
    return 2;
  }
  if (!fs.existsSync(file)) {
    console.error(`There is no file ${file}.`);
    return 2;
  }
  const keys = loadAuditKeys({ dir: config.auditKeyDir, signingKey: config.auditSigningKey, create: false });
  const handle = await openConfiguredDatabase(config);
  try {
    const summary = await restoreBackup(handle.db, () => fs.createReadStream(file), {
      keys, allowUnverifiedSignature: args().includes('--unverified-signature'),
    });
    // The lab's checkpoint file learns that the trail now continues from the backup's last checkpoint.
    recordRestore(keys, config.tenant, summary.manifest.audit.checkpoint ?? 0, summary.manifest.createdAt);
    console.log(`Restored ${summary.rows} rows of ${summary.tables.length} tables from ${file} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}:`);
    console.log(counts(summary.tables));
    console.log(`Checked: every table's rows and digest against the manifest, and the audit trail (${summary.auditRows} rows${summary.signatureChecked ? ', with its signed checkpoints' : ''}).`);
    console.log(summary.signatureChecked
      ? `The manifest's signature holds (audit key ${displayFingerprint(summary.manifest.key!)}).`
      : 'The manifest\'s signature was NOT checked (--unverified-signature).');
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
