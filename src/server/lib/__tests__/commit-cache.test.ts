import { createTestApp, type TestApp } from '../../test-support/test-app';
import { mutate, type Actor } from '../audit';
import { sql } from 'kysely';
import { auditTrailHead, changesTo, commitCache } from '../commit-cache';
import { writeAudit } from '../audit';

/** The cache behind sessions, granted screens and sample totals, on a real database and real commits. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actor: Actor = { userId: null, username: 'system', tenant: 'test', ip: null };
const commit = (entity: string) => mutate(t.handle.db, actor, (_trx, audit) => audit({ action: `${entity}.test`, entity }));

function counter() {
  let reads = 0;
  let value = 0;
  return {
    load: async () => {
      reads++;
      const v = value; // what the database held when the read began
      await new Promise((r) => setTimeout(r, 20));
      return v;
    },
    set: (v: number) => (value = v),
    reads: () => reads,
  };
}

test('answers from its copy until a committed change it watches', async () => {
  const cache = commitCache<number>({ name: 't1', maxAgeMs: 60_000, maxEntries: 10, dropOn: (c) => c.entity === 'watched' });
  const c = counter();
  c.set(1);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  c.set(2);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  await commit('other');
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  expect(c.reads()).toBe(1);
  await commit('watched');
  expect(cache.size(t.handle.db)).toBe(0);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(2);
  expect(c.reads()).toBe(2);
});

test('a rolled-back change drops nothing', async () => {
  const cache = commitCache<number>({ name: 't2', maxAgeMs: 60_000, maxEntries: 10, dropOn: () => true });
  const c = counter();
  await cache.get(t.handle.db, 'k', c.load);
  await expect(mutate(t.handle.db, actor, async (_trx, audit) => {
    await audit({ action: 'x.test', entity: 'x' });
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(cache.size(t.handle.db)).toBe(1);
});

test('calls that miss at the same time share one read; an answer read across a change is returned but not kept', async () => {
  const cache = commitCache<number>({ name: 't3', maxAgeMs: 60_000, maxEntries: 10, dropOn: () => true });
  const c = counter();
  c.set(5);
  expect(await Promise.all([1, 2, 3, 4, 5].map(() => cache.get(t.handle.db, 'k', c.load)))).toEqual([5, 5, 5, 5, 5]);
  expect(c.reads()).toBe(1);

  // A read held open (a gate) while a change commits: its answer goes to its caller, but is not kept.
  await commit('any');
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const during = cache.get(t.handle.db, 'k', async () => {
    await gate;
    return 5;
  });
  await commit('any');
  open();
  expect(await during).toBe(5);
  expect(cache.size(t.handle.db)).toBe(0);
  c.set(6);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(6);
  // Without a change meanwhile, the same held read is kept.
  let open2!: () => void;
  const gate2 = new Promise<void>((r) => (open2 = r));
  const kept = cache.get(t.handle.db, 'k2', async () => {
    await gate2;
    return 7;
  });
  open2();
  expect(await kept).toBe(7);
  expect(await cache.get(t.handle.db, 'k2', async () => 8)).toBe(7);
});

test('answers older than maxAgeMs are read again; a failed read is neither kept nor shared later', async () => {
  const cache = commitCache<number>({ name: 't4', maxAgeMs: 500, maxEntries: 10, dropOn: () => false });
  const c = counter();
  await cache.get(t.handle.db, 'k', c.load);
  await cache.get(t.handle.db, 'k', c.load);
  expect(c.reads()).toBe(1);
  await new Promise((r) => setTimeout(r, 600));
  await cache.get(t.handle.db, 'k', c.load);
  expect(c.reads()).toBe(2);

  await expect(cache.get(t.handle.db, 'bad', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  expect(await cache.get(t.handle.db, 'bad', async () => 7)).toBe(7);
});

test('inside a transaction nothing is cached or answered from the cache', async () => {
  const cache = commitCache<number>({ name: 't7', maxAgeMs: 60_000, maxEntries: 10, dropOn: () => false });
  expect(await cache.get(t.handle.db, 'k', async () => 1)).toBe(1);
  await t.handle.db.transaction().execute(async (trx) => {
    expect(await cache.get(trx, 'k', async () => 2)).toBe(2);
  });
  expect(await cache.get(t.handle.db, 'k', async () => 3)).toBe(1);
});

test('sign-in events and exports drop nothing; other actions of the watched entities do', async () => {
  const cache = commitCache<number>({ name: 't8', maxAgeMs: 60_000, maxEntries: 10, dropOn: changesTo('user', 'isolate') });
  await cache.get(t.handle.db, 'k', async () => 1);
  for (const [entity, action] of [['user', 'signin.failed'], ['user', 'signin.refused'], ['user', 'signin'], ['isolate', 'search.export']]) {
    await mutate(t.handle.db, actor, (_trx, audit) => audit({ action, entity }));
    expect(cache.size(t.handle.db)).toBe(1);
  }
  await mutate(t.handle.db, actor, (_trx, audit) => audit({ action: 'password.change', entity: 'user' }));
  expect(cache.size(t.handle.db)).toBe(0);
});

test('drop(key) forgets one answer, and a read of it under way does not put it back; maxEntries bounds the copies', async () => {
  const cache = commitCache<number>({ name: 't5', maxAgeMs: 60_000, maxEntries: 3, dropOn: () => false });
  const c = counter();
  await cache.get(t.handle.db, 'a', c.load);
  const reading = cache.get(t.handle.db, 'b', c.load);
  const other = cache.get(t.handle.db, 'x', c.load);
  cache.drop(t.handle.db, 'b');
  await Promise.all([reading, other]);
  expect(cache.size(t.handle.db)).toBe(2); // 'a' and 'x': the read of 'b' was not put back, the read of 'x' was kept
  cache.drop(t.handle.db, 'a');
  cache.drop(t.handle.db, 'x');
  expect(cache.size(t.handle.db)).toBe(0);
  for (const k of ['a', 'b', 'c']) await cache.get(t.handle.db, k, c.load);
  expect(cache.size(t.handle.db)).toBe(3);
  await cache.get(t.handle.db, 'd', c.load);
  expect(cache.size(t.handle.db)).toBe(1);
});

test('refreshInBackground: past maxAgeMs the old answer comes at once and the next call has the new one; a change still drops it', async () => {
  const cache = commitCache<number>({ name: 't6', maxAgeMs: 50, maxEntries: 10, dropOn: (c) => c.entity === 'watched', refreshInBackground: true });
  const c = counter();
  c.set(1);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  c.set(2);
  await new Promise((r) => setTimeout(r, 60));
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1); // old, while the read runs
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1); // still reading: shared, not started again
  expect(c.reads()).toBe(2);
  await new Promise((r) => setTimeout(r, 30));
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(2);
  c.set(3);
  await commit('watched');
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(3); // a committed change is never answered from the old copy
  // A failed background read leaves the old answer, and the next call tries again.
  await new Promise((r) => setTimeout(r, 60));
  expect(await cache.get(t.handle.db, 'k', () => Promise.reject(new Error('down')))).toBe(3);
  await new Promise((r) => setTimeout(r, 5));
  expect(await cache.get(t.handle.db, 'k', async () => 4)).toBe(3);
  await new Promise((r) => setTimeout(r, 5));
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(4);
});

test('version: past maxAgeMs an answer whose version has not moved is kept without reading it again; a moved version, or maxUnchangedMs, reads it again', async () => {
  let version = 1;
  const cache = commitCache<number>({
    name: 't7', maxAgeMs: 50, maxEntries: 10, dropOn: (c) => c.entity === 'watched', refreshInBackground: true,
    version: { read: async () => version, maxUnchangedMs: 400 },
  });
  const c = counter();
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  c.set(1);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  c.set(2); // a change the version does not show
  await wait(60);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1);
  await wait(10);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1); // kept again for maxAgeMs: not read
  expect(c.reads()).toBe(1);
  version = 2; // another process committed a change
  await wait(60);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(1); // the old answer while it is read again
  await wait(40);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(2);
  expect(c.reads()).toBe(2);
  c.set(3); // unseen by the version, until maxUnchangedMs
  for (let i = 0; i < 10 && (await cache.get(t.handle.db, 'k', c.load)) !== 3; i++) await wait(60);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(3);
  expect(c.reads()).toBe(3);
  // A committed change of this process still drops the answer at once, whatever the version.
  c.set(4);
  await commit('watched');
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(4);
});

test('auditTrailHead moves with every committed change, from this process or another, and not with a rolled-back one', async () => {
  const db = t.handle.db;
  const before = await auditTrailHead(db);
  await commit('other');
  const afterCommit = await auditTrailHead(db);
  expect(afterCommit).toBeGreaterThan(before);
  // Another server process: its own transaction writes the audit row (no commit listener of this process hears it).
  await db.transaction().execute((trx) => writeAudit(trx, actor, { action: 'x.test', entity: 'x' }));
  expect(await auditTrailHead(db)).toBeGreaterThan(afterCommit);
  const head = await auditTrailHead(db);
  await expect(db.transaction().execute(async (trx) => {
    await writeAudit(trx, actor, { action: 'x.test', entity: 'x' });
    throw new Error('rolled back');
  })).rejects.toThrow('rolled back');
  expect(await auditTrailHead(db)).toBe(head);
  expect((await sql<{ n: number }>`select count(*)::int as n from audit_log where id > ${head}`.execute(db)).rows[0].n).toBe(0);
});

test('peek answers what get would answer at once, and never waits for a read', async () => {
  const kept = commitCache<number>({ name: 't8', maxAgeMs: 50, maxEntries: 10, dropOn: (c) => c.entity === 'watched' });
  const c = counter();
  c.set(1);
  expect(kept.peek(t.handle.db, 'k', c.load)).toBeUndefined();
  expect(c.reads()).toBe(0); // nothing kept: nothing read either
  await kept.get(t.handle.db, 'k', c.load);
  expect(kept.peek(t.handle.db, 'k', c.load)).toBe(1);
  await new Promise((r) => setTimeout(r, 60));
  expect(kept.peek(t.handle.db, 'k', c.load)).toBeUndefined(); // too old, and get would read it again
  expect(c.reads()).toBe(1);
  await kept.get(t.handle.db, 'k', c.load);
  await commit('watched');
  expect(kept.peek(t.handle.db, 'k', c.load)).toBeUndefined();
  await t.handle.db.transaction().execute(async (trx) => {
    expect(kept.peek(trx, 'k', c.load)).toBeUndefined();
  });
  // refreshInBackground: past maxAgeMs the old copy, while it is read again for the next call.
  const fresh = commitCache<number>({ name: 't9', maxAgeMs: 50, maxEntries: 10, dropOn: () => false, refreshInBackground: true });
  const d = counter();
  d.set(1);
  await fresh.get(t.handle.db, 'k', d.load);
  d.set(2);
  await new Promise((r) => setTimeout(r, 60));
  expect(fresh.peek(t.handle.db, 'k', d.load)).toBe(1);
  await new Promise((r) => setTimeout(r, 40));
  expect(d.reads()).toBe(2);
  expect(fresh.peek(t.handle.db, 'k', d.load)).toBe(2);
});
