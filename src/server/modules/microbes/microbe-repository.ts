import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { MICROBE_MASTER_TYPES } from '../../../shared/resources';
import { findTypeByName, type TypeRow } from '../common-master/common-master-repository';
import { likePattern } from '../masters/resource-repository';

/** Queries of the microbe master lookups and checks (the list, search and save are the generic master's). */
type Db = Kysely<Database> | Transaction<Database>;

/** The common master type of the microbe types ('Microbe Type'), if it exists. */
export function microbeTypeMaster(db: Db): Promise<TypeRow | undefined> {
  return findTypeByName(db, MICROBE_MASTER_TYPES.microbeType);
}

/** Is `id` an active entry of the 'Microbe Type' master? */
export async function isMicrobeType(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('common_master as cm')
    .innerJoin('common_master_type as t', 't.id', 'cm.type_id')
    .select('cm.id')
    .where('cm.id', '=', id)
    .where('cm.active', '=', 'Y')
    .where((eb) => eb.or([eb(sql`lower(t.type)`, '=', MICROBE_MASTER_TYPES.microbeType.toLowerCase()), eb(sql`lower(t.code)`, '=', MICROBE_MASTER_TYPES.microbeType.toLowerCase())]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Another microbe row with the same type, genus and species (case-insensitive). */
export async function findSameMicrobe(db: Db, v: { typeId: number; genus: string; species: string }, exceptId: number | null): Promise<number | undefined> {
  let q = db
    .selectFrom('microbe')
    .select('id')
    .where('type_id', '=', v.typeId)
    .where(sql`lower(genus)`, '=', v.genus.toLowerCase())
    .where(sql`lower(species)`, '=', v.species.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst())?.id;
}

/** Distinct genera of the active microbes (of one type when given), first spelling kept, case-insensitive order. */
export async function genera(db: Db, opts: { typeId?: number; text?: string; limit?: number }): Promise<string[]> {
  let q = db
    .selectFrom('microbe')
    .select(sql<string>`min(genus)`.as('genus'))
    .where('active', '=', 'Y')
    .groupBy(sql`lower(genus)`)
    .orderBy(sql`lower(genus)`);
  if (opts.typeId !== undefined) q = q.where('type_id', '=', opts.typeId);
  if (opts.text) q = q.where('genus', 'ilike', likePattern(opts.text));
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  return (await q.execute()).map((r) => r.genus);
}

/** Distinct species of the active microbes (of one genus when given), case-insensitive order. */
export async function allSpecies(db: Db, opts: { genus?: string; text?: string; limit?: number }): Promise<string[]> {
  let q = db
    .selectFrom('microbe')
    .select(sql<string>`min(species)`.as('species'))
    .where('active', '=', 'Y')
    .groupBy(sql`lower(species)`)
    .orderBy(sql`lower(species)`);
  if (opts.genus) q = q.where(sql`lower(genus)`, '=', opts.genus.toLowerCase());
  if (opts.text) q = q.where('species', 'ilike', likePattern(opts.text));
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  return (await q.execute()).map((r) => r.species);
}

/** The active microbes of one type and genus: each species with its microbe id. */
export function speciesOf(db: Db, typeId: number, genus: string): Promise<Array<{ id: number; genus: string; species: string }>> {
  return db
    .selectFrom('microbe')
    .select(['id', 'genus', 'species'])
    .where('active', '=', 'Y')
    .where('type_id', '=', typeId)
    .where(sql`lower(genus)`, '=', genus.toLowerCase())
    .orderBy(sql`lower(species)`)
    .orderBy('id')
    .execute();
}

/** The active microbe of a type, genus and species, with its type's name. */
export function findActiveMicrobe(db: Db, v: { typeId: number; genus: string; species: string }) {
  return db
    .selectFrom('microbe as m')
    .innerJoin('common_master as cm', 'cm.id', 'm.type_id')
    .select(['m.id', 'm.genus', 'm.species', 'cm.value as type_name'])
    .where('m.active', '=', 'Y')
    .where('m.type_id', '=', v.typeId)
    .where(sql`lower(m.genus)`, '=', v.genus.toLowerCase())
    .where(sql`lower(m.species)`, '=', v.species.toLowerCase())
    .executeTakeFirst();
}
