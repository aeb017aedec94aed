import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock';
import { openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import { seed } from '../seed';

describe('embedded data directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-dir-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('a second opener is refused while the first holds the lock; a stale lock is taken over', () => {
    const release = acquireDataDirLock(dir);
    // another process holding it: simulate with the pid of a live process (this test's parent)
    release();
    fs.writeFileSync(path.join(dir, '.lims.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process/);
    // a lock left by a process that died is stale
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    fs.writeFileSync(path.join(dir, '.lims.lock'), dead);
    const again = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lims.lock'), 'utf8')).toBe(String(process.pid));
    again();
    expect(fs.existsSync(path.join(dir, '.lims.lock'))).toBe(false);
  });

  test('migrations and seed are idempotent across restarts, and data persists', async () => {
    const opts = { tenant: 'soillims', adminInitialPassword: 'Admin@12345', demo: true };
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await migrateToLatest(first.db)).toEqual(['20261122T030000-foundation', '20261122T040000-masters', '20261122T050000-user-access', '20261122T051000-parameters', '20261122T060000-laboratory', '20261122T075000-parameter-set-version', '20261122T080000-saved-search', '20261123T100000-more-versions', '20261123T110000-search-indexes', '20261125T000000-audit-chains', '20261125T010000-activity-isolate-index', '20261125T020000-audit-chain-head', '20261125T030000-sample-text-index', '20261125T100000-audit-append', '20261125T160000-record-integrity', '20261125T170000-identity', '20261126T100000-list-totals', '20261126T200000-list-buckets', '20261127T000000-search-statistics', '20261127T120000-sample-search-text', '20261128T120000-sample-search-grams', '20261129T000000-audit-list', '20261129T010000-approval-queue-totals', '20261129T020000-approval-queue-buckets', '20261129T030000-list-bucket-groups', '20261129T040000-audit-append-heads', '20261129T100000-smaller-id-buckets', '20261130T100000-hour-buckets']);
    await seed(first.db, opts);
    const count = async (db: typeof first.db) => ({
      users: (await db.selectFrom('app_user').selectAll().execute()).length,
      menus: (await db.selectFrom('menu_item').selectAll().execute()).length,
      roles: (await db.selectFrom('workflow_role').selectAll().execute()).length,
      groups: (await db.selectFrom('user_group').selectAll().execute()).length,
    });
    const before = await count(first.db);
    // the same directory cannot be opened twice
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use by another process/);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await migrateToLatest(second.db)).toEqual([]);
    await seed(second.db, { ...opts, adminInitialPassword: 'Different@1' });
    expect(await count(second.db)).toEqual(before);
    expect(before).toEqual({ users: 1, menus: expect.any(Number), roles: 3, groups: 2 });
    await second.close();
  }, 60_000);
});
