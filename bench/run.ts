/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { loadConfig, type Config } from '../src/server/config';
import { prepareDatabase } from '../src/server/db/open';
import { bulkLoad, progressBar } from '../src/server/cli/seed-bulk';
import { BENCH_ADMIN_PASSWORD, checkCall, signInAdmin, startServer, type Session } from './server';
import { load, type LoadFigures } from './load';
import { explain, searchFilterSets, timeSearchSql } from './search-sql';
import { clientBuilt, clientSizes } from './client-size';
import { Report, type Meta } from './report';
import { SEARCH_TOTAL_CAP } from '../src/shared/contract/search-endpoints';
import { explainModuleSearch, searchModels, searchModule, timeEndpointSearch, timeExport, timeModuleSearch, type FilterRows } from './search-endpoint';

/**
 * `npm run bench [-- --quick] [--samples N] [--database-url postgres://user@host:5432/postgres] [--keep] [--note TEXT]`
 *
 * Generates a database (a temp dir for the embedded engine, or a new database `lims_bench_<pid>` on the
 * PostgreSQL server of --database-url), loads it with `seed:bulk`'s generator, times the search SQL directly
 * on it (and writes its plans to bench/plans.md), then starts the real server on it and loads it over HTTP
 * with autocannon. Writes bench/results.json and bench/results.md. A program, not a test: it reports,
 * it never fails the test suite. See README "Benchmarks".
 */
const BENCH_DIR = __dirname;
const ROOT = path.resolve(__dirname, '..');

interface Args {
  quick: boolean;
  samples: number;
  databaseUrl: string | null;
  keep: boolean;
  note: string;
  /** Runs of each load figure (rounds); the figures are their medians. */
  runs: number;
}

