/** Saved searches: each belongs to one user; every read and delete is scoped by the owner. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { FilterRow, SavedSearch, SavedSearchItem } from '../../../shared/contract/search-endpoints';

type Db = Kysely<Database> | Transaction<Database>;

export function listSavedSearches(db: Db, userId: number): Promise<SavedSearchItem[]> {
  return db.selectFrom('saved_search').select(['id', 'name']).where('user_id', '=', userId).orderBy('name').orderBy('id').execute();
}

export async function savedSearchOf(db: Db, userId: number, id: number): Promise<SavedSearch | null> {
  const row = await db.selectFrom('saved_search').select(['id', 'name', 'model']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const model = (typeof row.model === 'string' ? JSON.parse(row.model) : row.model) as { parameterList?: string[]; inputList?: FilterRow[] };
  return { id: row.id, name: row.name, parameterList: model.parameterList ?? [], inputList: model.inputList ?? [] };
}

/** Creates, or replaces the search of the same name (case-insensitive); answers the row before and after. */
export async function upsertSavedSearch(trx: Transaction<Database>, userId: number, name: string, model: { parameterList: string[]; inputList: FilterRow[] }) {
  const before = await trx
    .selectFrom('saved_search').select(['id', 'name', 'model'])
    .where('user_id', '=', userId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .forUpdate().executeTakeFirst();
  const json = JSON.stringify(model);
  const after = before
    ? await trx.updateTable('saved_search').set({ name, model: json, updated_at: new Date() }).where('id', '=', before.id).returning(['id', 'name']).executeTakeFirstOrThrow()
    : await trx.insertInto('saved_search').values({ user_id: userId, name, model: json }).returning(['id', 'name']).executeTakeFirstOrThrow();
  return { before: before ?? null, after };
}

export async function deleteSavedSearch(trx: Transaction<Database>, userId: number, id: number) {
  return trx.deleteFrom('saved_search').where('id', '=', id).where('user_id', '=', userId).returning(['id', 'name', 'model']).executeTakeFirst();
}
