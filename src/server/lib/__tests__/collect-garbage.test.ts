/**
 * lib/collect-garbage.ts: the full collection a long stream asks for. What it saves is memory, measured by the bench
 * (search.export_csv.peak_rss_growth_mb); here, that the collection is there on this Node and runs when it should.
 */
import { collectEvery, fullCollection } from '../collect-garbage';

test('the full collection is available on this Node, and runs', () => {
  const collect = fullCollection();
  expect(typeof collect).toBe('function');
  expect(() => collect!()).not.toThrow();
});

test('a collection after every `bytes` written, counting across writes of any size', () => {
  let runs = 0;
  const written = collectEvery(100, () => (runs += 1));
  const seen: number[] = [];
  for (const n of [40, 40, 19, 1, 250, 0, 99, 1]) {
    written(n);
    seen.push(runs);
  }
  expect(seen).toEqual([0, 0, 0, 1, 2, 2, 2, 3]);
});
