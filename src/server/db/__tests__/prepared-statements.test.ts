/**
 * PostgreSQL mode runs the app's statements as prepared statements (db/prepared-statements.ts). The rules
 * are checked everywhere; what the server holds (pg_prepared_statements) only on the PostgreSQL server
 * (`npm run test:pg`, and CI). Each database test uses a pool of one connection, so that the statements
 * asked about are on the connection that answers.
 */
import { randomBytes } from 'node:crypto';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { openDatabase, type DbHandle } from '../connection';
import { FIXED_PLAN, MAX_PREPARED_PER_CONNECTION, preparable } from '../prepared-statements';
import { compiledOnce } from '../../lib/compiled-once';
import { withDatabase, type TemplateInfo } from '../../test-support/template';
import { loadConfig } from '../../config';
import { paged } from '../../lib/paging';

const template = JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null;
const onPostgres = template?.kind === 'postgres' ? test : test.skip;

test('statements with parameters and without text patterns are prepared, and single SELECTs without parameters', () => {
  expect(preparable('select * from sample_inward where id = $1', [1])).toBe(true);
  // One plan whatever the call: the whole list's first page has its limit in its text.
  expect(preparable('select id from sample_inward order by created_at desc, id desc limit 10', [])).toBe(true);
  expect(preparable('with t as (select 1 as n) select n from t', [])).toBe(true);
  expect(preparable(`${FIXED_PLAN}select 1`, [])).toBe(true);
  expect(preparable('select 1; select 2', [])).toBe(false);
  expect(preparable('select 1;', [])).toBe(false);
  expect(preparable('update item set label = null', [])).toBe(false);
  expect(preparable('begin', [])).toBe(false);
  expect(preparable('commit', [])).toBe(false);
  expect(preparable('create table a (id int); create table b (id int)', undefined)).toBe(false);
  expect(preparable('select * from sample_inward where sampleno ilike $1', ['%a%'])).toBe(false);
  expect(preparable('select * from microbe where name LIKE $1 escape $2', ['a%', '\\'])).toBe(false);
  expect(preparable('select * from m where name % $1', ['bacil'])).toBe(false);
  expect(preparable('select * from m where word_similarity($1, name) > 0.3', ['bacil'])).toBe(false);
  expect(preparable('select * from m where name ~ $1', ['^B'])).toBe(false);
  // Its author says no value can change its plan (a bounded walk in an index's order): prepared all the same.
  expect(preparable(`${FIXED_PLAN}select * from (select * from s order by id limit 300) r where t ilike $1 limit 11`, ['%a%'])).toBe(true);
  expect(preparable(`select 1 where 'x' ilike $1 ${FIXED_PLAN}`, ['%a%'])).toBe(false);
});

test('PG_PREPARED_STATEMENTS is on unless set off; another value stops the start with a plain message', () => {
  expect(loadConfig({}).pgPreparedStatements).toBe(true);
  expect(loadConfig({ PG_PREPARED_STATEMENTS: 'off' }).pgPreparedStatements).toBe(false);
  expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'sometimes' })).toThrow("PG_PREPARED_STATEMENTS must be on or off (got 'sometimes').");
});

type Named = { name: string; statement: string };
/** What the connection holds, asked through the view that prepares nothing (its own text is then not among them). */
const held = async (h: DbHandle) => (await sql<Named>`select name, statement from pg_prepared_statements order by name`.execute(h.search as unknown as Kysely<never>)).rows;

async function withScratchDatabase(run: (h: DbHandle, admin: DbHandle, name: string) => Promise<void>, prepared?: boolean) {
  if (template?.kind !== 'postgres') return;
  const name = `lims_prep_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: template.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  const h = await openDatabase({ kind: 'postgres', url: withDatabase(template.serverUrl, name), poolSize: 1, prepared });
  try {
    await sql`create table item (id int primary key, label text not null)`.execute(h.db);
    await sql`insert into item select g, 'item ' || g from generate_series(1, 50) g`.execute(h.db);
    await run(h, admin, name);
  } finally {
    await h.close();
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  }
}

onPostgres('a parameterized statement is prepared once and answers for every value; patterns and searches are not prepared', async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<never>;
    // More than five runs: PostgreSQL may switch to a generic plan after five; the answers must not change.
    for (let id = 1; id <= 12; id++) {
      expect((await sql<{ label: string }>`select label from item where id = ${id}`.execute(db)).rows).toEqual([{ label: `item ${id}` }]);
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from item where label ilike ${'%item 1%'}`.execute(db)).rows).toEqual([{ n: 11 }]);
    expect((await sql<{ n: number }>`select count(*)::int as n from item where id > ${40}`.execute(h.search as unknown as Kysely<never>)).rows).toEqual([{ n: 10 }]);
    const statements = (await held(h)).map((s) => s.statement);
    expect(statements).toEqual(['select label from item where id = $1']);
  });
});

