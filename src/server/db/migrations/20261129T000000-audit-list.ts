// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * The Activity Log at national scale: a lab with a million samples has millions of audit rows, and the log's
 * first page counted all of them (`count(*) over ()`) and its filter choices read all of them three times
 * (`select distinct`) on every call.
 * - `audit` joins the maintained lists (migrations 20261126T100000 and 20261126T200000): its total in list_total,
 *   its positions in list_bucket by 2,048 ids (`list_bucket_of_id`), so the unfiltered log's total is a 16-row sum
 *   and a deep page is read from the bucket it lies in. The trail is append-only, so only inserts move them.
 * - `audit_facet`: the distinct users (id and name as written), entities and actions of the trail, for the log's
 *   filter choices: a few hundred rows instead of the trail.
 * One statement trigger keeps all three from the inserted rows, in the writing transaction. Derived data: not in
 * backups (a restore's inserts rebuild it through the same trigger, or this migration does after an older one).
 * The recount functions now count the trail too, so calling one never drops its rows: the former ones are kept as
 * list_total_recount_lists() and list_bucket_recount_lists(), and the new ones call them, then count the trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_facet (
      kind varchar(10) not null,
      user_id integer not null,
      value varchar(60) not null,
      primary key (kind, user_id, value)
    );

    create function audit_log_listed() returns trigger language plpgsql as $$
    begin
      perform list_total_add('audit', count(*)) from new_rows;
      perform list_bucket_add('audit', b, count(*)) from (select (id >> 11)::integer as b from new_rows) x group by b;
      -- 'user': the id as written and its name ('' when none); 'entity' and 'action' under user 0.
      insert into audit_facet (kind, user_id, value)
        select 'user', user_id, coalesce(username, '') from new_rows where user_id is not null
        union select 'entity', 0, entity from new_rows
        union select 'action', 0, action from new_rows
        on conflict do nothing;
      return null;
    end
    $$;

    create trigger audit_log_listed after insert on audit_log
      referencing new table as new_rows for each statement execute function audit_log_listed();

    insert into list_total (list, slot, n) select 'audit', 0, count(*) from audit_log having count(*) > 0;
    insert into list_bucket (list, bucket, slot, n) select 'audit', (id >> 11)::integer, 0, count(*) from audit_log group by 2;
    insert into audit_facet (kind, user_id, value)
      select 'user', user_id, coalesce(username, '') from audit_log where user_id is not null
      union select 'entity', 0, entity from audit_log
      union select 'action', 0, action from audit_log;

    alter function list_total_recount() rename to list_total_recount_lists;
    create function list_total_recount() returns void language plpgsql as $$
    begin
      perform list_total_recount_lists();
      insert into list_total (list, slot, n) select 'audit', 0, count(*) from audit_log having count(*) > 0;
    end
    $$;
    alter function list_bucket_recount() rename to list_bucket_recount_lists;
    create function list_bucket_recount() returns void language plpgsql as $$
    begin
      perform list_bucket_recount_lists();
      insert into list_bucket (list, bucket, slot, n) select 'audit', (id >> 11)::integer, 0, count(*) from audit_log group by 2;
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function list_total_recount();
    alter function list_total_recount_lists() rename to list_total_recount;
    drop function list_bucket_recount();
    alter function list_bucket_recount_lists() rename to list_bucket_recount;
    drop trigger audit_log_listed on audit_log;
    drop function audit_log_listed();
    drop table audit_facet;
    delete from list_total where list = 'audit';
    delete from list_bucket where list = 'audit';
  `.execute(db);
}
