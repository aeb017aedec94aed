/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../src/server/db/types';
import { timeRuns } from './load';

/**
 * The microbe search as DESIGN.md section 8 describes it, run directly on the database: one EXISTS per
 * filter over the typed activity values (indexes (parameter, num_value, isolate) and (parameter, text_value,
 * isolate)), all values bound as parameters, a page of ten plus the total. This is the database's limit
 * for a search endpoint (the endpoint's ratio is taken against it) and the query whose plans bench/plans.md shows.
 */
export interface Filter {
  label: string;
  where: RawBuilder<unknown>;
}

async function parameterId(db: Kysely<Database>, shortname: string): Promise<number | null> {
  const r = await db.selectFrom('activity_parameter').select('id').where('shortname', '=', shortname).where('active', '=', 'Y').executeTakeFirst();
  return r?.id ?? null;
}

const numFilter = (id: number, op: '>' | '<' | '=', x: number, label: string): Filter => ({
  label,
  where: sql`exists (select 1 from activity_value v where v.isolate_id = i.id and v.parameter_id = ${id} and v.num_value ${sql.raw(op)} ${x})`,
});
const textFilter = (id: number, x: string, label: string): Filter => ({
  label,
  where: sql`exists (select 1 from activity_value v where v.isolate_id = i.id and v.parameter_id = ${id} and v.text_value = ${x})`,
});

/** The 1-, 3- and 5-filter searches over the demo lab's parameters (those that exist in this database). */
export async function searchFilterSets(db: Kysely<Database>): Promise<Record<'1' | '3' | '5', Filter[]>> {
  const [diam, nfix, phopt] = await Promise.all(['DIAM', 'NFIX', 'PHOPT'].map((s) => parameterId(db, s)));
  const pool: Filter[] = [];
  if (diam) pool.push(numFilter(diam, '>', 10, 'Colony Diameter > 10'));
  if (nfix) pool.push(textFilter(nfix, 'Positive', 'Nitrogen Fixation = Positive'));
  if (phopt) pool.push(numFilter(phopt, '<', 30, 'Optimum pH < 30'));
  pool.push({ label: "State = 'Maharashtra' (sample inward)", where: sql`s.state_name = ${'Maharashtra'}` });
  pool.push({
    label: "Genus = 'Bacillus' (identification)",
    where: sql`exists (select 1 from microbe_identification m where m.isolate_id = i.id and m.genus = ${'Bacillus'})`,
  });
  return { '1': pool.slice(0, 1), '3': pool.slice(0, 3), '5': pool.slice(0, 5) };
}

const whereOf = (filters: Filter[]) => sql.join([sql`s.active = 'Y'`, ...filters.map((f) => f.where)], sql` and `);

export function pageQuery(filters: Filter[]) {
  return sql<{ id: number }>`select i.id, i.samplenov, i.isolatecode, s.sampleno, s.state_name, s.district_name
    from isolate i join sample_inward s on s.id = i.sample_inward_id
    where ${whereOf(filters)} order by i.id desc limit 10`;
}

export function countQuery(filters: Filter[]) {
  return sql<{ n: number }>`select count(*)::int as n from isolate i join sample_inward s on s.id = i.sample_inward_id where ${whereOf(filters)}`;
}

/** Times page + total, one search at a time, after a warm-up run (at most about 20 s). */
export async function timeSearchSql(db: Kysely<Database>, filters: Filter[], runs: number) {
  let total = 0;
  const once = async () => {
    await pageQuery(filters).execute(db);
    total = Number((await countQuery(filters).execute(db)).rows[0].n);
  };
  return { ...(await timeRuns(runs, 20_000, once)), matches: total };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the page and the count queries, as text. */
export async function explain(db: Kysely<Database>, filters: Filter[]): Promise<{ page: string; count: string }> {
  const plan = async (q: RawBuilder<unknown>) =>
    (await sql<Record<string, string>>`explain (analyze, buffers) ${q}`.execute(db)).rows.map((r) => Object.values(r)[0]).join('\n');
  return { page: await plan(pageQuery(filters)), count: await plan(countQuery(filters)) };
}
