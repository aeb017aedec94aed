import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync, gunzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import { createTestApp, emptyDatabase, signInFully, TEST_ADMIN_PASSWORD, TEST_TENANT, type TestApp } from '../../test-support/test-app';
import { tableDigests } from '../../test-support/table-digests';
import { RestoreRefusedError, restoreBackup, writeBackup, type BackupManifest } from '../backup';
import { seedDemoLab } from '../demo-lab';
import { verifyAuditChain } from '../../lib/audit-verify';
import { ephemeralAuditKeys, signWithAuditKey, writeCheckpoints, type AuditKeys } from '../../lib/audit-anchor';
import { acquireDataDirLock } from '../data-dir-lock';
import { openDatabase } from '../connection';
import { mutate } from '../../lib/audit';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

async function backupBytes(db: Parameters<typeof writeBackup>[0], keys: AuditKeys | null): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(db, out, { keys, tenant: TEST_TENANT });
  return Buffer.concat(chunks);
}

/** The backup's lines, changed by `edit`, gzip'd again. */
function edited(bytes: Buffer, edit: (lines: string[]) => string[]): Buffer {
  const lines = gunzipSync(bytes).toString('utf8').split('\n').filter((l) => l !== '');
  return gzipSync(Buffer.from(`${edit(lines).join('\n')}\n`));
}

/** The manifest line, recomputed by someone without the lab's key (or re-signed with `keys`). */
function withManifest(lines: string[], change: (m: BackupManifest) => void, keys: AuditKeys | null = null): string[] {
  const last = JSON.parse(lines.at(-1)!) as { manifest: BackupManifest; signature: string | null };
  change(last.manifest);
  const signature = keys ? signWithAuditKey(keys, last.manifest).signature : last.signature;
  return [...lines.slice(0, -1), JSON.stringify({ manifest: last.manifest, signature })];
}

