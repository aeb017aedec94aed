// FROZEN: never edit a migration once it has landed; add a new timestamped one. Imports kysely only.
import { type Kysely, sql } from 'kysely';

/**
 * audit_append (migration 20261125T100000) finds a chain's newest row along audit_log_chain_idx whatever the plan.
 * Its reads were `where chain = $1 order by id desc limit 1`: in the function's generic plan PostgreSQL expects a
 * sixteenth of the trail in each chain and walks the primary key backwards, filtering by chain. When the next chain
 * has written nothing for a long time (a trail from before the chains is all chain 0; a bulk load writes one chain
 * a batch), that walk reads the whole trail since for every audit row: 14 ms a row at 37,000 rows, growing with
 * the trail, and a bulk load with its trail slowed fourfold within 60,000 samples. Ordered by (chain, id) from
 * just below the next chain's first key, only that index gives the order, and the first entry is the chain's newest
 * row (or another chain's, when the chain is empty: then there is none). The function is otherwise unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_append(
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
      found_chain integer;
      cross_link text := '';
    begin
      perform pg_advisory_xact_lock(lock_key, chain_no);
      select a.chain, a.hash into found_chain, prev from audit_log a
        where (a.chain, a.id) < (chain_no + 1, 0) order by a.chain desc, a.id desc limit 1;
      if found_chain is distinct from chain_no then prev := null; end if;
      select a.chain, a.id, a.hash into found_chain, next_id, next_hash from audit_log a
        where (a.chain, a.id) < (next_chain + 1, 0) order by a.chain desc, a.id desc limit 1;
      if found_chain is distinct from next_chain then next_id := null; end if;
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

/** The reads as they were (migration 20261125T100000). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_append(
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
