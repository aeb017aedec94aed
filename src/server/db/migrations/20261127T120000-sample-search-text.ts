// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The text a sample is searched by, stored lower-cased: `search_text`, the eight text columns joined by a newline
 * (the expression of 20261125T030000) under lower(), kept by PostgreSQL itself (a generated column), with its
 * trigram index in place of the expression's. A search tests `search_text like lower(text)`, which is what
 * `ilike` does on this UTF-8 database (it lower-cases both sides), without joining eight columns and lower-casing
 * them again for every row it looks at: a Sample Inward search's page walks up to a few hundred samples in the
 * list's order, and the index's recheck of a common text tests thousands (at 100k samples one client's page for
 * 'Pune' took 0.55 ms of PostgreSQL against 0.32 ms this way; bench/history.md, fourteenth entry). A backup does
 * not carry the column (db/backup.ts leaves generated columns out); a restore's inserts compute it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sample_inward add column search_text text generated always as (lower(
      sampleinno || E'\n' || sampleno || E'\n' || sampledby || E'\n' || resource_name || E'\n' || state_name || E'\n' ||
      district_name || E'\n' || source || E'\n' || otp
    )) stored;
    create index sample_inward_search_text_trgm_idx on sample_inward using gin (search_text gin_trgm_ops);
    drop index sample_inward_text_trgm_idx;
    analyze sample_inward;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index sample_inward_text_trgm_idx on sample_inward using gin (
      (sampleinno || E'\n' || sampleno || E'\n' || sampledby || E'\n' || resource_name || E'\n' || state_name || E'\n' ||
       district_name || E'\n' || source || E'\n' || otp) gin_trgm_ops
    );
    alter table sample_inward drop column search_text;
  `.execute(db);
}
