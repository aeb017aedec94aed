// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The Sample Inward text search as one trigram index on one expression: the eight text columns joined by a
 * newline (modules/samples/sample-repository.ts, SAMPLE_TEXT, must stay this exact expression, or the search
 * stops using the index). It replaces the multicolumn index of 20261123T110000, which the search read as a
 * BitmapOr of eight index scans: at 100k samples the page of a new text went from 1.5 ms to 0.4 ms, the count
 * of a common text from 20-26 ms to 15 ms (bench/history.md). The columns are NOT NULL, so no coalesce; a
 * search text holds no newline (one line of a form), so a match never spans two columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index sample_inward_text_trgm_idx on sample_inward using gin (
      (sampleinno || E'\n' || sampleno || E'\n' || sampledby || E'\n' || resource_name || E'\n' || state_name || E'\n' ||
       district_name || E'\n' || source || E'\n' || otp) gin_trgm_ops
    );
    drop index sample_inward_search_trgm_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index sample_inward_search_trgm_idx on sample_inward using gin (
      sampleinno gin_trgm_ops, sampleno gin_trgm_ops, sampledby gin_trgm_ops, resource_name gin_trgm_ops,
      state_name gin_trgm_ops, district_name gin_trgm_ops, source gin_trgm_ops, otp gin_trgm_ops
    );
    drop index sample_inward_text_trgm_idx;
  `.execute(db);
}
