import type { RemotePglite } from './pglite-remote';

/**
 * A pool of one connection over PGlite (in its worker thread: pglite-remote.ts), in the shape Kysely's PostgresDialect expects
 * (`connect() -> { query(sql, params), release() }`). PGlite runs one query at a time on one
 * session, so the pool hands the connection out exclusively: a transaction holds it from
 * BEGIN to COMMIT and every other caller waits (it never sees uncommitted rows).
 *
 * Three lanes wait for it, served in this order when the connection comes free (each lane in order of arrival):
 * the pool itself (every call of the application: session checks, lists, saves), `pool.lanes.search` (a
 * search's page and capped total: reads a user waits for, but longer than a call) and `pool.lanes.background`
 * (long reads nobody waits for on screen: a search's exact count, the CSV export's batches). So a session check
 * waits for at most the one statement that is running, never for a queue of searches or counts (bench:
 * embedded.health_under_load and health_under_count_load). Shortest work first: under load, searches and counts
 * wait for the calls, which are short. PostgreSQL needs none of this: it runs statements on several connections.
 */
export function createPglitePool(pg: Pick<RemotePglite, 'query' | 'exec'>) {
  let busy = false;
  const waiting = { calls: [] as Array<() => void>, search: [] as Array<() => void>, background: [] as Array<() => void> };

  const release = () => {
    const next = waiting.calls.shift() ?? waiting.search.shift() ?? waiting.background.shift();
    if (next) next();
    else busy = false;
  };

  const client = {
    async query(sql: string, params: unknown[]) {
      // Without parameters, use the simple protocol: it accepts several statements (migrations), as pg does.
      const res =
        params.length === 0
          ? ((await pg.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
          : await pg.query<Record<string, unknown>>(sql, params as unknown[]);
      const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length, command };
    },
    release,
  };

  const lane = (queue: Array<() => void>) => ({
    async connect() {
      if (busy) await new Promise<void>((resolve) => queue.push(resolve));
      busy = true;
      return client;
    },
    async end() {
      /* PGlite is closed by its owner */
    },
  });

  return Object.assign(lane(waiting.calls), { lanes: { search: lane(waiting.search), background: lane(waiting.background) } });
}