function parseArgs(argv: string[]): Args {
  const get = (n: string) => {
    const i = argv.indexOf(n);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const samples = Number((get('--samples') ?? (quick ? '10000' : '100000')).replace(/_/g, ''));
  if (!Number.isInteger(samples) || samples < 100) throw new Error('--samples must be a whole number of at least 100.');
  const runs = Number(get('--runs') ?? (quick ? '1' : '3'));
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs must be a whole number from 1 to 9.');
  return { quick, samples, databaseUrl: get('--database-url') ?? null, keep: argv.includes('--keep'), note: get('--note') ?? '', runs };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

function machine(): string {
  const cpus = os.cpus();
  return `${os.hostname()}: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}`;
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const started = Date.now();
  const seconds = args.quick ? 5 : 10;
  const report = new Report();
  const mode = args.databaseUrl ? 'PostgreSQL server' : 'embedded (PGlite)';
  const loadAverageAtStart = os.loadavg();
  console.log(`Bench: ${mode}, ${args.samples.toLocaleString('en')} samples${args.quick ? ' (quick)' : ''}`);

  // ---- 1. the database --------------------------------------------------------------------------
  let dataDir: string | undefined;
  let dbUrl: string | undefined;
  const dbName = `lims_bench_${process.pid}`;
  if (args.databaseUrl) {
    await adminQuery(args.databaseUrl, `create database ${dbName}`);
    dbUrl = withDatabase(args.databaseUrl, dbName);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
  }
  const cleanup = async () => {
    if (args.keep) {
      console.log(`Kept the bench database: ${dbUrl ?? dataDir}`);
      return;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (args.databaseUrl) await adminQuery(args.databaseUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  };

  let rows: Record<string, number> = {};
  let search: SearchBench | null = null;
  try {
    const config: Config = { ...loadConfig(process.env), dataDir: dataDir ?? '', databaseUrl: dbUrl ?? null, seedDemo: true, adminInitialPassword: BENCH_ADMIN_PASSWORD };
    console.log('1. Generating the database (npm run seed:bulk) ...');
    const { handle } = await prepareDatabase(config);
    try {
      const t0 = Date.now();
      const counts = await bulkLoad(handle.db, { samples: args.samples, tenant: config.tenant, onProgress: progressBar() });
      rows = { isolates: counts.isolates, activities: counts.transactions, values: counts.values, identifications: counts.identifications };
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      report.add({ name: 'seed.bulk.rows_per_s', value: Math.round((total * 1000) / (Date.now() - t0)), unit: 'rows/s', note: `${total.toLocaleString('en')} rows in ${Math.round((Date.now() - t0) / 1000)} s` });

      // ---- 2. the search SQL, directly on the database ------------------------------------------
      console.log('2. Search SQL directly on the database (DESIGN.md section 8 shape) ...');
      const sets = await searchFilterSets(handle.db);
      const mod = searchModule();
      // The handle the server's searches run on (DbHandle.search): on PostgreSQL it prepares no statement, so each
      // search is planned for its values (a generic plan of the reference shape took 461 ms p95 against 112 ms).
      const searchDb = handle.search;
      for (const k of ['1', '3', '5'] as const) {
        const r = await timeSearchSql(searchDb, sets[k], args.quick ? 15 : 40);
        // The search budget (set for PostgreSQL) belongs to the endpoint; this shape carries it only in a build without one.
        const budget = k === '3' && args.databaseUrl && !mod ? 50 : undefined;
        report.add({ name: `search.sql_direct.${k}_filters.p50_ms`, value: r.p50, unit: 'ms' });
        report.add({ name: `search.sql_direct.${k}_filters.p95_ms`, value: r.p95, unit: 'ms', budget, note: `${r.matches.toLocaleString('en')} matches; page of 10 + exact total (the reference shape)` });
      }
      let endpointPlans: string[] = [];
      if (mod) {
        console.log("   the search endpoint's own query functions, directly on the database ...");
        search = { models: await searchModels(handle.db), directP95: {} };
        for (const k of ['1', '3', '5'] as const) {
          const r = await timeModuleSearch(mod, searchDb, search.models[k], args.quick ? 15 : 40);
          search.directP95[k] = r.p95;
          report.add({ name: `search.endpoint_sql_direct.${k}_filters.p50_ms`, value: r.p50, unit: 'ms' });
          report.add({ name: `search.endpoint_sql_direct.${k}_filters.p95_ms`, value: r.p95, unit: 'ms', note: `${r.matches.toLocaleString('en')} matches; server/modules/search's searchPage in-process` });
        }
        endpointPlans = await explainModuleSearch(mod, searchDb, search.models['3']);
      }
      writePlans(await explain(searchDb, sets['3']), sets['3'].map((f) => f.label), endpointPlans, search?.models['3'] ?? null, { mode, samples: args.samples, quick: args.quick });
    } finally {
      await handle.close();
    }

    // ---- 3. the server over HTTP ---------------------------------------------------------------
    // First the list calls on a server that reads every page (KEEP_LIST_PAGES=off, lib/kept-answers.ts): what a
    // page costs when it is not kept (the first call after a change, another user's page). One server at a
    // time: the embedded database takes one process.
    console.log('3. Starting the server with KEEP_LIST_PAGES=off (every list page read) ...');
    let unkept: LoadRuns;
    const reading = await startServer({ dataDir, databaseUrl: dbUrl, more: { KEEP_LIST_PAGES: 'off' } });
    try {
      unkept = await loadRuns(reading.url, await signInAdmin(reading.url), seconds, args.runs, LIST_CALLS.filter((x) => !x.name.endsWith('_new_text')));
    } finally {
      await reading.stop();
    }
    console.log('   Starting the server as it is deployed (list pages kept) ...');
    const server = await startServer({ dataDir, databaseUrl: dbUrl, more: { KEEP_LIST_PAGES: 'on' } });
    try {
      const session = await signInAdmin(server.url);
      await httpFigures(report, server, session, seconds, !args.databaseUrl, search, args.quick, args.runs, unkept);
      console.log('4. Client bundle sizes ...');
      await clientFigures(report, server.url);
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }

  const meta: Meta = {
    date: new Date().toISOString(),
    mode,
    quick: args.quick,
    runs: args.runs,
    samples: args.samples,
    rows,
    machine: machine(),
    shared: args.note || 'Other work may have been running on the machine at the same time.',
    node: process.version,
    loadAverageAtStart,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const out = report.write(BENCH_DIR, meta);
  console.log(`\nWrote ${path.relative(ROOT, out.md)} and ${path.relative(ROOT, out.json)} (${meta.durationSeconds} s).`);
  return 0;
}

interface SearchBench {
  models: Record<'1' | '3' | '5', FilterRows>;
  directP95: Partial<Record<'1' | '3' | '5', number>>;
}

interface Call { name: string; path: string; body: unknown | (() => unknown) }
let callNo = 0;
/** The list calls (each list's first page, as its screen opens it); their figures are named after the endpoint. */
const LIST_CALLS: Call[] = [
  { name: 'list.getdepartment', path: '/api/master/getdepartment', body: { pageno: 1, userID: 1 } },
  { name: 'list.getsamphome', path: '/api/transaction/getsamphome', body: { pageno: 1, userID: 1 } },
  { name: 'list.getSearchForsampleinward', path: '/api/transaction/getSearchForsampleinward', body: { pageno: 1, searchText: 'Pune', userID: 1 } },
  // A different text each call (part of a sample code, as a user types it): neither its page nor its total is a kept one.
  // Its 9-10 matches end on the page, so the total is the page's (lib/paging.ts): one trigram statement a call.
  { name: 'list.getSearchForsampleinward_new_text', path: '/api/transaction/getSearchForsampleinward', body: () => ({ pageno: 1, searchText: `SC0${String(callNo++ % 10000).padStart(4, '0')}`, userID: 1 }) },
  { name: 'list.getactitransctionhome', path: '/api/transaction/getactitransctionhome', body: { pageno: 1, userID: 1 } },
  { name: 'list.getLevel2ActivityHome', path: '/api/transaction/getLevel2ActivityHome', body: { pageno: 1, userID: 1 } },
];

interface LoadRuns { bare: LoadFigures[]; measured: Map<string, LoadFigures[]>; failed: Map<string, string> }

/**
 * Runs in rounds (the bare route, then every call once per round): a machine that drifts during the bench
 * moves every call alike. The figures are the medians of the runs (this machine moves by up to 40% between
 * two runs; bench/history.md).
 */
async function loadRuns(url: string, session: Session, seconds: number, runs: number, calls: Call[], after: Call[] = []): Promise<LoadRuns> {
  const c = 50;
  const out: LoadRuns = { bare: [], measured: new Map(), failed: new Map() };
  const once = async (call: Call, round: number) => {
    if (out.failed.has(call.name)) return;
    await settle(url);
    console.log(`   ${call.name}, ${c} connections, ${seconds} s${runs > 1 ? ` (run ${round + 1} of ${runs})` : ''} ...`);
    try {
      await checkCall(url, call.path, typeof call.body === 'function' ? (call.body as () => unknown)() : call.body, session);
      const f = await load({ url, path: call.path, headers: session.headers, body: call.body, connections: c, seconds });
      out.measured.set(call.name, [...(out.measured.get(call.name) ?? []), f]);
    } catch (err) {
      out.failed.set(call.name, (err as Error).message);
    }
  };
  if (calls.length) {
    // A fresh server's first seconds (compiling its hot paths) are not what the bare route measures.
    await load({ url, path: '/api/health', method: 'GET', connections: c, seconds: 2 });
    for (let round = 0; round < runs; round++) {
      await settle(url);
      console.log(`   bare route GET /api/health, ${c} connections, ${seconds} s${runs > 1 ? ` (run ${round + 1} of ${runs})` : ''} ...`);
      out.bare.push(await load({ url, path: '/api/health', method: 'GET', connections: c, seconds }));
      for (const call of calls) await once(call, round);
    }
  }
  // Calls that change data (the saves) run after every list run, in rounds of their own.
  for (let round = 0; round < runs; round++) for (const call of after) await once(call, round);
  return out;
}

async function httpFigures(
  report: Report, server: { url: string; pid: number }, session: Session, seconds: number, embedded: boolean, search: SearchBench | null, quick: boolean,
  runs: number, unkept: LoadRuns,
): Promise<void> {
  const url = server.url;
  const h = session.headers;
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  let n = 0;
  const saves: Call[] = [
    { name: 'save.savedepartment', path: '/api/master/savedepartment', body: () => ({ departmentCode: `B${run}${(n++).toString(36).toUpperCase()}`, departmentName: 'Bench Department', userID: 1 }) },
  ];
  const kept = await loadRuns(url, session, seconds, runs, LIST_CALLS);
  const bareMedian = medianOf(kept.bare);
  addLoad(report, 'http.health', bareMedian, null, false, kept.bare);
  // Each call's ratio is to the bare route of the server it ran on (the *_unkept figures ran on another one).
  const figures = (r: LoadRuns, call: Call, name: string, why = '') => {
    const fs = r.measured.get(call.name);
    const bare = r.bare.length ? medianOf(r.bare) : bareMedian;
    if (fs?.length) addLoad(report, name, medianOf(fs), bare, !embedded, fs, why);
    const failed = r.failed.get(call.name);
    if (failed) report.say(`${name}: not measured${fs?.length ? ' in every run' : ''} (${failed})`);
  };
  for (const call of LIST_CALLS) {
    figures(kept, call, call.name, call.name.endsWith('_new_text') ? '' : 'the page kept (lib/kept-answers.ts)');
    if (unkept.measured.has(call.name) || unkept.failed.has(call.name)) {
      figures(unkept, call, `${call.name}_unkept`, 'KEEP_LIST_PAGES=off: every page read from the database, as the first call after a change');
    }
  }

  if (search) {
    await searchFigures(report, server, session, search, embedded, quick);
  } else {
    report.say('Microbe search endpoint: not available in this build (no src/server/modules/search/search-query.ts); its p50/p95, its ratio to the direct SQL and the CSV export are not measured. The direct SQL figures are the database limit it will be held to.');
  }

  // The saves after the lists and the one-at-a-time searches: the lists never read the departments they add, and
  // the database's clean-up after tens of thousands of inserts (autovacuum) does not land on a timed search.
  const saved = await loadRuns(url, session, seconds, runs, [], saves);
  for (const call of saves) figures(saved, call, call.name);

  // A cheap call while heavy calls run: does the database block the server? With the search: while searchData
  // runs as the screens send it (the budget), then while the exact counts the screens ask for next run.
  const heavyLoads = search
    ? [
      { name: 'search.searchData (3 filters, as the screens send it)', figure: 'health_under_load', budget: true, path: '/api/transaction/searchData', body: { inputList: search.models['3'], pageno: 1, pageSize: 10, countUpTo: SEARCH_TOTAL_CAP } as unknown },
      { name: 'search.countSearchData (3 filters, the exact count)', figure: 'health_under_count_load', budget: false, path: '/api/transaction/countSearchData', body: { inputList: search.models['3'] } as unknown },
    ]
    : [{ ...LIST_CALLS[2], figure: 'health_under_load', budget: true }];
  for (const heavy of heavyLoads) {
    await settle(url);
    console.log(`   GET /api/health (1 connection) while ${heavy.name} runs on 8 connections, ${seconds} s ...`);
    const [heavyRun, health] = await Promise.all([
      load({ url, path: heavy.path, headers: h, body: heavy.body, connections: 8, seconds }),
      load({ url, path: '/api/health', method: 'GET', connections: 1, seconds }),
    ]);
    report.add({
      name: `${embedded ? 'embedded' : 'postgres'}.${heavy.figure}.p99_ms`, value: health.requests ? health.p99 : seconds * 1000, unit: 'ms', budget: embedded && heavy.budget ? 50 : undefined,
      note: health.requests
        ? `${health.requests} calls, p50 ${health.p50} ms, max ${health.max} ms, while ${heavy.name} runs on 8 connections (${heavyRun.requests} calls, p50 ${heavyRun.p50} ms${heavyRun.non2xx + heavyRun.errors ? `, ${heavyRun.non2xx + heavyRun.errors} failed` : ''})`
        : `no health call answered during the whole ${seconds} s run (at least this long) while ${heavy.name} runs on 8 connections`,
    });
  }
}

async function searchFigures(report: Report, server: { url: string; pid: number }, session: Session, search: SearchBench, embedded: boolean, quick: boolean): Promise<void> {
  for (const k of ['1', '3', '5'] as const) {
    await settle(server.url);
    console.log(`   searchData with ${k} filter(s), one at a time ...`);
    try {
      const r = await timeEndpointSearch(server.url, session.headers, search.models[k], quick ? 15 : 40);
      report.add({ name: `search.endpoint.${k}_filters.p50_ms`, value: r.p50, unit: 'ms' });
      report.add({ name: `search.endpoint.${k}_filters.p95_ms`, value: r.p95, unit: 'ms', budget: k === '3' && !embedded ? 50 : undefined, note: `${r.matches.toLocaleString('en')} matches` });
      const direct = search.directP95[k];
      if (direct) report.add({ name: `search.endpoint.${k}_filters.p95_ratio_to_direct_sql`, value: Math.round((r.p95 / direct) * 100) / 100, unit: 'x', budget: k === '3' ? 1.3 : undefined, note: 'endpoint p95 / the same SQL run directly (p95)' });
    } catch (err) {
      report.say(`search.endpoint.${k}_filters: not measured (${(err as Error).message})`);
    }
    // The exact count the screens ask for after a capped total (no budget: it runs after the page has shown).
    await settle(server.url);
    console.log(`   countSearchData with ${k} filter(s), one at a time ...`);
    try {
      const c = await timeEndpointSearch(server.url, session.headers, search.models[k], quick ? 10 : 20, 'countSearchData');
      report.add({ name: `search.count.${k}_filters.p50_ms`, value: c.p50, unit: 'ms' });
      report.add({ name: `search.count.${k}_filters.p95_ms`, value: c.p95, unit: 'ms', note: `${c.matches.toLocaleString('en')} matches, exact (countSearchData)` });
    } catch (err) {
      report.say(`search.count.${k}_filters: not measured (${(err as Error).message})`);
    }
  }
  await settle(server.url);
  console.log('   exportSearchData (CSV of all matches, 1 filter) ...');
  try {
    const e = await timeExport(server.url, session.headers, search.models['1'], server.pid);
    report.add({ name: 'search.export_csv.rows_per_s', value: e.rowsPerSecond, unit: 'rows/s', note: `${e.rows.toLocaleString('en')} rows, ${Math.round(e.bytes / 1024)} KB in ${e.seconds.toFixed(1)} s` });
    report.add({ name: 'search.export_csv.peak_rss_growth_mb', value: Math.round(e.peakGrowthMb * 10) / 10, unit: 'MB', note: `server RSS ${Math.round(e.rssBeforeMb)} MB before the export (sampled every 25 ms)` });
  } catch (err) {
    report.say(`search.export_csv: not measured (${(err as Error).message})`);
  }
}

/**
 * Waits until the server answers the bare route quickly again: requests still queued from the previous run
 * (autocannon stops sending, the server keeps working) would otherwise land on the next figure.
 */
async function settle(url: string, maxSeconds = 300): Promise<void> {
  const until = Date.now() + maxSeconds * 1000;
  let fast = 0;
  while (fast < 3 && Date.now() < until) {
    const t0 = Date.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    fast = Date.now() - t0 < 100 ? fast + 1 : 0;
    if (!fast) await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The median of each figure over several runs (counts are summed, max is the largest). A run that got no answer
 * has no latencies (autocannon reports 0): it is left out of the medians, and with no answered run at all the
 * figure says so (addLoad).
 */
function medianOf(all: LoadFigures[]): LoadFigures {
  const fs = all.filter((f) => f.requests > 0);
  const med = (k: 'rps' | 'p50' | 'p90' | 'p99', round: (x: number) => number) => {
    const v = fs.map((f) => f[k]).sort((a, b) => a - b);
    if (v.length === 0) return 0;
    return v.length % 2 ? v[(v.length - 1) / 2] : round((v[v.length / 2 - 1] + v[v.length / 2]) / 2);
  };
  const ms = (x: number) => Math.round(x * 100) / 100;
  const sum = (k: 'requests' | 'non2xx' | 'errors') => all.reduce((a, f) => a + f[k], 0);
  return {
    rps: med('rps', Math.round), p50: med('p50', ms), p90: med('p90', ms), p99: med('p99', ms), max: Math.max(...all.map((f) => f.max)),
    requests: fs.length ? sum('requests') : 0, non2xx: sum('non2xx'), errors: sum('errors'),
  };
}

function addLoad(report: Report, name: string, f: LoadFigures, bare: LoadFigures | null, withBudget: boolean, runs: LoadFigures[], what = ''): void {
  if (f.requests === 0) {
    report.add({ name: `${name}.p99_ms`, value: null, unit: 'ms', note: `no answer within the ${f.errors ? 'run (errors/timeouts)' : 'run'}: the server did not finish one call` });
    return;
  }
  const failed = f.non2xx + f.errors;
  const inRuns = runs.length > 1 ? ` in ${runs.length} runs (median; each: ${runs.map((r) => r.rps.toLocaleString('en')).join(', ')} req/s)` : '';
  const note = (failed ? `${failed} of ${f.requests} answers not 2xx${inRuns}` : `${f.requests.toLocaleString('en')} requests${inRuns}`) + (what ? `; ${what}` : '');
  report.add({ name: `${name}.rps`, value: f.rps, unit: 'req/s', note });
  report.add({ name: `${name}.p50_ms`, value: f.p50, unit: 'ms' });
  const p99s = runs.length > 1 ? `each run: ${runs.map((r) => r.p99).join(', ')} ms` : undefined;
  const notes = [bare && !withBudget ? 'the 25 ms budget is set for PostgreSQL' : undefined, p99s].filter(Boolean).join('; ') || undefined;
  report.add({ name: `${name}.p99_ms`, value: f.p99, unit: 'ms', budget: bare && withBudget ? 25 : undefined, note: notes });
  if (bare) {
    report.add({ name: `${name}.rps_ratio_health_to_call`, value: Math.round((bare.rps / Math.max(f.rps, 1)) * 100) / 100, unit: 'x', note: 'requests/s of the bare route / of this call (the HTTP limit)' });
  }
}

async function clientFigures(report: Report, url: string): Promise<void> {
  if (!clientBuilt()) {
    console.log('   building the client (node scripts/build-client.js) ...');
    spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-client.js')], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!clientBuilt()) {
    report.say('Client sizes: not measured (the client build failed).');
    return;
  }
  const s = await clientSizes(url);
  report.add({
    name: 'client.login_route.gz_kb', value: Math.round(s.loginGzBytes / 102.4) / 10, unit: 'KB', budget: 150,
    note: `${s.loginScripts.length} scripts (${s.measuredWith === 'chromium' ? 'loaded by Chromium for #/login' : 'entry scripts + login chunk'}): ${s.loginScripts.join(', ')}`,
  });
  const biggest = s.chunks[0];
  report.add({ name: 'client.largest_chunk.gz_kb', value: biggest ? Math.round(biggest.gzBytes / 102.4) / 10 : null, unit: 'KB', budget: 300, note: biggest?.file });
  for (const c of s.chunks) report.add({ name: `client.chunk.${c.file.replace(/\.[0-9a-f]{8,}\.js$/, '')}.gz_kb`, value: Math.round(c.gzBytes / 102.4) / 10, unit: 'KB', budget: 300 });
}

function writePlans(
  plans: { page: string; count: string }, filters: string[], endpointPlans: string[], endpointModel: FilterRows | null,
  meta: { mode: string; samples: number; quick: boolean },
): void {
  const text = [
    '# Query plans of the microbe search SQL (3 filters)',
    '',
    `Captured by \`npm run bench${meta.quick ? ' -- --quick' : ''}\` on ${new Date().toISOString()}: ${meta.mode}, ${meta.samples.toLocaleString('en')} samples.`,
    `The SQL is bench/search-sql.ts: the shape of DESIGN.md section 8 (one EXISTS per filter over the typed values). Filters: ${filters.join('; ')}.`,
    '',
    ...(endpointPlans.length
      ? [
          "## The search endpoint's own statements (server/modules/search, searchData)",
          '',
          `Search model: \`${JSON.stringify(endpointModel)}\``,
          '',
          ...endpointPlans.flatMap((p) => ['```', p, '```', '']),
          '## The DESIGN.md section 8 shape (bench/search-sql.ts), for comparison',
          '',
        ]
      : []),
    '## The page (10 rows)',
    '',
    '```',
    plans.page,
    '```',
    '',
    '## The total',
    '',
    '```',
    plans.count,
    '```',
    '',
  ].join('\n');
  // PostgreSQL's plans are the ones the 1M plan in the README discusses; the embedded engine's go beside them.
  fs.writeFileSync(path.join(BENCH_DIR, meta.mode.startsWith('PostgreSQL') ? 'plans.md' : 'plans-embedded.md'), text);
}
