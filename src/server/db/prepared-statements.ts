import type pg from 'pg';

/**
 * PostgreSQL server mode: the app's statements run as named prepared statements, so that the server parses
 * and plans a statement text once per connection instead of on every call. Measured on the 2-core bench
 * machine (bench/history.md, 2026-11-25 second entry): the Level 1 list's two statements took 0.68 ms of
 * server time per call unprepared and 0.37 ms prepared, and with every call waiting on the database that is
 * the difference in calls per second.
 *
 * Which statements are prepared (the rest run as before, unnamed):
 * - statements with parameters, and single SELECTs without any (the whole list's first page: its limit is written
 *   into its text, so it has no values): a migration's multi-statement script, begin / commit and the other
 *   commands without values run unnamed (a prepared statement holds only one command). A SELECT without values
 *   has one plan whatever the call, so preparing it only saves the parse and plan: on the embedded engine, the
 *   planner's look at each table's size on disk as well (bench/history.md, twenty-fifth entry);
 * - not those whose best plan depends on their values: text patterns (like, ilike, similar to, the trigram
 *   operators). After five runs PostgreSQL may keep one generic plan for a prepared statement, and a pattern
 *   that matches half the samples and one that matches one sample need different plans. The microbe search
 *   and its exports run on a handle that prepares nothing (`plain`), for the same reason. A statement that
 *   starts with FIXED_PLAN is prepared all the same: its author says that no value can change its plan (a walk
 *   of a bounded number of rows in an index's order that tests a pattern on each: sample-repository.ts);
 * - at most MAX_PREPARED_PER_CONNECTION texts per connection, the first ones seen: the hot statements of the
 *   lists and saves come first and come back; a text seen later runs unnamed (PostgreSQL keeps a prepared
 *   statement until its connection closes, so the number must be bounded).
 *
 * PostgreSQL still plans a prepared statement on each run while a plan made for its values is much cheaper than
 * a generic one (a page with `limit $1 offset $2`); it then saves the parse, not the planning.
 *
 * A pooler in transaction mode in front of PostgreSQL does not keep prepared statements per client unless it
 * is told to (PgBouncer 1.21+ with max_prepared_statements above 0): set PG_PREPARED_STATEMENTS=off there
 * (README "Configuration"). A statement whose result type changed under it (a column added while the server
 * runs) fails once per connection and then runs unnamed (NAME_UNUSABLE).
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

/** Statement texts whose plan depends on a pattern value: never prepared (unless they start with FIXED_PLAN). */
const VALUE_DEPENDENT = /\b(i?like|similar\s+to|similarity|word_similarity)\b|%|~/i;

/** How a statement starts when it holds a pattern but its plan cannot depend on any value (lib/compiled-once.ts). */
export const FIXED_PLAN = '/* fixed plan */ ';

/** One SELECT (or WITH ... SELECT) and nothing after it: no `;` anywhere, so never a script of several commands. */
const ONE_SELECT = /^\s*(?:\/\*[^;]*?\*\/\s*)?(?:select|with)\b[^;]*$/i;

export function preparable(text: string, values: readonly unknown[] | undefined): boolean {
  if (values === undefined) return false;
  if (values.length === 0) return ONE_SELECT.test(text);
  return text.startsWith(FIXED_PLAN) || !VALUE_DEPENDENT.test(text);
}

/** The pool as Kysely's PostgresDialect sees it: connect() and end(). */
export interface PoolView {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/** Per connection: each statement text seen, with its name (null: runs unnamed), and how many are prepared. */
interface Names { byText: Map<string, string | null>; prepared: number }
const namesOf = new WeakMap<pg.PoolClient, Names>();
/** Texts remembered per connection, prepared or not (an unnamed text is not tested again while remembered). */
const MAX_TEXTS_REMEMBERED = 4 * MAX_PREPARED_PER_CONNECTION;

function nameFor(client: pg.PoolClient, text: string, values: readonly unknown[] | undefined): string | null {
  if (values === undefined) return null;
  let names = namesOf.get(client);
  if (!names) namesOf.set(client, (names = { byText: new Map(), prepared: 0 }));
  const known = names.byText.get(text);
  if (known !== undefined) return known;
  const name = names.prepared < MAX_PREPARED_PER_CONNECTION && preparable(text, values) ? `lims_${names.prepared++}` : null;
  if (name !== null || names.byText.size < MAX_TEXTS_REMEMBERED) names.byText.set(text, name);
  return name;
}

/**
 * PostgreSQL errors after which a statement's name is no use on its connection: its result type changed (a
 * column added by a migration of another instance, or by an administrator, under a `select *`), or the
 * connection does not hold it (pg records a name whose Bind failed). The call that meets one fails as it
 * would have unprepared or not; the text then runs unnamed on that connection.
 */
export const NAME_UNUSABLE: ReadonlySet<string> = new Set(['0A000', '26000']);

function forgetOnError(client: pg.PoolClient, text: string, err: unknown): never {
  if (NAME_UNUSABLE.has((err as { code?: string } | null)?.code ?? '')) namesOf.get(client)?.byText.set(text, null);
  throw err;
}

/**
 * Views of one pool: `prepared` names the preparable statements, `plain` sends every statement unnamed. Ending
 * a view does nothing (two Kysely instances share the pool); the owner ends the pool itself.
 */
export function poolViews(pool: pg.Pool): { prepared: PoolView; plain: PoolView } {
  const plain: PoolView = { connect: () => pool.connect(), end: async () => undefined };
  // One view per client, so that the driver sees the same connection object each time it gets that client.
  const views = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const viewOf = (client: pg.PoolClient): pg.PoolClient => {
    let view = views.get(client);
    if (view) return view;
    const query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
        const name = nameFor(client, config, values);
        if (name !== null) return client.query({ name, text: config, values }).catch((err: unknown) => forgetOnError(client, config, err));
      }
      return (client.query as (...a: unknown[]) => unknown).call(client, config, values, callback);
    };
    view = new Proxy(client, { get: (target, prop, receiver) => (prop === 'query' ? query : Reflect.get(target, prop, receiver)) });
    views.set(client, view);
    return view;
  };
  const prepared: PoolView = { connect: async () => viewOf(await pool.connect()), end: async () => undefined };
  return { prepared, plain };
}
