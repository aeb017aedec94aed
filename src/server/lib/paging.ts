import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { CommitCache } from './commit-cache';
import type { ListPosition } from './list-totals';

/**
 * A page of a list and the list's total, for the lists whose total is kept between calls (commit-cache.ts).
 *
 * The page is read with one row more than it shows. When the list ends on this page (that extra row is not
 * there), the total is known from the page itself and nothing is counted: a search for one sample code or
 * isolate code, the usual search, is one statement instead of two, and its count through the trigram index
 * was the dearer half (bench/history.md, 2026-11-25 fourth entry). That total is also exact where a kept one
 * could be a few seconds old. Otherwise the total is the kept one (`kept`: CommitCache.get for the list's
 * key), counted when there is none. A page past the end (no rows, not the first page) says nothing of where
 * the list ends, so its total is the kept or counted one too.
 *
 * The count starts after the page instead of beside it: only the first call for a list longer than a page,
 * whose total is not kept yet, waits for both one after the other.
 *
 * A deep page (from `FAR_OFFSET` rows on) in the second half of its list is read from the list's other end:
 * the database walks the index from the oldest row and skips `total - end` rows instead of `offset`, so the
 * last page costs what the first does (at 1M samples the last Sample Inward page took 2.9 s by offset,
 * bench/history.md). Its total comes first (kept, or counted once); a page in the middle still skips up to
 * half the list.
 *
 * An unfiltered list whose positions are kept in buckets (`seek`: lib/list-totals.ts positionIn) reads every deep
 * page from the bucket that holds its first row, skipping fewer rows than a bucket holds, so a middle page costs
 * what the first does too (at 1M samples the Level 1 list's middle page skipped a million isolates: 1.4 s).
 *
 * A search the screens ask with a `cap` (countUpTo) is counted only up to cap + 1 on the pages that lie within
 * its first cap rows, as the microbe search is (shared/contract/search-endpoints.ts SEARCH_TOTAL_CAP): a common
 * text (a state matching a quarter of 1M samples) took a second or more to count before its first page showed.
 * Above the cap the total is cap + 1 and `lowerBound` says so; the screen then asks the same page without a cap
 * for the exact total, which is kept as always. A kept exact total is better than a capped one and costs nothing,
 * so it is answered when there is one; a capped count is never kept (it is no total). Pages beyond the cap,
 * and calls without one, get the exact total as before.
 */
export const FAR_OFFSET = 1_000;

/**
 * A page of `q`: `limit` rows from `offset`, written so that PostgreSQL can keep one plan for the statement
 * (db/prepared-statements.ts). The limit is a page size the server fixes, so it is part of the text; the offset
 * is sent as a value, and only past the first page. With `limit $1 offset $2` PostgreSQL planned every run of a
 * list's page (a plan for the values is far cheaper than a generic one): at 100k samples about half of a Level 1
 * page's database time under load. The first page's `limit 11` gets a generic plan after five runs.
 */
export function paged<Q extends { limit(n: Expression<number>): Q; offset(n: number): Q }>(q: Q, limit: number, offset: number): Q {
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`Not a page: limit ${limit}, offset ${offset}.`);
  const page = q.limit(sql.lit(limit));
  return offset > 0 ? page.offset(offset) : page;
}

/** `listed`: the list's own order; `reversed`: exactly the opposite (every ORDER BY key flipped). */
export type ReadOrder = 'listed' | 'reversed';

/** Where a list's total is kept between calls: `get` answers the kept total or counts (then keeps it); `peek` never counts. */
export interface KeptTotal {
  get(count: () => Promise<number>): Promise<number>;
  peek(count: () => Promise<number>): number | undefined;
}

/** A list's total kept in a commit cache (lib/commit-cache.ts) under `key`. */
export const keptIn = (cache: CommitCache<number>, db: Kysely<Database>, key: string): KeptTotal => ({
  get: (count) => cache.get(db, key, count),
  peek: (count) => cache.peek(db, key, count),
});

/** A total that is not kept (counted on every call that needs it). */
export const NOT_KEPT: KeptTotal = { get: (count) => count(), peek: () => undefined };

