import { CompiledQuery, type Compilable } from 'kysely';
import { FIXED_PLAN } from '../db/prepared-statements';

/**
 * Statements compiled once and run again, for the hot list pages every screen opens: building a Kysely query and
 * compiling it to SQL was about a seventh of a Level 1 page's server time under load (bench/history.md, thirteenth
 * entry), for a text that only changes with the page asked. The key must name every value the statement holds,
 * except the ones a call passes in (`values`, such as a search's text: `get`). At most MAX_KEYS are kept; past
 * that the cache starts again (a key is a list, a caller's scope and a page, so the first pages come back at once).
 */
export const MAX_KEYS = 2_000;

/**
 * What `build` is given for the values of each call: one marker per value, a text no caller sends (it holds a NUL,
 * which PostgreSQL refuses in a text). The compiled statement's parameters that are exactly a marker are the
 * call's values; a value written into the SQL text instead of a parameter is not one (`get` refuses that).
 */
const markers = (n: number) => Array.from({ length: n }, (_, i) => `\u0000compiled-once value ${i}\u0000`);

interface Kept { sql: string; parameters: readonly unknown[]; slots: Array<number | undefined>; query?: CompiledQuery }

export interface CompiledOnce {
  /**
   * The statement `build` makes, compiled the first time a key is asked. With `values`, `build` is given markers in
   * their place and each call gets the statement with its own values (a text with the search's pattern as a
   * parameter). `opts.fixedPlan`: the statement may be prepared even though a pattern is among its values, because its
   * plan cannot depend on it (db/prepared-statements.ts).
   */
  get<R, V extends readonly string[] = []>(key: string, build: (values: V) => Compilable<R>, values?: V, opts?: { fixedPlan?: boolean }): CompiledQuery<R>;
  readonly size: number;
}

export function compiledOnce(): CompiledOnce {
  const kept = new Map<string, Kept>();
  return {
    get<R, V extends readonly string[] = []>(key: string, build: (values: V) => Compilable<R>, values?: V, opts: { fixedPlan?: boolean } = {}): CompiledQuery<R> {
      let hit = kept.get(key);
      if (!hit) {
        const marks = markers(values?.length ?? 0);
        // The text and the values only: the query's tree, which running it does not need, is several times their size.
        const { sql, parameters } = build(marks as unknown as V).compile();
        const slots = parameters.map((p) => (typeof p === 'string' ? marks.indexOf(p) : -1)).map((i) => (i >= 0 ? i : undefined));
        if (marks.some((m, i) => !slots.includes(i) || sql.includes(m))) throw new Error(`compiledOnce(${key}): every value must be one parameter of the statement.`);
        hit = { sql: opts.fixedPlan ? FIXED_PLAN + sql : sql, parameters: [...parameters], slots };
        if (kept.size >= MAX_KEYS) kept.clear();
        kept.set(key, hit);
      }
      if (!values?.length) return (hit.query ??= CompiledQuery.raw(hit.sql, [...hit.parameters])) as CompiledQuery<R>;
      const { slots } = hit;
      return CompiledQuery.raw(hit.sql, hit.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i] as number]))) as CompiledQuery<R>;
    },
    get size() {
      return kept.size;
    },
  };
}
