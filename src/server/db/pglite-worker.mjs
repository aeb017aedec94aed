// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) in its own thread. PGlite runs each
// query synchronously on the thread that owns it; here that is this worker, so the server's event loop
// stays free while a long query runs. Plain JavaScript on purpose: a worker inherits neither the Babel
// register hook of the server (scripts/run-ts.js) nor Jest's module system.
//
// Started by pglite-remote.ts with workerData:
//   { dataDir: string | null, loadDataDir: ArrayBuffer | null, extensions: string[], parsers: { number: number[], text: number[] } }
// It answers { type: 'ready' } or { type: 'failed', error } once, then one answer per request:
//   request  { id, op: 'query', sql, params } | { id, op: 'exec', sql } | { id, op: 'dump', compression } | { id, op: 'close' }
//   answer   { id, ok: true, result } | { id, ok: false, error }
// Requests are carried out one at a time, in the order they arrive.
import { parentPort, workerData } from 'node:worker_threads';
import { Blob } from 'node:buffer';

/**
 * An error as plain data (structured clone keeps only name, message and stack of an Error): every own
 * field, so that a PostgreSQL error keeps code, detail, constraint, table, ... (and PGlite's query, params).
 * With `primitivesOnly`, the fields that are not strings, numbers or booleans are left out.
 */
function serializeError(err, primitivesOnly = false) {
  if (err === null || typeof err !== 'object') return { message: String(err) };
  const out = { message: String(err.message ?? err), name: err.name, stack: err.stack };
  for (const key of Object.getOwnPropertyNames(err)) {
    const v = err[key];
    if (typeof v === 'function' || key === 'cause') continue;
    if (primitivesOnly && v !== undefined && v !== null && !['string', 'number', 'boolean'].includes(typeof v)) continue;
    out[key] = v;
  }
  return out;
}

/** Extensions by name, from PGlite's contrib directory (or its root, as `vector` is). */
async function loadExtensions(names) {
  const out = {};
  for (const name of names) {
    let mod;
    try {
      mod = await import(`@electric-sql/pglite/contrib/${name}`);
    } catch {
      mod = await import(`@electric-sql/pglite/${name}`);
    }
    if (!mod[name]) throw new Error(`The PGlite extension module for '${name}' has no export named '${name}'.`);
    out[name] = mod[name];
  }
  return out;
}

async function open() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { dataDir, loadDataDir, extensions, parsers: kinds } = workerData;
  const parsers = {};
  for (const oid of kinds.number) parsers[oid] = (v) => Number(v);
  for (const oid of kinds.text) parsers[oid] = (v) => v;
  const options = { parsers, extensions: await loadExtensions(extensions) };
  if (loadDataDir) options.loadDataDir = new Blob([loadDataDir]);
  const pg = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pg.waitReady;
  return pg;
}

async function handle(pg, msg) {
  switch (msg.op) {
    case 'query': {
      const r = await pg.query(msg.sql, msg.params);
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      const results = await pg.exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'dump': {
      const blob = await pg.dumpDataDir(msg.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown request to the PGlite worker: ${msg.op}`);
  }
}

let pg;
try {
  pg = await open();
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'failed', error: serializeError(err) });
  pg = null;
}

if (pg) {
  let chain = Promise.resolve();
  parentPort.on('message', (msg) => {
    chain = chain.then(async () => {
      try {
        const result = await handle(pg, msg);
        const transfer = result instanceof Uint8Array ? [result.buffer] : [];
        parentPort.postMessage({ id: msg.id, ok: true, result }, transfer);
      } catch (err) {
        try {
          parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
        } catch {
          parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err, true) });
        }
      }
      if (msg.op === 'close') parentPort.close();
    });
  });
}
