import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MicrobeIdentificationTable } from '../../db/types';
import { likePattern } from '../masters/resource-repository';
import { paged } from '../../lib/paging';

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

/** A row of the isolates awaiting identification (the Microbe Identification screen opened from its menu entry). */
export interface AwaitingRow { id: number; samplenov: string; isolatecode: string; sampleno: string; sampletype: string; created_at: Date | string }

/**
 * Active isolates of active samples that have no identification yet, newest first, and how many there are.
 * The anti-join uses the unique index on microbe_identification(isolate_id) and the page walks the isolate's
 * primary key backwards; `contains` narrows to isolates whose sample code, sample code version or isolate code
 * contains the text (case-insensitive).
 */
export async function awaitingIdentification(db: Db, o: { offset: number; limit: number; contains: string | null }): Promise<{ rows: AwaitingRow[]; total: number }> {
  let q = db
    .selectFrom('isolate as i')
    .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .where('i.active', '=', 'Y')
    .where('s.active', '=', 'Y')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('microbe_identification as m').select('m.id').whereRef('m.isolate_id', '=', 'i.id'))));
  if (o.contains) {
    const like = likePattern(o.contains);
    q = q.where((eb) => eb.or([eb('i.samplenov', 'ilike', like), eb('i.isolatecode', 'ilike', like), eb('s.sampleno', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    q.select(['i.id', 'i.samplenov', 'i.isolatecode', 's.sampleno', 'i.sampletype', 'i.created_at']).orderBy('i.id', 'desc').$call((p) => paged(p, o.limit, o.offset)).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
