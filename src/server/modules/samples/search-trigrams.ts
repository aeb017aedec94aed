import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * How common each trigram and each five-character part ("gram") of the samples' searched text is, from a sample of
 * rows, so that a Sample Inward search asks an index only for the uncommon parts of its text (`rareGrams`,
 * `rareWindow`).
 *
 * Why: the trigram index answers `search_text like '%sc05678%'` by reading the posting list of every trigram of the
 * text. 'sc0' is in nearly every sample code and 'c05' in a tenth of them, and GIN decodes their lists for each
 * candidate row: at 100k samples that statement read 51 index pages and took 0.9-1.0 ms of PostgreSQL. Asked for
 * '%05678%' (three digit trigrams, each in about 1% of the samples) and tested for the whole text on the few rows
 * it finds, it read 7 pages and took 0.15-0.18 ms (pgbench, one client). At 1M samples each of those digit
 * trigrams is in about 14,000 samples, so the gram index (migration 20261128T120000-sample-search-grams) answers a
 * text with an uncommon five-character part instead: each such part is in about a hundred (bench/history.md,
 * eighteenth entry). PostgreSQL keeps no statistics of either, so the server samples them itself.
 *
 * The sample: SAMPLE_ROWS rows picked by random ids (each an index lookup, a few milliseconds in all), read again
 * in the background once it is REFRESH_MS old; until the first one is read, searches run as they did without it.
 * Each process keeps its own. A sample only steers how the index is asked, never which rows match.
 */
export const SAMPLE_ROWS = 1_000;
export const REFRESH_MS = 10 * 60_000;
/** After a failed read, the next is tried this much later (not at every search while the database is away). */
export const RETRY_MS = 30_000;

/**
 * A trigram in more than this share of the sampled rows is a common one. At this share a search's walk of the
 * newest rows (sample-repository.ts searchPage: 30 rows for each row of the page) usually does not fill a page
 * either, so below it the walk seldom pays for itself.
 */
export const COMMON_SHARE = 0.03;

/** The length of the parts the gram index keeps (migration 20261128T120000-sample-search-grams). */
export const GRAM = 5;

export interface TrigramSample {
  /** Rows sampled. */
  rows: number;
  /** For each trigram, the number of sampled rows that hold it. */
  counts: Map<string, number>;
  /** For each gram (GRAM characters), the number of sampled rows that hold it. */
  grams: Map<string, number>;
}

/** Runs of characters a window may take: ASCII letters and digits, which lower() maps one for one in any locale PostgreSQL runs with here. */
const RUNS = /[A-Za-z0-9]{3,}/g;

/** Each `n`-long window of each run of ASCII letters and digits in `text`, lower-cased. */
function windowsOf(text: string, n: number): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(RUNS)) {
    const low = run.toLowerCase();
    for (let i = 0; i + n <= low.length; i++) out.push(low.slice(i, i + n));
  }
  return out;
}

/** The trigrams of each run of ASCII letters and digits in `text`, lower-cased (what pg_trgm takes from inside a `like` pattern's word). */
export const trigramsOf = (text: string): string[] => windowsOf(text, 3);

/** The grams of `text` as the gram index holds them: each GRAM-long window of ASCII letters and digits, lower-cased. */
export const gramsOf = (text: string): string[] => windowsOf(text, GRAM);

/** Counts, for each trigram and each gram, the rows of `texts` that hold it. */
export function sampleOf(texts: readonly string[]): TrigramSample {
  const counts = new Map<string, number>();
  const grams = new Map<string, number>();
  for (const text of texts) {
    for (const t of new Set(trigramsOf(text))) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const g of new Set(gramsOf(text))) grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return { rows: texts.length, counts, grams };
}

/**
 * Two uncommon grams of `text` (at most COMMON_SHARE of the sampled rows hold each) for the gram index to
 * intersect: the rarest, then the rarest of the rest, of those the farthest from the first (fewer rows hold two
 * distant parts of a code than two neighbours). The same gram twice when the text has one; undefined when it has
 * none or there is no sample. Every gram of the text is in every row that holds the text, so the grams only narrow
 * what the index reads. A window with a capital I is never taken: in a Turkish locale PostgreSQL lower-cases it to
 * a dotless ı, which the index, of ASCII parts only, does not hold.
 */
