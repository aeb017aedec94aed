// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * A second index for the Sample Inward search: the five-character parts ("grams") of a sample's searched text, a
 * GIN index on an array of them. The trigram index answers `search_text like '%sc05678%'` from the lists of the
 * text's trigrams, and the trigrams of a code's digits are each in about 1.4% of the samples (the inward number,
 * the code and the OTP all hold digits): at 1M samples each list holds about 14,000 rows, read for the ten that
 * match. A five-character part of the same digits is in about 100 samples at 1M, so the index reads about a
 * hundredth of it (bench/history.md, eighteenth entry).
 *
 * Only parts made of ASCII letters and digits are kept (the server asks only for those: modules/samples/
 * search-trigrams.ts), of the stored text, which is lower-cased. A part that spans two columns or holds a space is
 * never asked for. The array is not stored: it is computed for the index, on insert and update, and for the
 * rows of lossy bitmap pages. A backup holds no index; a restore runs this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function sample_search_grams(t text) returns text[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct g), '{}')
      from (select substr(t, i, 5) as g from generate_series(1, length(t) - 4) as i) as parts
      where g ~ '^[0-9a-z]{5}$'
    $$;
    create index sample_inward_search_grams_idx on sample_inward using gin (sample_search_grams(search_text));
    analyze sample_inward;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index sample_inward_search_grams_idx;
    drop function sample_search_grams(text);
  `.execute(db);
}
