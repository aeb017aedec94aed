import type { RemotePglite } from './pglite-remote';

/**
 * A pool of one connection over PGlite (in its worker thread: pglite-remote.ts), in the shape Kysely's PostgresDialect expects
 * (`connect() -> { query(sql, params), release() }`). PGlite runs one query at a time on one
 * session, so the pool hands the connection out exclusively: a transaction holds it from
 * BEGIN to COMMIT and every other caller waits in a FIFO queue (it never sees uncommitted rows).
 */
export function createPglitePool(pg: Pick<RemotePglite, 'query' | 'exec'>) {
  let busy = false;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
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

  return {
    async connect() {
      if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
      busy = true;
      return client;
    },
    async end() {
      /* PGlite is closed by its owner */
    },
  };
}
