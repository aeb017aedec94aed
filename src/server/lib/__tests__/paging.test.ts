/**
 * lib/paging.ts: which total a page gets, and when the list is counted. The lists that use it are tested
 * through their routes (sample-inward.test.ts, activity lists); this checks the rule at its edges.
 */
import { FAR_OFFSET, pageAndTotal } from '../paging';

function list(length: number, kept: number | null = null) {
  const items = Array.from({ length }, (_, i) => i + 1);
  const counted = jest.fn(async () => items.length);
  const keptCalls = jest.fn();
  const countedUpTo = jest.fn(async (n: number) => Math.min(n, items.length));
  const page = (offset: number, limit = 10, upTo: number | null = null) =>
    pageAndTotal({
      offset,
      limit,
      read: async (n, from, order) => (order === 'listed' ? items : [...items].reverse()).slice(from, from + n),
      kept: { get: async (count) => (keptCalls(), kept ?? count()), peek: () => (keptCalls(), kept ?? undefined) },
      count: counted,
      cap: upTo === null ? null : { upTo, countAtMost: countedUpTo },
    });
  return { page, counted, keptCalls, countedUpTo };
}

test('a list that ends on the page: its total is the page\'s, nothing counted and no kept total asked', async () => {
  for (const [length, offset, rows, total] of [[0, 0, 0, 0], [3, 0, 3, 3], [10, 0, 10, 10], [11, 10, 1, 11], [20, 10, 10, 20]]) {
    const l = list(length, 999);
    const p = await l.page(offset);
    expect({ length, offset, rows: p.rows.length, total: p.total }).toEqual({ length, offset, rows, total });
    expect([l.counted.mock.calls.length, l.keptCalls.mock.calls.length]).toEqual([0, 0]);
  }
});

test('a list longer than the page: the kept total, or counted when none is kept; a page past the end is not the end', async () => {
  const counted = list(11);
  expect(await counted.page(0)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], total: 11 });
  expect(counted.counted).toHaveBeenCalledTimes(1);
  const kept = list(11, 42);
  expect((await kept.page(0)).total).toBe(42);
  expect(kept.counted).not.toHaveBeenCalled();
  const past = list(11);
  expect(await past.page(20)).toEqual({ rows: [], total: 11 });
  expect(past.counted).toHaveBeenCalledTimes(1);
});

test('deep pages past the middle are read from the other end: the same rows, skipping at most half the list', async () => {
  const length = 2 * FAR_OFFSET + 345;
  const items = Array.from({ length }, (_, i) => i + 1);
  const reads: Array<{ from: number; order: string }> = [];
  const counted = jest.fn(async () => length);
  let kept: number | null = null;
  const page = (offset: number, limit = 10) =>
    pageAndTotal({
      offset,
      limit,
      read: async (n, from, order) => {
        reads.push({ from, order });
        return (order === 'listed' ? items : [...items].reverse()).slice(from, from + n);
      },
      kept: { get: async (count) => (kept ??= await count()), peek: () => kept ?? undefined },
      count: counted,
    });
  // Every page, first to last (and one past it): what offset paging would show, with the one total.
  const pages = Math.ceil(length / 10);
  for (let p = 0; p <= pages; p++) {
    const got = await page(p * 10);
    expect({ p, rows: got.rows, total: got.total }).toEqual({ p, rows: items.slice(p * 10, p * 10 + 10), total: length });
  }
  expect(counted).toHaveBeenCalledTimes(1);
  // No read skipped more than half the list; the last page skipped none.
  expect(Math.max(...reads.map((r) => r.from))).toBeLessThanOrEqual(length / 2);
  expect(reads.filter((r) => r.order === 'reversed').length).toBeGreaterThan(pages / 2 - FAR_OFFSET / 10 - 2);
  reads.length = 0;
  await page((pages - 1) * 10);
  expect(reads).toEqual([{ from: 0, order: 'reversed' }]);
  // A page size that does not divide the list: the last page is short, still in order.
  expect((await page(length - 3, 25)).rows).toEqual(items.slice(length - 3));
});

