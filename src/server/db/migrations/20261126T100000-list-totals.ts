// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * Maintained totals of the three unfiltered lists, so a total never walks a million rows:
 * - `samples`: every sample (the Sample Inward list),
 * - `level1`: active isolates of active samples (the Level 1 list),
 * - `level2`: plant assessments of those isolates (the Level 2 list).
 * Triggers keep them in the transaction that changes the rows (one statement-level update per statement, from its
 * transition tables, so a bulk load of thousands of rows costs one update). Each list's total is the sum of 16
 * rows (`slot`: the backend's pid mod 16), so concurrent saves on other connections do not queue on one row lock.
 * Derived data: not in backups (a restore's inserts rebuild it through the same triggers); `list_total_recount()`
 * counts everything again. (No TRUNCATE can reach these tables: it would cascade to the append-only signatures.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_total (
      list varchar(20) not null,
      slot smallint not null,
      n bigint not null,
      primary key (list, slot)
    );

    create function list_total_add(which text, d bigint) returns void language plpgsql as $$
    begin
      if d <> 0 then
        insert into list_total as t (list, slot, n) values (which, pg_backend_pid() % 16, d)
          on conflict (list, slot) do update set n = t.n + excluded.n;
      end if;
    end
    $$;

    create function list_total_recount() returns void language plpgsql as $$
    begin
      delete from list_total;
      insert into list_total (list, slot, n)
        select 'samples', 0, count(*) from sample_inward
        union all
        select 'level1', 0, count(*) from isolate i join sample_inward s on s.id = i.sample_inward_id
          where i.active = 'Y' and s.active = 'Y'
        union all
        select 'level2', 0, count(*) from plant_assessment pa join isolate i on i.id = pa.isolate_id
          join sample_inward s on s.id = i.sample_inward_id where i.active = 'Y' and s.active = 'Y';
    end
    $$;

    -- Whether an isolate is on the Level lists (active, of an active sample), as 1 or 0.
    create function list_total_isolate_listed(active char, sample_id integer) returns integer language sql stable as $$
      select case when active = 'Y' and exists (select 1 from sample_inward s where s.id = sample_id and s.active = 'Y') then 1 else 0 end
    $$;

    create function list_total_samples() returns trigger language plpgsql as $$
    declare
      d bigint;
      l1 bigint;
      l2 bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into d from new_rows;
        perform list_total_add('samples', d);
      elsif tg_op = 'DELETE' then
        -- Its isolates are gone already (they reference it), and counted out then.
        select count(*) into d from old_rows;
        perform list_total_add('samples', -d);
      else
        -- A sample made active or inactive moves its active isolates (and their assessments) in or out.
        with moved as (
          select n.id, case when n.active = 'Y' then 1 else -1 end as sign
          from new_rows n join old_rows o on o.id = n.id
          where (n.active = 'Y') <> (o.active = 'Y')
        )
        select coalesce(sum(m.sign * (select count(*) from isolate i where i.sample_inward_id = m.id and i.active = 'Y')), 0),
               coalesce(sum(m.sign * (select count(*) from isolate i join plant_assessment pa on pa.isolate_id = i.id
                                      where i.sample_inward_id = m.id and i.active = 'Y')), 0)
          into l1, l2 from moved m;
        perform list_total_add('level1', l1);
        perform list_total_add('level2', l2);
      end if;
      return null;
    end
    $$;

    create function list_total_isolates() returns trigger language plpgsql as $$
    declare
      l1 bigint;
      l2 bigint;
    begin
      if tg_op = 'INSERT' then
        -- A new isolate has no assessments yet (they reference it).
        select count(*) into l1 from new_rows n where list_total_isolate_listed(n.active, n.sample_inward_id) = 1;
        perform list_total_add('level1', l1);
      elsif tg_op = 'DELETE' then
        select count(*) into l1 from old_rows o where list_total_isolate_listed(o.active, o.sample_inward_id) = 1;
        perform list_total_add('level1', -l1);
      else
        with moved as (
          select n.id, list_total_isolate_listed(n.active, n.sample_inward_id) - list_total_isolate_listed(o.active, o.sample_inward_id) as sign
          from new_rows n join old_rows o on o.id = n.id
          where n.active is distinct from o.active or n.sample_inward_id is distinct from o.sample_inward_id
        )
        select coalesce(sum(m.sign), 0), coalesce(sum(m.sign * (select count(*) from plant_assessment pa where pa.isolate_id = m.id)), 0)
          into l1, l2 from moved m where m.sign <> 0;
        perform list_total_add('level1', l1);
        perform list_total_add('level2', l2);
      end if;
      return null;
    end
    $$;

    create function list_total_assessments() returns trigger language plpgsql as $$
    declare
      l2 bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into l2 from new_rows n join isolate i on i.id = n.isolate_id
          where list_total_isolate_listed(i.active, i.sample_inward_id) = 1;
      elsif tg_op = 'DELETE' then
        select -count(*) into l2 from old_rows o join isolate i on i.id = o.isolate_id
          where list_total_isolate_listed(i.active, i.sample_inward_id) = 1;
      else
        select coalesce(sum(
                 (select list_total_isolate_listed(i.active, i.sample_inward_id) from isolate i where i.id = n.isolate_id)
               - (select list_total_isolate_listed(i.active, i.sample_inward_id) from isolate i where i.id = o.isolate_id)), 0)
          into l2 from new_rows n join old_rows o on o.id = n.id where n.isolate_id is distinct from o.isolate_id;
      end if;
      perform list_total_add('level2', l2);
      return null;
    end
    $$;
  `.execute(db);

  // Transition tables allow one event per trigger: three triggers a table, one function.
  for (const [table, fn] of [['sample_inward', 'list_total_samples'], ['isolate', 'list_total_isolates'], ['plant_assessment', 'list_total_assessments']]) {
    await sql`
      create trigger ${sql.raw(`${table}_list_total_ins`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function ${sql.raw(fn)}();
      create trigger ${sql.raw(`${table}_list_total_del`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function ${sql.raw(fn)}();
      create trigger ${sql.raw(`${table}_list_total_upd`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows for each statement execute function ${sql.raw(fn)}();
    `.execute(db);
  }
  await sql`select list_total_recount()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sample_inward', 'isolate', 'plant_assessment']) {
    for (const suffix of ['ins', 'del', 'upd']) await sql`drop trigger ${sql.raw(`${table}_list_total_${suffix}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`
    drop function list_total_assessments();
    drop function list_total_isolates();
    drop function list_total_samples();
    drop function list_total_isolate_listed(char, integer);
    drop function list_total_recount();
    drop function list_total_add(text, bigint);
    drop table list_total;
  `.execute(db);
}
