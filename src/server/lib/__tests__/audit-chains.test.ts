import { sql } from 'kysely';
import { createTestApp, enc, type TestApp } from '../../test-support/test-app';
import { AUDIT_CHAINS, GENESIS_HASH, auditHash, canonicalJson, hashedPieces, mutate, type Actor, type RowFields } from '../audit';
import { verifyAuditChain } from '../audit-verify';

/** The audit trail as AUDIT_CHAINS hash chains (lib/audit.ts): concurrent writers, and what verification finds. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actor: Actor = { userId: null, username: 'system', tenant: 'test', ip: null };
const rows = (app: TestApp = t) => app.handle.db.selectFrom('audit_log').select(['id', 'chain', 'prev_hash', 'hash', 'entity_id', 'cross_id', 'cross_hash']).orderBy('id').execute();

/** Runs `change` behind the application's back (the append-only trigger switched off) and verifies. */
async function tamper(change: string, app: TestApp = t) {
  await sql`alter table audit_log disable trigger audit_log_no_update`.execute(app.handle.db);
  try {
    await sql.raw(change).execute(app.handle.db);
  } finally {
    await sql`alter table audit_log enable trigger audit_log_no_update`.execute(app.handle.db);
  }
  return verifyAuditChain(app.handle.db);
}

test("the pieces the database hashes join to the row's canonical JSON, with and without a cross link", () => {
  const f: RowFields = {
    at: '2026-11-25T10:00:00.000Z', tenant: 'soillims', user_id: 7, username: 'asha "the" verma', action: 'sampleinward.update',
    entity: 'sample_inward', entity_id: '42', before: { z: 1, a: ['x', { d: null, b: 'ñ土\\n' }] }, after: null, reason: null, ip: '::1',
  };
  const prev = 'a'.repeat(64);
  const { head, mid, tail } = hashedPieces(f);
  expect(head + mid + prev + tail).toBe(canonicalJson({ ...f, prev_hash: prev }));
  const cross = `,"cross_hash":"${'b'.repeat(64)}","cross_id":123`;
  expect(head + cross + mid + prev + tail).toBe(canonicalJson({ ...f, prev_hash: prev, cross_id: 123, cross_hash: 'b'.repeat(64) }));
});

test('the hash the database computes is the one the server process checks, for text in any script', async () => {
  const text = 'Pune — ñ 土壌 🦠 "quoted" \\ back\nline';
  await mutate(t.handle.db, { ...actor, username: 'Ünïcode user' }, (_trx, audit) => audit({ action: 'chain.test', entity: 'chain_probe', entityId: 'utf8', after: { text, n: 1.5 }, reason: text }));
  const row = await t.handle.db.selectFrom('audit_log').selectAll().where('entity_id', '=', 'utf8').executeTakeFirstOrThrow();
  expect(row.reason).toBe(text);
  expect(row.hash).toBe(auditHash({
    at: new Date(row.at).toISOString(), tenant: row.tenant, user_id: row.user_id, username: row.username, action: row.action, entity: row.entity,
    entity_id: row.entity_id, before: row.before, after: row.after, reason: row.reason, ip: row.ip, prev_hash: row.prev_hash,
    ...(row.cross_id != null ? { cross_id: Number(row.cross_id), cross_hash: row.cross_hash! } : {}),
  }));
  expect(await verifyAuditChain(t.handle.db)).toMatchObject({ ok: true });
});

test('half an emoji in audited text is kept as U+FFFD and hashed as kept: the trail still verifies', async () => {
  // A failed sign-in whose user name is cut at 50 (anyone can send one), and text with lone surrogates.
  const r = await t.post('/api/auth/signin', { username: '\u{1F9A0}'.repeat(26), password: enc('Wrong@12345') });
  expect(r.statusCode).toBeLessThan(500);
  const half = '\u{1F9A0}'.slice(0, 1);
  await mutate(t.handle.db, { ...actor, username: `cut ${half}` }, (_trx, audit) =>
    audit({ action: 'chain.test', entity: 'chain_probe', entityId: `half${half}`, after: { text: `x${half}y`, [`k${half}`]: 1 }, reason: half }));
  const row = await t.handle.db.selectFrom('audit_log').selectAll().where('username', '=', 'cut \uFFFD').executeTakeFirstOrThrow();
  expect([row.reason, row.entity_id, row.after]).toEqual(['\uFFFD', 'half\uFFFD', { text: 'x\uFFFDy', ['k\uFFFD']: 1 }]);
  expect(await verifyAuditChain(t.handle.db)).toMatchObject({ ok: true });
});

test('concurrent transactions spread over the chains; the rows of one transaction share a chain; every chain links from genesis', async () => {
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      mutate(t.handle.db, actor, async (_trx, audit) => {
        await audit({ action: 'chain.test', entity: 'chain_probe', entityId: `t${i}-a` });
        await audit({ action: 'chain.test', entity: 'chain_probe', entityId: `t${i}-b` });
      }),
    ),
  );
  const all = await rows();
  const probes = all.filter((r) => r.entity_id?.startsWith('t'));
  expect(probes).toHaveLength(120);
  for (let i = 0; i < 60; i++) {
    const [a, b] = [`t${i}-a`, `t${i}-b`].map((id) => probes.find((r) => r.entity_id === id)!);
    expect(a.chain).toBe(b.chain);
    expect(b.prev_hash).toBe(a.hash);
  }
  const chains = new Set(probes.map((r) => r.chain));
  expect(chains.size).toBeGreaterThan(1); // 60 random picks of 16 all alike: chance 16^-59
  for (const c of chains) expect(c >= 0 && c < AUDIT_CHAINS).toBe(true);
  // Each chain starts once at genesis and then links row to row in id order.
  for (const c of chains) {
    const own = all.filter((r) => r.chain === c);
    expect(own[0].prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < own.length; i++) expect(own[i].prev_hash).toBe(own[i - 1].hash);
  }
  const verified = await verifyAuditChain(t.handle.db);
  expect(verified).toMatchObject({ ok: true, verified: all.length });
  // The heads to keep outside the database: the newest row of each chain.
  for (const c of chains) {
    const own = all.filter((r) => r.chain === c);
    expect(verified.heads?.[c]).toEqual({ id: own[own.length - 1].id, hash: own[own.length - 1].hash });
  }
});

