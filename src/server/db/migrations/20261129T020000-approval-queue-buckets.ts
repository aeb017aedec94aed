// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Middle pages of an approval queue at national scale: what waits for a manager is counted per UTC day of its
 * submission in list_bucket (list `queue:<manager id>:<1|2>`, bucket `list_bucket_of_time(submitted_at)`), beside
 * the queue's total in list_total (migration 20261129T010000), by the same statement triggers. A page in the middle
 * of a queue is then read from the day it starts in (lib/list-totals.ts positionIn) instead of skipping half the
 * queue: at 1M samples the bulk load's manager waits on 1.16 million transactions, and the middle page took 86 ms.
 * A waiting transaction always has its submission time (the check below): the queue is ordered by it, so its
 * buckets must be too. list_bucket_recount() counts the queues too (the former one: list_bucket_recount_before_queues()).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function approval_waiting(status varchar, amended_at timestamptz) returns boolean language sql immutable as $$
      select status = 'S' or (status = 'A' and amended_at is not null)
    $$;

    alter table activity_transaction add constraint activity_transaction_waiting_submitted
      check (submitted_at is not null or not coalesce(approval_waiting(status, amended_at), false));

    -- One queue's transactions of one submission day moved in (d > 0) or out, and, on one of its days only, all
    -- of the statement's moves of that queue (total): its list_total row is updated once a statement, not once a
    -- day (a bulk insert spans a thousand days, and each update of one row leaves a version behind).
    create function approval_queue_add(l text, b integer, d bigint, total bigint) returns void language plpgsql as $$
    begin
      perform list_bucket_add(l, b, d);
      perform list_total_add(l, total);
    end
    $$;

    create or replace function approval_queue_totals() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform approval_queue_add(l, b, d, case when first then (sum(d) over (partition by l))::bigint else 0 end) from (
          select l, b, count(*) as d, row_number() over (partition by l) = 1 as first from (
            select approval_queue_list(reporting_manager_id, level) as l, list_bucket_of_time(submitted_at) as b from new_rows
            where reporting_manager_id is not null and approval_waiting(status, amended_at)
          ) x group by l, b
        ) y;
      elsif tg_op = 'DELETE' then
        perform approval_queue_add(l, b, d, case when first then (sum(d) over (partition by l))::bigint else 0 end) from (
          select l, b, -count(*) as d, row_number() over (partition by l) = 1 as first from (
            select approval_queue_list(reporting_manager_id, level) as l, list_bucket_of_time(submitted_at) as b from old_rows
            where reporting_manager_id is not null and approval_waiting(status, amended_at)
          ) x group by l, b
        ) y;
      else
        perform approval_queue_add(l, b, d, case when first then (sum(d) over (partition by l))::bigint else 0 end) from (
          select l, b, sum(d) as d, row_number() over (partition by l) = 1 as first from (
            select approval_queue_list(reporting_manager_id, level) as l, list_bucket_of_time(submitted_at) as b, 1 as d from new_rows
            where reporting_manager_id is not null and approval_waiting(status, amended_at)
            union all
            select approval_queue_list(reporting_manager_id, level), list_bucket_of_time(submitted_at), -1 from old_rows
            where reporting_manager_id is not null and approval_waiting(status, amended_at)
          ) x group by l, b
        ) y;
      end if;
      return null;
    end
    $$;

    alter function list_bucket_recount() rename to list_bucket_recount_before_queues;
    create function list_bucket_recount() returns void language plpgsql as $$
    begin
      perform list_bucket_recount_before_queues();
      insert into list_bucket (list, bucket, slot, n)
        select approval_queue_list(reporting_manager_id, level), list_bucket_of_time(submitted_at), 0, count(*) from activity_transaction
        where reporting_manager_id is not null and approval_waiting(status, amended_at)
        group by 1, 2;
    end
    $$;

    insert into list_bucket (list, bucket, slot, n)
      select approval_queue_list(reporting_manager_id, level), list_bucket_of_time(submitted_at), 0, count(*) from activity_transaction
      where reporting_manager_id is not null and approval_waiting(status, amended_at)
      group by 1, 2;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function list_bucket_recount();
    alter function list_bucket_recount_before_queues() rename to list_bucket_recount;
    create or replace function approval_queue_totals() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_total_add(l, count(*)) from (
          select approval_queue_list(reporting_manager_id, level) as l from new_rows
          where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
        ) x group by l;
      elsif tg_op = 'DELETE' then
        perform list_total_add(l, -count(*)) from (
          select approval_queue_list(reporting_manager_id, level) as l from old_rows
          where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
        ) x group by l;
      else
        perform list_total_add(l, sum(d)) from (
          select approval_queue_list(reporting_manager_id, level) as l, 1 as d from new_rows
          where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
          union all
          select approval_queue_list(reporting_manager_id, level), -1 from old_rows
          where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
        ) x group by l;
      end if;
      return null;
    end
    $$;
    drop function approval_queue_add(text, integer, bigint, bigint);
    alter table activity_transaction drop constraint activity_transaction_waiting_submitted;
    drop function approval_waiting(varchar, timestamptz);
    delete from list_bucket where list like 'queue:%';
  `.execute(db);
}
