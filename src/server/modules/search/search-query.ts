/**
 * The microbe search query (DESIGN.md section 8): isolates of active samples, one predicate per filter - a
 * column predicate for a sample inward or identification field, one EXISTS over the typed, indexed activity
 * values for an activity parameter - every value bound as a parameter. A page plus the total, exact or counted
 * up to a cap the caller names (an exact count of tens of thousands of matches was most of a search's time at
 * 100k samples: bench/history.md); the CSV export walks ALL matches in batches by isolate id (keyset), never
 * holding them all. Indexes: migration 20261123T110000-search-indexes.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';
import type { FilterRow, ResultValue, SearchResultItem } from '../../../shared/contract/search-endpoints';
import { SEARCH_MSG, SEARCH_TOTAL_CAP } from '../../../shared/contract/search-endpoints';
import { numberBounds, parseDateRange, parseNumberCondition, rowValue, type DateRange, type NumberCondition } from '../../../shared/search/search-filters';
import { HttpError } from '../../plugins/errors';
import { RESULT_IDENTIFICATION, resolveFields, type SearchField } from './search-parameters';

type Db = Kysely<Database>;

export type Filter =
  | { field: SearchField; kind: 'number'; cond: NumberCondition }
  | { field: SearchField; kind: 'date'; range: DateRange }
  | { field: SearchField; kind: 'text'; text: string }
  /** `names`: the choice and the other names of its master entry, lower-cased (see dropdownNames); null without a master type. */
  | { field: SearchField; kind: 'dropdown'; text: string; names: string[] | null };

export const MAX_FILTERS = 30;
const MAX_TEXT = 200;

/** Reads the model's filter rows; an unknown parameter or an incomplete row answers 400 and runs nothing. */
export async function parseFilters(db: Db, inputList: unknown): Promise<Filter[]> {
  if (inputList === undefined || inputList === null) return [];
  if (!Array.isArray(inputList)) throw new HttpError(400, 'The filters (inputList) must be a list.');
  if (inputList.length > MAX_FILTERS) throw new HttpError(400, `At most ${MAX_FILTERS} filters can be combined.`);
  const rows = inputList.map((r) => (r && typeof r === 'object' ? (r as FilterRow) : null));
  if (rows.some((r) => r === null)) throw new HttpError(400, SEARCH_MSG.checkFields);
  const fields = await resolveFields(db, rows as FilterRow[]);
  // Every row is read (and a bad one refused) before the one statement that looks up the dropdowns' names.
  const filters = (rows as FilterRow[]).map((row, i): Filter => {
    const field = fields[i];
    if (!field) throw new HttpError(400, `The search parameter '${String(row.parameterName ?? row.key ?? '').slice(0, 100)}' is not known.`);
    const value = rowValue({ ...row, type: field.type });
    if (value === null || value.length > MAX_TEXT) throw new HttpError(400, SEARCH_MSG.checkFields);
    if (field.type === 'number') return { field, kind: 'number', cond: parseNumberCondition(value)! };
    if (field.type === 'Date') return { field, kind: 'date', range: parseDateRange(value)! };
    if (field.type === 'Dropdown') return { field, kind: 'dropdown', text: value.trim(), names: null };
    return { field, kind: 'text', text: value.trim() };
  });
  const named = filters.flatMap((f) => (f.kind === 'dropdown' && f.field.commonmastertype ? [f] : []));
  const names = await dropdownNames(db, named.map((f) => ({ text: f.text, masterType: f.field.commonmastertype! })));
  named.forEach((f, i) => (f.names = names[i]));
  return filters;
}

/**
 * The names each dropdown choice matches, lower-cased by the database (as the column is): the choice, and the
 * short name and value of the master entry of its type that has either name. Read in one statement, before the
 * search's statements, so that they carry the names as values: the planner then estimates `lower(col) in (...)`
 * from the column's statistics (migration search-statistics). As a subquery inside the statement the names were
 * unknown when it planned, and it guessed 2% of samples where a quarter matched (bench/plans.md).
 */
