import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { createTestApp, emptyDatabase, TEST_TENANT, type TestApp } from '../../test-support/test-app';
import { tableDigests } from '../../test-support/table-digests';
import { bulkLoad } from '../../cli/seed-bulk';
import { mutate } from '../../lib/audit';
import { ephemeralAuditKeys, writeCheckpoints, type AuditKeys } from '../../lib/audit-anchor';
import { verifyAuditChain } from '../../lib/audit-verify';
import { RestoreRefusedError, restoreBackup, writeBackup } from '../backup';
import { maintainedTotal } from '../../lib/list-totals';

/**
 * Backups at the sizes a lab reaches: past every page boundary of the writer (2,000 rows) and of the old one
 * (1,000), with 100,000+ rows in the largest table, on the engine the suite runs on (PGlite in `npm test`,
 * PostgreSQL in `npm run test:pg`). A round trip is row for row equal; a damaged file is refused.
 */
let t: TestApp;
let keys: AuditKeys;
let dir: string;
let file: string;
let source: Record<string, { rows: number; md5: string }>;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-backup-large-'));
  keys = ephemeralAuditKeys(dir);
  await bulkLoad(t.handle.db, { samples: 3300, tenant: TEST_TENANT, seed: 17, batch: 500 });
  // Thousands of audit rows over every chain: the table whose text-ordered key lost rows before.
  for (let i = 0; i < 13; i++) {
    await mutate(t.handle.db, { userId: null, username: 'system', tenant: TEST_TENANT, ip: null }, async (_trx, audit) => {
      for (let j = 0; j < 200; j++) await audit({ action: 'backup.test', entity: 'probe', entityId: `${i}-${j}`, after: { i, j } });
    });
  }
  await writeCheckpoints(t.handle.db, keys, TEST_TENANT);
  file = path.join(dir, 'lab.json.gz');
  await writeBackup(t.handle.db, fs.createWriteStream(file), { keys, tenant: TEST_TENANT });
  source = await tableDigests(t.handle.db);
}, 600_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the largest tables are past every page boundary', () => {
  expect(source.activity_value.rows).toBeGreaterThanOrEqual(100_000);
  expect(source.audit_log.rows).toBeGreaterThan(2_600);
  expect(source.sample_inward.rows).toBeGreaterThan(3_000);
});

test('a round trip gives back every table row for row, and the audit trail with its checkpoints', async () => {
  const target = await emptyDatabase();
  try {
    const summary = await restoreBackup(target.db, () => fs.createReadStream(file), { keys });
    expect(await tableDigests(target.db)).toEqual(source);
    expect(summary.rows).toBe(Object.values(source).reduce((n, d) => n + d.rows, 0));
    expect(await verifyAuditChain(target.db, { keys, useFile: false })).toMatchObject({ ok: true, verified: source.audit_log.rows, anchor: { unanchored: 0 } });
    // The maintained list totals are not in the file: the restore's inserts rebuilt them, the same as the source's.
    for (const list of ['samples', 'level1', 'level2'] as const) {
      expect({ list, n: await maintainedTotal(target.db, list) }).toEqual({ list, n: await maintainedTotal(t.handle.db, list) });
    }
    expect(await maintainedTotal(target.db, 'samples')).toBe(source.sample_inward.rows);
  } finally {
    await target.close();
    await target.drop();
  }
}, 600_000);

describe('a large file that is damaged is refused before anything is written', () => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let lines: string[];
  beforeAll(async () => {
    target = await emptyDatabase();
    lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  });
  afterAll(async () => {
    await target.close();
    await target.drop();
  });
  const refused = async (bytes: Buffer, message: RegExp) => {
    const err = await restoreBackup(target.db, () => Readable.from(bytes), { keys }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefusedError);
    expect((err as Error).message).toMatch(message);
    // Nothing written: not even the schema.
    const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(target.db);
    expect(rows[0].n).toBe(0);
  };

  test('an edited byte', async () => {
    const b = fs.readFileSync(file);
    b[Math.floor(b.length * 0.6)] ^= 0x01;
    await refused(b, /damaged|does not match/);
  });

  test('a truncated file', async () => {
    const b = fs.readFileSync(file);
    await refused(b.subarray(0, Math.floor(b.length * 0.9)), /damaged|ends too early/);
  });

  test('a removed row deep in the largest table', async () => {
    const start = lines.findIndex((l) => l.startsWith('{"table":"activity_value"'));
    const victim = start + 90_000;
    expect(lines[victim].startsWith('[')).toBe(true);
    await refused(gzipSync(Buffer.from(lines.filter((_, i) => i !== victim).join('\n'))), /the table activity_value has \d+ rows, the manifest says \d+/);
  });
});
