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
 */
export const FAR_OFFSET = 1_000;

/** `listed`: the list's own order; `reversed`: exactly the opposite (every ORDER BY key flipped). */
export type ReadOrder = 'listed' | 'reversed';

export async function pageAndTotal<R>(o: {
  offset: number;
  limit: number;
  /** `limit` rows from `offset` in `order` (pageAndTotal asks for one more than the page when it needs to know whether the list ends). */
  read(limit: number, offset: number, order: ReadOrder): Promise<R[]>;
  kept(count: () => Promise<number>): Promise<number>;
  count(): Promise<number>;
}): Promise<{ rows: R[]; total: number }> {
  if (o.offset >= FAR_OFFSET) {
    const total = await o.kept(o.count);
    const end = Math.min(o.offset + o.limit, total);
    if (end <= o.offset) return { rows: [], total };
    const fromEnd = total - end;
    if (fromEnd < o.offset) return { rows: (await o.read(end - o.offset, fromEnd, 'reversed')).reverse(), total };
    return { rows: await o.read(o.limit, o.offset, 'listed'), total };
  }
  const rows = await o.read(o.limit + 1, o.offset, 'listed');
  const endsHere = rows.length <= o.limit && (rows.length > 0 || o.offset === 0);
  if (endsHere) return { rows, total: o.offset + rows.length };
  return { rows: rows.slice(0, o.limit), total: await o.kept(o.count) };
}
