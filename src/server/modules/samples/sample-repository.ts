import { randomInt } from 'node:crypto';
import { sql, type CompiledQuery, type Expression, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Database, IsolateTable, SampleInwardTable } from '../../db/types';
import { changesTo, commitCache, WHEN_AUDIT_TRAIL_MOVES } from '../../lib/commit-cache';
import { countAtMost, keptIn, pageAndTotal, paged, type ReadOrder } from '../../lib/paging';
import { bucketStart, maintainedTotal, positionIn, type ListPosition } from '../../lib/list-totals';
import { compiledOnce } from '../../lib/compiled-once';
import { rareGrams, rareWindow, trigramSample } from './search-trigrams';

/**
 * Sample inward and isolate rows (migration 20261122T060000-laboratory). Numbers and codes come from the
 * sequences inside the caller's save transaction (DESIGN.md section 8), so concurrent saves never share one:
 * sample inwarded number 'SI-<year>-000123' (sample_inward_no_seq), sample code 'SC000123' (sample_code_seq),
 * isolate code 'ISO000045' (isolate_code_seq). The OTP is a random number, six digits while they last; the
 * insert skips on an OTP conflict (ON CONFLICT (otp) DO NOTHING) and retries with a new one, so it is unique in
 * the table. Every fifth retry draws one digit more (`newOtp`): there are only 900,000 six-digit OTPs, so a
 * national repository (about a million samples) gets seven-digit ones once the six-digit ones are nearly all
 * taken, instead of failing its saves. The column holds 12 characters; 25 attempts reach ten digits.
 */
type Db = Kysely<Database> | Transaction<Database>;

export const PAGE_SIZE = 10;
const OTP_ATTEMPTS = 25;

const pad6 = (n: number) => String(n).padStart(6, '0');
export const sampleInwardNo = (n: number, year: number) => `SI-${year}-${pad6(n)}`;
export const sampleCode = (n: number) => `SC${pad6(n)}`;
export const isolateCode = (n: number) => `ISO${pad6(n)}`;
export const sampleVersion = (sampleno: string, n: number) => `${sampleno}-${n}`;
const OTP_DIGITS = 6;
const OTP_ATTEMPTS_PER_WIDTH = 5;
/** An OTP for the given attempt: six random digits (no leading zero), one more for every five attempts made. */
export function newOtp(attempt = 0, draw: (min: number, max: number) => number = randomInt): string {
  const digits = OTP_DIGITS + Math.floor(attempt / OTP_ATTEMPTS_PER_WIDTH);
  return String(draw(10 ** (digits - 1), 10 ** digits));
}

