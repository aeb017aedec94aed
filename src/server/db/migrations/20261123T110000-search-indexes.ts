// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the searches that `npm run bench` found slow at 100k samples (issue 7; bench/plans.md):
 *
 * - The sample inward text search (getSearchForsampleinward) is `column ilike '%text%'` over eight columns,
 *   ORed: a sequential scan of every sample. pg_trgm's GIN operator class answers ILIKE '%text%' (any case)
 *   from an index, one bitmap scan per column combined with BitmapOr. One multicolumn GIN index holds all
 *   eight columns (GIN keeps each column's trigrams apart, so `a ilike x or b ilike x` can use it twice).
 *   pg_trgm is a trusted extension (PostgreSQL 13+: the database owner may create it); the embedded engine
 *   gets it from PGlite's contrib build (db/pglite-extensions.ts). A restore into an empty database runs
 *   this migration, so the extension is always created by the schema, never expected beforehand.
 * - The microbe search probes one parameter of one isolate per filter (EXISTS) and fetches the values of
 *   the result rows: `(parameter_id, isolate_id)`, with the values included so that both are index-only.
 *   It also walks one parameter's values in isolate order.
 * - Text and dropdown filters compare `lower(text_value) = lower($1)`: the index on the expression serves
 *   the comparison and, above all, gives the planner statistics for it (without them it guessed 0.5% of
 *   the rows and chose plans for a handful of matches where there were tens of thousands).
 *
 * Created in the migration's transaction (not CONCURRENTLY): writes to these tables wait while they build
 * (about 10 s at 100k samples on the 2-core machine; plan for minutes at 1M samples).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create index sample_inward_search_trgm_idx on sample_inward using gin (
      sampleinno gin_trgm_ops, sampleno gin_trgm_ops, sampledby gin_trgm_ops, resource_name gin_trgm_ops,
      state_name gin_trgm_ops, district_name gin_trgm_ops, source gin_trgm_ops, otp gin_trgm_ops
    );
    create index activity_value_param_isolate_idx on activity_value (parameter_id, isolate_id) include (num_value, text_value, date_value);
    create index activity_value_lower_text_idx on activity_value (parameter_id, lower(text_value), isolate_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index activity_value_lower_text_idx;
    drop index activity_value_param_isolate_idx;
    drop index sample_inward_search_trgm_idx;
    drop extension if exists pg_trgm;
  `.execute(db);
}
