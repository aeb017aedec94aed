import { sql, type Kysely, type Transaction, type SqlBool, type Expression } from 'kysely';
import type { Database } from '../../db/types';
import { PAGE_SIZE, fieldByName, type FieldDef, type LookupDef, type ResourceDef } from '../../../shared/resources';
import { NOT_KEPT, pageAndTotal, paged } from '../../lib/paging';

/**
 * One repository for every simple master, driven by its definition (DESIGN.md sections 4 and 6).
 * Table and column names come only from the definitions (never from a request); every value is bound.
 * Rows come back with their database column names; resource-routes maps them to the legacy names.
 */
type Db = Kysely<Database> | Transaction<Database>;
/** A row of any master table. */
export type DbRow = Record<string, unknown> & { id: number; active: 'Y' | 'N'; version: number };

/** The definitions' tables seen without their individual row types (their columns are checked by the tests). */
type AnyTables = Record<string, Record<string, unknown>>;
const loose = (db: Db) => db as unknown as Kysely<AnyTables>;

const ref = (column: string) => sql.ref(column);

/** Alias of the column holding a 'refName' derived field. */
export const refAlias = (name: string) => `ref_${name}`;

/** The columns a master row is read with, plus the names its 'refName' derived fields look up. */
function selection(r: ResourceDef) {
  const refs = (r.derived ?? []).flatMap((d) => {
    if (d.kind !== 'refName') return [];
    const of = columnOf(r, d.of).column;
    return [sql`(select ${ref(`x.${d.column}`)} from ${sql.table(d.table)} as x where x.id = ${ref(`${r.table}.${of}`)})`.as(refAlias(d.name))];
  });
  // A field may be the active flag itself (the user's 'System Status Active'): each column once.
  return [...new Set(['id', ...r.fields.map((f) => f.column), 'active', 'version']), ...refs];
}

function columnOf(r: ResourceDef, legacyName: string): FieldDef | { column: 'id'; kind: 'integer' } {
  if (legacyName === 'id') return { column: 'id', kind: 'integer' };
  const f = fieldByName(r, legacyName);
  if (!f) throw new Error(`${r.name}: no field '${legacyName}'`);
  return f;
}

/** Text sorts case-insensitively; everything else as stored. */
function sortKey(f: { column: string; kind: FieldDef['kind'] }): Expression<unknown> {
  return f.kind === 'integer' || f.kind === 'boolean' ? ref(f.column) : sql`lower(${ref(f.column)})`;
}

/** Escapes LIKE's wildcards so that the search text matches literally (backslash is PostgreSQL's default escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageQuery {
  page: number;
  /** Trimmed, non-empty: only rows where one of the search fields contains it (case-insensitive). */
  search?: string;
}

/**
 * One page of rows in the stable order, each with `total_items` (the number of matching rows, exact).
 *
 * The page and its total are read apart (lib/paging.ts pageAndTotal): a page that ends the list carries its own
 * total, and a longer list is counted in a second statement. With `count(*) over ()` beside the page, PostgreSQL
 * read, looked up and sorted every row of the table for each page (20,000 departments: 43 ms for the first page,
 * 74 ms for the last, by hand at 1M samples); now a page reads its 11 rows along the sort key's index and the count
 * reads the table's ids. A deep page in the second half of a long list is read from its other end. The total is
 * never kept: a master list is short and its count cheap, and a total that is always exact is what an
 * administrator checking a list expects.
 */