async function nextval(db: Db, sequence: 'sample_inward_no_seq' | 'sample_code_seq' | 'isolate_code_seq'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select nextval(${sequence}::regclass) as n`.execute(db);
  return Number(rows[0].n);
}

/** The value the next nextval of isolate_code_seq will give (a preview: another save may take it first). */
export async function peekIsolateCode(db: Db): Promise<string> {
  const { rows } = await sql<{ last_value: number; is_called: boolean }>`select last_value, is_called from isolate_code_seq`.execute(db);
  const r = rows[0];
  return isolateCode(r.is_called ? Number(r.last_value) + 1 : Number(r.last_value));
}

/** The stored columns a save writes (the generated ones are added here). */
export interface SampleColumns {
  sampling_date: string;
  inward_date: string;
  sampledby: string;
  resource_name: string;
  resource_id: number | null;
  state_id: number | null;
  state_name: string;
  district_id: number | null;
  district_name: string;
  gpslocation: string;
  source: string;
  agroclimaticzone: string;
  minimumrainfall: number;
  maximumrainfall: number;
  temperature: string;
  soiltype: string;
  soilcolor: string;
}

export type SampleRow = Selectable<SampleInwardTable>;
export type IsolateRow = Selectable<IsolateTable>;

/** Inserts a sample with its new numbers and a fresh OTP (inside the caller's transaction). */
export async function insertSample(trx: Transaction<Database>, values: SampleColumns, createdBy: number, otpOf: (attempt: number) => string = newOtp) {
  const year = new Date().getUTCFullYear();
  const sampleinno = sampleInwardNo(await nextval(trx, 'sample_inward_no_seq'), year);
  const sampleno = sampleCode(await nextval(trx, 'sample_code_seq'));
  for (let attempt = 0; attempt < OTP_ATTEMPTS; attempt++) {
    const row = await trx
      .insertInto('sample_inward')
      .values({ ...values, sampleinno, sampleno, otp: otpOf(attempt), created_by: createdBy })
      .onConflict((oc) => oc.column('otp').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error(`no free OTP after ${OTP_ATTEMPTS} attempts`);
}

export async function findSample(db: Db, id: number) {
  return db.selectFrom('sample_inward').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockSample(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('sample_inward').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateSample(trx: Transaction<Database>, id: number, values: SampleColumns, updatedBy: number) {
  return trx
    .updateTable('sample_inward')
    .set({ ...values, updated_by: updatedBy, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setSampleActive(trx: Transaction<Database>, id: number, active: 'Y' | 'N', by: number, reason: string) {
  return trx
    .updateTable('sample_inward')
    .set({ active, updated_by: by, updated_at: sql`now()`, version: sql`version + 1`, status_changed_at: sql`now()`, status_changed_by: by, status_reason: reason })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The number of samples a list shows (all of them, or those matching a search text), kept between calls
 * (lib/commit-cache.ts): every page and every refresh of the Sample Inward list carries the total, and reading
 * it would be a statement a call. The whole list's is a 16-row sum of its maintained total (lib/list-totals.ts); a
 * search's is a count, most of a call's cost at scale (the 12k matches of a common text through the trigram index:
 * 90 ms at 100k samples). Any committed change of a sample drops the totals, so the next call reads them again. Once a total is 5 s old, the calls keep its old value while the newest audit row is read in the
 * background, and the total is counted again only if the trail has moved (or the total is a minute old): a
 * change made by another server process usually shows about 5 s later (at most about 65 s: audit ids are taken
 * before commit, so a change committed just after a newer one can leave the newest id unchanged), no call
 * waits for that count, and an idle list is not counted every 5 s (at 100k samples a count took both cores for
 * up to 90 ms: the Level 1 list's p99).
 */
const sampleTotals = commitCache<number>({
  name: 'sample list totals', maxAgeMs: 5_000, maxEntries: 1_000, dropOn: changesTo('sample_inward', 'isolate'), refreshInBackground: true,
  version: WHEN_AUDIT_TRAIL_MOVES,
});

/**
 * Whether a sample's text matches a search's pattern: its eight text columns joined by a newline, lower-cased, as
 * the database keeps them (`search_text`, migration 20261127T120000, with a trigram index), `like` the pattern
 * lower-cased by PostgreSQL. That is what `ilike` on the joined columns does on a UTF-8 database, without joining
 * and lower-casing them for every row tested. A search text holds no line break (listSamples makes them spaces),
 * so a match never spans two columns.
 */
export const matchesText = (pattern: string) => sql<boolean>`search_text like lower(${pattern})`;

/**
 * matchesText in a prepared statement (a search's walk, searchPage): its generic plan lower-cases the pattern for
 * every row it tests (a plan made for the value folds lower() once), which cost as much as the stored text saves;
 * as a subquery it is lower-cased once a run.
 */
const matchesTextPrepared = (pattern: string) => sql<boolean>`search_text like (select lower(${pattern}))`;

/**
 * Whether a sample's searched text holds `text` (as the search sent it, line breaks made spaces): what matchesText
 * tests for the text's escaped pattern, written so that the trigram index cannot take it. A search with an uncommon
 * part asks the index for that part (matchesTextPrepared) and tests the whole text here on the rows it finds. Both
 * lower-case their text once a run, as subqueries: the statement is prepared, and its generic plan would lower-case
 * a plain parameter for every row it tests.
 */
const holdsText = (text: string) => sql<boolean>`strpos(search_text, (select lower(${text}))) > 0`;

/**
 * Whether a sample's searched text holds both grams (search-trigrams.ts rareGrams): what the gram index answers
 * (migration 20261128T120000-sample-search-grams; the expression must be the index's own). The array is a subquery
 * so that no plan sees the grams: PostgreSQL then keeps one generic plan for the prepared statement (a bitmap scan
 * of the index). With the grams in view it planned every call anew, because its generic estimate for `@>` (0.5%
 * of the samples) costs more than the plans it makes for a code's grams: 0.43-0.49 ms of planning for 0.09 ms of
 * running, at 1M samples.
 */
export const holdsGrams = (a: string, b: string) => sql<boolean>`sample_search_grams(search_text) @> (select array[${a}, ${b}]::text[])`;

/**
 * The columns a list row shows (answers rowsOf, statusChangesOf), not the sample's 31: decoding every column of
 * every row was a visible part of a page's cost under load (bench/history.md, twelfth entry).
 */
const LISTED = [
  'id', 'sampleinno', 'sampleno', 'sampling_date', 'inward_date', 'sampledby', 'resource_name', 'state_name', 'district_name', 'typedataof', 'active',
  'status_changed_at', 'status_changed_by', 'status_reason',
] as const satisfies ReadonlyArray<keyof SampleRow>;
export type ListedSample = Pick<SampleRow, (typeof LISTED)[number]>;

/** The pages of the whole list (no search text), compiled once (lib/compiled-once.ts). */
const unsearchedPages = compiledOnce();

/** The statement of a page of the whole list (listSamples' read without a search; a search's is searchPage). */
function wholeListPage(db: Kysely<Database>, limit: number, offset: number, order: ReadOrder, at: ListPosition | undefined) {
  const dir = order === 'listed' ? 'desc' : 'asc';
  // A deep page of the whole list is read from the hours that hold its rows (lib/paging.ts `seek`): only the
  // first hour's newer samples are skipped. Past the first page of the whole list, the rows skipped are walked in
  // the (created_at, id) index alone and only the page's rows are read whole (at 1M samples the middle page
  // took 1.8 s reading every skipped row from the top; bench/history.md).
  const base = db.selectFrom('sample_inward');
  const from = at === undefined ? base : base
    .where(sql<boolean>`created_at < ${bucketStart.hours(at.bucket + 1).toISOString()}::timestamptz`)
    .where(sql<boolean>`created_at >= ${bucketStart.hours(at.through).toISOString()}::timestamptz`);
  if (offset > 0) {
    const ids = from.select('id').orderBy('created_at', dir).orderBy('id', dir).$call((q) => paged(q, limit, offset));
    return db.selectFrom('sample_inward').select(LISTED).where('id', 'in', ids).orderBy('created_at', dir).orderBy('id', dir);
  }
  return from.select(LISTED).orderBy('created_at', dir).orderBy('id', dir).$call((q) => paged(q, limit, offset));
}

/** What a search's walk reads of each sample: the listed columns, the searched text and the order's. */
const WALKED = [...LISTED, 'search_text', 'created_at'] as const;

/** The first statements of searches' pages (searchPage), compiled once with the pattern as their value. */
const walkedPages = compiledOnce();
/** Their second statements (every match, then the page), compiled once too; never prepared (the plan is the text's). */
const matchedPages = compiledOnce();
/** The one statement of a search whose text has an uncommon part (search-trigrams.ts), compiled once and prepared. */
const rarePages = compiledOnce();
/** The one statement of a search whose text has uncommon grams (search-trigrams.ts), compiled once and prepared. */
const gramPages = compiledOnce();

/** Rows a search's first statement may walk in the list's order: this many per row of the pages up to the one asked, at least WALK_MIN. */
export const WALK_PER_ROW = 30;
export const WALK_MIN = 300;

/**
 * The first statement's bound for the rows up to `offset + limit`: WALK_PER_ROW for each, rounded up to the first
 * page's bound times a power of two (the first page's is exact: it is the call that matters most). The bound is
 * written into the statement's text, and each text takes one of the prepared statements a connection keeps
 * (db/prepared-statements.ts): rounded, paging through a search uses a few texts (pages 1-100 of ten rows: 8)
 * instead of one a page, for at most twice the rows walked.
 */
export function walkBound(offset: number, limit: number): number {
  let walk = Math.max(WALK_MIN, WALK_PER_ROW * limit);
  while (walk < WALK_PER_ROW * (offset + limit)) walk *= 2;
  return walk;
}

/**
 * A page of a search's matches in the list's order (`order`), in at most two statements, neither of which can read
 * the whole list for a rare text:
 * 1. The matches among the first walkBound(offset, limit) samples in that order (`WALK_PER_ROW` × (offset + limit),
 *    rounded up): a walk of the list's index that stops after its rows. A common text ('Pune') is answered here, as before.
 * 2. Only when those samples do not hold the page: every match, through the trigram index (a materialised set, so
 *    that PostgreSQL cannot walk the list for it), then the page of them, each row with the number of matches
 *    (`matched`): the set holds them all, so the search's total needs no second scan of the index.
 * Left to itself, PostgreSQL chose the walk whenever it estimated a text at about 1% of the samples, which it did
 * for one sample code in about 700 (the code happened to match an entry of the expression's statistics): the walk
 * then read every sample for the ten oldest ones, 2.4-2.6 s at 1M samples (bench/history.md, thirteenth entry).
 *
 * A text with uncommon parts skips the walk, which would seldom fill its page, and is the second statement alone,
 * with an index asked for those parts and the whole text tested on the rows it finds (holdsText):
 * - two uncommon five-character parts (search-trigrams.ts rareGrams), from the gram index: a part of a code is in
 *   about a hundred samples at 1M, where each of its trigrams is in about 14,000;
 * - else an uncommon part of three or more letters and digits (rareWindow: every trigram of it in at most 3% of the
 *   sampled samples), from the trigram index.
 * Every way answers the same rows; they differ in what they read.
 */
async function searchPage(db: Kysely<Database>, text: string, pattern: string, limit: number, offset: number, order: ReadOrder): Promise<{ rows: ListedSample[]; matched?: number }> {
  const dir = order === 'listed' ? 'desc' : 'asc';
  const page = JSON.stringify([limit, offset, order]);
  const sample = trigramSample(db);
  // Prepared (fixedPlan): uncommon parts always suit their index, and the plan PostgreSQL keeps for any of them (a
  // bitmap scan of the index) costs less than the ones it makes for each.
  const grams = rareGrams(text, sample);
  if (grams) {
    return pageOfAll(db, gramPages.get(page, ([a, b, t]: readonly [string, string, string]) => allMatchesPage(db, [holdsGrams(a, b), holdsText(t)], limit, offset, dir), [...grams, text] as const, { fixedPlan: true }));
  }
  const part = rareWindow(text, sample);
  if (part) {
    return pageOfAll(db, rarePages.get(page, ([p, t]: readonly [string, string]) => allMatchesPage(db, [matchesTextPrepared(p), holdsText(t)], limit, offset, dir), [`%${part}%`, text] as const, { fixedPlan: true }));
  }
  const walk = walkBound(offset, limit);
  // Compiled once per page with the pattern as its one value, and prepared: its plan is the same for every text (an
  // index walk of at most `walk` rows), so PostgreSQL need not parse and plan it on each call ('Pune' under load).
  const walkPage = walkedPages.get(page, ([p]: readonly [string]) => {
    const first = db.selectFrom('sample_inward').select(WALKED).orderBy('created_at', dir).orderBy('id', dir).limit(sql.lit(walk));
    return db.selectFrom(first.as('r')).select(LISTED).where(matchesTextPrepared(p))
      .orderBy('created_at', dir).orderBy('id', dir).$call((q) => paged(q, limit, offset));
  }, [pattern] as const, { fixedPlan: true });
  const walked = (await db.executeQuery(walkPage)).rows;
  if (walked.length === limit) return { rows: walked };
  return pageOfAll(db, matchedPages.get(page, ([p]: readonly [string]) => allMatchesPage(db, [matchesText(p)], limit, offset, dir), [pattern] as const));
}

/**
 * A page of every sample the conditions pick (a materialised set, so that PostgreSQL cannot walk the list for it),
 * each row with the number of them (`matched`): the set holds them all, so the search's total needs no second scan
 * of the index.
 */
function allMatchesPage(db: Kysely<Database>, conditions: ReadonlyArray<Expression<SqlBool>>, limit: number, offset: number, dir: 'asc' | 'desc') {
  return db
    .with((cte) => cte('m').materialized(), (q) => conditions.reduce((w, c) => w.where(c), q.selectFrom('sample_inward').select([...LISTED, 'created_at'])))
    .selectFrom('m').select([...LISTED, sql<number>`(select count(*)::int from m)`.as('matched')])
    .orderBy('created_at', dir).orderBy('id', dir).$call((q) => paged(q, limit, offset));
}

async function pageOfAll(db: Kysely<Database>, query: CompiledQuery<ListedSample & { matched: number }>) {
  const found = (await db.executeQuery(query)).rows;
  return { rows: found.map(({ matched: _, ...row }) => row), matched: found[0]?.matched };
}

/**
 * A page of samples, newest first, with the total; `search` filters on the text columns (matchesText).
 * The page and the total are two queries: `count(*) over ()` would make the database build and sort every
 * matching row before taking ten (2.4 s at 100k samples in `npm run bench`); the page alone walks the
 * (created_at, id) index and stops after ten (a search's walk is bounded: searchPage). The total comes from the page when the list ends on it, else from
 * `sampleTotals` once a call read it: the whole list's maintained total (lib/list-totals.ts), a search's count
 * (lib/paging.ts). A search with `countUpTo` (the screen's) is counted only up to it when no total is kept
 * (`total_is_lower_bound` says the total is a lower bound; lib/paging.ts); the whole list never is.
 */
export async function listSamples(db: Kysely<Database>, opts: { page: number; search?: string; countUpTo?: number | null }) {
  let base = db.selectFrom('sample_inward');
  // A line break in the text (pasted; the form field is one line) is a space: the searched text joins the columns by one.
  const text = opts.search?.replace(/[\r\n]+/g, ' ');
  const pattern = text ? likeEscaped(text) : undefined;
  if (pattern) base = base.where(matchesText(pattern));
  // The number of matches when a page's statement counted them all (searchPage): the total is then not counted again.
  let matched: number | undefined;
  const { rows, total, lowerBound } = await pageAndTotal({
    offset: (opts.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    read: async (limit, offset, order, at) => {
      if (text && pattern) {
        const found = await searchPage(db, text, pattern, limit, offset, order);
        matched = found.matched;
        return found.rows;
      }
      // Every value the statement holds (the whole list's pages: there is no text).
      const key = JSON.stringify([limit, offset, order, at?.bucket ?? null, at?.through ?? null]);
      return (await db.executeQuery(unsearchedPages.get(key, () => wholeListPage(db, limit, offset, order, at)))).rows;
    },
    seek: opts.search ? undefined : (offset, limit) => positionIn(db, 'samples', offset, limit),
    kept: keptIn(sampleTotals, db, opts.search ?? ''),
    // The whole list's total is maintained by the database (a 16-row sum); a search's is counted.
    count: async () => matched ?? (opts.search ? Number((await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n) : maintainedTotal(db, 'samples')),
    cap: opts.search && opts.countUpTo
      ? { upTo: opts.countUpTo, countAtMost: async (n) => (matched !== undefined ? Math.min(matched, n) : countAtMost(db, base.select(sql`1`.as('one')), n)) }
      : null,
  });
  return { rows, total, lowerBound };
}

/** An active entry of a common master type (by its type name), by id or by short name / value. */
export async function findMasterEntry(db: Db, typeName: string, key: { id: number | null; name: string }, dependsOn?: number) {
  let q = db
    .selectFrom('common_master as c')
    .innerJoin('common_master_type as t', 't.id', 'c.type_id')
    .select(['c.id', 'c.shortname', 'c.value', 'c.depends_on_id'])
    .where(sql<boolean>`lower(t.type) = lower(${typeName})`)
    .where('t.active', '=', 'Y')
    .where('c.active', '=', 'Y');
  if (dependsOn !== undefined) q = q.where('c.depends_on_id', '=', dependsOn);
  if (key.id !== null) q = q.where('c.id', '=', key.id);
  else q = q.where((eb) => eb.or([eb(sql`lower(c.shortname)`, '=', key.name.toLowerCase()), eb(sql`lower(c.value)`, '=', key.name.toLowerCase())]));
  return q.orderBy('c.id').limit(1).executeTakeFirst();
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('app_user').select('id').where('id', '=', id).executeTakeFirst());
}

// ---- isolates ---------------------------------------------------------------------------------------

/** OTPs of active inward samples with no isolate yet, newest first. */
export async function otpsWithoutIsolate(db: Db, limit = 500) {
  return db
    .selectFrom('sample_inward as s')
    .select(['s.id', 's.otp', 's.sampleno', 's.sampleinno'])
    .where('s.active', '=', 'Y')
    .where('s.typedataof', '=', 'I')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('isolate as i').select('i.id').whereRef('i.sample_inward_id', '=', 's.id'))))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findActiveSampleByOtp(db: Db, otp: string, lock = false) {
  let q = db.selectFrom('sample_inward').selectAll().where('otp', '=', otp).where('active', '=', 'Y').where('typedataof', '=', 'I');
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** An active sample by its sample code, or by the sample code version of one of its isolates. */
export async function findActiveSampleByCode(db: Db, code: string, lock = false) {
  const key = code.trim().toLowerCase();
  let q = db
    .selectFrom('sample_inward as s')
    .selectAll('s')
    .where('s.active', '=', 'Y')
    .where('s.typedataof', '=', 'I')
    .where((eb) =>
      eb.or([
        eb(sql`lower(s.sampleno)`, '=', key),
        eb.exists(eb.selectFrom('isolate as i').select('i.id').whereRef('i.sample_inward_id', '=', 's.id').where(sql`lower(i.samplenov)`, '=', key)),
      ]),
    );
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function isolateCount(db: Db, sampleId: number): Promise<number> {
  const r = await db.selectFrom('isolate').select(sql<number>`count(*)::int`.as('n')).where('sample_inward_id', '=', sampleId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface IsolateColumns { sampletype: string; soilph: number; soilec: number; soiltds: number }

/** Inserts the next isolate of a (locked) sample: the next version and a new isolate code. */
export async function insertIsolate(trx: Transaction<Database>, sample: { id: number; sampleno: string }, values: IsolateColumns, createdBy: number) {
  const version = (await isolateCount(trx, sample.id)) + 1;
  return trx
    .insertInto('isolate')
    .values({
      ...values,
      sample_inward_id: sample.id,
      samplenov: sampleVersion(sample.sampleno, version),
      isolatecode: isolateCode(await nextval(trx, 'isolate_code_seq')),
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findIsolateByVersion(db: Db, samplenov: string) {
  return db.selectFrom('isolate').selectAll().where(sql`lower(samplenov)`, '=', samplenov.trim().toLowerCase()).executeTakeFirst();
}

export async function findSampleByCode(db: Db, sampleno: string) {
  return db.selectFrom('sample_inward').selectAll().where(sql`lower(sampleno)`, '=', sampleno.trim().toLowerCase()).executeTakeFirst();
}
