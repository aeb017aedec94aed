// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The lists kept in buckets of time (the Sample Inward list by created_at, the approval queues by submitted_at) take
 * a UTC hour a bucket instead of a UTC day (`list_bucket_of_time`: epoch seconds / 3,600). A deep page is read from
 * the start of the bucket its first row lies in and skips the rows before it there. A day's rows grow with the
 * lab: at 1M samples over three years a day held up to 1,031 samples against about 91 at 100k, and the list's
 * middle and last pages took 1.5x as long at 1M (bench/history.md, twenty-seventh entry). An hour holds a tenth
 * of a working day's rows. positionIn still reads the groups (64 hours each, about 410 over three years) and one
 * group's buckets.
 * The function is only called by the bucket triggers and the recount, never by an index, so replacing it and counting
 * again is the whole change.
 */
const timeBuckets = (seconds: number) => sql`
  create or replace function list_bucket_of_time(t timestamptz) returns integer language sql immutable as $$
    select floor(extract(epoch from t) / ${sql.lit(seconds)})::integer
  $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await timeBuckets(3600).execute(db);
  await sql`select list_bucket_recount()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await timeBuckets(86400).execute(db);
  await sql`select list_bucket_recount()`.execute(db);
}