async function dropdownNames(db: Db, choices: Array<{ text: string; masterType: string }>): Promise<string[][]> {
  if (choices.length === 0) return [];
  const texts = choices.map((c) => c.text);
  const types = choices.map((c) => c.masterType);
  // UNION keeps each (choice, name) once; the names of a choice come back sorted.
  const found = await sql<{ i: number; n: string }>`
    select q.i::int as i, lower(q.text) as n from unnest(${texts}::text[]) with ordinality as q (text, i)
    union
    select q.i::int, lower(names.n) from unnest(${texts}::text[], ${types}::text[]) with ordinality as q (text, type, i)
      join common_master_type t on lower(t.type) = lower(q.type)
      join common_master cm on cm.type_id = t.id and lower(q.text) in (lower(cm.shortname), lower(cm.value))
      cross join lateral (values (cm.shortname), (cm.value)) as names (n)
    where names.n is not null
    order by 1, 2`.execute(db);
  const out: string[][] = choices.map(() => []);
  for (const r of found.rows) out[Number(r.i) - 1].push(r.n);
  return out;
}

/** LIKE pattern of a literal text: %, _ and the escape character itself match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rule of numberMatches (shared/search/search-filters) in SQL: > both numbers, < both, or between them. */
function numberPredicate(col: RawBuilder<unknown>, c: NumberCondition): RawBuilder<boolean> {
  const { lo, hi } = numberBounds(c);
  if (c.comparator === '>') return sql<boolean>`(${col} > ${hi})`;
  if (c.comparator === '<') return sql<boolean>`(${col} < ${lo})`;
  return sql<boolean>`(${col} >= ${lo} and ${col} <= ${hi})`;
}

