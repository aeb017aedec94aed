import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';
import { AUDIT_CHAINS, GENESIS_HASH, auditHash } from './audit';
import {
  LISTED_ROW_BYTES, checkpointDigest, readCheckpointFile, signedPart, verifySigned,
  type AuditKeys, type CheckpointRecord,
} from './audit-anchor';

/**
 * `npm run audit:verify` and restore's check: walks the audit trail in id order, checking each row's hash, its
 * link to the previous row of its chain and its cross link (lib/audit.ts); and, with the lab's public keys, checks
 * the trail against the signed checkpoints (lib/audit-anchor.ts) of the database and of the checkpoint file: every
 * row a valid checkpoint lists must be there with the same chain and hash, and no other row may stand inside what
 * they vouch for. So a recomputed chain, a removed middle row and a cut tail are each reported at their first row.
 */

/** The newest row of each chain (its id and hash) at the end of a verification. */
export type ChainHeads = Record<number, { id: number; hash: string }>;

export interface AnchorReport {
  /** False when no trusted public key was given: the chains were checked, the checkpoints were not. */
  checked: boolean;
  /** The newest checkpoint that verified. */
  newest: { seq: number; at: string; rowCount: number; key: string } | null;
  /** Rows newer than the newest checkpoint (not anchored yet). */
  unanchored: number;
  /** Signs of tampering with the checkpoints themselves (a bad signature, one removed, ...): the trail fails. */
  problems: string[];
  /** Checkpoints signed by a key not trusted here: their rows could not be checked (add the key's .pub.pem). */
  untrusted: number[];
  /** Rows that only such checkpoints vouch for. */
  uncovered: number;
}

export interface VerifyResult {
  ok: boolean;
  verified: number;
  brokenAt?: { id: number; reason: string };
  heads?: ChainHeads;
  anchor: AnchorReport;
}

export interface VerifyOptions {
  /** Trusted public keys and the checkpoint file; without them only the chains are checked. */
  keys?: (Pick<AuditKeys, 'publicKeys'> & Partial<Pick<AuditKeys, 'checkpointFile'>>) | null;
  /** Read the checkpoint file too (default: when keys name one). Restore checks only what it loaded. */
  useFile?: boolean;
  batch?: number;
}

