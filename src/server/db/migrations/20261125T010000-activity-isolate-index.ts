// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The transactions of some isolates, whatever their level: the Level 1 list's rows (`isolate_id in (...)` with
 * `level = 'Level 1'`), a microbe search record's activities (`isolate_id = $1`). The only index led by
 * isolate_id is the partial Level 1 unique index (`where plant_assessment_id is null`), which those queries do
 * not name, so each was a parallel scan of every transaction: 150-230 ms per call at 100k samples, and the
 * Level 1 home did 10 calls a second at 50 connections (npm run bench, 2026-11-25).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index activity_transaction_isolate_idx on activity_transaction (isolate_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activity_transaction_isolate_idx`.execute(db);
}
