import type { RemotePglite } from './pglite-remote';
import { preparable } from './prepared-statements';

/**
 * A pool over PGlite's one session (in its worker thread: pglite-remote.ts), in the shape Kysely's PostgresDialect
 * expects (`connect() -> { query(sql, params), release() }`). PGlite runs one statement at a time, in the order the
 * worker receives them. The pool decides which statement is sent when; `connect()` itself never waits.
 *
 * - A transaction holds the session from its BEGIN until its connection is released: every other statement waits,
 *   so none runs inside it or sees its uncommitted rows. Statements sent before the BEGIN run before it (the worker
 *   keeps the order), as they would have on a server that started them first.
 * - Outside a transaction, up to PIPELINE_DEPTH statements of the pool's own lane (the application's calls: session
 *   checks, lists, saves) are with the worker at once: the next one waits in the worker's queue while one runs, so the
 *   engine does not sit idle while the answer crosses back to this thread and the next call's statement crosses over.
 *   Sent one at a time, the worker was idle for a third of a list load (bench/history.md, twenty-fifth entry).
 * - Two lower lanes wait for it, served after the calls when the session comes free: `pool.lanes.search` (a search's
 *   page and capped total: reads a user waits for, but longer than a call) and `pool.lanes.background` (long reads
 *   nobody waits for on screen: a search's exact count, the CSV export's batches). A statement of theirs is sent only
 *   when nothing else is with the worker, and nothing is sent after it until it ends: so a session check waits for
 *   at most the statements already with the worker (the running one and one queued call), never for a queue of
 *   searches or counts (bench: embedded.health_under_load and health_under_count_load). Shortest work first: under
 *   load, searches and counts wait for the calls, which are short; but a waiter of a lower lane that has waited
 *   MAX_LANE_WAIT_MS goes next, so a steady stream of calls cannot hold a count or an export forever. PostgreSQL
 *   needs none of this: it runs statements on several connections.
 *
 * The pool's own lane runs the statements db/prepared-statements.ts `preparable` accepts as named prepared statements
 * (pglite-worker.mjs), as the PostgreSQL server mode does: PGlite otherwise parses and plans every statement on each
 * call, in WebAssembly, which was about half of a Level 1 page's cost (bench/history.md, sixteenth entry). The
 * search and background lanes prepare nothing, as the server mode's `plain` handle (a search is planned for its values).
 */
/** A waiter of a lower lane that has waited this long goes next, whatever waits above it: no lane starves. */
export const MAX_LANE_WAIT_MS = 500;
/** Statements of the calls lane with the worker at once, outside a transaction (one running, the rest queued there). */
export const PIPELINE_DEPTH = 2;

type LaneName = 'calls' | 'search' | 'background';
/** A statement waiting to be sent: who asks (its connection), for which lane, since when; `opens`: it is a BEGIN. */
interface Waiter { lease: Lease; lane: LaneName; since: number; opens: boolean; wake: () => void }
interface Lease { release(): void; query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number; command: string }> }

/** A statement that opens a transaction (as Kysely's PostgresDriver sends it). */
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;

export function createPglitePool(pg: Pick<RemotePglite, 'query' | 'exec'>, maxLaneWaitMs = MAX_LANE_WAIT_MS) {
  const waiting: Record<LaneName, Waiter[]> = { calls: [], search: [], background: [] };
  /** Statements sent and not yet answered; `heavy`: one of them is of a lower lane. */
  let sent = 0;
  let heavy = false;
  /** The connection whose transaction holds the session, from its BEGIN to its release: its statements are sent at once, no other. */
  let holder: Lease | null = null;

  /** A lower lane's statement was sent: the calls waiting when it ends go before the next aged one. */
  let promoted = false;
  /** Calls still to send before another aged waiter of a lower lane may go ahead of them. */
  let callsAhead = 0;

  /**
   * The waiter to send next, by lane and age. An aged waiter of a lower lane goes ahead of the calls, but every call
   * waiting when a lower lane's statement ends goes before the next one: under a steady stream of counts every count waiting is aged,
   * and taking them first made a session check wait for eight counts one after another (4.7 s at 100k samples; bench
   * embedded.health_under_count_load).
   */
  const pick = (): Waiter | undefined => {
    if (promoted) {
      callsAhead = waiting.calls.length;
      promoted = false;
    }
    if (callsAhead === 0) {
      const now = Date.now();
      for (const lane of [waiting.background, waiting.search]) if (lane.length && now - lane[0].since >= maxLaneWaitMs) return lane[0];
    }
    return waiting.calls[0] ?? waiting.search[0] ?? waiting.background[0];
  };

  /**
   * Sends what may be sent now, in order: a lower lane's statement alone, calls up to PIPELINE_DEPTH, nothing while a
   * transaction holds the session. A BEGIN sent makes its connection the holder at once, before anything can be sent
   * after it: the worker runs statements in the order they were sent (each is sent when its waiter wakes, in order).
   */
  const pump = () => {
    while (!holder && !heavy) {
      const w = pick();
      if (!w) return;
      const lower = w.lane !== 'calls';
      if (lower ? sent > 0 : sent >= PIPELINE_DEPTH) return;
      const queue = waiting[w.lane];
      queue.splice(queue.indexOf(w), 1);
      sent++;
      heavy = lower;
      // After a lower lane's statement, the calls that came meanwhile go before the next aged one.
      if (lower) promoted = true;
      else if (callsAhead > 0) callsAhead--;
      if (w.opens) holder = w.lease;
      w.wake();
    }
  };

  const leaseOf = (lane: LaneName, prepares: boolean): Lease => {
    const lease: Lease = {
      async query(sql: string, params: unknown[]) {
        if (holder === lease) {
          sent++;
        } else {
          const opens = OPENS_TRANSACTION.test(sql);
          await new Promise<void>((wake) => {
            waiting[lane].push({ lease, lane, since: Date.now(), opens, wake });
            pump();
          });
        }
        try {
          const prepared = prepares && preparable(sql, params);
          // Without parameters, use the simple protocol: it accepts several statements (migrations), as pg does; a
          // single SELECT the pool prepares has none either and is named all the same.
          const res =
            params.length === 0 && !prepared
              ? ((await pg.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
              : await pg.query<Record<string, unknown>>(sql, params as unknown[], { prepared });
          const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
          return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length, command };
        } finally {
          sent--;
          if (sent === 0) heavy = false;
          pump();
        }
      },
      release() {
        if (holder === lease) {
          holder = null;
          pump();
        }
        free[lane].push(lease);
      },
    };
    return lease;
  };
  // Connections are handed out again once released (Kysely keeps one wrapper per object it is given).
  const free: Record<LaneName, Lease[]> = { calls: [], search: [], background: [] };
  const lane = (name: LaneName, prepares: boolean) => ({
    async connect() {
      return free[name].pop() ?? leaseOf(name, prepares);
    },
    async end() {
      /* PGlite is closed by its owner */
    },
  });

  return Object.assign(lane('calls', true), { lanes: { search: lane('search', false), background: lane('background', false) } });
}
