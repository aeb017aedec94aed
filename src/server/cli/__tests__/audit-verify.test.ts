import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { displayFingerprint, loadAuditKeys, writeCheckpoints } from '../../lib/audit-anchor';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const runVerify = (dataDir: string, keyDir: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/cli/audit-verify.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AUDIT_KEY_DIR: keyDir, AUDIT_SIGNING_KEY: '' },
    encoding: 'utf8',
  });

test('npm run audit:verify counts the verified rows, prints the key and the checkpoint, and exits non-zero at the first altered row', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-verify-'));
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-verify-keys-'));
  try {
    const h = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateToLatest(h.db);
    await seed(h.db, { tenant: 'soillims', adminInitialPassword: 'Admin@12345', demo: true });
    const { n } = await h.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const keys = loadAuditKeys({ dir: keyDir, create: true });
    await writeCheckpoints(h.db, keys, 'soillims');
    await h.close();

    const ok = runVerify(dir, keyDir);
    expect(ok.stdout).toContain(`Audit key: ${displayFingerprint(keys.fingerprint!)}`);
    expect(ok.stdout).toContain(`Audit trail intact: verified ${n} rows.`);
    expect(ok.stdout).toContain(`Signed checkpoint #1 of `);
    expect(ok.stdout).toContain(`vouches for ${n} of them; 0 newer rows are not anchored yet`);
    expect(ok.stdout).toMatch(/Chain heads:\n {2}chain \d+: row \d+ [0-9a-f]{64}/);
    expect(ok.status).toBe(0);

    // Without the key, it says what it could not check.
    const noKey = runVerify(dir, path.join(keyDir, 'absent'));
    expect(noKey.stdout).toContain('No audit public key was found');
    expect(noKey.status).toBe(0);

    const h2 = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(h2.db);
    await sql`update audit_log set after = '{"name":"Forged"}' where id = 2`.execute(h2.db);
    await h2.close();
    const bad = runVerify(dir, keyDir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Audit trail BROKEN at row 2');
    expect(bad.stderr).toContain('1 rows before it verified');

    // A row removed behind the application's back: the signed checkpoint names it (without the checkpoint, the link
    // of the row after it would break).
    const h3 = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(h3.db);
    await sql`delete from audit_log where id = 1`.execute(h3.db);
    await h3.close();
    const removed = runVerify(dir, keyDir);
    expect(removed.status).toBe(1);
    expect(removed.stderr).toContain('Audit trail BROKEN at row 1: the row is not in the trail, though a signed checkpoint lists it');
    expect(removed.stderr).toContain('0 rows before it verified');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(keyDir, { recursive: true, force: true });
  }
}, 180_000);
