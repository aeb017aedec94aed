import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { DbHandle } from '../../db/connection';
import { snapshotDatabase, type DatabaseSnapshot } from '../../test-support/db-snapshot';
import { createTestApp, TEST_TENANT, type TestApp } from '../../test-support/test-app';
import { AUDIT_CHAINS, GENESIS_HASH, auditHash, mutate, type Actor } from '../audit';
import {
  CHECKPOINT_FILE, KEY_FILE, PUBLIC_KEY_FILE, ephemeralAuditKeys, loadAuditKeys, readCheckpointFile, writeCheckpoints, type AuditKeys,
} from '../audit-anchor';
import { verifyAuditChain } from '../audit-verify';

/**
 * The audit trail anchored outside the database (lib/audit-anchor.ts): each attack that the hash chains alone
 * cannot see, made as a database superuser would (triggers off, every later hash recomputed with the project's
 * own hash), is found at its first row once a signed checkpoint vouches for the rows.
 */
const actor: Actor = { userId: null, username: 'system', tenant: TEST_TENANT, ip: null };
type Row = { id: number; chain: number; prev_hash: string; hash: string; cross_id: number | null; cross_hash: string | null };
/** What the tests use of a TestApp: its database. */
type Lab = Pick<TestApp, 'handle' | 'close'>;

/** A trail with rows in several chains, anchored by a checkpoint (in the database and the file), then more rows. */
async function buildAnchoredTrail(h: DbHandle, keys: AuditKeys) {
  for (let round = 0; round < 3; round++) {
    await Promise.all(Array.from({ length: 30 }, (_, j) => mutate(h.db, actor, (_trx, audit) => audit({ action: 'anchor.test', entity: 'probe', entityId: `r${round}-${j}`, after: { j } }))));
    await writeCheckpoints(h.db, keys, TEST_TENANT);
    // Ids left unused between rounds, as rolled-back saves leave them: room for a forged row inside the trail.
    await sql`select setval(pg_get_serial_sequence('audit_log', 'id'), (select max(id) from audit_log) + 5)`.execute(h.db);
  }
}

// Building the trail takes seconds (on PGlite): it is built once, and each test tampers with its own copy of the
// database and of the key's directory (the checkpoint file).
let built: DatabaseSnapshot;
let builtKeys: AuditKeys;
let builtDir: string;
beforeAll(async () => {
  builtDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-anchor-'));
  builtKeys = ephemeralAuditKeys(builtDir);
  built = await snapshotDatabase((h) => buildAnchoredTrail(h, builtKeys));
}, 180_000);
afterAll(async () => {
  await built?.dispose();
  fs.rmSync(builtDir, { recursive: true, force: true });
});

/** A test's own anchored lab: a copy of the built database, and keys whose checkpoint file is a copy too. */
async function anchoredLab(): Promise<{ t: Lab; keys: AuditKeys; dir: string }> {
  const t = await built.copy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-anchor-'));
  fs.cpSync(builtDir, dir, { recursive: true });
  return { t, keys: { ...builtKeys, checkpointFile: path.join(dir, CHECKPOINT_FILE) }, dir };
}

const allRows = (t: Lab) =>
  t.handle.db.selectFrom('audit_log').select(['id', 'chain', 'prev_hash', 'hash', 'cross_id', 'cross_hash']).orderBy('id').execute() as Promise<Row[]>;

/** Runs SQL with the append-only triggers off, as any database superuser can. */
async function asSuperuser(t: Lab, statements: string[]) {
  await sql`alter table audit_log disable trigger user`.execute(t.handle.db);
  await sql`alter table audit_checkpoint disable trigger user`.execute(t.handle.db);
  try {
    for (const s of statements) await sql.raw(s).execute(t.handle.db);
  } finally {
    await sql`alter table audit_log enable trigger user`.execute(t.handle.db);
    await sql`alter table audit_checkpoint enable trigger user`.execute(t.handle.db);
  }
}

/**
 * Recomputes every hash from `fromId` on with the project's own (unkeyed) hash, chain links and cross links
 * included, in id order, exactly as audit_append would have: what a careful attacker does after editing or
 * removing rows. The chains then verify on their own.
 */
