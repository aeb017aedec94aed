// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Where a position of an unfiltered list lies, so a middle page never skips a million rows: the three lists of
 * list_total (migration 20261126T100000), counted per bucket of their order key instead of in all.
 * - `samples` (created_at desc, id desc): a bucket is a UTC day of created_at (`list_bucket_of_time`);
 * - `level1` (isolate id desc) and `level2` (plant assessment id desc): a bucket is 2,048 consecutive ids
 *   (`list_bucket_of_id`), so no bucket holds more than 2,048 rows of its list.
 * Summing the buckets newer than a position's (about a thousand rows at 1M samples) says how many rows come before
 * it; the page is then read from the bucket's start, skipping fewer rows than the bucket holds.
 * Kept like list_total: statement triggers from the transition tables, in the saving transaction, 16 slots a row
 * (the backend's pid mod 16) so concurrent saves do not queue on the newest bucket's row. Derived data: not in
 * backups; `list_bucket_recount()` counts everything again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_bucket (
      list varchar(20) not null,
      bucket integer not null,
      slot smallint not null,
      n bigint not null,
      primary key (list, bucket, slot)
    );

    create function list_bucket_of_time(t timestamptz) returns integer language sql immutable as $$
      select floor(extract(epoch from t) / 86400)::integer
    $$;
    create function list_bucket_of_id(id integer) returns integer language sql immutable as $$
      select id >> 11
    $$;

    create function list_bucket_add(which text, b integer, d bigint) returns void language plpgsql as $$
    begin
      if d <> 0 then
        insert into list_bucket as t (list, bucket, slot, n) values (which, b, pg_backend_pid() % 16, d)
          on conflict (list, bucket, slot) do update set n = t.n + excluded.n;
      end if;
    end
    $$;

    -- Isolates moved onto (+1) or off (-1) the Level lists: each moves itself on Level 1 and its assessments on Level 2.
    create function list_bucket_move_isolates(ids integer[], signs integer[]) returns void language plpgsql as $$
    begin
      perform list_bucket_add(l, b, sum(sign)) from (
        with moved as (select * from unnest(ids, signs) as m(id, sign))
        select 'level1' as l, list_bucket_of_id(id) as b, sign from moved
        union all
        select 'level2', list_bucket_of_id(pa.id), m.sign from moved m join plant_assessment pa on pa.isolate_id = m.id
      ) x group by l, b;
    end
    $$;

    create function list_bucket_recount() returns void language plpgsql as $$
    begin
      delete from list_bucket;
      insert into list_bucket (list, bucket, slot, n)
        select 'samples', list_bucket_of_time(created_at), 0, count(*) from sample_inward group by 2
        union all
        select 'level1', list_bucket_of_id(i.id), 0, count(*) from isolate i join sample_inward s on s.id = i.sample_inward_id
          where i.active = 'Y' and s.active = 'Y' group by 2
        union all
        select 'level2', list_bucket_of_id(pa.id), 0, count(*) from plant_assessment pa join isolate i on i.id = pa.isolate_id
          join sample_inward s on s.id = i.sample_inward_id where i.active = 'Y' and s.active = 'Y' group by 2;
    end
    $$;

    create function list_bucket_samples() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_bucket_add('samples', b, count(*)) from (select list_bucket_of_time(created_at) as b from new_rows) x group by b;
      elsif tg_op = 'DELETE' then
        -- Its isolates are gone already (they reference it), and counted out then.
        perform list_bucket_add('samples', b, -count(*)) from (select list_bucket_of_time(created_at) as b from old_rows) x group by b;
      else
        perform list_bucket_add('samples', b, sum(d)) from (
          select list_bucket_of_time(n.created_at) as b, 1 as d from new_rows n join old_rows o on o.id = n.id
            where list_bucket_of_time(n.created_at) <> list_bucket_of_time(o.created_at)
          union all
          select list_bucket_of_time(o.created_at), -1 from new_rows n join old_rows o on o.id = n.id
            where list_bucket_of_time(n.created_at) <> list_bucket_of_time(o.created_at)
        ) x group by b;
        -- A sample made active or inactive moves its active isolates (and their assessments) in or out.
        perform list_bucket_move_isolates(array_agg(i.id), array_agg(m.sign))
        from (select n.id, case when n.active = 'Y' then 1 else -1 end as sign from new_rows n join old_rows o on o.id = n.id
              where (n.active = 'Y') <> (o.active = 'Y')) m
        join isolate i on i.sample_inward_id = m.id and i.active = 'Y';
      end if;
      return null;
    end
    $$;

    create function list_bucket_isolates() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        -- A new isolate has no assessments yet (they reference it).
        perform list_bucket_add('level1', b, count(*)) from (
          select list_bucket_of_id(n.id) as b from new_rows n where list_total_isolate_listed(n.active, n.sample_inward_id) = 1
        ) x group by b;
      elsif tg_op = 'DELETE' then
        perform list_bucket_add('level1', b, -count(*)) from (
          select list_bucket_of_id(o.id) as b from old_rows o where list_total_isolate_listed(o.active, o.sample_inward_id) = 1
        ) x group by b;
      else
        -- An isolate made active or inactive, or moved to another sample, moves itself and its assessments.
        perform list_bucket_move_isolates(array_agg(id), array_agg(sign)) from (
          select n.id, list_total_isolate_listed(n.active, n.sample_inward_id) - list_total_isolate_listed(o.active, o.sample_inward_id) as sign
          from new_rows n join old_rows o on o.id = n.id
          where n.active is distinct from o.active or n.sample_inward_id is distinct from o.sample_inward_id
        ) d where sign <> 0;
      end if;
      return null;
    end
    $$;

    create function list_bucket_assessments() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform list_bucket_add('level2', b, count(*)) from (
          select list_bucket_of_id(n.id) as b from new_rows n join isolate i on i.id = n.isolate_id
            where list_total_isolate_listed(i.active, i.sample_inward_id) = 1
        ) x group by b;
      elsif tg_op = 'DELETE' then
        perform list_bucket_add('level2', b, -count(*)) from (
          select list_bucket_of_id(o.id) as b from old_rows o join isolate i on i.id = o.isolate_id
            where list_total_isolate_listed(i.active, i.sample_inward_id) = 1
        ) x group by b;
      else
        perform list_bucket_add('level2', b, sum(sign)) from (
          select list_bucket_of_id(n.id) as b,
                 (select list_total_isolate_listed(i.active, i.sample_inward_id) from isolate i where i.id = n.isolate_id)
               - (select list_total_isolate_listed(i.active, i.sample_inward_id) from isolate i where i.id = o.isolate_id) as sign
          from new_rows n join old_rows o on o.id = n.id where n.isolate_id is distinct from o.isolate_id
        ) x group by b;
      end if;
      return null;
    end
    $$;
  `.execute(db);

  for (const [table, fn] of [['sample_inward', 'list_bucket_samples'], ['isolate', 'list_bucket_isolates'], ['plant_assessment', 'list_bucket_assessments']]) {
    await sql`
      create trigger ${sql.raw(`${table}_list_bucket_ins`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function ${sql.raw(fn)}();
      create trigger ${sql.raw(`${table}_list_bucket_del`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function ${sql.raw(fn)}();
      create trigger ${sql.raw(`${table}_list_bucket_upd`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows for each statement execute function ${sql.raw(fn)}();
    `.execute(db);
  }
  await sql`select list_bucket_recount()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sample_inward', 'isolate', 'plant_assessment']) {
    for (const suffix of ['ins', 'del', 'upd']) await sql`drop trigger ${sql.raw(`${table}_list_bucket_${suffix}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`
    drop function list_bucket_assessments();
    drop function list_bucket_isolates();
    drop function list_bucket_samples();
    drop function list_bucket_recount();
    drop function list_bucket_move_isolates(integer[], integer[]);
    drop function list_bucket_add(text, integer, bigint);
    drop function list_bucket_of_id(integer);
    drop function list_bucket_of_time(timestamptz);
    drop table list_bucket;
  `.execute(db);
}
