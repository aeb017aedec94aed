import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MAX_PREPARED_PER_CONNECTION, NAME_UNUSABLE } from './prepared-statements';

/** One result of a statement, as PGlite gives it (the rows already parsed by the type parsers; `fields` from exec only). */
export interface RemoteResults<T = Record<string, unknown>> {
  rows: T[];
  fields?: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/**
 * The embedded database running in a worker thread (pglite-worker.mjs), with the part of PGlite's
 * interface this application uses. PGlite executes queries synchronously on the thread that owns it:
 * in the worker, the server's event loop keeps answering while a long query runs.
 */
export interface RemotePglite {
  /**
   * Extended protocol. `prepared`: as a named prepared statement, parsed and described once and planned as PostgreSQL
   * decides for prepared statements (pglite-worker.mjs); for texts db/prepared-statements.ts `preparable` accepts.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: { prepared?: boolean }): Promise<RemoteResults<T>>;
  /** Simple protocol: several statements, no parameters; one result per statement. */
  exec(sql: string): Promise<RemoteResults[]>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

export interface RemotePgliteOptions {
  /** A data directory, or none for an in-memory database. */
  dataDir?: string;
  /** In memory: start from this dump (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
  /** Extension names: the worker loads each from @electric-sql/pglite/contrib/<name>. */
  extensions: string[];
  /** Type OIDs whose text is returned as a number, and as the text itself. */
  parsers: { number: number[]; text: number[] };
}

/** A PostgreSQL error from the worker, with its fields (code, detail, constraint, ...) as PGlite gave them. */
export class PgliteWorkerError extends Error {
  [field: string]: unknown;
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? 'The embedded database failed.'));
    for (const [k, v] of Object.entries(fields)) {
      if (k !== 'message' && k !== 'stack') this[k] = v;
    }
    // The worker's stack says where PGlite failed; this one (kept) says which call of ours it was.
    if (typeof fields.stack === 'string') this.workerStack = fields.stack;
  }
}

// Babel compiles this file to CommonJS for the server and for Jest: __dirname is this directory.
const WORKER_FILE = path.join(__dirname, 'pglite-worker.mjs');

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/**
 * Statement texts sent to the worker under a number: the worker keeps each text it has been sent with its number, and
 * later calls of the same text send the number alone (the hot statements are long; the values are what changes).
 */
const MAX_KEYED_TEXTS = 4_000;

export async function startRemotePglite(options: RemotePgliteOptions): Promise<RemotePglite> {
  const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : null;
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      dataDir: options.dataDir ?? null, loadDataDir: dump, extensions: options.extensions, parsers: options.parsers, maxPrepared: MAX_PREPARED_PER_CONNECTION,
      nameUnusable: [...NAME_UNUSABLE],
    },
    transferList: dump ? [dump] : [],
    // Jest's flags (--experimental-vm-modules) and Babel's hook mean nothing to the worker.
    execArgv: [],
  });

  const pending = new Map<number, Pending>();
  let nextId = 1;
  /** Why no request can be answered any more (closed, or the worker died). */
  let gone: Error | null = null;

  // An idle database must not keep the process alive (as PGlite on the main thread did not).
  worker.unref();
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  const failAll = (err: Error) => {
    gone ??= err;
    for (const id of [...pending.keys()]) settle(id)!.reject(err);
  };

  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: { type?: string; error?: Record<string, unknown> }) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (msg.type === 'ready') resolve();
      else reject(new PgliteWorkerError(msg.error ?? { message: 'The embedded database could not start.' }));
    };
    const onError = (err: Error) => {
      worker.off('message', onMessage);
      reject(err);
    };
    const onExit = (code: number) => {
      worker.off('message', onMessage);
      reject(new Error(`The embedded database worker exited (code ${code}) before it was ready.`));
    };
    worker.ref();
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  }).finally(() => worker.unref());

  worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
    const p = settle(msg.id);
    if (!p) return;
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new PgliteWorkerError(msg.error ?? {}));
  });
  worker.on('error', (err) => failAll(new Error(`The embedded database stopped: ${err.message}`, { cause: err })));
  worker.on('exit', (code) => failAll(new Error(`The embedded database is closed (worker exit code ${code}).`)));

  const call = <T>(msg: Record<string, unknown>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        worker.postMessage({ ...msg, id });
      } catch (err) {
        settle(id); // a parameter that cannot be sent to the worker (DataCloneError)
        reject(err);
      }
    });
  };

  /** Each text's number, and whether the worker holds it (it has answered a call that carried the text). */
  const keys = new Map<string, { key: number; held: boolean }>();
  const query = <T>(sql: string, params: unknown[] = [], opts: { prepared?: boolean } = {}) => {
    const prepared = opts.prepared === true;
    let entry = keys.get(sql);
    if (entry?.held) return call<RemoteResults<T>>({ op: 'query', key: entry.key, params, prepared });
    if (!entry && keys.size < MAX_KEYED_TEXTS) keys.set(sql, (entry = { key: keys.size + 1, held: false }));
    const answer = call<RemoteResults<T>>({ op: 'query', sql, key: entry?.key, params, prepared });
    if (entry) {
      const e = entry;
      // Any answer of the worker, an error of the database too, means it received the text; a value that could not
      // be sent (DataCloneError) means it did not.
      answer.then(() => (e.held = true), (err: unknown) => err instanceof PgliteWorkerError && (e.held = true));
    }
    return answer;
  };

  let closing: Promise<void> | null = null;
  return {
    query,
    exec: (sql: string) => call<RemoteResults[]>({ op: 'exec', sql }),
    async dumpDataDir(compression = 'auto') {
      const bytes = await call<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
      return new Blob([bytes]);
    },
    close() {
      closing ??= (async () => {
        if (gone) return;
        try {
          await call<null>({ op: 'close' });
        } finally {
          gone ??= new Error('The embedded database is closed.');
          // PGlite has closed (its files are written): end the thread now rather than wait for it to wind down.
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