interface Expected {
  /** Per chain: ids and hashes of the listed rows, ascending (checkpoints list consecutive windows of a chain). */
  ids: Float64Array[];
  hashes: Buffer[];
  /** Per chain: the id ranges (lo, hi] that trusted checkpoints vouch for; a row inside one must be listed. */
  windows: Array<Array<[number, number]>>;
  newest: CheckpointRecord | null;
  problems: string[];
  untrusted: number[];
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The checkpoints of the database and the file, merged by sequence number; what the trusted ones vouch for. */
async function expectedRows(trx: Transaction<Database>, opts: VerifyOptions): Promise<Expected | null> {
  const keys = opts.keys;
  if (!keys || keys.publicKeys.size === 0) return null;
  const problems: string[] = [];
  const untrusted = new Set<number>();
  type Entry = { record: CheckpointRecord; rows: Buffer; trusted: boolean };
  const all = new Map<number, Entry>();
  const check = (c: CheckpointRecord, rows: Buffer, where: string): Entry | null => {
    const signed = verifySigned(keys, c.key, signedPart(c), c.signature);
    if (signed === false) {
      problems.push(`checkpoint #${c.seq} ${where} has a signature that does not verify (it was forged or altered)`);
      return null;
    }
    if (signed === true && (sha256(rows) !== c.rowsDigest || rows.length % LISTED_ROW_BYTES !== 0)) {
      problems.push(`the row list of checkpoint #${c.seq} ${where} was altered`);
      return null;
    }
    return { record: c, rows, trusted: signed === true };
  };
  const dbRows = await trx.selectFrom('audit_checkpoint').selectAll().orderBy('seq').execute();
  const inDb = new Set<number>();
  for (const r of dbRows) {
    const record: CheckpointRecord = {
      type: 'checkpoint', v: 1, seq: Number(r.seq), at: new Date(r.at).toISOString(), tenant: r.tenant, rowCount: Number(r.row_count),
      heads: r.heads as CheckpointRecord['heads'], rowsDigest: r.rows_digest, prevDigest: r.prev_digest, key: r.key_fingerprint,
      signature: r.signature, rows: '',
    };
    inDb.add(record.seq);
    const e = check(record, Buffer.from(r.rows), 'in the database');
    if (e) all.set(record.seq, e);
  }
  if (opts.useFile ?? true) {
    const file = readCheckpointFile(keys.checkpointFile ?? null);
    problems.push(...file.problems);
    for (const c of file.checkpoints) {
      const e = check(c, Buffer.from(c.rows ?? '', 'base64'), 'of the checkpoint file');
      if (!e) continue;
      const mine = all.get(c.seq);
      if (!inDb.has(c.seq)) problems.push(`checkpoint #${c.seq} of the checkpoint file is missing from the database`);
      else if (mine && mine.record.signature !== c.signature) problems.push(`checkpoint #${c.seq} differs between the database and the checkpoint file: the file's was used`);
      if (!mine || mine.record.signature !== c.signature) all.set(c.seq, e);
    }
  }
  const ordered = [...all.values()].sort((a, b) => a.record.seq - b.record.seq);
  // Each checkpoint names the one before it: a gap or a broken link means checkpoints were removed or replaced.
  ordered.forEach(({ record }, i) => {
    const prev = ordered[i - 1]?.record;
    const from = prev ? prev.seq + 1 : 1;
    if (record.seq > from) problems.push(record.seq - from > 1 ? `checkpoints #${from} to #${record.seq - 1} are missing` : `checkpoint #${from} is missing`);
    else if (prev && record.prevDigest !== checkpointDigest(prev.signature)) problems.push(`checkpoint #${record.seq} does not follow checkpoint #${prev.seq}`);
  });
  for (const e of ordered) if (!e.trusted) untrusted.add(e.record.seq);

  const trusted = ordered.filter((e) => e.trusted);
  const counts = new Array<number>(AUDIT_CHAINS).fill(0);
  const at = (b: Buffer, i: number) => ({ id: Number(b.readBigUInt64BE(i * LISTED_ROW_BYTES)), chain: b.readUInt8(i * LISTED_ROW_BYTES + 8) % AUDIT_CHAINS });
  for (const { rows } of trusted) for (let i = 0; i < rows.length / LISTED_ROW_BYTES; i++) counts[at(rows, i).chain]++;
  const ids = counts.map((n) => new Float64Array(n));
  const hashes = counts.map((n) => Buffer.alloc(n * 32));
  const windows: Array<Array<[number, number]>> = Array.from({ length: AUDIT_CHAINS }, () => []);
  const fill = new Array<number>(AUDIT_CHAINS).fill(0);
  for (const e of trusted) {
    const first = new Array<number>(AUDIT_CHAINS).fill(0);
    for (let i = 0; i < e.rows.length / LISTED_ROW_BYTES; i++) {
      const { id, chain } = at(e.rows, i);
      if (!first[chain]) first[chain] = id;
      ids[chain][fill[chain]] = id;
      e.rows.copy(hashes[chain], fill[chain] * 32, i * LISTED_ROW_BYTES + 9, (i + 1) * LISTED_ROW_BYTES);
      fill[chain]++;
    }
    // A chain's window starts at the trail's start for the first checkpoint, at the previous checkpoint's head when
    // that one is here (trusted or not: its heads are fixed by this one's link to it), else at this checkpoint's
    // first row of the chain.
    const prev = all.get(e.record.seq - 1)?.record;
    for (let c = 0; c < AUDIT_CHAINS; c++) {
      const hi = e.record.heads[c]?.[0] ?? 0;
      const lo = e.record.seq === 1 ? 0
        : prev && e.record.prevDigest === checkpointDigest(prev.signature) ? (prev.heads[c]?.[0] ?? 0)
        : first[c] ? first[c] - 1 : hi;
      if (hi > lo) windows[c].push([lo, hi]);
    }
  }
  return { ids, hashes, windows, newest: trusted.at(-1)?.record ?? null, problems, untrusted: [...untrusted] };
}

/**
 * Walks the rows in id order, following each row's chain and checking its cross link, and against the signed
 * checkpoints when keys are given; stops at the first row that does not hold. One snapshot (repeatable read) for
 * the whole walk: rows of different chains commit out of id order.
 */
export async function verifyAuditChain(db: Kysely<Database> | Transaction<Database>, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const walk = async (trx: Transaction<Database>): Promise<VerifyResult> => {
    const batch = opts.batch ?? 5000;
    const expected = await expectedRows(trx, opts);
    const anchor: AnchorReport = {
      checked: expected !== null,
      newest: expected?.newest ? { seq: expected.newest.seq, at: expected.newest.at, rowCount: expected.newest.rowCount, key: expected.newest.key } : null,
      unanchored: 0,
      problems: expected?.problems ?? [],
      untrusted: expected?.untrusted ?? [],
      uncovered: 0,
    };
    const newestHead = Array.from({ length: AUDIT_CHAINS }, (_, c) => expected?.newest?.heads[c]?.[0] ?? 0);
    const win = new Array<number>(AUDIT_CHAINS).fill(0);
    /** Whether a trusted checkpoint vouches for this id of this chain (windows are visited in ascending order). */
    const inWindow = (chain: number, id: number) => {
      const w = expected!.windows[chain];
      while (win[chain] < w.length && w[win[chain]][1] < id) win[chain]++;
      return win[chain] < w.length && w[win[chain]][0] < id && id <= w[win[chain]][1];
    };
    const heads: ChainHeads = {};
    const pos = new Array<number>(AUDIT_CHAINS).fill(0);
    let lastId = 0;
    let verified = 0;
    const broken = (id: number, reason: string): VerifyResult => ({ ok: false, verified, brokenAt: { id, reason }, heads, anchor });
    // The next listed row of any chain (the smallest id): rows are listed per chain in ascending order.
    const nextListed = (): { chain: number; id: number } | null => {
      if (!expected) return null;
      let best: { chain: number; id: number } | null = null;
      for (let c = 0; c < AUDIT_CHAINS; c++) {
        if (pos[c] < expected.ids[c].length && (best === null || expected.ids[c][pos[c]] < best.id)) best = { chain: c, id: expected.ids[c][pos[c]] };
      }
      return best;
    };
    const missing = (e: { chain: number; id: number }, atEnd: boolean) =>
      broken(e.id, `the row is not in the trail, though a signed checkpoint lists it (chain ${e.chain}): ${atEnd ? 'the end of the trail was cut off' : 'it was removed'}`);

    for (;;) {
      const rows = await trx.selectFrom('audit_log').selectAll().where('id', '>', lastId).orderBy('id').limit(batch).execute();
      if (rows.length === 0) break;
      const crossIds = [...new Set(rows.filter((r) => r.cross_id !== null).map((r) => Number(r.cross_id)))];
      const vouched = new Map(
        crossIds.length ? (await trx.selectFrom('audit_log').select(['id', 'chain', 'hash']).where('id', 'in', crossIds).execute()).map((x) => [Number(x.id), x]) : [],
      );
      for (const r of rows) {
        const id = Number(r.id);
        const listed = nextListed();
        if (listed && listed.id < id) return missing(listed, false);
        if (r.prev_hash !== (heads[r.chain]?.hash ?? GENESIS_HASH)) {
          return broken(id, 'its link to the previous row does not match (a row was removed or reordered)');
        }
        const hash = auditHash({
          at: new Date(r.at).toISOString(),
          tenant: r.tenant,
          user_id: r.user_id,
          username: r.username,
          action: r.action,
          entity: r.entity,
          entity_id: r.entity_id,
          before: r.before ?? null,
          after: r.after ?? null,
          reason: r.reason,
          ip: r.ip,
          prev_hash: r.prev_hash,
          ...(r.cross_id !== null ? { cross_id: Number(r.cross_id), cross_hash: r.cross_hash ?? '' } : {}),
        });
        if (hash !== r.hash) return broken(id, 'its content does not match its hash (the row was altered)');
        if (r.cross_id !== null) {
          const v = vouched.get(Number(r.cross_id));
          if (!v || v.hash !== r.cross_hash || v.chain !== (r.chain + 1) % AUDIT_CHAINS) {
            return broken(id, `the row ${r.cross_id} of chain ${(r.chain + 1) % AUDIT_CHAINS} that it vouches for is missing or changed (rows were removed from the end of that chain)`);
          }
        }
        if (expected) {
          if (listed && listed.id === id) {
            const c = listed.chain;
            if (c !== r.chain % AUDIT_CHAINS) return broken(id, `it was moved: the signed checkpoints list it in chain ${c}, the trail has it in chain ${r.chain}`);
            if (expected.hashes[c].toString('hex', pos[c] * 32, pos[c] * 32 + 32) !== r.hash) {
              return broken(id, 'it differs from the signed checkpoints: the row was altered and the hashes after it recomputed');
            }
            pos[c]++;
          } else if (inWindow(r.chain % AUDIT_CHAINS, id)) {
            return broken(id, 'no signed checkpoint lists it, although one vouches for that part of its chain: the row was inserted');
          } else if (id > newestHead[r.chain % AUDIT_CHAINS]) {
            anchor.unanchored++;
          } else {
            anchor.uncovered++;
          }
        }
        heads[r.chain] = { id, hash: r.hash };
        lastId = id;
        verified++;
      }
    }
    const left = nextListed();
    if (left) return missing(left, true);
    if (anchor.problems.length) return { ok: false, verified, heads, anchor, brokenAt: { id: 0, reason: anchor.problems[0] } };
    return { ok: true, verified, heads, anchor };
  };
  return db.isTransaction ? walk(db as Transaction<Database>) : db.transaction().setIsolationLevel('repeatable read').execute(walk);
}
