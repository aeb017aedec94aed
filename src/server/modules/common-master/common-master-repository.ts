import { sql, type Kysely, type Transaction, type Selectable } from 'kysely';
import type { CommonMasterTable, CommonMasterTypeTable, Database } from '../../db/types';
import { PAGE_SIZE } from '../../../shared/resources';
import { likePattern } from '../masters/resource-repository';
import { paged } from '../../lib/paging';

/**
 * Common master entries (DESIGN.md section 6: plain functions taking a Kysely instance or transaction).
 * An entry belongs to a type; `depends_on_id` names the entry (of another type) it depends on, e.g. a
 * District on its state of 'States of India'. Rows come back with their column names.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type EntryRow = Selectable<CommonMasterTable>;
export type TypeRow = Selectable<CommonMasterTypeTable>;

/** An entry with its type's name and the entry it depends on. */
export interface EntryView {
  id: number;
  type_id: number;
  type_name: string;
  shortname: string;
  value: string;
  active: 'Y' | 'N';
  version: number;
  depen_id: number | null;
  depen_shortname: string | null;
  depen_value: string | null;
  depen_type_id: number | null;
  depen_type: string | null;
}

function viewQuery(db: Db) {
  return db
    .selectFrom('common_master as cm')
    .innerJoin('common_master_type as t', 't.id', 'cm.type_id')
    .leftJoin('common_master as p', 'p.id', 'cm.depends_on_id')
    .leftJoin('common_master_type as pt', 'pt.id', 'p.type_id')
    .select([
      'cm.id', 'cm.type_id', 't.type as type_name', 'cm.shortname', 'cm.value', 'cm.active', 'cm.version',
      'p.id as depen_id', 'p.shortname as depen_shortname', 'p.value as depen_value', 'p.type_id as depen_type_id', 'pt.type as depen_type',
    ]);
}

export interface EntryPageQuery {
  page: number;
  /** Only entries of this type (all types when null). */
  typeId: number | null;
  /** Only entries that depend on another entry (the dependency mode view). */
  dependentOnly: boolean;
  /** Trimmed, non-empty: entries whose short name or value, or whose dependency's, contains it (case-insensitive). */
  search?: string;
}

/** One page of entries in a stable order (type, then short name case-insensitively, then id), each with the total. */
export async function listEntries(db: Db, q: EntryPageQuery): Promise<Array<EntryView & { total_items: number }>> {
  let query = viewQuery(db).select(sql<number>`count(*) over ()`.as('total_items'));
  if (q.typeId !== null) query = query.where('cm.type_id', '=', q.typeId);
  if (q.dependentOnly) query = query.where('cm.depends_on_id', 'is not', null);
  if (q.search) {
    const pattern = likePattern(q.search);
    query = query.where((eb) =>
      eb.or([eb('cm.shortname', 'ilike', pattern), eb('cm.value', 'ilike', pattern), eb('p.shortname', 'ilike', pattern), eb('p.value', 'ilike', pattern)]),
    );
  }
  const rows = await query
    .orderBy(sql`lower(t.type)`)
    .orderBy(sql`lower(cm.shortname)`)
    .orderBy('cm.id')
    .$call((p) => paged(p, PAGE_SIZE, (q.page - 1) * PAGE_SIZE))
    .execute();
  return rows.map((r) => ({ ...r, total_items: Number(r.total_items) }));
}

export async function findEntryView(db: Db, id: number): Promise<EntryView | undefined> {
  return viewQuery(db).where('cm.id', '=', id).executeTakeFirst();
}

