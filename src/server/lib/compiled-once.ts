import { CompiledQuery, type Compilable } from 'kysely';

/**
 * Statements compiled once and run again, for the hot list pages every screen opens: building a Kysely query and
 * compiling it to SQL was about a seventh of a Level 1 page's server time under load (bench/history.md, thirteenth
 * entry), for a text that only changes with the page asked. The key must name every value the statement holds (a
 * search's text never goes in one: a page of a search is built each call). At most MAX_KEYS are kept; past that the
 * cache starts again (a key is a list, a caller's scope and a page, so the first pages come back at once).
 */
export const MAX_KEYS = 2_000;

export interface CompiledOnce {
  get<R>(key: string, build: () => Compilable<R>): CompiledQuery<R>;
  readonly size: number;
}

export function compiledOnce(): CompiledOnce {
  const kept = new Map<string, CompiledQuery>();
  return {
    get<R>(key: string, build: () => Compilable<R>): CompiledQuery<R> {
      const hit = kept.get(key);
      if (hit) return hit as CompiledQuery<R>;
      // The text and the values only: the query's tree, which running it does not need, is several times their size.
      const { sql, parameters } = build().compile();
      const compiled = CompiledQuery.raw(sql, [...parameters]) as CompiledQuery<R>;
      if (kept.size >= MAX_KEYS) kept.clear();
      kept.set(key, compiled);
      return compiled;
    },
    get size() {
      return kept.size;
    },
  };
}
