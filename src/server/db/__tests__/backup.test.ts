import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync, gunzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../test-support/test-app';
import { openDatabase, type DbHandle } from '../connection';
import { RestoreRefusedError, restoreBackup, writeBackup } from '../backup';
import { seedDemoLab } from '../demo-lab';
import { verifyAuditChain } from '../../lib/audit';
import { acquireDataDirLock } from '../data-dir-lock';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

async function backupBytes(db: Parameters<typeof writeBackup>[0]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(db, out);
  return Buffer.concat(chunks);
}

/** Every row of every table (but sessions), in key order: what a backup must carry. */
async function contents(db: Kysely<never>): Promise<Record<string, unknown[]>> {
  const tables = (await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('session', 'kysely_migration_lock')
    order by 1`.execute(db)).rows.map((r) => r.name);
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)} order by 1`.execute(db)).rows;
    // Migration rows are re-applied by the restore (new timestamps): their names are what must match.
    out[t] = t === 'app_setting' ? rows.filter((r) => r.key !== 'session_secret') : t === 'kysely_migration' ? rows.map((r) => r.name) : rows;
  }
  return out;
}

let t: TestApp;
let original: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoLab(t.handle.db, { tenant: 'soillims' });
  await signInFully(t, 'admin', TEST_ADMIN_PASSWORD); // a session (left out) and audited sign-ins
  await sql`select nextval('sample_code_seq')`.execute(t.handle.db);
  original = await backupBytes(t.handle.db as never);
});
afterAll(() => t.close());

describe('backup and restore', () => {
  let restored: DbHandle;
  beforeAll(async () => {
    restored = await openDatabase({ kind: 'pglite-memory' });
    await restoreBackup(restored.db, Readable.from(original));
  });
  afterAll(() => restored.close());

  test('a restore gives back every row of every table, the audit chain intact', async () => {
    const before = await contents(t.handle.db as never);
    const after = await contents(restored.db as never);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(before.audit_log.length).toBeGreaterThan(10);
    expect(before.activity_value.length).toBeGreaterThan(10);
    expect(await verifyAuditChain(restored.db)).toMatchObject({ ok: true, verified: before.audit_log.length });
  });

  test('sessions and the signing secret stay behind; sequences and identities continue where they were', async () => {
    expect((await restored.db.selectFrom('session').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(0);
    expect(await restored.db.selectFrom('app_setting').select('key').where('key', '=', 'session_secret').executeTakeFirst()).toBeUndefined();
    const next = async (db: Kysely<never>) => (await sql<{ n: number }>`select nextval('sample_code_seq')::int as n`.execute(db)).rows[0].n;
    expect(await next(restored.db as never)).toBe(await next(t.handle.db as never));
    const maxDept = (await restored.db.selectFrom('department').select(sql<number>`max(id)`.as('m')).executeTakeFirstOrThrow()).m ?? 0;
    const dept = await restored.db.insertInto('department').values({ code: 'NEWD', name: 'New' }).returning('id').executeTakeFirstOrThrow();
    expect(dept.id).toBeGreaterThan(maxDept);
  });

  test('a restore into a database that holds data is refused and changes nothing', async () => {
    const users = (await restored.db.selectFrom('app_user').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
    await expect(restoreBackup(restored.db, Readable.from(original))).rejects.toThrow(
      'The target database already holds data. Restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database). Nothing was restored.',
    );
    expect((await restored.db.selectFrom('app_user').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(users);
  });
});

test('a damaged or foreign file is refused and nothing is restored', async () => {
  const h = await openDatabase({ kind: 'pglite-memory' });
  const text = gunzipSync(original).toString('utf8');
  const truncated = gzipSync(Buffer.from(text.slice(0, Math.floor(text.length / 2)).replace(/\n[^\n]*$/, '\n')));
  for (const [bytes, message] of [
    [truncated, 'The backup file ends too early: it is incomplete or damaged. Nothing was restored.'],
    [gzipSync(Buffer.from('{"hello":"world"}\n')), 'This is not a backup file of this application. Nothing was restored.'],
    [Buffer.from('plain text, not gzip'), 'This is not a backup file of this application (it could not be read). Nothing was restored.'],
  ] as const) {
    // One database for all three: a refused restore leaves it empty, so the next may try.
    const err = await restoreBackup(h.db, Readable.from(bytes)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefusedError);
    expect((err as Error).message).toBe(message);
    const hasUsers = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'app_user'`.execute(h.db)).rows[0].n;
    if (hasUsers) expect((await h.db.selectFrom('app_user').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(0);
  }
  await h.close();
});

test('npm run backup / restore round-trip an embedded data directory, and backup waits for a stopped server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-backup-'));
  const run = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/cli/backup.ts', script, ...args], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', ...env },
    });
  try {
    const source = path.join(dir, 'source');
    const file = path.join(dir, 'lab.json.gz');
    fs.mkdirSync(source);
    // A seeded embedded lab: restore our in-memory backup into it with the command itself.
    fs.writeFileSync(path.join(dir, 'seed.json.gz'), original);
    const seeded = run('restore', [path.join(dir, 'seed.json.gz')], { DATA_DIR: source });
    expect(seeded.stderr).toBe('');
    expect(seeded.stdout).toContain('Restored ');

    // While "the server" holds the data directory, a backup says so and writes nothing.
    const release = acquireDataDirLock(source);
    const busy = run('backup', ['--out', file], { DATA_DIR: source });
    release();
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('is in use by another process');
    expect(fs.existsSync(file)).toBe(false);

    const ok = run('backup', ['--out', file], { DATA_DIR: source });
    expect(ok.stdout).toContain(`Backup written: ${file}`);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');

    const target = path.join(dir, 'target');
    const back = run('restore', [file], { DATA_DIR: target });
    expect(back.stdout).toContain('Restored ');
    expect(back.status).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
