import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import { sha256Hex } from './tokens';

/**
 * The audit trail (DESIGN.md section 7): every mutation appends, in its own transaction, a row
 * saying who, when, tenant, action, entity, id, before, after, reason and ip. Rows are hash-chained:
 * each hash covers the row's content and the previous row's hash, so `npm run audit:verify` finds
 * any row altered or removed behind the application's back. Triggers refuse UPDATE and DELETE.
 *
 * Chains: a writer extends a chain under a lock held until its transaction ends, so the rows of one chain
 * are in commit order and their ids ascend. With one chain every save of the laboratory waited for the one
 * before it to commit (at most ~900 saves/s on the 2-core machine, p99 83 ms at 50 connections, bench/history.md).
 * The trail is AUDIT_CHAINS chains (column `chain`); a transaction takes one at random and writes all its rows
 * into it. Each chain starts at GENESIS_HASH, and verification follows every chain through the rows in id order:
 * an altered row breaks its hash, a removed or reordered one (or one moved to another chain) breaks a link.
 *
 * Cross links: each row also names (cross_id, cross_hash, both hashed) the newest committed row of the next
 * chain (chain + 1, round the ring) when it was written. Without them, removing the last rows of one chain
 * would leave no trace, and with 16 chains that could remove a row from long ago while cutting only a
 * sixteenth of the trail after it; with them, the rows of the next chain written later vouch for those rows, so
 * hiding a removal means cutting the end off every chain, as with a single chain. The very last rows of the
 * trail can still be removed without trace: an external copy of the chain heads that `npm run audit:verify`
 * prints (kept with the backups) shows that.
 *
 * Upgrading from one chain: stop every server process of the database before starting this version (the
 * old single-key lock and the new per-chain locks do not exclude each other).
 */
export const GENESIS_HASH = '0'.repeat(64);
export const AUDIT_CHAINS = 16;
/** The key of the chains' advisory locks (the second key is the chain). */
const CHAIN_LOCK = 727272;

/** Who is acting, taken from the request (or 'system' for the seed and the command line). */
export interface Actor {
  userId: number | null;
  username: string | null;
  tenant: string;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** JSON with sorted keys: the same value always gives the same text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/**
 * Text as the database will keep it: a lone UTF-16 surrogate (half an emoji, as `slice` can leave) becomes
 * U+FFFD, which is what PostgreSQL stores for it. Hashed as it was, the row would fail verification as altered.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

function wellFormedData(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(wellFormedData);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormedData(v)]));
}

/** Plain JSON data (dates become ISO strings), as jsonb will give it back. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** Fields never written to the trail. */
const SECRET_FIELDS = new Set(['password_hash', 'token_hash', 'password', 'password1']);
function redact(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : redact(v)]),
  );
}

export interface HashedFields {
  at: string;
  tenant: string;
  user_id: number | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  prev_hash: string;
  /** The cross link (absent in rows written before the chains, and while the next chain is empty). */
  cross_id?: number;
  cross_hash?: string;
}

export function auditHash(f: HashedFields): string {
  return sha256Hex(canonicalJson(f));
}

/** A row's hashed fields but the ones only the chain's lock holder knows (prev_hash and the cross link). */
export type RowFields = Omit<HashedFields, 'prev_hash' | 'cross_id' | 'cross_hash'>;

/**
 * canonicalJson of a row's hashed fields in three pieces, for the database to join around the values it reads
 * under the chain's lock: head + cross link + mid + prev_hash + tail (audit_append, migration 20261125T100000).
 * The cross link is `,"cross_hash":"…","cross_id":N` or nothing; the keys sort as canonicalJson sorts them.
 */
export function hashedPieces(f: RowFields): { head: string; mid: string; tail: string } {
  const row = f as unknown as Record<string, unknown>;
  const keys = Object.keys(row).filter((k) => row[k] !== undefined).sort();
  const pairs = (from: string, to: string) => keys.filter((k) => k > from && k < to).map((k) => `${JSON.stringify(k)}:${canonicalJson(row[k])}`).join(',');
  // Every row has keys before 'cross_hash' (action, after, at, before), between 'cross_id' and 'prev_hash'
  // (entity, ...) and after it (reason, ...): no piece is empty, so the commas stand as canonicalJson puts them.
  return { head: `{${pairs('', 'cross_hash')}`, mid: `,${pairs('cross_id', 'prev_hash')},"prev_hash":"`, tail: `",${pairs('prev_hash', '\uffff')}}` };
}

/** Appends one audit row to chain `chain` inside the caller's transaction (every row of a transaction: the same chain). */
export async function writeAudit(trx: Transaction<Database>, actor: Actor, entry: AuditEntry, chain = 0): Promise<void> {
  // Every text and key well formed, as the database keeps it (wellFormed).
  const f = wellFormedData({
    at: new Date().toISOString(),
    tenant: actor.tenant,
    user_id: actor.userId,
    username: actor.username,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    before: plain(redact(entry.before)),
    after: plain(redact(entry.after)),
    reason: entry.reason ?? null,
    ip: actor.ip,
  } satisfies RowFields) as RowFields;
  const { head, mid, tail } = hashedPieces(f);
  // One writer at a time extends a chain: audit_append takes the chain's lock (held until the transaction ends),
  // reads its last hash and the next chain's newest row, hashes the row and inserts it (migration 20261125T100000).
  // `at` is when this process made the row, before it waited for the lock: under contention a row's `at` can be
  // a few milliseconds before the previous row's of its chain. The order of a chain is its ids.
  await sql`select audit_append(${CHAIN_LOCK}::int, ${chain}::int, ${(chain + 1) % AUDIT_CHAINS}::int, ${head}::text, ${mid}::text, ${tail}::text,
    ${f.at}::timestamptz, ${f.tenant}::varchar, ${f.user_id}::int, ${f.username}::varchar, ${f.action}::varchar, ${f.entity}::varchar,
    ${f.entity_id}::varchar, ${f.before === null ? null : JSON.stringify(f.before)}::jsonb, ${f.after === null ? null : JSON.stringify(f.after)}::jsonb,
    ${f.reason}::text, ${f.ip}::varchar)`.execute(trx);
}

/**
 * Runs `work` in a transaction and hands it an `audit` function bound to that transaction, so a
 * mutation and its audit rows commit or roll back together.
 */
export async function mutate<T>(
  db: Kysely<Database>,
  actor: Actor,
  work: (trx: Transaction<Database>, audit: (entry: AuditEntry) => Promise<void>) => Promise<T>,
): Promise<T> {
  const changes: CommittedChange[] = [];
  const chain = randomInt(AUDIT_CHAINS);
  const result = await db.transaction().execute((trx) =>
    work(trx, (entry) => {
      changes.push({ entity: entry.entity, action: entry.action });
      return writeAudit(trx, actor, entry, chain);
    }),
  );
  // A mutation that wrote no audit row still changed something: caches of any data (kept list pages) drop.
  if (changes.length === 0) changes.push({ entity: '', action: 'unaudited' });
  for (const listener of commitListeners) listener(db, changes);
  return result;
}

/** What one audit row of a committed mutation named. */
export interface CommittedChange { entity: string; action: string }
type CommitListener = (db: Kysely<Database>, changes: readonly CommittedChange[]) => void;
const commitListeners: CommitListener[] = [];

/**
 * Calls `listener` after every committed mutation with the entity and action of each of its audit rows:
 * caches of data derived from those entities (a user's granted screens) drop their copies there.
 */
export function onCommitted(listener: CommitListener): void {
  commitListeners.push(listener);
}
