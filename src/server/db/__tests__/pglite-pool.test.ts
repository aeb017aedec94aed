/**
 * The embedded pool's scheduling on its own (pglite-pool.ts): who gets the one connection when it comes free.
 * The engine is a stand-in that answers at once (the real PGlite order is tested in pglite-worker.test.ts);
 * these tests hold the connection by hand and assert orders, not timings.
 */
import { createPglitePool } from '../pglite-pool';

const engine = { query: async () => ({ rows: [], affectedRows: 0 }), exec: async () => [] } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `lane` for the connection; records the name when it is handed over, then gives it back at once. */
function ask(lane: { connect(): Promise<{ release(): void }> }, name: string, order: string[]) {
  return lane.connect().then((c) => {
    order.push(name);
    c.release();
  });
}

test('calls go first, then searches, then background reads, each lane in order of arrival', async () => {
  const pool = createPglitePool(engine, 10_000);
  const order: string[] = [];
  const held = await pool.connect();
  const waits = [
    ask(pool.lanes.background, 'background 1', order), ask(pool.lanes.search, 'search 1', order),
    ask(pool, 'call 1', order), ask(pool.lanes.background, 'background 2', order), ask(pool, 'call 2', order), ask(pool.lanes.search, 'search 2', order),
  ];
  held.release();
  await Promise.all(waits);
  expect(order).toEqual(['call 1', 'call 2', 'search 1', 'search 2', 'background 1', 'background 2']);
});

test('a lower lane that has waited long enough goes next, so a stream of calls cannot starve it', async () => {
  const pool = createPglitePool(engine, 30);
  const order: string[] = [];
  const held = await pool.connect();
  const background = ask(pool.lanes.background, 'background', order);
  await sleep(40);
  const calls = [ask(pool, 'call 1', order), ask(pool, 'call 2', order)];
  held.release();
  await Promise.all([background, ...calls]);
  expect(order).toEqual(['background', 'call 1', 'call 2']);
});

test('a free connection is taken at once, from any lane', async () => {
  const pool = createPglitePool(engine, 10_000);
  const c = await pool.lanes.background.connect();
  c.release();
  const d = await pool.lanes.search.connect();
  d.release();
  const order: string[] = [];
  await ask(pool, 'call', order);
  expect(order).toEqual(['call']);
});
