import { createTestApp, type TestApp } from '../../test-support/test-app';
import { mutate, type Actor } from '../audit';
import { commitCache } from '../commit-cache';

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

  await commit('any');
  const during = cache.get(t.handle.db, 'k', c.load); // reading (20 ms) ...
  await commit('any'); // ... while a change commits
  c.set(6);
  expect(await during).toBe(5);
  expect(cache.size(t.handle.db)).toBe(0);
  expect(await cache.get(t.handle.db, 'k', c.load)).toBe(6);
});

test('answers older than maxAgeMs are read again; a failed read is neither kept nor shared later', async () => {
  const cache = commitCache<number>({ name: 't4', maxAgeMs: 50, maxEntries: 10, dropOn: () => false });
  const c = counter();
  await cache.get(t.handle.db, 'k', c.load);
  await cache.get(t.handle.db, 'k', c.load);
  expect(c.reads()).toBe(1);
  await new Promise((r) => setTimeout(r, 60));
  await cache.get(t.handle.db, 'k', c.load);
  expect(c.reads()).toBe(2);

  await expect(cache.get(t.handle.db, 'bad', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
  expect(await cache.get(t.handle.db, 'bad', async () => 7)).toBe(7);
});

test('drop(key) forgets one answer, and a read of it under way does not put it back; maxEntries bounds the copies', async () => {
  const cache = commitCache<number>({ name: 't5', maxAgeMs: 60_000, maxEntries: 3, dropOn: () => false });
  const c = counter();
  await cache.get(t.handle.db, 'a', c.load);
  const reading = cache.get(t.handle.db, 'b', c.load);
  cache.drop(t.handle.db, 'a');
  await reading;
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
