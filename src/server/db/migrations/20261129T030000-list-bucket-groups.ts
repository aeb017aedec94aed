// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Finding a position in a long list reads a few dozen rows at any size: list_bucket's counts are also kept per
 * group of 64 consecutive buckets (`list_bucket_group`, group = bucket >> 6). lib/list-totals.ts positionIn sums the
 * groups to find the one a position lies in, then only that group's buckets. It summed every bucket newer than
 * the position, which grows with the lab: at 1M samples about 1,000 Level 1 buckets and 500 of the audit trail,
 * and the Activity Log's last page went from 5.5 to 10.7 ms p50 between 100k and 1M (bench/history.md).
 * Kept by list_bucket_add, which every bucket trigger calls, in the same transaction and slot. Derived data:
 * not in backups; list_bucket_recount() counts the groups again after the buckets (the former one:
 * list_bucket_recount_before_groups()).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_bucket_group (
      list varchar(20) not null,
      grp integer not null,
      slot smallint not null,
      n bigint not null,
      primary key (list, grp, slot)
    );

    create or replace function list_bucket_add(which text, b integer, d bigint) returns void language plpgsql as $$
    begin
      if d <> 0 then
        insert into list_bucket as t (list, bucket, slot, n) values (which, b, pg_backend_pid() % 16, d)
          on conflict (list, bucket, slot) do update set n = t.n + excluded.n;
        insert into list_bucket_group as t (list, grp, slot, n) values (which, b >> 6, pg_backend_pid() % 16, d)
          on conflict (list, grp, slot) do update set n = t.n + excluded.n;
      end if;
    end
    $$;

    create function list_bucket_group_recount() returns void language plpgsql as $$
    begin
      delete from list_bucket_group;
      insert into list_bucket_group (list, grp, slot, n) select list, bucket >> 6, 0, sum(n) from list_bucket group by 1, 2;
    end
    $$;

    alter function list_bucket_recount() rename to list_bucket_recount_before_groups;
    create function list_bucket_recount() returns void language plpgsql as $$
    begin
      perform list_bucket_recount_before_groups();
      perform list_bucket_group_recount();
    end
    $$;

    select list_bucket_group_recount();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function list_bucket_recount();
    alter function list_bucket_recount_before_groups() rename to list_bucket_recount;
    drop function list_bucket_group_recount();
    create or replace function list_bucket_add(which text, b integer, d bigint) returns void language plpgsql as $$
    begin
      if d <> 0 then
        insert into list_bucket as t (list, bucket, slot, n) values (which, b, pg_backend_pid() % 16, d)
          on conflict (list, bucket, slot) do update set n = t.n + excluded.n;
      end if;
    end
    $$;
    drop table list_bucket_group;
  `.execute(db);
}
