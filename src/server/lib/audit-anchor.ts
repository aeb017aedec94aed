import fs from 'node:fs';
import path from 'node:path';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { AUDIT_CHAINS, canonicalJson } from './audit';

/**
 * The audit trail anchored outside the database. Its hash chains (lib/audit.ts) show a row changed behind the
 * application's back, but anyone who can disable the triggers can also recompute every later hash, or cut the
 * newest rows: the chains then verify. So the server signs checkpoints with an Ed25519 key that is NOT in the
 * database: each names the chain heads, how many rows it vouches for, and lists the id, chain and hash of every row
 * added since the checkpoint before it. A checkpoint goes into the database (audit_checkpoint, so backups carry them)
 * and, as one line, into an append-only file beside the key. Nobody without the private key can make a checkpoint
 * agree with a rewritten trail, so `npm run audit:verify` finds a recomputed chain, a removed middle row and a cut
 * tail, each at its first row (verifyAuditChain in lib/audit.ts does the walk).
 *
 * The key: AUDIT_SIGNING_KEY (a PKCS#8 PEM, or its base64 DER), else `audit-signing-key.pem` in AUDIT_KEY_DIR, created
 * on first start with mode 600 (its public half beside it). Every `*.pub.pem` in that directory is trusted for
 * verification: an auditor needs only those (and the checkpoint file), never the private key.
 */

export const KEY_FILE = 'audit-signing-key.pem';
export const PUBLIC_KEY_FILE = 'audit-signing-key.pub.pem';
export const CHECKPOINT_FILE = 'audit-checkpoints.jsonl';
/** The rows one checkpoint lists at most; a trail that moved more is anchored by several checkpoints in a row. */
export const CHECKPOINT_MAX_ROWS = 20_000;
/** Bytes a listed row takes in audit_checkpoint.rows: id (8), chain (1), hash (32). */
export const LISTED_ROW_BYTES = 41;
/** The advisory lock that makes checkpoints one at a time (any process of the database). */
const CHECKPOINT_LOCK = 727273;

export interface AuditKeys {
  /** The signing key; absent when only public keys were found (a verifier's machine). */
  privateKey?: KeyObject;
  /** The fingerprint of the signing key (of the first public key when there is no signing key). */
  fingerprint: string | null;
  /** Trusted public keys by fingerprint. */
  publicKeys: Map<string, KeyObject>;
  /** Where checkpoints are appended (null: none; the database copy only). */
  checkpointFile: string | null;
}

/** SHA-256 of the raw 32-byte Ed25519 public key, hex. */
export function fingerprintOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der.subarray(der.length - 32)).digest('hex');
}

/** The fingerprint as people compare it: SHA256: and groups of four. */
export const displayFingerprint = (fp: string) => `SHA256:${fp.match(/.{1,4}/g)!.join(':')}`;

function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----')
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
}

export interface KeyOptions {
  /** AUDIT_KEY_DIR. */
  dir: string;
  /** AUDIT_SIGNING_KEY: the private key itself (PEM, or base64 PKCS#8 DER). */
  signingKey?: string | null;
  /** Create the key in `dir` when there is none (the server and backups; never the verifier). */
  create: boolean;
}