function datePredicate(col: RawBuilder<unknown>, r: DateRange): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (r.from) parts.push(sql<boolean>`${col} >= cast(${r.from} as date)`);
  if (r.to) parts.push(sql<boolean>`${col} <= cast(${r.to} as date)`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Equal to the choice (case-insensitive), or to the other name (short name / value) of the same master entry. */
function dropdownPredicate(col: RawBuilder<unknown>, text: string, names: string[] | null): RawBuilder<boolean> {
  return names ? sql<boolean>`lower(${col}) in (${sql.join(names)})` : sql<boolean>`lower(${col}) = lower(${text})`;
}

function valuePredicate(f: Filter, col: (kind: 'num' | 'text' | 'date') => RawBuilder<unknown>): RawBuilder<boolean> {
  switch (f.kind) {
    case 'number': return numberPredicate(col('num'), f.cond);
    case 'date': return datePredicate(col('date'), f.range);
    case 'dropdown': return dropdownPredicate(col('text'), f.text, f.names);
    default: return sql<boolean>`${col('text')} ilike ${containsPattern(f.text)} escape '\\'`;
  }
}

/**
 * Isolate ids (after, upTo] a statement looks at. The bound is written into every value filter too: the planner
 * does not carry a range across the join, and without it a hash plan reads every value of a filter's parameter
 * (at 1M samples, over a million index entries) however few isolates the window holds.
 */
export interface IdWindow { after: number; upTo: number }

/** The typed columns of a value row `v` (activity_value), for valuePredicate. */
const VALUE_COLUMNS = { num: sql.ref('v.num_value'), text: sql.ref('v.text_value'), date: sql.ref('v.date_value') };

function predicate(f: Filter, w?: IdWindow): RawBuilder<boolean> {
  const field = f.field;
  if (field.kind === 'column') {
    const ref = sql.ref(field.column);
    return valuePredicate(f, () => ref);
  }
  const within = w ? sql` and v.isolate_id > ${w.after} and v.isolate_id <= ${w.upTo}` : sql``;
  return sql<boolean>`exists (select 1 from activity_value v
    where v.parameter_id = ${field.parameterId} and v.isolate_id = i.id${within} and ${valuePredicate(f, (k) => VALUE_COLUMNS[k])})`;
}

/**
 * The isolates in window `w` that have a value matching every one of `filters` (activity parameters): each
 * filter's values in the window, read once from the (parameter, isolate) index, intersected. As one EXISTS per
 * filter the planner picked the order of the probes from its estimates of each filter, which for number ranges
 * mix every parameter's values, and at 100k samples it probed the identification of 1,350 isolates to keep 9;
 * intersected, the 5-filter page's first window took 3.1 ms where it took 5.8 (its plan also 0.7 ms where it
 * took 2). Only within a window: each set then holds at most the window's values of one parameter.
 */
function valuesInWindow(db: Db, filters: Array<{ f: Filter; parameterId: number }>, w: IdWindow) {
  const sets = filters.map(({ f, parameterId }) => db
    .selectFrom('activity_value as v')
    .select('v.isolate_id')
    .where('v.parameter_id', '=', parameterId)
    .where('v.isolate_id', '>', w.after)
    .where('v.isolate_id', '<=', w.upTo)
    .where(valuePredicate(f, (k) => VALUE_COLUMNS[k])));
  return sets.slice(1).reduce((all, set) => all.intersect(set), sets[0]);
}

function matches(db: Db, filters: Filter[], w?: IdWindow) {
  let q = db
    .selectFrom('isolate as i')
    .innerJoin('sample_inward as s', 's.id', 'i.sample_inward_id')
    .leftJoin('microbe_identification as mi', 'mi.isolate_id', 'i.id')
    .where('i.active', '=', 'Y')
    .where('s.active', '=', 'Y');
  if (w) q = q.where('i.id', '>', w.after).where('i.id', '<=', w.upTo);
  // Two or more parameters in a window: one intersection. One parameter keeps its EXISTS, which lets a walk's
  // statement stop at its limit (the same 0.76 ms as the set at 100k), and so does every statement without a window.
  const values = filters.flatMap((f) => (f.field.kind === 'value' ? [{ f, parameterId: f.field.parameterId }] : []));
  const intersected = w && values.length >= 2;
  if (intersected) q = q.where('i.id', 'in', valuesInWindow(db, values, w));
  for (const f of filters) if (!intersected || f.field.kind !== 'value') q = q.where(predicate(f, w));
  return q;
}

const maxIsolateId = async (db: Db): Promise<number> =>
  Number((await db.selectFrom('isolate').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst())?.m ?? 0);

/**
 * The first window of the walk (isolate ids); each next one at most twice the last. Small, because a page stops at the
 * end of the first window that holds its rows: for a combination that few isolates match (the bench's 5 filters
 * match 0.64% of them) the page's work is this window, where the old first window of 20,000 ids read ten times as
 * many isolates to count up to the cap.
 */
export const WALK_FIRST_WINDOW = 2_000;

/** What a walk found: the first matches in id order, and whether it looked at every isolate. */
export interface Walk { ids: number[]; exhausted: boolean }

/**
 * The ids of the first `need` matches in id order, found window by window, each window at most twice the last. One
 * statement over every isolate is a plan choice, and the planner misjudges combined filters (at 1M samples the
 * 5-filter page was estimated at 150 matches where 12,728 matched, so it read all 2M isolates for a page of
 * ten: bench/plans.md); a window bounds each statement's work whichever plan it gets, and the doubling keeps a
 * walk to all isolates (a rare combination) at about ten statements.
 *
 * `enough` (at most `need`) lets the walk stop at the end of the first window that brings it to `enough` ids, short
 * of `need`: a page stops once its rows are found, and its total is then a lower bound (`exhausted` false) that
 * the screen completes with countSearchData. Every statement still asks for up to `need` ids, so a window that
 * holds more keeps them (a common filter still counts up to the cap in its first window).
 */
export async function firstMatchIds(
  db: Db, filters: Filter[], need: number, firstWindow = WALK_FIRST_WINDOW, enough = need,
): Promise<Walk> {
  const ids: number[] = [];
  let last: number | null = null;
  for (let after = 0, size = firstWindow; ; ) {
    const w = { after, upTo: after + size };
    const rows = await matches(db, filters, w).select('i.id').orderBy('i.id').limit(need - ids.length).execute();
    for (const r of rows) ids.push(Number(r.id));
    if (ids.length >= need) return { ids, exhausted: false };
    last ??= await maxIsolateId(db);
    if (w.upTo >= last) return { ids, exhausted: true };
    if (ids.length >= enough) return { ids, exhausted: false };
    after = w.upTo;
    size = nextWindow(size, after, ids.length, enough);
  }
}

/**
 * The next window of a walk that has looked at ids (0, seen] and found `found` of the `enough` it stops at: twice
 * the last, or fewer ids when the matches so far say that fewer hold the rest (with half as many again for
 * luck). A page that found 9 of its 11 in 2,000 ids reads about 700 more, not 4,000.
 */
export function nextWindow(size: number, seen: number, found: number, enough: number): number {
  const twice = size * 2;
  if (found === 0) return twice;
  return Math.max(1, Math.min(twice, Math.ceil(((seen * (enough - found)) / found) * 1.5)));
}

/** The exact number of matches (countSearchData, a legacy searchData, the export's audit row). */
export async function countMatches(db: Db, filters: Filter[]): Promise<number> {
  const row = await matches(db, filters).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The first window of a count up to the cap (a page past the cap), which always goes on to cap + 1 matches or the
 * last isolate: larger than a page's, as a small first window only helps a walk that may stop early. At 1M samples
 * the 5-filter count to 201 took 74 ms at p50 from 20,000 ids against 81-84 from 2,000; the 1-filter one 1.8-4.2 and 1.9-2.8 ms.
 */
export const COUNT_FIRST_WINDOW = 20_000;

/**
 * The matches counted up to `cap` + 1 (the walk of firstMatchIds, which stops after cap + 1). Above the
 * cap, `total` is cap + 1 and `lowerBound` says there are at least that many (the client shows "200+" until
 * countSearchData answers).
 */
export async function countMatchesUpTo(db: Db, filters: Filter[], cap = SEARCH_TOTAL_CAP): Promise<{ total: number; lowerBound: boolean }> {
  const total = (await firstMatchIds(db, filters, cap + 1, COUNT_FIRST_WINDOW)).ids.length;
  return { total, lowerBound: total > cap };
}

/** The columns of a result: the filtered parameters (once each, in filter order), then the identification. */
export function resultFields(filters: Filter[]): SearchField[] {
  const out: SearchField[] = [];
  for (const f of filters) if (!out.some((x) => x.key === f.field.key)) out.push(f.field);
  for (const c of RESULT_IDENTIFICATION) if (!out.some((x) => x.key === c.key)) out.push({ kind: 'column', ...c });
  return out;
}

const COLUMN_ALIAS: Record<string, string> = {};
const aliasOf = (column: string) => (COLUMN_ALIAS[column] ??= column.replace('.', '_'));

async function rowsOf(db: Db, filters: Filter[], fields: SearchField[], page: { window?: IdWindow; ids?: number[]; offset?: number; limit: number }) {
  const columns = fields.flatMap((f) => (f.kind === 'column' ? [f.column] : []));
  let q = matches(db, filters, page.window)
    .select(['i.id', 'i.samplenov', 'i.isolatecode'])
    .select(sql<string | null>`(select min(pa.pncode) from plant_assessment pa where pa.isolate_id = i.id)`.as('pncode'))
    .select(columns.map((c) => sql.ref(c).as(aliasOf(c))));
  if (page.ids) q = q.where('i.id', 'in', page.ids);
  q = q.orderBy('i.id').limit(page.limit);
  if (page.offset) q = q.offset(page.offset);
  const rows = (await q.execute()) as Array<Record<string, unknown> & { id: number; samplenov: string; isolatecode: string; pncode: string | null }>;

  const pids = fields.flatMap((f) => (f.kind === 'value' ? [f.parameterId] : []));
  const values = new Map<string, { text: string | null; num: number | null }>();
  if (rows.length && pids.length) {
    const found = await db
      .selectFrom('activity_value')
      .select(['isolate_id', 'parameter_id'])
      .select(sql<string | null>`string_agg(distinct text_value, ', ')`.as('text'))
      .select(sql<string | null>`min(num_value)::text`.as('num'))
      .where('isolate_id', 'in', rows.map((r) => r.id))
      .where('parameter_id', 'in', pids)
      .groupBy(['isolate_id', 'parameter_id'])
      .execute();
    for (const v of found) values.set(`${v.isolate_id}:${v.parameter_id}`, { text: v.text, num: v.num === null ? null : Number(v.num) });
  }

  return rows.map((r) => {
    const parameterList: ResultValue[] = fields.map((f) => {
      if (f.kind === 'value') {
        const v = values.get(`${r.id}:${f.parameterId}`);
        return { parameterName: f.parameterName, input: v?.text ?? null, updatedinputnum: v?.num ?? null };
      }
      const raw = r[aliasOf(f.column)];
      const num = typeof raw === 'number' ? raw : null;
      return { parameterName: f.parameterName, input: raw === null || raw === undefined ? null : String(raw), updatedinputnum: num };
    });
    return { id: r.id, samplenov: r.samplenov, isolatecode: r.isolatecode, pncode: r.pncode ?? '', parameterList };
  });
}

/**
 * A page of matches and their total: exact when `cap` is null, else counted up to cap + 1 and no further than the
 * window that found the page's rows (and one more, so the pager knows a next page): `totalIsLowerBound` when
 * the walk stopped before it looked at every isolate. The exact number is countSearchData's to give.
 */
export async function searchPage(
  db: Db, filters: Filter[], pageno: number, pageSize: number, cap: number | null = SEARCH_TOTAL_CAP, firstWindow = WALK_FIRST_WINDOW,
): Promise<{ parameterList: string[]; results: SearchResultItem[]; totalItems: number; totalIsLowerBound: boolean }> {
  const fields = resultFields(filters);
  const offset = (pageno - 1) * pageSize;
  let found: { total: number; lowerBound: boolean };
  let rows: Awaited<ReturnType<typeof rowsOf>>;
  if (cap !== null && offset + pageSize <= cap + 1) {
    // The page lies among the first cap + 1 matches: one walk gives both them and the (capped) total.
    const { ids, exhausted } = await firstMatchIds(db, filters, cap + 1, firstWindow, Math.min(offset + pageSize + 1, cap + 1));
    found = { total: ids.length, lowerBound: !exhausted };
    const onPage = ids.slice(offset, offset + pageSize);
    rows = onPage.length ? await rowsOf(db, [], fields, { ids: onPage, limit: pageSize }) : [];
  } else {
    found = cap === null ? { total: await countMatches(db, filters), lowerBound: false } : await countMatchesUpTo(db, filters, cap);
    // Beyond a capped total there may still be rows: the page query itself says.
    rows = found.lowerBound || found.total > offset ? await rowsOf(db, filters, fields, { offset, limit: pageSize }) : [];
  }
  const { total, lowerBound } = found;
  return {
    parameterList: fields.map((f) => f.parameterName),
    totalItems: total,
    totalIsLowerBound: lowerBound,
    results: rows.map((r, i) => ({
      srno: offset + i + 1, samplenov: r.samplenov, isolatecode: r.isolatecode, pncode: r.pncode,
      parameterList: r.parameterList, activityList: [], lvl2activityList: [],
    })),
  };
}

/**
 * Isolate ids one export statement may look at. Without a bound, "the next 500 matches after id X" is a plan
 * choice: at 1M samples the planner may read every value of a filter's parameter for each batch (the export
 * ran at 0.24x its 100k rows/s, bench/history.md). Within a window each statement's work is bounded whichever
 * plan it gets, so the export's cost grows with the data, not with its square.
 */
export const EXPORT_ID_WINDOW = 20_000;

/**
 * All matches, batch by batch (keyset on isolate id, at most `batchSize` rows and `window` ids a statement), for
 * the CSV export. The matches are those of isolates that existed when the export began (ids up to the largest then).
 */
export async function* matchBatches(db: Db, filters: Filter[], batchSize = 500, window = EXPORT_ID_WINDOW) {
  const fields = resultFields(filters);
  const last = await maxIsolateId(db);
  let after = 0;
  while (after < last) {
    const upTo = Math.min(after + window, last);
    const rows = await rowsOf(db, filters, fields, { window: { after, upTo }, limit: batchSize });
    if (rows.length > 0) yield { fields, rows };
    after = rows.length === batchSize ? rows[rows.length - 1].id : upTo;
  }
}
