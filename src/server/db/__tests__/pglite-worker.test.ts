/**
 * The embedded database runs PGlite in a worker thread (pglite-worker.mjs through pglite-remote.ts), so that
 * a long query does not stop the server's event loop. These tests assert orderings, never timings: the
 * cheap thing completes before the long query does.
 */
import { CompiledQuery, sql } from 'kysely';
import { MAX_PREPARED_PER_CONNECTION } from '../prepared-statements';
import { openDatabase, type DbHandle } from '../connection';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const LONG_QUERY = sql`select pg_sleep(1.5)`;

describe('embedded database in a worker thread', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({ kind: 'pglite-memory' });
  });
  afterAll(() => h.close());

  test('a long query leaves the event loop free: a timer fires before the query ends', async () => {
    const order: string[] = [];
    const long = LONG_QUERY.execute(h.db).then(() => order.push('query'));
    await new Promise((resolve) => setTimeout(resolve, 20)).then(() => order.push('timer'));
    await long;
    expect(order).toEqual(['timer', 'query']);
  });

  test('lanes: a call of the application goes before searches, a search before background reads, each lane in arrival order', async () => {
    const order: string[] = [];
    const run = (db: typeof h.db, name: string, seconds: number) => sql`select pg_sleep(${seconds})`.execute(db).then(() => order.push(name));
    const first = run(h.background, 'background 1', 0.2); // takes the free connection
    const queued = [run(h.background, 'background 2', 0.05), run(h.search, 'search 1', 0.05), run(h.background, 'background 3', 0.05), run(h.search, 'search 2', 0.05)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const call = run(h.db, 'call', 0);
    await Promise.all([first, ...queued, call]);
    expect(order).toEqual(['background 1', 'call', 'search 1', 'search 2', 'background 2', 'background 3']);
    // On one lane the order is the order of arrival, as before.
    order.length = 0;
    await Promise.all(['a', 'b', 'c'].map((n) => run(h.db, n, 0.05)));
    expect(order).toEqual(['a', 'b', 'c']);
  });

  // Each lane: the calls' statements run prepared, the searches' and background reads' unnamed; both are read with
  // pg-protocol and converted by PGlite's parsers (pglite-worker.mjs extendedQuery).
  test.each(['db', 'search', 'background'] as const)('rows look as on PostgreSQL on the %s lane: int8 and numeric as numbers, date as text; timestamps, bytea and json survive', async (lane) => {
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740991::int8 as big, 12.50::numeric as num, date '2026-03-01' as day,
        timestamptz '2026-03-01 10:00:00+00' as at, '\\x0102ff'::bytea as bytes, '{"a":[1,"x"]}'::jsonb as doc,
        ${'text param'}::text as param, ${42}::int as n, ${[1, 2]}::int[] as arr, null as nothing, 'ünï "q",\\' as unicode,
        true as yes, ${'{"b":2}'}::json as j`.execute(h[lane]);
    expect(rows).toEqual([
      {
        big: 9007199254740991, num: 12.5, day: '2026-03-01', at: new Date('2026-03-01T10:00:00Z'), bytes: new Uint8Array([1, 2, 255]),
        doc: { a: [1, 'x'] }, param: 'text param', n: 42, arr: [1, 2], nothing: null, unicode: 'ünï "q",\\', yes: true, j: { b: 2 },
      },
    ]);
  });

  test.each(['db', 'search'] as const)('an answer of several megabytes (many chunks from the engine) comes back whole and in order on the %s lane', async (lane) => {
    const { rows } = await sql<{ i: number; v: string }>`select i, repeat('x', 300) || i as v from generate_series(1, 20000) i where i > ${0} order by i`.execute(h[lane]);
    expect(rows).toHaveLength(20000);
    expect(rows.every((r, k) => r.i === k + 1 && r.v === 'x'.repeat(300) + String(k + 1))).toBe(true);
    // and the session goes on: an error, then a statement
    await expect(sql`select 1 / ${0}::int`.execute(h[lane])).rejects.toMatchObject({ code: '22012' });
    expect((await sql<{ n: number }>`select ${5}::int as n`.execute(h[lane])).rows).toEqual([{ n: 5 }]);
  });

  test('a PostgreSQL error keeps its fields (code, detail, constraint, table) for the error handler', async () => {
    await sql`create table worker_probe (id int primary key, v text not null)`.execute(h.db);
    await sql`insert into worker_probe values (1, 'a')`.execute(h.db);
    const err = await sql`insert into worker_probe values (${1}, ${'b'})`.execute(h.db).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 'worker_probe_pkey',
      table: 'worker_probe',
      detail: 'Key (id)=(1) already exists.',
      severity: 'ERROR',
      message: expect.stringContaining('duplicate key value violates unique constraint'),
    });
    const notNull = await sql`insert into worker_probe (id) values (2)`.execute(h.db).catch((e: unknown) => e);
    expect(notNull).toMatchObject({ code: '23502', column: 'v' });
  });

  test('a transaction holds the one connection: other queries wait for it and never see its uncommitted rows', async () => {
    await sql`create table tx_probe (id int)`.execute(h.db);
    const order: string[] = [];
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertedP = new Promise<void>((resolve) => (inserted = resolve));
    const trx = h.db.transaction().execute(async (t) => {
      await sql`insert into tx_probe values (1)`.execute(t);
      order.push('inserted');
      inserted();
      await gate;
      order.push('commit');
    });
    await insertedP;
    const outside = sql<{ n: number }>`select count(*)::int as n from tx_probe`.execute(h.db).then((r) => order.push(`outside saw ${r.rows[0].n}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['inserted']);
    commit();
    await Promise.all([trx, outside]);
    expect(order).toEqual(['inserted', 'commit', 'outside saw 1']);
    // A failed transaction rolls back, and the connection is free again afterwards.
    await expect(
      h.db.transaction().execute(async (t) => {
        await sql`insert into tx_probe values (2)`.execute(t);
        await sql`select 1/0`.execute(t);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect((await sql<{ n: number }>`select count(*)::int as n from tx_probe`.execute(h.db)).rows[0].n).toBe(1);
  });

  test('several statements without parameters run at once (migrations); the extensions are loaded', async () => {
    await sql.raw(`create table multi_probe (id int); insert into multi_probe values (1), (2); create extension if not exists pg_trgm`).execute(h.db);
    expect((await sql<{ n: number }>`select count(*)::int as n from multi_probe`.execute(h.db)).rows[0].n).toBe(2);
    expect((await sql<{ s: number }>`select similarity('soil', 'soils') > 0.5 as s`.execute(h.db)).rows[0].s).toBe(true);
  });

  test('a dump taken through the worker loads into a new database', async () => {
    await sql`create table dump_probe (v text)`.execute(h.db);
    await sql`insert into dump_probe values ('kept')`.execute(h.db);
    const dump = await h.pglite!.dumpDataDir('none');
    const copy = await openDatabase({ kind: 'pglite-memory', loadDataDir: dump });
    try {
      expect((await sql<{ v: string }>`select v from dump_probe`.execute(copy.db)).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await copy.close();
    }
    await expect(copy.pglite!.query('select 1')).rejects.toThrow(/closed/);
  });
});

describe('named prepared statements on the embedded database', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({ kind: 'pglite-memory' });
    await sql`create table prep_probe (id int primary key, v text not null, at timestamptz, tags text[])`.execute(h.db);
  });
  afterAll(() => h.close());

  /** The statement texts PGlite's one session holds as prepared statements. */
  const preparedTexts = async () => (await h.pglite!.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

  test("the application's statements with values are prepared once and answer as unnamed ones do; patterns, searches and background reads are not", async () => {
    const insert = (id: number, v: string) => sql`insert into prep_probe (id, v, at, tags) values (${id}, ${v}, ${new Date('2026-03-01T10:00:00Z')}, ${[v, 'x']})`;
    for (let id = 1; id <= 8; id++) await insert(id, `v${id}`).execute(h.db);
    const readOne = (id: number) => sql<Record<string, unknown>>`select id, v, at, tags, ${id}::numeric / 4 as q from prep_probe where id = ${id}`;
    const read = (db: typeof h.db, id: number) => readOne(id).execute(db);
    // Sixteen runs on the pool's lane: past the five plans PostgreSQL makes for the values before it may keep a generic one.
    for (let id = 1; id <= 8; id++) {
      expect((await read(h.db, id)).rows).toEqual([{ id, v: `v${id}`, at: new Date('2026-03-01T10:00:00Z'), tags: [`v${id}`, 'x'], q: id / 4 }]);
      expect((await read(h.background, id)).rows).toEqual((await read(h.db, id)).rows);
    }
    const texts = await preparedTexts();
    const compiled = (q: { compile(db: typeof h.db): { sql: string } }) => q.compile(h.db).sql;
    expect(texts).toEqual(expect.arrayContaining([compiled(insert(1, 'a')), compiled(readOne(1))]));
    expect(texts.filter((t) => t === compiled(insert(1, 'a')))).toHaveLength(1);

    // A SELECT without values (a first page, its limit in its text) is prepared too, once; the other lanes' are not.
    const firstPage = sql<{ id: number }>`select id from prep_probe order by id desc limit 3`;
    const firstPageOfSearch = sql<{ id: number }>`select id from prep_probe order by id limit 2`;
    for (let i = 0; i < 3; i++) {
      expect((await firstPage.execute(h.db)).rows).toEqual([{ id: 8 }, { id: 7 }, { id: 6 }]);
      expect((await firstPageOfSearch.execute(h.search)).rows).toEqual([{ id: 1 }, { id: 2 }]);
    }
    const withPages = await preparedTexts();
    expect(withPages.filter((t) => t === compiled(firstPage))).toHaveLength(1);
    expect(withPages.includes(compiled(firstPageOfSearch))).toBe(false);

    const like = sql`select id from prep_probe where v like ${'v%'} order by id`;
    const bySearch = sql`select id from prep_probe where id > ${0} and v <> ${'none'} order by id`;
    expect((await like.execute(h.db)).rows).toHaveLength(8);
    expect((await bySearch.execute(h.search)).rows).toHaveLength(8);
    const after = await preparedTexts();
    expect([after.includes(compiled(like)), after.includes(compiled(bySearch))]).toEqual([false, false]);
  });

  test('an error of a prepared statement keeps its fields and leaves the session usable; a changed result type fails once, then runs unnamed', async () => {
    const dup = sql`insert into prep_probe (id, v) values (${1}, ${'again'})`;
    for (let i = 0; i < 2; i++) await expect(dup.execute(h.db)).rejects.toMatchObject({ code: '23505', constraint: 'prep_probe_pkey' });
    expect((await sql<{ n: number }>`select count(*)::int as n from prep_probe where id >= ${0}`.execute(h.db)).rows).toEqual([{ n: 8 }]);

    const whole = sql<Record<string, unknown>>`select * from prep_probe where id = ${2}`;
    expect(Object.keys((await whole.execute(h.db)).rows[0])).toEqual(['id', 'v', 'at', 'tags']);
    await sql`alter table prep_probe add column extra int`.execute(h.db);
    await expect(whole.execute(h.db)).rejects.toMatchObject({ code: '0A000' });
    expect(Object.keys((await whole.execute(h.db)).rows[0])).toEqual(['id', 'v', 'at', 'tags', 'extra']);
  });

  test('a text crosses to the worker once, then its number: a first call whose value could not cross does not lose the text', async () => {
    const text = 'select $1::text as v';
    // A function cannot be copied to another thread: the call fails before the worker sees the text.
    await expect(h.pglite!.query(text, [() => 1])).rejects.toThrow();
    for (const v of ['a', 'b', 'c']) expect((await h.pglite!.query(text, [v])).rows).toEqual([{ v }]);
    // A database error is an answer: the worker holds the text, and the next calls send its number alone.
    const failing = 'select 1 / $1::int as q';
    await expect(h.pglite!.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
    for (const d of [1, 2]) expect((await h.pglite!.query(failing, [d])).rows).toEqual([{ q: 1 / d >= 1 ? 1 : 0 }]);
  });

  test('at most MAX_PREPARED_PER_CONNECTION texts are named; the rest run unnamed and answer the same', async () => {
    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      expect((await h.db.executeQuery<{ n: number }>(CompiledQuery.raw(`select $1::int + ${i} as n`, [1]))).rows).toEqual([{ n: 1 + i }]);
    }
    expect((await preparedTexts()).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

describe('the server while a long query runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('a route that needs no database answers before the long query ends', async () => {
    // (/api/health itself makes a database round trip: it waits for its turn at the one connection.)
    const order: string[] = [];
    const long = LONG_QUERY.execute(t.handle.db).then(() => order.push('long query'));
    const res = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
    order.push(`runtime-config ${res.statusCode}`);
    await long;
    expect(order).toEqual(['runtime-config 200', 'long query']);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'OK' });
  });
});