test('verification finds a removed row at the next row of its chain, and a row moved to another chain', async () => {
  const all = await rows();
  // A row in the middle of a chain, with a later row of the same chain.
  const victim = all.find((r, i) => i > 0 && all.slice(i + 1).some((x) => x.chain === r.chain))!;
  const next = all.find((r) => r.id > victim.id && r.chain === victim.chain)!;
  const moved = await tamper(`update audit_log set chain = ${(victim.chain + 1) % AUDIT_CHAINS} where id = ${victim.id}`);
  expect(moved.ok).toBe(false);
  expect(moved.brokenAt?.reason).toMatch(/link/);
  await tamper(`update audit_log set chain = ${victim.chain} where id = ${victim.id}`);
  expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);

  const removed = await tamper(`delete from audit_log where id = ${victim.id}`);
  expect(removed).toMatchObject({ ok: false, verified: all.filter((r) => r.id < next.id).length - 1, brokenAt: { id: next.id, reason: expect.stringMatching(/link to the previous row/) } });
});

test("cutting the end off one chain is found through the cross links of the chain before it", async () => {
  const u = await createTestApp(); // a trail of its own: the tests above leave theirs broken
  try {
    // Enough rows that every chain has rows the chain before it vouches for.
    for (let i = 0; i < 4; i++) {
      await Promise.all(Array.from({ length: 40 }, (_, j) => mutate(u.handle.db, actor, (_trx, audit) => audit({ action: 'chain.test', entity: 'chain_probe', entityId: `c${i}-${j}` }))));
    }
    expect((await verifyAuditChain(u.handle.db)).ok).toBe(true);
    const all = await rows(u);
    // Every row written since the chains names the newest row of the next chain at that time.
    const linked = all.filter((r) => r.cross_id !== null);
    expect(linked.length).toBeGreaterThan(100);
    for (const r of linked) {
      const v = all.find((x) => x.id === r.cross_id)!;
      expect([v.chain, v.hash, v.id < r.id]).toEqual([(r.chain + 1) % AUDIT_CHAINS, r.cross_hash, true]);
    }
    // A row near the end that vouches for a row of the next chain: cut that chain from the vouched row to its end.
    const voucher = [...linked].reverse().find((r) => all.some((x) => x.chain === (r.chain + 1) % AUDIT_CHAINS && x.id > r.cross_id!))!;
    const victim = all.find((x) => x.id === voucher.cross_id)!;
    const cut = await tamper(`delete from audit_log where chain = ${victim.chain} and id >= ${victim.id}`, u);
    expect(cut.ok).toBe(false);
    expect(cut.brokenAt?.reason).toMatch(/vouches for is missing/);
    expect(cut.brokenAt!.id).toBeLessThanOrEqual(voucher.id);
  } finally {
    await u.close();
  }
});

test("audit_append reads a chain's newest row along (chain, id) in any plan, never walking the trail by id", async () => {
  // In the function's generic plan PostgreSQL expects a sixteenth of the trail in each chain; reading the newest row
  // of a chain by `order by id desc` it walked the primary key back through every row since that chain's last one.
  const db = t.handle.db;
  const { rows: [{ src }] } = await sql<{ src: string }>`select prosrc as src from pg_proc where proname = 'audit_append'`.execute(db);
  // Its reads as the function runs them (the chain number a parameter), without their INTO targets.
  const reads = [...src.matchAll(/select ([^;]*?) into [^;]*? (from audit_log a\b[^;]*);/g)]
    .map((m) => `select ${m[1]} ${m[2]}`.replace(/\b(chain_no|next_chain)\b/g, '$$1'));
  expect(reads).toHaveLength(2);
  // A trail as a bulk load leaves it (thousands of rows, nearly all in one chain), analyzed; all rolled back after.
  await db.transaction().execute(async (trx) => {
    await sql`insert into audit_log (at, tenant, action, entity, prev_hash, chain, hash)
      select now(), 'probe', 'chain.probe', 'chain_probe', ${GENESIS_HASH}, 0, encode(sha256(g::text::bytea), 'hex') from generate_series(1, 5000) g`.execute(trx);
    await sql`analyze audit_log`.execute(trx);
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    for (const [i, read] of reads.entries()) {
      await sql.raw(`prepare audit_read_${i}(integer) as ${read}`).execute(trx);
      const { rows: plan } = await sql.raw<Record<string, string>>(`explain execute audit_read_${i}(1)`).execute(trx);
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      expect({ read, text }).toEqual({ read, text: expect.stringContaining('audit_log_chain_idx') });
      await sql.raw(`deallocate audit_read_${i}`).execute(trx);
    }
    throw new Error('rolled back');
  }).catch((e: Error) => expect(e.message).toBe('rolled back'));
});
