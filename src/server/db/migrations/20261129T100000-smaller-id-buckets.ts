// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The lists kept in buckets of ids (the Level 1 and Level 2 lists, the audit trail) take 256 ids a bucket instead of
 * 2,048 (`list_bucket_of_id`: id >> 8). A deep page is read from the start of the bucket its first row lies in and
 * skips the rows before it there: up to 2,047 rows, each read from the heap (the trail) or looked up in its sample
 * (a Level 1 isolate, to know whether the sample is active). At 1M samples, where fewer of those reads find their
 * page in memory, the Level 1 list's middle page took 5.1 ms p50 against 1.6 ms for its first (bench/history.md).
 * With 256 ids a deep page skips at most 255. The counts are 8 times as many rows (about 8,000 for Level 1 at
 * 1M samples, 125 groups of 64), and positionIn still reads only the groups and one group's buckets.
 *
 * The trail's bucket is now the same function (an overload for its bigint ids) instead of its own `id >> 11`, so the
 * size is said once. Every count by id is counted again here; list_bucket_recount() is unchanged and calls them.
 */
const bucketFunctions = (shift: number) => sql`
  create or replace function list_bucket_of_id(id integer) returns integer language sql immutable as $$
    select id >> ${sql.lit(shift)}
  $$;
  create or replace function list_bucket_of_id(id bigint) returns integer language sql immutable as $$
    select (id >> ${sql.lit(shift)})::integer
  $$;
`;

/** The two functions that counted the trail by `id >> 11` themselves, as they were (`bucket`: the expression). */
const trailFunctions = (bucket: string) => sql`
  create or replace function audit_log_listed() returns trigger language plpgsql as $$
  begin
    perform list_total_add('audit', count(*)) from new_rows;
    perform list_bucket_add('audit', b, count(*)) from (select ${sql.raw(bucket)} as b from new_rows) x group by b;
    -- 'user': the id as written and its name ('' when none); 'entity' and 'action' under user 0.
    insert into audit_facet (kind, user_id, value)
      select 'user', user_id, coalesce(username, '') from new_rows where user_id is not null
      union select 'entity', 0, entity from new_rows
      union select 'action', 0, action from new_rows
      on conflict do nothing;
    return null;
  end
  $$;
  create or replace function list_bucket_recount_before_queues() returns void language plpgsql as $$
  begin
    perform list_bucket_recount_lists();
    insert into list_bucket (list, bucket, slot, n) select 'audit', ${sql.raw(bucket)}, 0, count(*) from audit_log group by 2;
  end
  $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await bucketFunctions(8).execute(db);
  await trailFunctions('list_bucket_of_id(id)').execute(db);
  await sql`select list_bucket_recount()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await trailFunctions('(id >> 11)::integer').execute(db);
  await bucketFunctions(11).execute(db);
  await sql`drop function list_bucket_of_id(bigint)`.execute(db);
  await sql`select list_bucket_recount()`.execute(db);
}