export async function findEntry(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<EntryRow | undefined> {
  let q = db.selectFrom('common_master').selectAll().where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findType(db: Db, id: number): Promise<TypeRow | undefined> {
  return db.selectFrom('common_master_type').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The type named `name` (its type text or its code, case-insensitively); an active one first. */
export async function findTypeByName(db: Db, name: string): Promise<TypeRow | undefined> {
  const n = name.trim().toLowerCase();
  return db
    .selectFrom('common_master_type')
    .selectAll()
    .where((eb) => eb.or([eb(sql`lower(type)`, '=', n), eb(sql`lower(code)`, '=', n)]))
    .orderBy(sql`case when active = 'Y' then 0 else 1 end`)
    .orderBy(sql`case when lower(type) = ${n} then 0 else 1 end`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Id of another entry of the type with this short name (case-insensitive). */
export async function findDuplicateShortname(db: Db, typeId: number, shortname: string, exceptId: number | null): Promise<number | undefined> {
  let q = db.selectFrom('common_master').select('id').where('type_id', '=', typeId).where(sql`lower(shortname)`, '=', shortname.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst())?.id;
}

/** The short names among `shortnames` that entries of the type already have (as stored). */
export async function takenShortnames(db: Db, typeId: number, shortnames: readonly string[]): Promise<string[]> {
  if (shortnames.length === 0) return [];
  const rows = await db
    .selectFrom('common_master')
    .select('shortname')
    .where('type_id', '=', typeId)
    .where(sql`lower(shortname)`, 'in', shortnames.map((s) => s.toLowerCase()))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.shortname);
}

export async function insertEntry(db: Db, values: { type_id: number; shortname: string; value: string; depends_on_id?: number | null }): Promise<EntryRow> {
  return db.insertInto('common_master').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(db: Db, id: number, values: { shortname: string; value: string }): Promise<EntryRow> {
  return db
    .updateTable('common_master')
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The entry of a type named by id or by short name (case-insensitive). */
export async function resolveEntry(db: Db, typeId: number, key: { id?: number; shortname?: string }): Promise<EntryRow | undefined> {
  let q = db.selectFrom('common_master').selectAll().where('type_id', '=', typeId);
  if (key.id !== undefined) q = q.where('id', '=', key.id);
  else if (key.shortname !== undefined) q = q.where(sql`lower(shortname)`, '=', key.shortname.toLowerCase());
  else return undefined;
  return q.limit(1).executeTakeFirst();
}

/** The type most entries of `typeId` depend on (District -> States of India), if any do. */
export async function parentTypeOf(db: Db, typeId: number): Promise<{ id: number; type: string } | undefined> {
  return db
    .selectFrom('common_master as cm')
    .innerJoin('common_master as p', 'p.id', 'cm.depends_on_id')
    .innerJoin('common_master_type as pt', 'pt.id', 'p.type_id')
    .select(['pt.id', 'pt.type'])
    .where('cm.type_id', '=', typeId)
    .groupBy(['pt.id', 'pt.type'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('pt.id')
    .limit(1)
    .executeTakeFirst();
}

export type MasterItemRow = { id: number; shortname: string; value: string };

/** Active entries of a type as {id, shortname, value}, by short name; optionally only those containing `text`, at most `limit`. */
export async function activeItems(db: Db, typeId: number, opts: { text?: string; limit?: number } = {}): Promise<MasterItemRow[]> {
  let q = db.selectFrom('common_master').select(['id', 'shortname', 'value']).where('type_id', '=', typeId).where('active', '=', 'Y');
  if (opts.text) {
    const pattern = likePattern(opts.text);
    q = q.where((eb) => eb.or([eb('shortname', 'ilike', pattern), eb('value', 'ilike', pattern)]));
  }
  q = q.orderBy(sql`lower(shortname)`).orderBy('id');
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  return q.execute();
}

/** Every entry depending on `parentId`, by type then short name. */
export async function dependentsOf(db: Db, parentId: number): Promise<EntryView[]> {
  return viewQuery(db)
    .where('cm.depends_on_id', '=', parentId)
    .orderBy(sql`lower(t.type)`)
    .orderBy(sql`lower(cm.shortname)`)
    .orderBy('cm.id')
    .execute();
}

/**
 * Active entries of `childTypeId` that depend on an active entry of `parentTypeId` whose short name or
 * value is `parent` (case-insensitive); optionally only those containing `text`.
 */
export async function activeChildrenOf(
  db: Db, parentTypeId: number, childTypeId: number, parent: string, opts: { text?: string } = {},
): Promise<MasterItemRow[]> {
  const key = parent.trim().toLowerCase();
  let q = db
    .selectFrom('common_master as c')
    .innerJoin('common_master as p', 'p.id', 'c.depends_on_id')
    .select(['c.id', 'c.shortname', 'c.value'])
    .where('c.type_id', '=', childTypeId)
    .where('c.active', '=', 'Y')
    .where('p.type_id', '=', parentTypeId)
    .where('p.active', '=', 'Y')
    .where((eb) => eb.or([eb(sql`lower(p.shortname)`, '=', key), eb(sql`lower(p.value)`, '=', key)]));
  if (opts.text) {
    const pattern = likePattern(opts.text);
    q = q.where((eb) => eb.or([eb('c.shortname', 'ilike', pattern), eb('c.value', 'ilike', pattern)]));
  }
  return q.orderBy(sql`lower(c.shortname)`).orderBy('c.id').execute();
}
