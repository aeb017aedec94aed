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
import { Blob, Buffer } from 'node:buffer';
import pgProtocol from 'pg-protocol';
import parserModule from 'pg-protocol/dist/parser.js';

const { serialize: wire } = pgProtocol;
const { Parser } = parserModule;

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
 * Every query of the pool runs through the extended protocol here (extendedQuery), written and read with
 * node-postgres's protocol module (pg-protocol), not through PGlite's query(): PGlite's parser copied every field of
 * every row into an ArrayBuffer of its own before decoding it, through down-levelled private fields, and under a
 * list's load the worker spent more of its time there than PostgreSQL spent running the statement (bench/history.md,
 * twenty-sixth entry). Values are serialized and converted as PGlite's query() does it, by the types PostgreSQL gives.
 *
 * Named prepared statements, as the PostgreSQL server mode keeps them per connection (db/prepared-statements.ts):
 * a text asked `prepared` is parsed and described once under a name, then each call binds its values and runs it,
 * and PostgreSQL plans it as it plans prepared statements (five plans for the values, then one generic plan when
 * that costs no more). Parsed, described and planned on every call, a Level 1 page cost about twice as much at 100k
 * samples (bench/history.md, sixteenth entry). At most `maxPrepared` texts are named, the first ones seen (the hot
 * lists and saves come first); the rest run as the unnamed statement, parsed and described each time. A text whose
 * name fails (its result type changed under it: a column added while the server runs) fails that once and then
 * runs unnamed.
 */
// The limit and the error codes are prepared-statements.ts's, passed in workerData (a worker cannot load TypeScript).
const NAME_UNUSABLE = new Set(workerData.nameUnusable);
const named = new Map(); // statement text -> { name, types, names, convert } (or null: runs unnamed)
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

/** The engine's answer to a statement's bind, execute and sync: its rows, each column converted for its type, and the count. */
function readAnswer(raw, statement) {
  const parser = new Parser();
  const rows = [];
  let affectedRows = 0;
  let error = null;
  const { names, convert } = statement;
  parser.parse(raw, (m) => {
    switch (m.name) {
      case 'dataRow': {
        const row = {};
        const f = m.fields;
        for (let i = 0; i < f.length; i++) row[names[i]] = f[i] === null ? null : convert[i](f[i]);
        rows.push(row);
        break;
      }
      case 'commandComplete': {
        const words = m.text.split(' ');
        const n = Number.parseInt(words.at(-1), 10);
        if (AFFECTS_ROWS.has(words[0]) && !Number.isNaN(n)) affectedRows += n;
        break;
      }
      case 'error':
        error ??= m;
        break;
      default:
    }
  });
  if (error) throw error;
  return { rows, affectedRows };
}

const AFFECTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** How each column of a statement's rows is converted, from its RowDescription (PGlite's parsers by type oid). */
function columnsOf(pg, fields) {
  const { parsers } = pgModule.types;
  const identity = (v) => v;
  return {
    names: fields.map((f) => f.name),
    convert: fields.map((f) => {
      const p = pg.parsers[f.dataTypeID] ?? parsers[f.dataTypeID];
      return p ? (v) => p(v, f.dataTypeID) : identity;
    }),
  };
}

async function extendedQuery(pg, sql, params, prepared) {
  pgModule ??= await import('@electric-sql/pglite');
  const run = (message) => pg.execProtocolStream(message, { syncToFs: false });
  let statement = prepared ? named.get(sql) : undefined;
  try {
    if (!statement) {
      const name = prepared ? `lims_${namesMade++}` : '';
      try {
        await run(wire.parse({ name, text: sql }));
        // The statement's description: its parameters' types (to serialize values) and its rows' columns (to read
        // them), once; a later change of its result type fails its execute (0A000) and it then runs unnamed.
        const described = await run(wire.describe({ type: 'S', name }));
        const types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
        const fields = described.find((m) => m.name === 'rowDescription')?.fields ?? [];
        statement = { name, types, ...columnsOf(pg, fields) };
      } finally {
        // A Sync ends the parse: after a failed one, the session skips every message until it sees one.
        if (!statement) await run(wire.sync());
      }
      if (prepared) named.set(sql, statement);
    }
    // As PGlite's query() does: each value through the serializer of the type PostgreSQL gave its parameter.
    const values = params.map((v, i) => (v === null || v === undefined ? null : (pg.serializers[statement.types[i]] ?? String)(v)));
    // Bind, execute and sync in one pass (a failure among them still meets the Sync, which ends it). Raw: PGlite hands
    // over the bytes and parses nothing (its execProtocolRaw parses them as well, and keeps what it parsed until the
    // next execProtocol call). Each chunk is a view of the engine's memory: copied as it comes.
    const chunks = [];
    await pg.execProtocolRawStream(concat([wire.bind({ statement: statement.name, values }), wire.execute({}), wire.sync()]), {
      syncToFs: false,
      onRawData: (data) => chunks.push(Buffer.from(data)),
    });
    const answer = readAnswer(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), statement);
    await pg.syncToFs();
    return answer;
  } catch (err) {
    if (prepared && statement && NAME_UNUSABLE.has(err?.code)) named.set(sql, null);
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
      const r = await extendedQuery(pg, sql, msg.params ?? [], runsPrepared(msg, sql));
      // The rows and the count only: the pool reads nothing else, and every field crosses back to the server's thread.
      return r;
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