onPostgres('a statement compiled once with a pattern as its value and a fixed plan is prepared once and answers each pattern, past five runs', async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<{ item: { id: number; label: string } }>;
    const pages = compiledOnce();
    const page = async (text: string) => (await db.executeQuery(pages.get('walk', ([t]: readonly [string]) => {
      const first = db.selectFrom('item').select(['id', 'label']).orderBy('id', 'desc').limit(sql.lit(20));
      return db.selectFrom(first.as('r')).select('id').where('label', 'ilike', t).orderBy('id', 'desc').limit(sql.lit(3));
    }, [text] as const, { fixedPlan: true }))).rows.map((r) => r.id);
    for (let run = 0; run < 4; run++) {
      expect(await page('%item 4%')).toEqual([49, 48, 47]);
      expect(await page('%item 3%')).toEqual([39, 38, 37]);
      expect(await page('%nothing%')).toEqual([]);
    }
    // Only the 20 newest are walked: items 20-29 are not among them.
    expect(await page('%item 2%')).toEqual([]);
    const statements = (await held(h)).map((s) => s.statement);
    expect(statements).toHaveLength(1);
    expect(statements[0].startsWith(FIXED_PLAN)).toBe(true);
  });
});

onPostgres(`a connection holds at most ${MAX_PREPARED_PER_CONNECTION} prepared statements; later texts run unprepared and answer the same`, async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<never>;
    for (let k = 0; k < MAX_PREPARED_PER_CONNECTION + 20; k++) {
      const rows = (await sql<{ n: number }>`select count(*)::int + ${sql.lit(k)} as n from item where id <= ${10}`.execute(db)).rows;
      expect(rows).toEqual([{ n: 10 + k }]);
    }
    expect((await held(h)).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});

onPostgres('after the server drops the connection, the new connection prepares its statements again', async () => {
  await withScratchDatabase(async (h, admin, name) => {
    const db = h.db as unknown as Kysely<never>;
    const q = (id: number) => sql<{ label: string }>`select label from item where id = ${id}`.execute(db);
    expect((await q(3)).rows).toEqual([{ label: 'item 3' }]);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`.execute(admin.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      stderr.mockRestore();
    }
    expect((await q(4)).rows).toEqual([{ label: 'item 4' }]);
    expect((await held(h)).map((s) => s.statement)).toEqual(['select label from item where id = $1']);
  });
});

onPostgres('a statement whose result type changed under it (a column added while the server runs) fails once on its connection, then runs unprepared', async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<never>;
    const q = () => sql<Record<string, unknown>>`select * from item where id = ${1}`.execute(db);
    expect((await q()).rows).toEqual([{ id: 1, label: 'item 1' }]);
    await sql`alter table item add column extra int`.execute(h.search as unknown as Kysely<never>);
    await expect(q()).rejects.toMatchObject({ code: '0A000' });
    expect((await q()).rows).toEqual([{ id: 1, label: 'item 1', extra: null }]);
    expect((await q()).rows).toEqual([{ id: 1, label: 'item 1', extra: null }]);
  });
});

onPostgres('PG_PREPARED_STATEMENTS=off: nothing is prepared', async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<never>;
    for (let id = 1; id <= 3; id++) await sql`select label from item where id = ${id}`.execute(db);
    expect(await held(h)).toEqual([]);
  }, false);
});

test('a page is written with its limit in the text and its offset sent only past the first page; a bad page is refused', () => {
  const db = new Kysely<{ item: { id: number; label: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const page = (limit: number, offset: number) => paged(db.selectFrom('item').select('label').where('id', '>', 0).orderBy('id'), limit, offset).compile();
  expect(page(11, 0)).toMatchObject({ sql: 'select "label" from "item" where "id" > $1 order by "id" limit 11', parameters: [0] });
  expect(page(11, 20)).toMatchObject({ sql: 'select "label" from "item" where "id" > $1 order by "id" limit 11 offset $2', parameters: [0, 20] });
  for (const [limit, offset] of [[1.5, 0], [-1, 0], [10, -10], [10, Number.NaN], [Number.MAX_SAFE_INTEGER + 2, 0]]) {
    expect(() => page(limit, offset)).toThrow(RangeError);
  }
});

onPostgres('a first page keeps one generic plan after five runs (no planning per call); every page answers its rows', async () => {
  await withScratchDatabase(async (h) => {
    const db = h.db as unknown as Kysely<{ item: { id: number; label: string } }>;
    const page = (n: number) => paged(db.selectFrom('item').select('id').where('label', '<>', '').orderBy('id', 'desc'), 10, (n - 1) * 10).execute();
    for (let run = 0; run < 8; run++) expect((await page(1)).map((r) => r.id)).toEqual([50, 49, 48, 47, 46, 45, 44, 43, 42, 41]);
    expect((await page(3)).map((r) => r.id)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect((await page(6)).map((r) => r.id)).toEqual([]);
    const plans = await sql<{ generic_plans: number }>`select generic_plans::int from pg_prepared_statements where statement like ${'%order by "id" desc limit%'} and statement not like ${'%offset%'}`.execute(db as unknown as Kysely<never>);
    expect(plans.rows).toHaveLength(1);
    expect(plans.rows[0].generic_plans).toBeGreaterThan(0);
  });
});
