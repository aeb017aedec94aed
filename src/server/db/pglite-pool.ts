import type { RemotePglite } from './pglite-remote';
import { preparable } from './prepared-statements';

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
 * wait for the calls, which are short; but a waiter of a lower lane that has waited MAX_LANE_WAIT_MS goes next,
 * so a steady stream of calls cannot hold a count or an export forever. PostgreSQL needs none of this: it runs
 * statements on several connections.
 *
 * The pool's own lane runs the statements db/prepared-statements.ts `preparable` accepts as named prepared statements
 * (pglite-worker.mjs), as the PostgreSQL server mode does: PGlite otherwise parses and plans every statement on each
 * call, in WebAssembly, which was about half of a Level 1 page's cost (bench/history.md, sixteenth entry). The
 * search and background lanes prepare nothing, as the server mode's `plain` handle (a search is planned for its values).
 */
/** A waiter of a lower lane that has waited this long goes next, whatever waits above it: no lane starves. */
export const MAX_LANE_WAIT_MS = 500;

export function createPglitePool(pg: Pick<RemotePglite, 'query' | 'exec'>, maxLaneWaitMs = MAX_LANE_WAIT_MS) {
  let busy = false;
  interface Waiter { wake: () => void; since: number }
  const calls: Waiter[] = [];
  const search: Waiter[] = [];
  const background: Waiter[] = [];

  const next = (): Waiter | undefined => {
    const now = Date.now();
    for (const lane of [background, search]) if (lane.length && now - lane[0].since >= maxLaneWaitMs) return lane.shift();
    return calls.shift() ?? search.shift() ?? background.shift();
  };

  const release = () => {
    const waiter = next();
    if (waiter) waiter.wake();
    else busy = false;
  };

  const clientOf = (prepares: boolean) => ({
    async query(sql: string, params: unknown[]) {
      // Without parameters, use the simple protocol: it accepts several statements (migrations), as pg does.
      const res =
        params.length === 0
          ? ((await pg.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
          : await pg.query<Record<string, unknown>>(sql, params as unknown[], { prepared: prepares && preparable(sql, params) });
      const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length, command };
    },
    release,
  });
  const preparing = clientOf(true);
  const plain = clientOf(false);

  const lane = (queue: Waiter[], client: typeof plain) => ({
    async connect() {
      if (busy) await new Promise<void>((wake) => queue.push({ wake, since: Date.now() }));
      busy = true;
      return client;
    },
    async end() {
      /* PGlite is closed by its owner */
    },
  });

  return Object.assign(lane(calls, preparing), { lanes: { search: lane(search, plain), background: lane(background, plain) } });
}