async function recomputeFrom(t: Lab, fromId: number) {
  const rows = await t.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  const head = new Map<number, string>();
  const newHash = new Map<number, string>();
  const updates: string[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const prev = head.get(r.chain) ?? GENESIS_HASH;
    const crossHash = r.cross_id !== null ? (newHash.get(Number(r.cross_id)) ?? r.cross_hash) : null;
    if (id >= fromId) {
      const hash = auditHash({
        at: new Date(r.at).toISOString(), tenant: r.tenant, user_id: r.user_id, username: r.username, action: r.action, entity: r.entity,
        entity_id: r.entity_id, before: r.before ?? null, after: r.after ?? null, reason: r.reason, ip: r.ip, prev_hash: prev,
        ...(r.cross_id !== null ? { cross_id: Number(r.cross_id), cross_hash: crossHash! } : {}),
      });
      updates.push(`update audit_log set prev_hash = '${prev}', hash = '${hash}'${r.cross_id !== null ? `, cross_hash = '${crossHash}'` : ''} where id = ${id}`);
      newHash.set(id, hash);
      head.set(r.chain, hash);
    } else {
      newHash.set(id, r.hash);
      head.set(r.chain, r.hash);
    }
  }
  // Hashes are unique: clear the recomputed ones first so that a new hash never meets an old one.
  await asSuperuser(t, [`update audit_log set hash = md5(random()::text) || md5(random()::text) where id >= ${fromId}`, ...updates]);
}

describe.each([
  ['the database and the checkpoint file', true],
  ['the database only', false],
])('signed checkpoints in %s', (_where, useFile) => {
  let t: Lab;
  let keys: AuditKeys;
  let dir: string;
  let rows: Row[];
  beforeEach(async () => {
    ({ t, keys, dir } = await anchoredLab());
    rows = await allRows(t);
  });
  afterEach(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const verify = () => verifyAuditChain(t.handle.db, { keys, useFile });

  test('an untouched trail verifies against the newest checkpoint, which vouches for every row', async () => {
    const r = await verify();
    expect(r).toMatchObject({ ok: true, verified: rows.length, anchor: { checked: true, unanchored: 0, problems: [], untrusted: [] } });
    expect(r.anchor.newest?.rowCount).toBe(rows.length);
    await mutate(t.handle.db, actor, (_trx, audit) => audit({ action: 'anchor.test', entity: 'probe', entityId: 'late' }));
    expect((await verify()).anchor.unanchored).toBe(1);
  });

  test('a row altered and every later hash recomputed: the chains verify, the checkpoints find the row', async () => {
    const victim = rows[Math.floor(rows.length / 2)];
    await asSuperuser(t, [`update audit_log set after = '{"j": 999}' where id = ${victim.id}`]);
    await recomputeFrom(t, victim.id);
    expect((await verifyAuditChain(t.handle.db)).ok).toBe(true); // the chains alone are fooled
    expect(await verify()).toMatchObject({ ok: false, brokenAt: { id: victim.id, reason: expect.stringMatching(/differs from the signed checkpoints/) } });
  });

  test('a middle row removed and the links recomputed: found at that row', async () => {
    const victim = rows[Math.floor(rows.length / 3)];
    await asSuperuser(t, [`delete from audit_log where id = ${victim.id}`, `update audit_log set cross_id = null, cross_hash = null where cross_id = ${victim.id}`]);
    await recomputeFrom(t, victim.id);
    expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);
    expect(await verify()).toMatchObject({ ok: false, brokenAt: { id: victim.id, reason: expect.stringMatching(/not in the trail.*removed/) } });
  });

  test('the newest rows cut off: found at the first missing row', async () => {
    const cut = rows[rows.length - 10];
    await asSuperuser(t, [`delete from audit_log where id >= ${cut.id}`, `update audit_log set cross_id = null, cross_hash = null where cross_id >= ${cut.id}`]);
    await recomputeFrom(t, 1);
    expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);
    expect(await verify()).toMatchObject({ ok: false, brokenAt: { id: cut.id, reason: expect.stringMatching(/end of the trail was cut off/) } });
  });

  test('a row inserted into a vouched part of the trail is found', async () => {
    // An unused id between the first two rounds, in the chain of a row of the second round.
    const gap = rows.findIndex((r, i) => i + 1 < rows.length && rows[i + 1].id - r.id >= 5);
    const newId = Number(rows[gap].id) + 2;
    const later = rows[gap + 10];
    await asSuperuser(t, [
      `insert into audit_log (id, at, tenant, action, entity, prev_hash, hash, chain) overriding system value
       select ${newId}, at, tenant, 'forged', entity, prev_hash, md5('x') || md5('y'), ${later.chain} from audit_log where id = ${later.id}`,
    ]);
    await recomputeFrom(t, newId);
    expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);
    expect(await verify()).toMatchObject({ ok: false, brokenAt: { id: newId, reason: expect.stringMatching(/inserted/) } });
  });

  test('checkpoints cannot be forged or edited without the key', async () => {
    const forger = ephemeralAuditKeys();
    // Edit the heads of the newest checkpoint: its signature no longer holds.
    await asSuperuser(t, [`update audit_checkpoint set row_count = row_count + 1 where seq = (select max(seq) from audit_checkpoint)`]);
    const r = await verify();
    expect(r.ok).toBe(false);
    expect(r.anchor.problems.join('\n')).toMatch(/signature that does not verify/);
    // A checkpoint signed by another key is not trusted.
    await asSuperuser(t, [`delete from audit_checkpoint`]);
    await writeCheckpoints(t.handle.db, forger, TEST_TENANT);
    const f = await verifyAuditChain(t.handle.db, { keys, useFile });
    if (useFile) {
      // The file still holds the real ones: they are used, and the replacement is reported.
      expect(f.ok).toBe(false);
      expect(f.anchor.problems.join('\n')).toMatch(/differs between the database and the checkpoint file/);
    } else {
      expect(f.anchor.untrusted.length).toBeGreaterThan(0);
    }
  });
});

