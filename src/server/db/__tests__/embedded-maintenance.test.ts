/**
 * The embedded engine's clean-up (db/embedded-maintenance.ts), which has no autovacuum: a table past autovacuum's
 * thresholds is vacuumed and analyzed, the others are left alone. On a PGlite database of its own (the PostgreSQL
 * server vacuums by itself, and the server starts this only in embedded mode).
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DbHandle } from '../connection';
import { maintainOnce, startEmbeddedMaintenance } from '../embedded-maintenance';

let h: DbHandle;
let db: Kysely<never>;
beforeAll(async () => {
  h = await openDatabase({ kind: 'pglite-memory' });
  db = h.db as unknown as Kysely<never>;
});
afterAll(() => h.close());

/** The engine's counters reach pg_stat_user_tables when a transaction ends after a flush is asked for. */
async function countersNow() {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  await sql`select 1`.execute(db);
}

interface Stat { name: string; tuples: number; vacuumed: boolean; analyzed: boolean }
async function stats(...tables: string[]): Promise<Stat[]> {
  const { rows } = await sql<Stat>`
    select s.relname as name, c.reltuples::int as tuples, s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname in (${sql.join(tables)}) order by s.relname`.execute(db);
  return rows;
}

test('a table past the thresholds is vacuumed and analyzed, one below them is left alone; a second pass finds nothing to do', async () => {
  await sql`create table grown (id int primary key, v text)`.execute(db);
  await sql`create table few (id int primary key)`.execute(db);
  await sql`insert into grown select g, 'row ' || g from generate_series(1, 5000) g`.execute(db);
  await sql`insert into few select g from generate_series(1, 10) g`.execute(db);
  await countersNow();
  expect(await stats('few', 'grown')).toEqual([
    { name: 'few', tuples: -1, vacuumed: false, analyzed: false },
    { name: 'grown', tuples: -1, vacuumed: false, analyzed: false },
  ]);

  // 5,000 rows inserted into a table never analyzed (no rows known): past both; 10 rows are past neither.
  expect(await maintainOnce(h.background)).toEqual({ vacuumed: ['grown'], analyzed: ['grown'] });
  expect(await stats('few', 'grown')).toEqual([
    { name: 'few', tuples: -1, vacuumed: false, analyzed: false },
    { name: 'grown', tuples: 5000, vacuumed: true, analyzed: true },
  ]);
  await countersNow();
  expect(await maintainOnce(h.background)).toEqual({ vacuumed: [], analyzed: [] });

  // A tenth changed is past the analyze threshold (50 + 10%) only; three tenths changed leave dead rows past the vacuum one (50 + 20%).
  await sql`update grown set v = v || '.' where id <= 600`.execute(db);
  await countersNow();
  expect(await maintainOnce(h.background)).toEqual({ vacuumed: [], analyzed: ['grown'] });
  await sql`delete from grown where id > 3500`.execute(db);
  await countersNow();
  expect(await maintainOnce(h.background)).toEqual({ vacuumed: ['grown'], analyzed: ['grown'] });
  expect((await stats('grown'))[0].tuples).toBe(3500);
});

test('the timer runs the passes in the background until stopped, and says when one fails', async () => {
  await sql`create table later (id int primary key)`.execute(db);
  await sql`insert into later select g from generate_series(1, 2000) g`.execute(db);
  await countersNow();
  const said: string[] = [];
  const timer = startEmbeddedMaintenance(h.background, (m) => said.push(m), 20);
  try {
    for (let i = 0; i < 100 && !(await stats('later'))[0].analyzed; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stats('later')).toEqual([{ name: 'later', tuples: 2000, vacuumed: true, analyzed: true }]);
  } finally {
    await timer.stop();
  }
  expect(said).toEqual([]);

  const closed = await openDatabase({ kind: 'pglite-memory' });
  await closed.close();
  const failing = startEmbeddedMaintenance(closed.background, (m) => said.push(m), 10);
  await new Promise((r) => setTimeout(r, 60));
  await failing.stop();
  expect(said.length).toBeGreaterThan(0);
  expect(said[0]).toMatch(/^Embedded database clean-up \(vacuum \/ analyze\) failed: /);
});
