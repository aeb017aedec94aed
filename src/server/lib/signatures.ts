import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ActivitySignatureTable, Database } from '../db/types';
import { canonicalJson } from './audit';
import { sha256Hex } from './tokens';
import { SIGNATURE_MEANING, type SignatureInfo, type SignedAction } from '../../shared/contract/signatures';

/**
 * Signatures of approvals and reversions (shared/contract/signatures.ts): each keeps the signed content (the record,
 * its values and the transition) and its SHA-256, in an append-only table. A signature is shown as valid only while
 * its stored content still hashes to its hash and names its own record, signer, time, action and meaning: an edit or
 * a move behind the application's back (triggers off) shows as not valid; the audit trail keeps the same hash.
 */
type Db = Kysely<Database> | Transaction<Database>;
type SignatureRow = Selectable<ActivitySignatureTable>;

export interface SignedContent {
  transactionId: number;
  activity: { id: number; shortname: string; level: string };
  target: { samplenov: string; pncode: string | null };
  owner: number;
  statusFrom: string | null;
  statusTo: string;
  action: SignedAction;
  meaning: string;
  remark: string | null;
  values: Array<{ parameterId: number; text: string | null }>;
  signer: { id: number; username: string; name: string };
  signedAt: string;
}

export async function recordSignature(trx: Transaction<Database>, content: SignedContent): Promise<{ id: number; hash: string }> {
  const hash = sha256Hex(canonicalJson(content));
  const row = await trx.insertInto('activity_signature').values({
    transaction_id: content.transactionId, signer_id: content.signer.id, signer_username: content.signer.username, signer_name: content.signer.name,
    signed_at: content.signedAt, action: content.action, meaning: content.meaning, content: JSON.stringify(content), content_hash: hash,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, hash };
}

export function signatureValid(r: SignatureRow): boolean {
  const c = r.content as SignedContent;
  return (
    sha256Hex(canonicalJson(c)) === r.content_hash &&
    c.transactionId === r.transaction_id &&
    c.signer?.id === r.signer_id &&
    c.signer.username === r.signer_username &&
    c.signedAt === new Date(r.signed_at).toISOString() &&
    c.action === r.action &&
    c.meaning === r.meaning &&
    SIGNATURE_MEANING[r.action] === r.meaning
  );
}

const infoOf = (r: SignatureRow): SignatureInfo => ({
  name: r.signer_name, username: r.signer_username, at: new Date(r.signed_at).toISOString(), action: r.action, meaning: r.meaning,
  hash: r.content_hash, valid: signatureValid(r),
});

/** The signatures of some activity transactions, oldest first. */
export async function signaturesOf(db: Db, transactionIds: readonly number[]): Promise<Map<number, SignatureInfo[]>> {
  const out = new Map<number, SignatureInfo[]>();
  if (transactionIds.length === 0) return out;
  const rows = await db.selectFrom('activity_signature').selectAll().where('transaction_id', 'in', [...new Set(transactionIds)]).orderBy('id').execute();
  for (const r of rows) out.set(r.transaction_id, [...(out.get(r.transaction_id) ?? []), infoOf(r)]);
  return out;
}