test('removing the checkpoints from the database is found through the checkpoint file', async () => {
  const { t, keys, dir } = await anchoredLab();
  try {
    const rows = await allRows(t);
    const cut = rows[rows.length - 5];
    await asSuperuser(t, [
      `delete from audit_checkpoint`,
      `delete from audit_log where id >= ${cut.id}`,
      `update audit_log set cross_id = null, cross_hash = null where cross_id >= ${cut.id}`,
    ]);
    await recomputeFrom(t, 1);
    const dbOnly = await verifyAuditChain(t.handle.db, { keys, useFile: false });
    expect(dbOnly.ok).toBe(true); // with its checkpoints gone, the database alone cannot tell
    const withFile = await verifyAuditChain(t.handle.db, { keys });
    expect(withFile).toMatchObject({ ok: false, brokenAt: { id: cut.id } });
    expect(withFile.anchor.problems.join('\n')).toMatch(/missing from the database/);
    expect(readCheckpointFile(keys.checkpointFile).checkpoints).toHaveLength(3);
  } finally {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a large trail is anchored by several checkpoints in a row, each listing every row once', async () => {
  // Its own trail, not a copy of the anchored one: far more rows, and no checkpoint before them.
  const t = await createTestApp();
  try {
    const keys = ephemeralAuditKeys();
    // More rows than one checkpoint lists (CHECKPOINT_MAX_ROWS is 20,000): 21 transactions of 1,000 rows.
    for (let i = 0; i < 21; i++) {
      await mutate(t.handle.db, actor, async (_trx, audit) => {
        for (let j = 0; j < 1000; j++) await audit({ action: 'anchor.bulk', entity: 'probe', entityId: `${i}-${j}` });
      });
    }
    const written = await writeCheckpoints(t.handle.db, keys, TEST_TENANT);
    const total = (await allRows(t)).length;
    expect(written.length).toBe(2);
    expect(written.at(-1)!.rowCount).toBe(total);
    const r = await verifyAuditChain(t.handle.db, { keys });
    expect(r).toMatchObject({ ok: true, verified: total, anchor: { unanchored: 0 } });
    expect(await writeCheckpoints(t.handle.db, keys, TEST_TENANT)).toEqual([]); // nothing new: nothing written
    const chains = new Set((await allRows(t)).map((x) => x.chain));
    expect(chains.size).toBeGreaterThan(1);
    expect([...chains].every((c) => c < AUDIT_CHAINS)).toBe(true);
  } finally {
    await t.close();
  }
}, 180_000);

test('the key is made once with mode 600, its public half beside it; a verifier needs only the public half', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-keys-'));
  try {
    const made = loadAuditKeys({ dir, create: true });
    expect((fs.statSync(path.join(dir, KEY_FILE)).mode & 0o777).toString(8)).toBe('600');
    expect(fs.existsSync(path.join(dir, PUBLIC_KEY_FILE))).toBe(true);
    expect(loadAuditKeys({ dir, create: true }).fingerprint).toBe(made.fingerprint);
    // The auditor's copy: only the public key.
    const auditor = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-auditor-'));
    fs.copyFileSync(path.join(dir, PUBLIC_KEY_FILE), path.join(auditor, PUBLIC_KEY_FILE));
    const pub = loadAuditKeys({ dir: auditor, create: false });
    expect(pub.privateKey).toBeUndefined();
    expect(pub.fingerprint).toBe(made.fingerprint);
    expect(pub.checkpointFile).toBe(path.join(auditor, CHECKPOINT_FILE));
    // The key can come from the environment instead (PEM).
    const pem = fs.readFileSync(path.join(dir, KEY_FILE), 'utf8');
    expect(loadAuditKeys({ dir: auditor, signingKey: pem, create: false }).fingerprint).toBe(made.fingerprint);
    expect(() => loadAuditKeys({ dir: auditor, signingKey: 'not a key', create: false })).toThrow(/not an Ed25519 private key/);
    fs.rmSync(auditor, { recursive: true, force: true });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