test('with a cap: a page within it counts up to cap + 1 (a lower bound above the cap) unless a total is kept; beyond it, the exact total', async () => {
  const long = list(1000);
  expect(await long.page(0, 10, 200)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], total: 201, lowerBound: true });
  expect(long.countedUpTo.mock.calls).toEqual([[201]]);
  // The last page within the cap (offset + limit = cap) is counted up to the cap too; the next one is exact, counted.
  expect(await long.page(190, 10, 200)).toMatchObject({ total: 201, lowerBound: true });
  expect(long.counted).not.toHaveBeenCalled();
  expect(await long.page(200, 10, 200)).toMatchObject({ total: 1000, lowerBound: false });
  expect(long.counted).toHaveBeenCalledTimes(1);
  // Under the cap the capped count is the exact one.
  const short = list(150);
  expect(await short.page(0, 10, 200)).toMatchObject({ total: 150, lowerBound: false });
  expect(short.counted).not.toHaveBeenCalled();
  // A kept total wins (exact, and free); a list that ends on the page counts nothing.
  const kept = list(1000, 1000);
  expect(await kept.page(0, 10, 200)).toMatchObject({ total: 1000, lowerBound: false });
  expect([kept.countedUpTo.mock.calls.length, kept.counted.mock.calls.length]).toEqual([0, 0]);
  const ends = list(5);
  expect(await ends.page(0, 10, 200)).toEqual({ rows: [1, 2, 3, 4, 5], total: 5, lowerBound: false });
  expect([ends.countedUpTo.mock.calls.length, ends.keptCalls.mock.calls.length]).toEqual([0, 0]);
  // Without a cap nothing says lowerBound (a legacy answer stays as it was).
  expect(await list(1000).page(0)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], total: 1000 });
  // A far page within a large cap is read by offset, counted up to the cap.
  const far = list(20_000);
  expect(await far.page(FAR_OFFSET, 10, 5_000)).toEqual({ rows: Array.from({ length: 10 }, (_, i) => FAR_OFFSET + i + 1), total: 5_001, lowerBound: true });
  expect(far.counted).not.toHaveBeenCalled();
});

/**
 * A list kept in buckets of B keys: `ids` in listed order (newest first), bucket b holding the ids in [b*B, (b+1)*B),
 * as the Level lists' ids are. Every read is recorded (where it starts, which buckets, which way).
 */
const B = 64;
function bucketed(ids: number[]) {
  const reads: Array<{ from: number; bucket?: number; through?: number; order: string }> = [];
  const bucketOf = (id: number) => Math.floor(id / B);
  const page = (offset: number, limit = 10) =>
    pageAndTotal({
      offset,
      limit,
      read: async (n, from, order, at) => {
        reads.push({ from, bucket: at?.bucket, through: at?.through, order });
        const listed = at === undefined ? ids : ids.filter((id) => id < (at.bucket + 1) * B && id >= at.through * B);
        return (order === 'listed' ? listed : [...listed].reverse()).slice(from, from + n);
      },
      seek: async (offset, n) => {
        const id = ids[offset];
        if (id === undefined) return undefined;
        const bucket = bucketOf(id);
        const through = bucketOf(ids[Math.min(offset + n, ids.length) - 1]);
        const throughEnd = ids.filter((x) => bucketOf(x) >= through).length;
        return { bucket, skip: offset - ids.filter((x) => bucketOf(x) > bucket).length, through, after: throughEnd - Math.min(offset + n, ids.length) };
      },
      kept: { get: async (count) => count(), peek: () => undefined },
      count: async () => ids.length,
    });
  return { page, reads };
}

test('a list kept in buckets: every deep page is read from the buckets holding its rows, skipping less than a bucket', async () => {
  // With holes: every 7th id is not on the list.
  const ids = Array.from({ length: 3 * FAR_OFFSET }, (_, i) => 3 * FAR_OFFSET - i).filter((id) => id % 7 !== 0);
  const { page, reads } = bucketed(ids);
  const pages = Math.ceil(ids.length / 10);
  for (let p = FAR_OFFSET / 10 - 1; p <= pages; p++) {
    const got = await page(p * 10);
    expect({ p, rows: got.rows, total: got.total }).toEqual({ p, rows: ids.slice(p * 10, p * 10 + 10), total: ids.length });
  }
  const deep = reads.filter((r) => r.bucket !== undefined);
  expect(deep.length).toBeGreaterThan(pages - FAR_OFFSET / 10 - 2);
  expect(Math.max(...deep.map((r) => r.from))).toBeLessThan(B);
  // A page that ends in the bucket it starts in is read from the bucket's nearer end: at most half a bucket skipped.
  const within = deep.filter((r) => r.bucket === r.through);
  expect(within.filter((r) => r.order === 'reversed').length).toBeGreaterThan(within.length / 3);
  expect(Math.max(...within.map((r) => r.from))).toBeLessThanOrEqual(B / 2);
  // A page across two buckets skips the fewer of the first one's rows before it and the second one's after it.
  const across = deep.filter((r) => r.bucket !== r.through);
  expect(across.length).toBeGreaterThan(10);
  expect(across.filter((r) => r.order === 'reversed').length).toBeGreaterThan(across.length / 3);
});

test('a last page across the list\'s last two buckets, the last holding fewer rows than the page, skips no row', async () => {
  // The oldest bucket holds two rows (ids 5 and 3), the one before it a full bucket: the last 5 rows lie across both.
  // Read from the first bucket's start, the page skipped the 61 rows before it.
  const ids = [...Array.from({ length: 2 * FAR_OFFSET }, (_, i) => 2 * FAR_OFFSET + 63 - i), 5, 3];
  const { page, reads } = bucketed(ids);
  const got = await page(ids.length - 5, 5);
  expect(got).toEqual({ rows: ids.slice(-5), total: ids.length });
  expect(reads).toEqual([{ from: 0, bucket: 1, through: 0, order: 'reversed' }]);
});
