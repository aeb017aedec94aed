/**
 * lib/compiled-once.ts: a statement is compiled once per key, and the cache never holds more than MAX_KEYS. What
 * the key must name is tested through the lists that use it (activity-lists.test.ts: two managers' first pages).
 */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { compiledOnce, MAX_KEYS } from '../compiled-once';
import { FIXED_PLAN } from '../../db/prepared-statements';

const db = new Kysely<{ t: { id: number } }>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});

test('the same key answers the statement compiled the first time, without building it again', () => {
  const cache = compiledOnce();
  const build = jest.fn((id: number) => db.selectFrom('t').select('id').where('id', '=', id));
  const first = cache.get('a', () => build(1));
  const again = cache.get('a', () => build(2));
  expect(again).toBe(first);
  expect(build).toHaveBeenCalledTimes(1);
  expect([first.sql, first.parameters]).toEqual(['select "id" from "t" where "id" = $1', [1]]);
  expect(cache.get('b', () => build(2)).parameters).toEqual([2]);
});

test('past MAX_KEYS keys the cache starts again instead of growing', () => {
  const cache = compiledOnce();
  for (let i = 0; i < MAX_KEYS + 5; i++) cache.get(`k${i}`, () => db.selectFrom('t').select('id').where('id', '=', i));
  expect(cache.size).toBe(5);
  expect(cache.get(`k${MAX_KEYS + 4}`, () => db.selectFrom('t').select('id').where('id', '=', -1)).parameters).toEqual([MAX_KEYS + 4]);
});

test("a statement compiled once with values answers each call's values as its parameters, built only once", () => {
  const cache = compiledOnce();
  const build = jest.fn(([text]: readonly [string]) => db.selectFrom('t').select('id').where('id', '>', 0).where(sql<string>`label`, 'ilike', text).limit(sql.lit(11)));
  const a = cache.get('page', build, ['%a%'] as const);
  const b = cache.get('page', build, ['%b%'] as const);
  expect(build).toHaveBeenCalledTimes(1);
  expect([a.sql, a.parameters, b.parameters]).toEqual(['select "id" from "t" where "id" > $1 and label ilike $2 limit 11', [0, '%a%'], [0, '%b%']]);
  // A value that is not a parameter would be the first call's for every call: refused.
  expect(() => cache.get('lit', ([text]: readonly [string]) => db.selectFrom('t').select('id').where(sql.lit(text), '=', sql.lit('x')), ['a'] as const)).toThrow(/one parameter/);
  expect(cache.get('fixed', build, ['%c%'] as const, { fixedPlan: true }).sql.startsWith(FIXED_PLAN)).toBe(true);
});
