import { sql, type Kysely } from 'kysely';
import type { Database } from './types';

/**
 * The embedded engine's clean-up, which the PostgreSQL server does by itself (autovacuum). PGlite runs PostgreSQL in
 * single-user mode, where no autovacuum runs: a lab's tables were analyzed only by the migrations that asked for it,
 * so their statistics stayed those of the day the lab started, dead rows were never cleared and pages never marked
 * all-visible (index-only scans then read the table as well). The bulk load showed what plans made for nearly empty
 * tables cost: 4,000 samples slowed from 4,205 to 1,123 rows/s (bench/history.md, twenty-fourth entry).
 *
 * Every MAINTENANCE_EVERY_MS the server reads the engine's own counters of changed rows (pg_stat_user_tables) and,
 * for a table past autovacuum's default thresholds, runs what autovacuum would: VACUUM when its dead rows pass 20%
 * of it (or its rows inserted since the last vacuum pass 20%, which marks their pages all-visible), ANALYZE when its
 * changed rows pass 10%. One statement per table, on the background lane (db/pglite-pool.ts): the calls that come
 * while one runs wait for that statement only, and go before the next one. A lab that changes nothing costs one
 * read of the counters a minute.
 */
export const MAINTENANCE_EVERY_MS = 60_000;

/** Autovacuum's defaults (PostgreSQL 17: autovacuum_*_threshold and *_scale_factor). */
const VACUUM = { rows: 50, share: 0.2 };
const VACUUM_INSERTS = { rows: 1000, share: 0.2 };
const ANALYZE = { rows: 50, share: 0.1 };

export interface MaintenanceRun { vacuumed: string[]; analyzed: string[] }

interface TableCounts { name: string; tuples: number; dead: number; modified: number; inserted: number }

/** What one pass does: each table past a threshold vacuumed and/or analyzed (names in the order done). */
export async function maintainOnce(db: Kysely<Database>): Promise<MaintenanceRun> {
  const { rows } = await sql<TableCounts>`
    select s.relname as name, greatest(c.reltuples, 0)::float8 as tuples, s.n_dead_tup::int8 as dead,
      s.n_mod_since_analyze::int8 as modified, s.n_ins_since_vacuum::int8 as inserted
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`.execute(db);
  const done: MaintenanceRun = { vacuumed: [], analyzed: [] };
  const past = (n: number, t: { rows: number; share: number }, tuples: number) => n > t.rows + t.share * tuples;
  for (const t of rows) {
    const vacuum = past(t.dead, VACUUM, t.tuples) || past(t.inserted, VACUUM_INSERTS, t.tuples);
    const analyze = past(t.modified, ANALYZE, t.tuples);
    if (!vacuum && !analyze) continue;
    const table = sql.table(t.name);
    await (vacuum ? (analyze ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`) : sql`analyze ${table}`).execute(db);
    if (vacuum) done.vacuumed.push(t.name);
    if (analyze) done.analyzed.push(t.name);
  }
  return done;
}

/**
 * Runs maintainOnce every `everyMs` on `db` (the embedded handle's background lane), one pass at a time. `stop`
 * waits for a pass that is running.
 */
export function startEmbeddedMaintenance(db: Kysely<Database>, log: (msg: string) => void, everyMs = MAINTENANCE_EVERY_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = maintainOnce(db)
      .catch((err: Error) => log(`Embedded database clean-up (vacuum / analyze) failed: ${err.message}`))
      .finally(() => (busy = false));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
