import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/types';
import type { AmendmentInfo, StatusChangeInfo } from '../../../shared/contract/amendments';
import { amendmentsOf, resultsRestOn } from '../../lib/amendments';
import type { SampleRow } from './sample-repository';

/**
 * What a sample inward record says about its own integrity, beside its fields: whether a change to it is an
 * amendment (submitted or approved results rest on it), who may change it, its amendments, and who deleted or
 * restored it, when and why.
 */
export interface SampleIntegrity {
  amendmentRequired: boolean;
  /** The caller may change it: they registered it, or they are a Top Role user. */
  canEdit: boolean;
  createdBy: string;
  amendments: AmendmentInfo[];
  statusChange: StatusChangeInfo | null;
}

async function names(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('app_user').select(['id', 'username', sql<string>`trim(concat_ws(' ', first_name, last_name))`.as('name')])
    .where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name || r.username]));
}

const statusChangeOf = (r: Pick<SampleRow, 'status_changed_at' | 'status_changed_by' | 'status_reason'>, who: Map<number, string>): StatusChangeInfo | null =>
  r.status_changed_at && r.status_changed_by !== null
    ? { by: who.get(r.status_changed_by) ?? '', at: new Date(r.status_changed_at).toISOString(), reason: r.status_reason ?? '' }
    : null;

export async function recordIntegrity(req: FastifyRequest, row: SampleRow): Promise<SampleIntegrity> {
  const db = req.server.db;
  const who = await names(db, [row.created_by, ...(row.status_changed_by !== null ? [row.status_changed_by] : [])]);
  return {
    amendmentRequired: await resultsRestOn(db, { sampleId: row.id }),
    canEdit: req.auth!.userId === row.created_by || req.auth!.flags.toprole,
    createdBy: who.get(row.created_by) ?? '',
    amendments: (await amendmentsOf(db, 'sample_inward', [row.id])).get(row.id) ?? [],
    statusChange: statusChangeOf(row, who),
  };
}

/**
 * Who deleted (or restored) the samples of a list page, when and why, by sample id (only the changed ones). The
 * status columns come with the page's own rows (no second read of the page); only the names of those who changed a
 * status are looked up, and only when the page has such a row.
 */
export async function statusChangesOf(
  db: Kysely<Database>, stored: ReadonlyArray<Pick<SampleRow, 'id' | 'status_changed_at' | 'status_changed_by' | 'status_reason'>>,
): Promise<Map<number, StatusChangeInfo | null>> {
  const changed = stored.filter((c) => c.status_changed_at && c.status_changed_by !== null);
  if (changed.length === 0) return new Map();
  const who = await names(db, changed.map((c) => c.status_changed_by!));
  return new Map(changed.map((c) => [c.id, statusChangeOf(c, who)]));
}
