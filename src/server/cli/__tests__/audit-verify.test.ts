import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const runVerify = (dataDir: string) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/cli/audit-verify.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

test('npm run audit:verify counts the verified rows, and exits non-zero at the first altered row', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-verify-'));
  try {
    const h = await openDatabase({ kind: 'pglite', dataDir: dir });
    await migrateToLatest(h.db);
    await seed(h.db, { tenant: 'soillims', adminInitialPassword: 'Admin@12345', demo: true });
    const { n } = await h.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await h.close();

    const ok = runVerify(dir);
    expect(ok.stdout).toContain(`Audit trail intact: verified ${n} rows.`);
    expect(ok.stdout).toMatch(/Chain heads .*\n {2}chain \d+: row \d+ [0-9a-f]{64}/);
    expect(ok.status).toBe(0);

    const h2 = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(h2.db);
    await sql`update audit_log set after = '{"name":"Forged"}' where id = 2`.execute(h2.db);
    await h2.close();
    const bad = runVerify(dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Audit trail BROKEN at row 2');
    expect(bad.stderr).toContain('1 rows before it verified');

    // A row removed behind the application's back breaks the link of the row after it.
    const h3 = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`alter table audit_log disable trigger audit_log_no_update`.execute(h3.db);
    await sql`delete from audit_log where id = 1`.execute(h3.db);
    await h3.close();
    const removed = runVerify(dir);
    expect(removed.status).toBe(1);
    expect(removed.stderr).toContain('Audit trail BROKEN at row 2: its link to the previous row does not match');
    expect(removed.stderr).toContain('0 rows before it verified');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
