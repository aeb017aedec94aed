// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * One statement where each audit row took three (lib/audit.ts writeAudit): take the chain's lock, then read
 * the chain's last hash and the next chain's newest row. The reads must see the rows committed by the writer
 * that held the lock before: a plain statement's snapshot is taken before it waits for the lock, but in a
 * VOLATILE function each statement takes its own snapshot (read committed), so the reads after
 * PERFORM pg_advisory_xact_lock see them. On the 2-core bench machine every round trip to the database is
 * mostly system calls (bench/history.md); a save made eight of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function audit_chain_head(lock_key integer, chain_no integer, next_chain integer)
      returns table (head_hash char(64), next_id bigint, next_hash char(64))
      language plpgsql volatile
    as $$
    begin
      perform pg_advisory_xact_lock(lock_key, chain_no);
      return query
        select (select a.hash from audit_log a where a.chain = chain_no order by a.id desc limit 1),
               n.id, n.hash
        from (select 1) as one
        left join lateral (select a.id, a.hash from audit_log a where a.chain = next_chain order by a.id desc limit 1) as n on true;
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function audit_chain_head(integer, integer, integer)`.execute(db);
}
