// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * A reporting manager's approval queue at national scale: what waits for them (a submission, or an approval amended
 * since) is counted in list_total as `queue:<manager id>:<1|2>` (Level 1, Level 2), kept by statement triggers on
 * activity_transaction in the saving transaction, as the lists' totals are (migration 20261126T100000). The queue's
 * badge and its total were a count of every waiting transaction on each call: in the bulk load one manager waits on a
 * fifth of all activities, over a million at 1M samples. An index in the queue's own order (oldest submission first)
 * reads its first and last pages without sorting the queue.
 * list_total_recount() counts the queues too (the former function is kept as list_total_recount_before_queues()).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function approval_queue_list(manager integer, level varchar) returns text language sql immutable as $$
      select 'queue:' || manager || ':' || case when level = 'Level 2' then '2' else '1' end
    $$;

    create function approval_queue_totals() returns trigger language plpgsql as $$
    begin
      -- What waits: reporting_manager_id set and (status 'S', or 'A' with amended_at): activity-repository.ts waitingForManager.
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

    create trigger activity_transaction_queue_ins after insert on activity_transaction
      referencing new table as new_rows for each statement execute function approval_queue_totals();
    create trigger activity_transaction_queue_del after delete on activity_transaction
      referencing old table as old_rows for each statement execute function approval_queue_totals();
    create trigger activity_transaction_queue_upd after update on activity_transaction
      referencing old table as old_rows new table as new_rows for each statement execute function approval_queue_totals();

    create index activity_transaction_waiting_idx on activity_transaction (reporting_manager_id, submitted_at, id)
      where status = 'S' or (status = 'A' and amended_at is not null);

    alter function list_total_recount() rename to list_total_recount_before_queues;
    create function list_total_recount() returns void language plpgsql as $$
    begin
      perform list_total_recount_before_queues();
      insert into list_total (list, slot, n)
        select approval_queue_list(reporting_manager_id, level), 0, count(*) from activity_transaction
        where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
        group by 1;
    end
    $$;

    insert into list_total (list, slot, n)
      select approval_queue_list(reporting_manager_id, level), 0, count(*) from activity_transaction
      where reporting_manager_id is not null and (status = 'S' or (status = 'A' and amended_at is not null))
      group by 1;
    analyze activity_transaction;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function list_total_recount();
    alter function list_total_recount_before_queues() rename to list_total_recount;
    drop index activity_transaction_waiting_idx;
    drop trigger activity_transaction_queue_ins on activity_transaction;
    drop trigger activity_transaction_queue_del on activity_transaction;
    drop trigger activity_transaction_queue_upd on activity_transaction;
    drop function approval_queue_totals();
    drop function approval_queue_list(integer, varchar);
    delete from list_total where list like 'queue:%';
  `.execute(db);
}
