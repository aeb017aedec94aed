// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * One statement for each audit row (lib/audit.ts writeAudit), where it took two: audit_chain_head (the chain's
 * lock, its last hash, the next chain's newest row), then the row's insert with a hash computed by the server
 * process. Here the database computes the hash: sha256 (core PostgreSQL since 11) of the row's canonical JSON,
 * which the server process sends as three pieces around the values only the lock holder knows (the cross link
 * and prev_hash; writeAudit builds them, and a test checks they join to canonicalJson of the row). The hash is
 * the same as before, so `npm run audit:verify` checks old and new rows alike. Why a VOLATILE function: each of
 * its statements takes its own snapshot after the lock, so the reads see the previous holder's committed row
 * (migration 20261125T020000). On the 2-core bench machine every round trip is mostly system calls; a save
 * made six.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function audit_append(
      lock_key integer, chain_no integer, next_chain integer,
      hashed_head text, hashed_mid text, hashed_tail text,
      p_at timestamptz, p_tenant varchar, p_user_id integer, p_username varchar, p_action varchar, p_entity varchar,
      p_entity_id varchar, p_before jsonb, p_after jsonb, p_reason text, p_ip varchar
    ) returns void
      language plpgsql volatile
    as $$
    declare
      prev char(64);
      next_id bigint;
      next_hash char(64);
      cross_link text := '';
    begin
      perform pg_advisory_xact_lock(lock_key, chain_no);
      select a.hash into prev from audit_log a where a.chain = chain_no order by a.id desc limit 1;
      select a.id, a.hash into next_id, next_hash from audit_log a where a.chain = next_chain order by a.id desc limit 1;
      prev := coalesce(prev, repeat('0', 64));
      if next_id is not null and next_hash is not null then
        cross_link := ',"cross_hash":"' || next_hash || '","cross_id":' || next_id::text;
      else
        next_id := null;
        next_hash := null;
      end if;
      insert into audit_log (at, tenant, user_id, username, action, entity, entity_id, before, after, reason, ip, prev_hash, chain, cross_id, cross_hash, hash)
      values (p_at, p_tenant, p_user_id, p_username, p_action, p_entity, p_entity_id, p_before, p_after, p_reason, p_ip, prev, chain_no, next_id, next_hash,
              encode(sha256(convert_to(hashed_head || cross_link || hashed_mid || prev || hashed_tail, 'UTF8')), 'hex'));
    end
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function audit_append(integer, integer, integer, text, text, text, timestamptz, varchar, integer, varchar, varchar, varchar, varchar, jsonb, jsonb, text, varchar)`.execute(db);
}
