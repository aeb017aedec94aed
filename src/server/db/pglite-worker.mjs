// The embedded database (PGlite, PostgreSQL compiled to WebAssembly) in its own thread. PGlite runs each
// query synchronously on the thread that owns it; here that is this worker, so the server's event loop
// stays free while a long query runs. Plain JavaScript on purpose: a worker inherits neither the Babel
// register hook of the server (scripts/run-ts.js) nor Jest's module system.
//
// Started by pglite-remote.ts with workerData:
//   { dataDir: string | null, loadDataDir: ArrayBuffer | null, extensions: string[], parsers: { number: number[], text: number[] },
//     maxPrepared: number, nameUnusable: string[] }
// It answers { type: 'ready' } or { type: 'failed', error } once, then one answer per request:
//   request  { id, op: 'query', sql?, key?, params, prepared } | { id, op: 'exec', sql } | { id, op: 'dump', compression } | { id, op: 'close' }
//   answer   { id, ok: true, result } | { id, ok: false, error }
// A query with both `sql` and `key` gives the text its number; later ones of the same text send the number alone.
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

/**
 * Named prepared statements, as the PostgreSQL server mode keeps them per connection (db/prepared-statements.ts):
 * a text asked `prepared` is parsed and described once under a name, then each call binds its values and runs it,
 * and PostgreSQL plans it as it plans prepared statements (five plans for the values, then one generic plan when
 * that costs no more). PGlite's own query() parses, describes and plans every statement on every call: at 100k
 * samples that was about half of a Level 1 page's cost (bench/history.md, sixteenth entry). At most `maxPrepared`
 * texts are named, the first ones seen (the hot lists and saves come first); the rest run as before. A text whose
 * name fails (its result type changed under it: a column added while the server runs) fails that once and then
 * runs unnamed.
 */
// The limit and the error codes are prepared-statements.ts's, passed in workerData (a worker cannot load TypeScript).
const NAME_UNUSABLE = new Set(workerData.nameUnusable);
const named = new Map(); // statement text -> { name, types } (or null: runs unnamed)
let namesMade = 0;
let pgModule;

/** One buffer of several protocol messages: PGlite then reads them in one pass instead of one call each. */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function preparedQuery(pg, sql, params) {
  pgModule ??= await import('@electric-sql/pglite');
  const { protocol: { serialize }, parse: { parseResults, parseDescribeStatementResults } } = pgModule;
  const run = (message) => pg.execProtocolStream(message, { syncToFs: false });
  let statement = named.get(sql);
  try {
    if (!statement) {
      const name = `lims_${namesMade++}`;
      try {
        await run(serialize.parse({ name, text: sql }));
        statement = { name, types: parseDescribeStatementResults(await run(serialize.describe({ type: 'S', name }))) };
      } finally {
        // A Sync ends the parse: after a failed one, the session skips every message until it sees one.
        if (!statement) await run(serialize.sync());
      }
      named.set(sql, statement);
    }
    // As PGlite's query() does: each value through the serializer of the type PostgreSQL gave its parameter.
    const values = params.map((v, i) => (v === null || v === undefined ? null : (pg.serializers[statement.types[i]] ?? String)(v)));
    // Bind, describe, execute and sync in one pass (a failure among them still meets the Sync, which ends it).
    const messages = await run(concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]));
    await pg.syncToFs();
    return parseResults(messages, pg.parsers, {}, undefined)[0];
  } catch (err) {
    if (statement && NAME_UNUSABLE.has(err?.code)) named.set(sql, null);
    throw err;
  }
}

const runsPrepared = (msg, sql) => msg.prepared && (named.has(sql) ? named.get(sql) !== null : named.size < workerData.maxPrepared);

/** Statement texts by the number the server gave them (pglite-remote.ts). */
const texts = new Map();

async function handle(pg, msg) {
  switch (msg.op) {
    case 'query': {
      if (msg.sql !== undefined && msg.key !== undefined) texts.set(msg.key, msg.sql);
      const sql = msg.sql ?? texts.get(msg.key);
      if (sql === undefined) throw new Error(`The PGlite worker holds no statement numbered ${msg.key}.`);
      const r = runsPrepared(msg, sql) ? await preparedQuery(pg, sql, msg.params) : await pg.query(sql, msg.params);
      // The rows and the count only: the pool reads nothing else, and every field crosses back to the server's thread.
      return { rows: r.rows, affectedRows: r.affectedRows };
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