/** A search's total counted only up to `upTo` (the caller's countUpTo); `countAtMost(n)` counts at most n matches. */
export interface TotalCap {
  upTo: number;
  countAtMost(n: number): Promise<number>;
}

/**
 * The number of rows of `rows` (a select of the list's rows), at most `n`: `select count(*) from (... limit n)`,
 * which stops after n matches instead of walking all of them.
 */
export async function countAtMost(db: Kysely<Database>, rows: { limit(n: number): Expression<unknown> }, n: number): Promise<number> {
  const { rows: [r] } = await sql<{ n: number }>`select count(*)::int as n from (${rows.limit(n)}) as first_rows`.execute(db);
  return Number(r.n);
}

export async function pageAndTotal<R>(o: {
  offset: number;
  limit: number;
  /**
   * `limit` rows from `offset` in `order` (pageAndTotal asks for one more than the page when it needs to know whether
   * the list ends); with `at`, only the rows of buckets `at.bucket` down to `at.through`, and `offset` counts from
   * the first row of `at.bucket` in `order` (see `seek`): in the listed order from `at.bucket`'s first row, reversed
   * from `at.through`'s last.
   */
  read(limit: number, offset: number, order: ReadOrder, at?: ListPosition): Promise<R[]>;
  /** Where `limit` rows from an offset lie, for a list kept in buckets (lib/list-totals.ts positionIn); undefined past its end. */
  seek?: (offset: number, limit: number) => Promise<ListPosition | undefined>;
  kept: KeptTotal;
  count(): Promise<number>;
  /** The screens' countUpTo on a search (null or absent: the exact total). */
  cap?: TotalCap | null;
}): Promise<{ rows: R[]; total: number; lowerBound?: boolean }> {
  // `lowerBound` is said (true or false) only to a call that named a cap: a legacy answer stays as it was.
  const exact = o.cap ? { lowerBound: false } : {};
  // The pages within the cap (offset + limit <= upTo; at most 10,000 rows in, so read by offset even when far).
  const capped = o.cap && o.offset + o.limit <= o.cap.upTo ? o.cap : null;
  if (o.offset >= FAR_OFFSET && !capped) {
    const total = await o.kept.get(o.count);
    const end = Math.min(o.offset + o.limit, total);
    if (end <= o.offset) return { rows: [], total, ...exact };
    if (o.seek) {
      const at = await o.seek(o.offset, end - o.offset);
      if (!at) return { rows: [], total, ...exact };
      // A page is read from the nearer end of the buckets it lies in: one within a bucket skips at most half its
      // rows, and a page that ends a bucket (the last page, when the list's newest bucket holds fewer rows than it)
      // skips none. Each skipped row is looked up (a Level 2 row in its isolate and sample), and at 1M samples fewer
      // of those lookups find their page in memory (bench/history.md, twenty-eighth and thirtieth entries).
      if (at.after >= 0 && at.after < at.skip) {
        return { rows: (await o.read(end - o.offset, at.after, 'reversed', at)).reverse(), total, ...exact };
      }
      return { rows: await o.read(end - o.offset, at.skip, 'listed', at), total, ...exact };
    }
    const fromEnd = total - end;
    if (fromEnd < o.offset) return { rows: (await o.read(end - o.offset, fromEnd, 'reversed')).reverse(), total, ...exact };
    return { rows: await o.read(o.limit, o.offset, 'listed'), total, ...exact };
  }
  const rows = await o.read(o.limit + 1, o.offset, 'listed');
  const endsHere = rows.length <= o.limit && (rows.length > 0 || o.offset === 0);
  if (endsHere) return { rows, total: o.offset + rows.length, ...exact };
  const page = rows.slice(0, o.limit);
  if (capped) {
    const kept = o.kept.peek(o.count);
    if (kept !== undefined) return { rows: page, total: kept, lowerBound: false };
    const total = await capped.countAtMost(capped.upTo + 1);
    return { rows: page, total, lowerBound: total > capped.upTo };
  }
  return { rows: page, total: await o.kept.get(o.count), ...exact };
}
