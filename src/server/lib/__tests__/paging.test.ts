/**
 * lib/paging.ts: which total a page gets, and when the list is counted. The lists that use it are tested
 * through their routes (sample-inward.test.ts, activity lists); this checks the rule at its edges.
 */
import { FAR_OFFSET, pageAndTotal } from '../paging';

function list(length: number, kept: number | null = null) {
  const items = Array.from({ length }, (_, i) => i + 1);
  const counted = jest.fn(async () => items.length);
  const keptCalls = jest.fn();
  const page = (offset: number, limit = 10) =>
    pageAndTotal({
      offset,
      limit,
      read: async (n, from, order) => (order === 'listed' ? items : [...items].reverse()).slice(from, from + n),
      kept: async (count) => (keptCalls(), kept ?? count()),
      count: counted,
    });
  return { page, counted, keptCalls };
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
      kept: async (count) => (kept ??= await count()),
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