export function rareGrams(text: string, sample: TrigramSample | undefined): readonly [string, string] | undefined {
  if (!sample || sample.rows === 0) return undefined;
  const windows: string[] = [];
  for (const [run] of text.matchAll(RUNS)) {
    for (let i = 0; i + GRAM <= run.length; i++) {
      const w = run.slice(i, i + GRAM);
      if (!w.includes('I')) windows.push(w.toLowerCase());
    }
  }
  const found = windows
    .map((g, at) => ({ g, at, n: sample.grams.get(g) ?? 0 }))
    .filter((x) => x.n / sample.rows <= COMMON_SHARE)
    .sort((a, b) => a.n - b.n || a.at - b.at);
  const first = found[0];
  if (!first) return undefined;
  const rest = found.filter((x) => x.g !== first.g);
  if (!rest.length) return [first.g, first.g];
  const second = rest.filter((x) => x.n === rest[0].n).reduce((a, b) => (Math.abs(b.at - first.at) > Math.abs(a.at - first.at) ? b : a));
  return [first.g, second.g];
}

/**
 * The longest part of `text` (a run of ASCII letters and digits, at least three long) whose every trigram is
 * uncommon in the sample, as the text was sent (the caller lower-cases it in SQL, as it does the whole text);
 * undefined when the text has none, or there is no sample. Of two parts as long, the one whose trigrams are rarer.
 * Any part of the text is in every row that holds the text, so `like '%part%'` only narrows what the index reads.
 */
export function rareWindow(text: string, sample: TrigramSample | undefined): string | undefined {
  if (!sample || sample.rows === 0) return undefined;
  const share = (t: string) => (sample.counts.get(t) ?? 0) / sample.rows;
  let best: { part: string; trigrams: number; weight: number } | undefined;
  for (const m of text.matchAll(RUNS)) {
    const run = m[0];
    const low = run.toLowerCase();
    let start = -1;
    let weight = 0;
    // Each maximal stretch of uncommon trigrams [start, i) is one candidate part.
    for (let i = 0; i + 3 <= low.length + 1; i++) {
      const rare = i + 3 <= low.length && share(low.slice(i, i + 3)) <= COMMON_SHARE;
      if (rare) {
        if (start < 0) { start = i; weight = 0; }
        weight += share(low.slice(i, i + 3));
      } else if (start >= 0) {
        const trigrams = i - start;
        if (!best || trigrams > best.trigrams || (trigrams === best.trigrams && weight < best.weight)) {
          best = { part: run.slice(start, i + 2), trigrams, weight };
        }
        start = -1;
      }
    }
  }
  return best?.part;
}

interface Kept { sample?: TrigramSample; readAt: number; reading?: Promise<TrigramSample | undefined> }
const kept = new WeakMap<Kysely<Database>, Kept>();

/** SAMPLE_ROWS searched texts picked by random ids (all of them in a smaller table). */
async function readSample(db: Kysely<Database>): Promise<TrigramSample> {
  const span = await db.selectFrom('sample_inward').select([sql<number>`min(id)`.as('lo'), sql<number>`max(id)`.as('hi')]).executeTakeFirst();
  const lo = Number(span?.lo ?? 0);
  const hi = Number(span?.hi ?? -1);
  if (hi < lo) return sampleOf([]);
  let q = db.selectFrom('sample_inward').select('search_text');
  if (hi - lo + 1 > SAMPLE_ROWS) {
    const ids = new Set<number>();
    while (ids.size < SAMPLE_ROWS) ids.add(lo + Math.floor(Math.random() * (hi - lo + 1)));
    q = q.where('id', '=', sql<number>`any(${[...ids]}::int[])`);
  }
  return sampleOf((await q.execute()).map((r) => r.search_text ?? ''));
}

/**
 * The sample kept for `db`, or undefined while the first is read. A sample REFRESH_MS old is read again in the
 * background (its calls keep the old one); a failed read leaves the last sample and is tried again RETRY_MS later.
 */
export function trigramSample(db: Kysely<Database>, now = Date.now()): TrigramSample | undefined {
  let k = kept.get(db);
  if (!k) kept.set(db, (k = { readAt: 0 }));
  if (!k.reading && now - k.readAt >= REFRESH_MS) {
    const entry = k;
    entry.reading = readSample(db).then(
      (s) => { entry.sample = s; entry.readAt = Date.now(); return s; },
      () => { entry.readAt = Date.now() - REFRESH_MS + RETRY_MS; return entry.sample; },
    ).finally(() => { entry.reading = undefined; });
  }
  return k.sample;
}

/** The sample for `db` once read (tests, and a server that wants it before its first search). */
export async function trigramSampleRead(db: Kysely<Database>): Promise<TrigramSample | undefined> {
  trigramSample(db);
  return (await kept.get(db)?.reading) ?? kept.get(db)?.sample;
}

/** Forgets the sample of `db` (tests: the next call reads a new one). */
export function forgetTrigramSample(db: Kysely<Database>): void {
  kept.delete(db);
}
