import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * How common each trigram of the samples' searched text is, from a sample of rows, so that a Sample Inward search
 * asks the trigram index only for the uncommon part of its text (`rareWindow`).
 *
 * Why: the index answers `search_text like '%sc05678%'` by reading the posting list of every trigram of the
 * text. 'sc0' is in nearly every sample code and 'c05' in a tenth of them, and GIN decodes their lists for each
 * candidate row: at 100k samples that statement read 51 index pages and took 0.9-1.0 ms of PostgreSQL. Asked for
 * '%05678%' (three digit trigrams, each in about 1% of the samples) and tested for the whole text on the few rows
 * it finds, it read 7 pages and took 0.15-0.18 ms (pgbench, one client). PostgreSQL keeps no statistics of
 * trigrams, so the server samples them itself.
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

export interface TrigramSample {
  /** Rows sampled. */
  rows: number;
  /** For each trigram, the number of sampled rows that hold it. */
  counts: Map<string, number>;
}

/** Runs of characters a window may take: ASCII letters and digits, which lower() maps one for one in any locale PostgreSQL runs with here. */
const RUNS = /[A-Za-z0-9]{3,}/g;

/** The trigrams of each run of ASCII letters and digits in `text`, lower-cased (what pg_trgm takes from inside a `like` pattern's word). */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(RUNS)) {
    const low = run.toLowerCase();
    for (let i = 0; i + 3 <= low.length; i++) out.push(low.slice(i, i + 3));
  }
  return out;
}

/** Counts, for each trigram, the rows of `texts` that hold it. */
export function sampleOf(texts: readonly string[]): TrigramSample {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const t of new Set(trigramsOf(text))) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return { rows: texts.length, counts };
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
  if (hi < lo) return { rows: 0, counts: new Map() };
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
