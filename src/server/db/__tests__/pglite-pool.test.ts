/**
 * The embedded pool's scheduling on its own (pglite-pool.ts): which statement is sent to the engine when. The engine
 * is a stand-in that records what it receives and answers when the test says (the real PGlite order is tested in
 * pglite-worker.test.ts); these tests assert orders, not timings.
 */
import { createPglitePool, PIPELINE_DEPTH } from '../pglite-pool';

/** An engine that records each statement as it receives it and answers it when `answer(text)` is called. */
function heldEngine() {
  const received: string[] = [];
  const open = new Map<string, () => void>();
  const take = async (sql: string) => {
    received.push(sql);
    await new Promise<void>((resolve) => open.set(sql, resolve));
    return { rows: [], affectedRows: 0, fields: [] };
  };
  const engine = { query: (sql: string) => take(sql), exec: async (sql: string) => [await take(sql)] } as never;
  const answer = async (...texts: string[]) => {
    // Each in turn, once the engine has it (answering one may be what sends the next).
    for (const t of texts) {
      await settle();
      const a = open.get(t);
      if (!a) throw new Error(`the engine has not received '${t}' (received: ${received.join(', ')})`);
      open.delete(t);
      a();
    }
    await settle();
  };
  return { engine, received, answer };
}

/** Lets every promise that can move, move. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Lane = { connect(): Promise<{ query(sql: string, params: unknown[]): Promise<unknown>; release(): void }> };
/** One statement on `lane`, as Kysely runs one outside a transaction: connect, query, release. */
async function run(lane: Lane, sql: string) {
  const c = await lane.connect();
  try {
    return await c.query(sql, [1]);
  } finally {
    c.release();
  }
}

test('calls go first, then searches, then background reads, each lane in order of arrival', async () => {
  const { engine, received, answer } = heldEngine();
  const pool = createPglitePool(engine, 10_000);
  const all = [run(pool.lanes.background, 'long')];
  await settle();
  all.push(
    run(pool.lanes.background, 'background 1'), run(pool.lanes.search, 'search 1'), run(pool, 'call 1'),
    run(pool.lanes.background, 'background 2'), run(pool, 'call 2'), run(pool.lanes.search, 'search 2'),
  );
  await settle();
  // A lower lane's statement is with the engine alone: nothing was sent after it.
  expect(received).toEqual(['long']);
  await answer('long');
  // The calls together (PIPELINE_DEPTH), then each lower lane's statement alone, once nothing else is with the engine.
  expect(received).toEqual(['long', 'call 1', 'call 2']);
  await answer('call 1');
  expect(received).toEqual(['long', 'call 1', 'call 2']);
  await answer('call 2', 'search 1', 'search 2', 'background 1', 'background 2');
  await Promise.all(all);
  expect(received).toEqual(['long', 'call 1', 'call 2', 'search 1', 'search 2', 'background 1', 'background 2']);
});

test(`up to ${PIPELINE_DEPTH} calls are with the engine at once: the next waits there while one runs`, async () => {
  const { engine, received, answer } = heldEngine();
  const pool = createPglitePool(engine, 10_000);
  const calls = ['a', 'b', 'c', 'd'].map((n) => run(pool, n));
  await settle();
  expect(received).toEqual(['a', 'b'].slice(0, PIPELINE_DEPTH));
  await answer('a');
  expect(received).toEqual(['a', 'b', 'c']);
  await answer('b', 'c', 'd');
  await Promise.all(calls);
  expect(received).toEqual(['a', 'b', 'c', 'd']);
});

test('a lower lane that has waited long enough goes next, so a stream of calls cannot starve it', async () => {
  const { engine, received, answer } = heldEngine();
  const pool = createPglitePool(engine, 30);
  const first = run(pool, 'call 0');
  await settle();
  const background = run(pool.lanes.background, 'background');
  await sleep(40);
  const calls = [run(pool, 'call 1'), run(pool, 'call 2')];
  await settle();
  // The aged background read is next: the calls wait for it although a call could be sent beside call 0.
  expect(received).toEqual(['call 0']);
  await answer('call 0');
  expect(received).toEqual(['call 0', 'background']);
  await answer('background', 'call 1', 'call 2');
  await Promise.all([first, background, ...calls]);
  expect(received).toEqual(['call 0', 'background', 'call 1', 'call 2']);
});

test('an aged lower-lane statement goes ahead of the calls, but the calls waiting when it ends go before the next one', async () => {
  const { engine, received, answer } = heldEngine();
  const pool = createPglitePool(engine, 30);
  const first = run(pool, 'call 0');
  await settle();
  const counts = [run(pool.lanes.background, 'count 1'), run(pool.lanes.background, 'count 2'), run(pool.lanes.search, 'search')];
  await sleep(40);
  const calls = [run(pool, 'call 1'), run(pool, 'call 2')];
  await answer('call 0');
  // Aged: count 1 goes ahead of the two calls waiting.
  expect(received).toEqual(['call 0', 'count 1']);
  const during = run(pool, 'call 3');
  await answer('count 1');
  // Every call waiting when it ended, the one that came during it too, goes before the next aged one (count 2 and
  // the search are aged as well).
  expect(received).toEqual(['call 0', 'count 1', 'call 1', 'call 2']);
  await answer('call 1', 'call 2', 'call 3');
  expect(received).toEqual(['call 0', 'count 1', 'call 1', 'call 2', 'call 3', 'count 2']);
  const after = run(pool, 'call 4');
  await answer('count 2', 'call 4', 'search');
  await Promise.all([first, during, after, ...counts, ...calls]);
  expect(received).toEqual(['call 0', 'count 1', 'call 1', 'call 2', 'call 3', 'count 2', 'call 4', 'search']);
});

test("a transaction holds the session from its BEGIN to its release: statements sent before it run before it, the others wait, and none runs inside it", async () => {
  const { engine, received, answer } = heldEngine();
  const pool = createPglitePool(engine, 10_000);
  const before = run(pool, 'before');
  await settle();
  const trx = await pool.connect();
  const begin = trx.query('begin', []);
  const others = [run(pool, 'other 1'), run(pool.lanes.search, 'search')];
  await settle();
  // Sent behind 'before', the one statement then with the engine: the worker runs them in that order.
  expect(received).toEqual(['before', 'begin']);
  await answer('before', 'begin');
  await begin;
  const insert = trx.query('insert', [1]);
  await settle();
  expect(received).toEqual(['before', 'begin', 'insert']);
  await answer('insert');
  await insert;
  const commit = trx.query('commit', []);
  await answer('commit');
  await commit;
  // Committed but not yet released: still held.
  expect(received).toEqual(['before', 'begin', 'insert', 'commit']);
  trx.release();
  await settle();
  expect(received).toEqual(['before', 'begin', 'insert', 'commit', 'other 1']);
  await answer('other 1', 'search');
  await Promise.all([before, ...others]);
  expect(received).toEqual(['before', 'begin', 'insert', 'commit', 'other 1', 'search']);
});

test('a statement that fails frees its place for the next one', async () => {
  let n = 0;
  const engine = { query: async () => { if (n++ === 0) throw new Error('no'); return { rows: [{ ok: 1 }], affectedRows: 1, fields: [] }; }, exec: async () => [] } as never;
  const pool = createPglitePool(engine, 10_000);
  await expect(run(pool, 'fails')).rejects.toThrow('no');
  await expect(run(pool, 'answers')).resolves.toMatchObject({ rows: [{ ok: 1 }] });
});
