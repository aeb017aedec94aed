/**
 * lib/paging.ts: which total a page gets, and when the list is counted. The lists that use it are tested
 * through their routes (sample-inward.test.ts, activity lists); this checks the rule at its edges.
 */
import { pageAndTotal } from '../paging';

function list(length: number, kept: number | null = null) {
  const items = Array.from({ length }, (_, i) => i + 1);
  const counted = jest.fn(async () => items.length);
  const keptCalls = jest.fn();
  const page = (offset: number, limit = 10) =>
    pageAndTotal({
      offset,
      limit,
      read: async (n, from) => items.slice(from, from + n),
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
