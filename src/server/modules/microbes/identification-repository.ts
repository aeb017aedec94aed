import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MicrobeIdentificationTable } from '../../db/types';

/** The microbe identification of an isolate (one per isolate, unique index on isolate_id). */
type Db = Kysely<Database> | Transaction<Database>;
export type IdentificationRow = Selectable<MicrobeIdentificationTable>;

export interface IsolateRef { id: number; samplenov: string; isolatecode: string; sampleno: string; sampleId: number }

/** The isolate named by its sample code version or id (active or not), with its sample's code; locked for update when asked. */
export async function findIsolate(db: Db, key: { samplenov?: string; id?: number }, opts: { forUpdate?: boolean } = {}): Promise<IsolateRef | undefined> {
  let q = db
    .selectFrom('isolate as i')
    .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .select(['i.id', 'i.samplenov', 'i.isolatecode', 's.sampleno', 's.id as sampleId']);
  if (key.samplenov !== undefined) q = q.where('i.samplenov', '=', key.samplenov);
  else if (key.id !== undefined) q = q.where('i.id', '=', key.id);
  else return undefined;
  if (opts.forUpdate) q = q.forUpdate(['i']);
  return q.executeTakeFirst();
}

export function findIdentification(db: Db, isolateId: number): Promise<IdentificationRow | undefined> {
  return db.selectFrom('microbe_identification').selectAll().where('isolate_id', '=', isolateId).executeTakeFirst();
}

/** The microbe type (common master entry) of an identification's microbe, when it names one. */
export async function typeOfMicrobe(db: Db, microbeId: number | null): Promise<number | null> {
  if (microbeId === null) return null;
  const row = await db.selectFrom('microbe').select('type_id').where('id', '=', microbeId).executeTakeFirst();
  return row?.type_id ?? null;
}

export interface IdentificationColumns {
  microbe_id: number;
  microbe_name: string;
  genus: string;
  species: string;
  percentage_identification: number;
  query_coverage: number;
  gram_character: string | null;
  biosafety_level: string | null;
}

export function insertIdentification(db: Db, isolateId: number, userId: number, v: IdentificationColumns): Promise<IdentificationRow> {
  return db
    .insertInto('microbe_identification')
    .values({ ...v, isolate_id: isolateId, created_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateIdentification(db: Db, id: number, userId: number, v: IdentificationColumns): Promise<IdentificationRow> {
  return db
    .updateTable('microbe_identification')
    .set((eb) => ({ ...v, updated_by: userId, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