export async function listPage(db: Db, r: ResourceDef, q: PageQuery): Promise<Array<DbRow & { total_items: number }>> {
  const order = sortKey(columnOf(r, r.list.orderBy));
  const matching = () => {
    const query = loose(db).selectFrom(r.table);
    if (!q.search) return query;
    const pattern = likePattern(q.search);
    return query.where((eb) =>
      eb.or(r.list.searchFields.map((name) => eb(sql`cast(${ref(columnOf(r, name).column)} as text)`, 'ilike', pattern))) as Expression<SqlBool>,
    );
  };
  const { rows, total } = await pageAndTotal({
    offset: (q.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    read: async (limit, offset, o) => {
      const dir = o === 'listed' ? 'asc' : 'desc';
      return (await matching().select(selection(r)).orderBy(order, dir).orderBy('id', dir).$call((p) => paged(p, limit, offset)).execute()) as DbRow[];
    },
    kept: NOT_KEPT,
    count: async () => Number(((await matching().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number }).n),
  });
  return rows.map((row) => ({ ...row, total_items: total }));
}

export async function findById(db: Db, r: ResourceDef, id: number, opts: { forUpdate?: boolean } = {}): Promise<DbRow | undefined> {
  let query = loose(db).selectFrom(r.table).select(selection(r)).where('id', '=', id);
  if (opts.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as DbRow | undefined;
}

/** Values keyed by column. */
export type ColumnValues = Record<string, unknown>;

/**
 * Id of another row whose `f` equals `value` (text case-insensitively), among the rows holding the same
 * value of the rule's `within` field as `values` when it has one.
 */
export async function findDuplicate(db: Db, r: ResourceDef, f: FieldDef, value: string | number, values: ColumnValues, exceptId: number | null): Promise<number | undefined> {
  let query = loose(db).selectFrom(r.table).select('id');
  query = typeof value === 'string'
    ? query.where(sql`lower(${ref(f.column)})`, '=', value.toLowerCase())
    : query.where(ref(f.column), '=', value);
  const within = f.unique?.within ? columnOf(r, f.unique.within).column : undefined;
  if (within) query = query.where(ref(within), '=', values[within] ?? null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const row = (await query.limit(1).executeTakeFirst()) as { id: number } | undefined;
  return row?.id;
}

/**
 * Serialises the saves of a resource until the transaction ends (a rule without an index: the second save
 * waits and then sees the first one's row). Keyed by the table, so other resources are not held.
 */
export async function lockUniqueRules(trx: Transaction<Database>, r: ResourceDef): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`unique:${r.table}`}))`.execute(trx);
}

export async function insertRow(db: Db, r: ResourceDef, values: ColumnValues): Promise<DbRow> {
  return (await loose(db).insertInto(r.table).values(values).returning(selection(r)).executeTakeFirstOrThrow()) as DbRow;
}

/** Updates the row and bumps its version. */
export async function updateRow(db: Db, r: ResourceDef, id: number, values: ColumnValues): Promise<DbRow> {
  return (await loose(db)
    .updateTable(r.table)
    .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(selection(r))
    .executeTakeFirstOrThrow()) as DbRow;
}

/** Is `id` a row of `table` (a definition's reference, never a request's) that is active? */
export async function isActiveRow(db: Db, table: string, id: number): Promise<boolean> {
  const row = await loose(db).selectFrom(table).select('id').where('id', '=', id).where('active', '=', 'Y').executeTakeFirst();
  return row !== undefined;
}

export async function setStatus(db: Db, r: ResourceDef, id: number, active: 'Y' | 'N'): Promise<DbRow> {
  return updateRow(db, r, id, { active });
}

/** Every active row, unpaged, with the lookup's columns (legacy names), in the lookup's order. */
export async function lookupRows(db: Db, r: ResourceDef, l: LookupDef): Promise<Array<Record<string, unknown>>> {
  const cols = l.fields.map((x) => (typeof x === 'string' ? { as: x, field: x } : x));
  const rows = await loose(db)
    .selectFrom(r.table)
    .select(cols.map((c) => sql.ref(columnOf(r, c.field).column).as(c.as)))
    .where('active', '=', 'Y')
    .orderBy(sortKey(columnOf(r, l.orderBy)))
    .orderBy('id')
    .execute();
  return rows as Array<Record<string, unknown>>;
}
