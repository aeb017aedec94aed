import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { AUDIT_CHAINS, GENESIS_HASH, mutate, verifyAuditChain, type Actor } from '../audit';

/** The audit trail as AUDIT_CHAINS hash chains (lib/audit.ts): concurrent writers, and what verification finds. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actor: Actor = { userId: null, username: 'system', tenant: 'test', ip: null };
const rows = () => t.handle.db.selectFrom('audit_log').select(['id', 'chain', 'prev_hash', 'hash', 'entity_id']).orderBy('id').execute();

/** Runs `change` behind the application's back (the append-only trigger switched off) and verifies. */
async function tamper(change: string) {
  await sql`alter table audit_log disable trigger audit_log_no_update`.execute(t.handle.db);
  try {
    await sql.raw(change).execute(t.handle.db);
  } finally {
    await sql`alter table audit_log enable trigger audit_log_no_update`.execute(t.handle.db);
  }
  return verifyAuditChain(t.handle.db);
}

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
  expect(await verifyAuditChain(t.handle.db)).toEqual({ ok: true, verified: all.length });
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
  expect(removed).toEqual({ ok: false, verified: all.filter((r) => r.id < next.id).length - 1, brokenAt: { id: next.id, reason: expect.stringMatching(/link to the previous row/) } });
});