/** Loads (or, with `create`, makes) the lab's audit signing key and every trusted public key. */
export function loadAuditKeys(opts: KeyOptions): AuditKeys {
  const keyPath = path.join(opts.dir, KEY_FILE);
  let privateKey: KeyObject | undefined;
  if (opts.signingKey) {
    try {
      privateKey = parsePrivateKey(opts.signingKey);
    } catch {
      throw new Error('AUDIT_SIGNING_KEY is not an Ed25519 private key (PKCS#8 PEM, or its base64 DER).');
    }
  } else if (fs.existsSync(keyPath)) {
    privateKey = parsePrivateKey(fs.readFileSync(keyPath, 'utf8'));
  } else if (opts.create) {
    fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ed25519');
    // 'wx': never overwrite a key another process has just made.
    try {
      fs.writeFileSync(keyPath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
      fs.writeFileSync(path.join(opts.dir, PUBLIC_KEY_FILE), pair.publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
      privateKey = pair.privateKey;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      privateKey = parsePrivateKey(fs.readFileSync(keyPath, 'utf8'));
    }
  }
  if (privateKey && privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The audit signing key must be an Ed25519 key.');
  const publicKeys = new Map<string, KeyObject>();
  const own = privateKey ? createPublicKey(privateKey) : undefined;
  if (own) publicKeys.set(fingerprintOf(own), own);
  if (fs.existsSync(opts.dir)) {
    for (const f of fs.readdirSync(opts.dir).filter((n) => n.endsWith('.pub.pem')).sort()) {
      try {
        const k = createPublicKey(fs.readFileSync(path.join(opts.dir, f), 'utf8'));
        if (k.asymmetricKeyType === 'ed25519') publicKeys.set(fingerprintOf(k), k);
      } catch {
        /* not a key: ignored, and not trusted */
      }
    }
  }
  const hasDir = fs.existsSync(opts.dir) || opts.create;
  return {
    privateKey,
    fingerprint: own ? fingerprintOf(own) : ([...publicKeys.keys()][0] ?? null),
    publicKeys,
    checkpointFile: hasDir ? path.join(opts.dir, CHECKPOINT_FILE) : null,
  };
}

/** Keys made in memory (tests): nothing on disk unless `dir` is given for the checkpoint file. */
export function ephemeralAuditKeys(dir?: string): AuditKeys {
  const pair = generateKeyPairSync('ed25519');
  const fp = fingerprintOf(pair.publicKey);
  return { privateKey: pair.privateKey, fingerprint: fp, publicKeys: new Map([[fp, pair.publicKey]]), checkpointFile: dir ? path.join(dir, CHECKPOINT_FILE) : null };
}

// ---- checkpoints ----------------------------------------------------------------------------------

/** Chain -> its newest vouched row [id, hash]. */
export type CheckpointHeads = Record<string, [number, string]>;

/** What a checkpoint's signature covers (canonical JSON of this object). */
export interface SignedCheckpoint {
  v: 1;
  seq: number;
  at: string;
  tenant: string;
  rowCount: number;
  heads: CheckpointHeads;
  rowsDigest: string;
  prevDigest: string | null;
  key: string;
}

/** A checkpoint as the file keeps it (one JSON line) and as verification reads it. */
export interface CheckpointRecord extends SignedCheckpoint {
  type: 'checkpoint';
  signature: string;
  /** The listed rows (packRows), base64: the file alone then vouches row by row, as the database copy does. */
  rows: string;
}

/** A restore into this lab (signed), written to the file: checkpoints after `seq` belong to the trail before it. */
export interface RestoreRecord {
  type: 'restore';
  v: 1;
  at: string;
  tenant: string;
  seq: number;
  backupCreatedAt: string;
  key: string;
  signature: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
/** Links a checkpoint to the one before it. */
export const checkpointDigest = (signature: string) => sha256(signature);

function signPayload(keys: AuditKeys, payload: object): string {
  if (!keys.privateKey) throw new Error('No audit signing key: set AUDIT_KEY_DIR or AUDIT_SIGNING_KEY.');
  return sign(null, Buffer.from(canonicalJson(payload)), keys.privateKey).toString('base64');
}

/** True when `signature` is a valid signature of `payload` by a trusted key named by `fingerprint`. */
export function verifySigned(keys: Pick<AuditKeys, 'publicKeys'>, fingerprint: string, payload: object, signature: string): boolean | 'unknown-key' {
  const key = keys.publicKeys.get(fingerprint);
  if (!key) return 'unknown-key';
  try {
    return verify(null, Buffer.from(canonicalJson(payload)), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export const signedPart = (c: CheckpointRecord | SignedCheckpoint): SignedCheckpoint => ({
  v: 1, seq: c.seq, at: c.at, tenant: c.tenant, rowCount: c.rowCount, heads: c.heads, rowsDigest: c.rowsDigest, prevDigest: c.prevDigest, key: c.key,
});

/** Signs any payload with the lab's key (backup manifests). */
export function signWithAuditKey(keys: AuditKeys, payload: object): { key: string; signature: string } {
  return { key: keys.fingerprint!, signature: signPayload(keys, payload) };
}

function appendToFile(keys: AuditKeys, record: CheckpointRecord | RestoreRecord): void {
  if (!keys.checkpointFile) return;
  fs.mkdirSync(path.dirname(keys.checkpointFile), { recursive: true, mode: 0o700 });
  // One write of a whole line, opened for appending only.
  fs.appendFileSync(keys.checkpointFile, `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/** Packs listed rows: id (8 bytes), chain (1), hash (32). */
export function packRows(rows: ReadonlyArray<{ id: number; chain: number; hash: string }>): Buffer {
  const buf = Buffer.alloc(rows.length * LISTED_ROW_BYTES);
  rows.forEach((r, i) => {
    const at = i * LISTED_ROW_BYTES;
    buf.writeBigUInt64BE(BigInt(r.id), at);
    buf.writeUInt8(r.chain, at + 8);
    buf.write(r.hash, at + 9, 32, 'hex');
  });
  return buf;
}

export function unpackRow(buf: Uint8Array, i: number): { id: number; chain: number; hash: string } {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const at = i * LISTED_ROW_BYTES;
  return { id: Number(b.readBigUInt64BE(at)), chain: b.readUInt8(at + 8), hash: b.toString('hex', at + 9, at + 41) };
}

type Db = Kysely<Database>;

/**
 * Writes the checkpoints that anchor every audit row committed so far (none when the trail has not moved since the
 * last one). One writer at a time (an advisory lock; another process's checkpoint waits). The rows are read in one
 * statement, so in one snapshot: each chain's rows commit in id order (lib/audit.ts), so what it sees of a chain is
 * a prefix of it, and the next checkpoint starts where this one's head is. Returns the checkpoints written.
 */
export async function writeCheckpoints(db: Db, keys: AuditKeys, tenant: string, now: () => Date = () => new Date()): Promise<CheckpointRecord[]> {
  const written: CheckpointRecord[] = [];
  for (;;) {
    const c = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${CHECKPOINT_LOCK}::int)`.execute(trx);
      const last = await trx.selectFrom('audit_checkpoint').select(['seq', 'row_count', 'heads', 'signature']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
      const prevHeads = (last?.heads ?? {}) as CheckpointHeads;
      const after = Array.from({ length: AUDIT_CHAINS }, (_, chain) => prevHeads[chain]?.[0] ?? 0);
      // Rows past each chain's head, the oldest first; a prefix of each chain (see above). Read along the primary key
      // from the first row past any chain's head, stopping at the limit; that row is found by one probe of
      // audit_log_chain_idx per chain, in the same statement and so the same snapshot. The probe orders by
      // (chain, id), which only that index gives: ordered by id, the planner may walk the primary key from the head
      // of a chain that has written nothing since, through the whole trail. A join of the chains' heads sorted the
      // whole unanchored backlog for each checkpoint (about 2 s each with 3M rows to catch up after a bulk load).
      const heads0 = sql.val(after);
      const rows = (await sql<{ id: number; chain: number; hash: string }>`
        select a.id, a.chain, a.hash from audit_log a
        where a.id >= (
            select min(n.id) from unnest(${heads0}::bigint[]) with ordinality as h(head, c)
            cross join lateral (
              select b.id, b.chain from audit_log b where (b.chain, b.id) > ((h.c - 1)::smallint, h.head) order by b.chain, b.id limit 1
            ) n
            where n.chain = h.c - 1)
          and a.id > (${heads0}::bigint[])[a.chain + 1]
        order by a.id limit ${CHECKPOINT_MAX_ROWS}`.execute(trx)).rows.map((r) => ({ id: Number(r.id), chain: Number(r.chain), hash: r.hash }));
      if (rows.length === 0) return null;
      const heads: CheckpointHeads = { ...prevHeads };
      for (const r of rows) heads[r.chain] = [r.id, r.hash];
      const packed = packRows(rows);
      const body: SignedCheckpoint = {
        v: 1,
        seq: Number(last?.seq ?? 0) + 1,
        at: now().toISOString(),
        tenant,
        rowCount: Number(last?.row_count ?? 0) + rows.length,
        heads: Object.fromEntries(Object.entries(heads).sort(([a], [b]) => Number(a) - Number(b))),
        rowsDigest: sha256(packed),
        prevDigest: last ? checkpointDigest(last.signature) : null,
        key: keys.fingerprint!,
      };
      const record: CheckpointRecord = { type: 'checkpoint', ...body, signature: signPayload(keys, body), rows: packed.toString('base64') };
      await trx.insertInto('audit_checkpoint').values({
        seq: body.seq, at: body.at, tenant, row_count: body.rowCount, heads: JSON.stringify(body.heads), rows: packed,
        rows_digest: body.rowsDigest, prev_digest: body.prevDigest, key_fingerprint: body.key, signature: record.signature,
      }).execute();
      return { record, full: rows.length === CHECKPOINT_MAX_ROWS };
    });
    if (!c) return written;
    // The file gets the line once the database has it: a line without its row would look like a removed checkpoint.
    appendToFile(keys, c.record);
    written.push(c.record);
    if (!c.full) return written;
  }
}

/** Notes in the checkpoint file that this lab's database was restored from a backup that ends at checkpoint `seq`. */
export function recordRestore(keys: AuditKeys, tenant: string, seq: number, backupCreatedAt: string, at = new Date()): void {
  if (!keys.privateKey || !keys.checkpointFile) return;
  const body = { type: 'restore' as const, v: 1 as const, at: at.toISOString(), tenant, seq, backupCreatedAt, key: keys.fingerprint! };
  appendToFile(keys, { ...body, signature: signPayload(keys, body) });
}

/**
 * The checkpoints of the file, as they stand after its restore records: a restore to checkpoint N drops the
 * file's checkpoints after N (they belong to the trail before the restore). Lines that do not parse are reported.
 */
export function readCheckpointFile(file: string | null): { checkpoints: CheckpointRecord[]; restores: RestoreRecord[]; problems: string[] } {
  const out = { checkpoints: [] as CheckpointRecord[], restores: [] as RestoreRecord[], problems: [] as string[] };
  if (!file || !fs.existsSync(file)) return out;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let rec: CheckpointRecord | RestoreRecord;
    try {
      rec = JSON.parse(line);
    } catch {
      out.problems.push(`line ${i + 1} of the checkpoint file is not a checkpoint (damaged)`);
      return;
    }
    if (rec.type === 'restore') {
      out.restores.push(rec);
      out.checkpoints = out.checkpoints.filter((c) => c.seq <= rec.seq);
    } else if (rec.type === 'checkpoint') {
      out.checkpoints = out.checkpoints.filter((c) => c.seq < rec.seq);
      out.checkpoints.push(rec);
    } else {
      out.problems.push(`line ${i + 1} of the checkpoint file is not a checkpoint (damaged)`);
    }
  });
  return out;
}

/** A restore record's signature holds. */
export function restoreRecordValid(keys: Pick<AuditKeys, 'publicKeys'>, r: RestoreRecord): boolean {
  const { signature, ...body } = r;
  return verifySigned(keys, r.key, body, signature) === true;
}

/**
 * Starts the server's checkpoint timer: one at start, then every `seconds` (when the trail moved). Errors are
 * logged, never thrown: a missed checkpoint is made up by the next.
 */
export function startCheckpointTimer(db: Db, keys: AuditKeys, tenant: string, seconds: number, log: (msg: string) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = writeCheckpoints(db, keys, tenant).catch((err: Error) => log(`Audit checkpoint not written: ${err.message}`));
  };
  tick();
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      // The last rows before a stop are anchored too.
      await writeCheckpoints(db, keys, tenant).catch((err: Error) => log(`Audit checkpoint not written: ${err.message}`));
    },
  };
}