/** A table's digest as the backup writer computes it, from the file's lines (what an editor of the file would redo). */
function digestInLines(lines: string[], table: string): string {
  const start = lines.findIndex((l) => l.startsWith(`{"table":"${table}"`));
  const h = createHash('sha256');
  for (let i = start + 1; i < lines.length && lines[i].startsWith('['); i++) h.update(`${lines[i]}\n`);
  return h.digest('hex');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const rowCount = async (db: Kysely<any>) => {
  const has = (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'app_user'`.execute(db)).rows[0].n;
  if (!has) return 0;
  const digests = await tableDigests(db);
  return Object.values(digests).reduce((n, d) => n + d.rows, 0);
};

let t: TestApp;
let keys: AuditKeys;
let original: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  keys = ephemeralAuditKeys();
  await seedDemoLab(t.handle.db, { tenant: TEST_TENANT });
  await signInFully(t, 'admin', TEST_ADMIN_PASSWORD); // a session (left out) and audited sign-ins
  await sql`select nextval('sample_code_seq')`.execute(t.handle.db);
  // A timestamp with microseconds, which a JavaScript Date would round to milliseconds.
  await sql`update sample_inward set created_at = '2026-03-04 05:06:07.123456+00' where id = (select min(id) from sample_inward)`.execute(t.handle.db);
  await writeCheckpoints(t.handle.db, keys, TEST_TENANT);
  original = await backupBytes(t.handle.db, keys);
});
afterAll(() => t.close());

describe('backup and restore', () => {
  let restored: Awaited<ReturnType<typeof emptyDatabase>>;
  let summary: Awaited<ReturnType<typeof restoreBackup>>;
  beforeAll(async () => {
    restored = await emptyDatabase();
    summary = await restoreBackup(restored.db, () => Readable.from(original), { keys });
  });
  afterAll(async () => {
    await restored.close();
    await restored.drop();
  });

  test('a restore gives back every row of every table, timestamps to the microsecond, the audit trail intact with its checkpoints', async () => {
    const before = await tableDigests(t.handle.db);
    const after = await tableDigests(restored.db);
    expect(after).toEqual(before);
    expect(before.audit_log.rows).toBeGreaterThan(10);
    expect(before.audit_checkpoint.rows).toBeGreaterThan(0);
    expect(before.activity_value.rows).toBeGreaterThan(10);
    const micro = await sql<{ at: string }>`select created_at::text as at from sample_inward order by id limit 1`.execute(restored.db);
    expect(micro.rows[0].at).toMatch(/\.123456/);
    const trail = await verifyAuditChain(restored.db, { keys });
    expect(trail).toMatchObject({ ok: true, verified: before.audit_log.rows, anchor: { checked: true, unanchored: 0 } });
    expect(summary.signatureChecked).toBe(true);
    expect(summary.tables.find((x) => x.name === 'sample_inward')?.rows).toBe(before.sample_inward.rows);
  });

  test('sessions and the signing secret stay behind; sequences and identities continue where they were', async () => {
    expect((await restored.db.selectFrom('session').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(0);
    expect(await restored.db.selectFrom('app_setting').select('key').where('key', '=', 'session_secret').executeTakeFirst()).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const next = async (db: Kysely<any>) => (await sql<{ n: number }>`select nextval('sample_code_seq')::int as n`.execute(db)).rows[0].n;
    expect(await next(restored.db)).toBe(await next(t.handle.db));
    const maxDept = (await restored.db.selectFrom('department').select(sql<number>`max(id)`.as('m')).executeTakeFirstOrThrow()).m ?? 0;
    const dept = await restored.db.insertInto('department').values({ code: 'NEWD', name: 'New' }).returning('id').executeTakeFirstOrThrow();
    expect(dept.id).toBeGreaterThan(maxDept);
  });

  test('a restore into a database that holds data is refused and changes nothing', async () => {
    const before = await tableDigests(restored.db);
    await expect(restoreBackup(restored.db, () => Readable.from(original), { keys })).rejects.toThrow(
      'The target database already holds data. Restore into a new, empty database (a new DATA_DIR, or a new PostgreSQL database). Nothing was restored.',
    );
    expect(await tableDigests(restored.db)).toEqual(before);
  });
});

describe('a damaged, truncated, edited or foreign file is refused and the target stays empty', () => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    target = await emptyDatabase();
  });
  afterAll(async () => {
    await target.close();
    await target.drop();
  });

  const text = () => gunzipSync(original).toString('utf8');
  const rowLine = (lines: string[], table: string) => lines.findIndex((_l, i) => i > 0 && lines[i - 1].startsWith(`{"table":"${table}"`));
  const cases: Array<[string, () => Buffer, RegExp | string]> = [
    ['truncated', () => gzipSync(Buffer.from(text().slice(0, Math.floor(text().length / 2)).replace(/\n[^\n]*$/, '\n'))), 'The backup file ends too early: it is incomplete or damaged. Nothing was restored.'],
    ['cut inside the gzip stream', () => original.subarray(0, Math.floor(original.length * 0.7)), /damaged|ends too early/],
    ['one byte of the gzip stream changed', () => {
      const b = Buffer.from(original);
      b[Math.floor(b.length / 2)] ^= 0x55;
      return b;
    }, /damaged|not readable|does not match/],
    ['a value edited', () => edited(original, (lines) => {
      const i = rowLine(lines, 'sample_inward');
      lines[i] = lines[i].replace(/"Y"/, '"N"');
      return lines;
    }), 'The backup file does not match its manifest: the rows of the table sample_inward were changed. Nothing was restored.'],
    ['a row removed', () => edited(original, (lines) => lines.filter((_, i) => i !== rowLine(lines, 'audit_log'))),
      /the table audit_log has \d+ rows, the manifest says \d+/],
    ['a value edited and the manifest recomputed without the lab\'s key', () => edited(original, (lines) => {
      const i = rowLine(lines, 'department');
      lines[i] = lines[i].replace(/,"[^"]*",/, ',"Forged",');
      return withManifest(lines, (m) => {
        m.tables.find((x) => x.name === 'department')!.sha256 = digestInLines(lines, 'department');
      });
    }), "The backup's manifest does not carry a valid signature of its audit key: the file was edited. Nothing was restored."],
    ['a backup of format 1', () => gzipSync(Buffer.from('{"format":"soillims-backup","version":1,"migrations":["x"],"tables":[]}\n')), /earlier version \(format 1\)/],
    ['a foreign JSON file', () => gzipSync(Buffer.from('{"hello":"world"}\n')), 'This is not a backup file of this application. Nothing was restored.'],
    ['plain text, not gzip', () => Buffer.from('plain text, not gzip'), 'This is not a backup file of this application (it could not be read). Nothing was restored.'],
  ];
  test.each(cases)('%s', async (_name, bytes, message) => {
    const file = bytes();
    const err = await restoreBackup(target.db, () => Readable.from(file), { keys }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefusedError);
    if (typeof message === 'string') expect((err as Error).message).toBe(message);
    else expect((err as Error).message).toMatch(message);
    expect(await rowCount(target.db)).toBe(0);
  });

  test('what was loaded is read back and checked: a value that loads differently from its text is refused after loading, and the load rolled back', async () => {
    // Re-signed with the lab's key, so the file itself passes: only the check after loading can see it.
    const file = edited(original, (lines) => {
      const i = rowLine(lines, 'sample_inward');
      lines[i] = lines[i].replace('2026-03-04 05:06:07.123456+00', '2026-03-04 10:36:07.123456+05:30');
      return withManifest(lines, (m) => {
        m.tables.find((x) => x.name === 'sample_inward')!.sha256 = digestInLines(lines, 'sample_inward');
      }, keys);
    });
    expect(gunzipSync(file).toString()).toContain('+05:30');
    await expect(restoreBackup(target.db, () => Readable.from(file), { keys })).rejects.toThrow(
      /The restored table sample_inward does not match the backup .* Nothing was restored\./,
    );
    expect(await rowCount(target.db)).toBe(0);
  });

  test('a backup signed with a key that is not here is refused unless the restore says so', async () => {
    const other = ephemeralAuditKeys();
    const err = await restoreBackup(target.db, () => Readable.from(original), { keys: other }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/signed with the audit key .* not in AUDIT_KEY_DIR/);
    expect(await rowCount(target.db)).toBe(0);
    const unsigned = await backupBytes(t.handle.db, null);
    expect((await restoreBackup(target.db, () => Readable.from(unsigned), { keys }).catch((e: Error) => e) as Error).message).toMatch(/carries no signature/);
    expect(await rowCount(target.db)).toBe(0);
  });
});

test('npm run backup / restore round-trip an embedded data directory with the lab\'s key, and backup waits for a stopped server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-backup-'));
  const keyDir = path.join(dir, 'keys');
  const run = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/cli/backup.ts', script, ...args], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '', AUDIT_KEY_DIR: keyDir, ...env },
    });
  try {
    const source = path.join(dir, 'source');
    const file = path.join(dir, 'lab.json.gz');
    fs.mkdirSync(source);
    // A seeded embedded lab: restore our in-memory backup into it with the command itself (signed by another key).
    fs.writeFileSync(path.join(dir, 'seed.json.gz'), original);
    const refused = run('restore', [path.join(dir, 'seed.json.gz')], { DATA_DIR: source });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/not in AUDIT_KEY_DIR/);
    const seeded = run('restore', [path.join(dir, 'seed.json.gz'), '--unverified-signature'], { DATA_DIR: source });
    expect(seeded.stderr).toBe('');
    expect(seeded.stdout).toContain('Restored ');
    expect(seeded.stdout).toMatch(/sample_inward +\d+/);
    expect(seeded.stdout).toContain('NOT checked');

    // A change since the restore: the backup anchors it with a checkpoint of the lab's key before it reads.
    const lab = await openDatabase({ kind: 'pglite', dataDir: source });
    await mutate(lab.db, { userId: null, username: 'system', tenant: TEST_TENANT, ip: null }, (_trx, audit) => audit({ action: 'test.change', entity: 'test' }));
    await lab.close();

    // While "the server" holds the data directory, a backup says so and writes nothing.
    const release = acquireDataDirLock(source);
    const busy = run('backup', ['--out', file], { DATA_DIR: source });
    release();
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('is in use by another process');
    expect(fs.existsSync(file)).toBe(false);

    const ok = run('backup', ['--out', file], { DATA_DIR: source });
    expect(ok.stdout).toContain(`Backup written: ${file}`);
    expect(ok.stdout).toMatch(/Manifest signed with the audit key SHA256:/);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.join(keyDir, 'audit-signing-key.pem')).mode & 0o777).toString(8)).toBe('600');
    expect(fs.readFileSync(path.join(keyDir, 'audit-checkpoints.jsonl'), 'utf8')).toMatch(/"type":"checkpoint"/);

    const target = path.join(dir, 'target');
    const back = run('restore', [file], { DATA_DIR: target });
    expect(back.stdout).toContain('Restored ');
    expect(back.stdout).toContain("The manifest's signature holds");
    expect(back.status).toBe(0);
    expect(fs.readFileSync(path.join(keyDir, 'audit-checkpoints.jsonl'), 'utf8')).toMatch(/"type":"restore"/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
