import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/types';
import { HttpError } from '../plugins/errors';
import { AMENDMENT_MSG, AMENDMENT_REASON_MAX, type AmendmentInfo } from '../../shared/contract/amendments';

/**
 * Approved means locked (ISO/IEC 17025 §7.8.8, 21 CFR Part 11 §11.10): once an activity of an isolate is submitted
 * or approved, the data its results rest on (the sample inward record, the microbe identification; isolates are
 * never edited) changes only as an amendment: the save carries a reason, an `amendment` row keeps who, when and
 * why, the audit row keeps the reason, and every approved activity of the affected isolates is marked "data amended
 * after approval" (activity_transaction.amended_at) for its reporting manager until it is approved again.
 * Ownership: such a record is changed only by the user who created it or by a Top Role user.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type AmendedEntity = 'sample_inward' | 'microbe_identification';

/** Whether submitted or approved results rest on this sample (any of its isolates) or this isolate. */
export async function resultsRestOn(db: Db, on: { sampleId: number } | { isolateId: number }): Promise<boolean> {
  const q = 'sampleId' in on
    ? sql<{ n: number }>`select 1 as n from activity_transaction t join isolate i on i.id = t.isolate_id
        where i.sample_inward_id = ${on.sampleId} and t.status in ('S', 'A') limit 1`
    : sql<{ n: number }>`select 1 as n from activity_transaction t where t.isolate_id = ${on.isolateId} and t.status in ('S', 'A') limit 1`;
  return (await q.execute(db)).rows.length > 0;
}

/** 403 unless the caller created the record or has the Top Role flag. `db`: the caller's transaction when in one. */
export async function requireOwnerOrTopRole(req: FastifyRequest, createdBy: number, what: 'sample' | 'identification', db: Db = req.server.db): Promise<void> {
  const auth = req.auth!;
  if (auth.userId === createdBy || auth.flags.toprole) return;
  const owner = await db.selectFrom('app_user')
    .select(sql<string>`trim(concat_ws(' ', first_name, last_name))`.as('name')).where('id', '=', createdBy).executeTakeFirst();
  throw new HttpError(403, AMENDMENT_MSG.notOwner(what, owner?.name || 'another user'));
}

/** The amendment reason of a body: trimmed text, or null when absent. A reason that is too long is a 400. */
export function amendmentReasonOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new HttpError(400, AMENDMENT_MSG.reasonType, { field: 'amendmentReason' });
  const text = value.trim();
  if (text.length > AMENDMENT_REASON_MAX) throw new HttpError(400, AMENDMENT_MSG.reasonTooLong, { field: 'amendmentReason' });
  return text === '' ? null : text;
}

/** 400 (with `amendmentRequired`) when results rest on the record and no reason was given. */
export function requireReason(reason: string | null, what: 'sample' | 'identification'): string {
  if (reason) return reason;
  throw new HttpError(400, AMENDMENT_MSG.reasonRequired(what), { field: 'amendmentReason', amendmentRequired: true });
}

/**
 * Records an amendment inside the saving transaction: the amendment row, and the mark on every approved activity
 * of the isolates concerned (their version moves, so a manager's open screen must reload before deciding).
 * Returns the ids of the activities marked, for the audit row.
 */
export async function recordAmendment(
  trx: Transaction<Database>,
  a: { entity: AmendedEntity; entityId: number; sampleId: number; isolateId: number | null; by: number; reason: string },
): Promise<number[]> {
  await trx.insertInto('amendment').values({
    entity: a.entity, entity_id: a.entityId, sample_inward_id: a.sampleId, isolate_id: a.isolateId, amended_by: a.by, reason: a.reason,
  }).execute();
  const marked = await trx.updateTable('activity_transaction')
    .set({ amended_at: sql`now()`, version: sql`version + 1`, updated_at: sql`now()` })
    .where('status', '=', 'A')
    .where('isolate_id', 'in', a.isolateId !== null
      ? [a.isolateId]
      : trx.selectFrom('isolate').select('id').where('sample_inward_id', '=', a.sampleId))
    .returning('id')
    .execute();
  return marked.map((m) => m.id);
}

/** The amendments of a record, newest first, with the amending user's name. */
export async function amendmentsOf(db: Db, entity: AmendedEntity, entityIds: number[]): Promise<Map<number, AmendmentInfo[]>> {
  const out = new Map<number, AmendmentInfo[]>();
  if (entityIds.length === 0) return out;
  const rows = await db.selectFrom('amendment as a').innerJoin('app_user as u', 'u.id', 'a.amended_by')
    .select(['a.entity_id', 'a.amended_at', 'a.reason', 'u.username', sql<string>`trim(concat_ws(' ', u.first_name, u.last_name))`.as('name')])
    .where('a.entity', '=', entity).where('a.entity_id', 'in', entityIds)
    .orderBy('a.id', 'desc').execute();
  for (const r of rows) {
    const list = out.get(r.entity_id) ?? [];
    list.push({ by: r.name || r.username, username: r.username, at: new Date(r.amended_at).toISOString(), reason: r.reason });
    out.set(r.entity_id, list);
  }
  return out;
}
