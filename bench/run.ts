/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { loadConfig, type Config } from '../src/server/config';
import { prepareDatabase } from '../src/server/db/open';
import { bulkLoad, progressBar } from '../src/server/cli/seed-bulk';
import { BENCH_ADMIN_PASSWORD, checkCall, signInAdmin, signInManager, startServer, type Session } from './server';
import { firstBody, load, timeRuns, type LoadFigures, type LoadSpec } from './load';
import { explain, searchFilterSets, timeSearchSql } from './search-sql';
import { clientBuilt, clientSizes } from './client-size';
import { Report, type Meta } from './report';
import { SEARCH_TOTAL_CAP } from '../src/shared/contract/search-endpoints';
import { explainModuleSearch, searchModels, searchModule, timeExport, timeModuleCount, timeModuleSearch, timePairedCount, timePairedSearch, type FilterRows } from './search-endpoint';
import { timeOneUser, type OneUserFigure } from './one-user';
import { captureSave, timeRawSaves } from './save-reference';
import { openConfiguredDatabase } from '../src/server/db/open';
import type { DbHandle } from '../src/server/db/connection';
import { buildApp } from '../src/server/app';

/**
 * `npm run bench [-- --quick] [--samples N] [--growth-from M] [--database-url postgres://user@host:5432/postgres] [--keep] [--note TEXT]`
 *
 * Budgets are ratios to limits measured in the same run (DESIGN.md section 9): each list against the bare route,
 * each search against its own SQL run directly, the save against the raw `pg` driver sending the same statements,
 * and, with --growth-from (default 100,000 when --samples is 1,000,000 or more), every one-user list call at the
 * full size against the same call measured earlier in the run at M samples.
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
  /** Measure the one-user calls first at this many samples, then at `samples` (0: not at all). */
  growthFrom: number;
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
  const growthFrom = Number((get('--growth-from') ?? (samples >= 1_000_000 ? '100000' : '0')).replace(/_/g, ''));
  if (!Number.isInteger(growthFrom) || growthFrom < 0 || (growthFrom > 0 && (growthFrom < 100 || growthFrom >= samples))) {
    throw new Error('--growth-from must be 0 or a whole number of samples from 100 up to less than --samples.');
  }
  return { quick, samples, databaseUrl: get('--database-url') ?? null, keep: argv.includes('--keep'), note: get('--note') ?? '', runs, growthFrom };
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
    benchDbUrl = dbUrl;
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

  const rows: Record<string, number> = {};
  let search: SearchBench | null = null;
  let small: GrowthPoint | null = null;
  try {
    const config: Config = { ...loadConfig(process.env), dataDir: dataDir ?? '', databaseUrl: dbUrl ?? null, seedDemo: true, adminInitialPassword: BENCH_ADMIN_PASSWORD };
    console.log('1. Generating the database (npm run seed:bulk) ...');
    const seeded = { rows: 0, ms: 0 };
    const grow = async (samples: number) => {
      const { handle } = await prepareDatabase(config);
      try {
        const t0 = Date.now();
        const counts = await bulkLoad(handle.db, { samples, tenant: config.tenant, trail: true, onProgress: progressBar() });
        seeded.ms += Date.now() - t0;
        seeded.rows += Object.values(counts).reduce((a, b) => a + b, 0);
        const add = { isolates: counts.isolates, activities: counts.transactions, values: counts.values, identifications: counts.identifications };
        for (const [k, v] of Object.entries(add)) rows[k] = (rows[k] ?? 0) + v;
      } finally {
        await handle.close();
      }
    };
    if (args.growthFrom) {
      await grow(args.growthFrom);
      console.log(`   the one-user calls at ${args.growthFrom.toLocaleString('en')} samples (KEEP_LIST_PAGES=off) ...`);
      small = await growthPoint({ dataDir, databaseUrl: dbUrl }, oneUserCalls(args));
      console.log(`   growing the database to ${args.samples.toLocaleString('en')} samples ...`);
      await grow(args.samples - args.growthFrom);
    } else {
      await grow(args.samples);
    }
    report.add({ name: 'seed.bulk.rows_per_s', value: Math.round((seeded.rows * 1000) / Math.max(seeded.ms, 1)), unit: 'rows/s', note: `${seeded.rows.toLocaleString('en')} rows in ${Math.round(seeded.ms / 1000)} s` });
    const handle = await openConfiguredDatabase(config);
    try {
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
        search = { models: await searchModels(handle.db), directP95: {}, countDirectP95: {} };
        for (const k of ['1', '3', '5'] as const) {
          const r = await timeModuleSearch(mod, searchDb, search.models[k], args.quick ? 15 : 40);
          search.directP95[k] = r.p95;
          const c = await timeModuleCount(mod, searchDb, search.models[k], args.quick ? 10 : 20);
          if (c) {
            search.countDirectP95[k] = c.p95;
            report.add({ name: `search.count_sql_direct.${k}_filters.p95_ms`, value: c.p95, unit: 'ms', note: `${c.matches.toLocaleString('en')} matches; server/modules/search's countMatches in-process (the raw count query)` });
          }
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
    let large: OneUserFigure[] = [];
    const reading = await startServer({ dataDir, databaseUrl: dbUrl, more: { KEEP_LIST_PAGES: 'off' } });
    try {
      const readingSession = await signInAdmin(reading.url);
      unkept = await loadRuns(reading.url, readingSession, seconds, args.runs, LIST_CALLS.filter((x) => !x.name.endsWith('_new_text')));
    } finally {
      await reading.stop();
    }
    console.log('   the one-user calls (first, middle and last page, one call at a time, on a server started for them) ...');
    large = await onReadingServer({ dataDir, databaseUrl: dbUrl }, (url, session) => oneUserOn(url, session, oneUserCalls(args)));
    oneUserFigures(report, large, small, args);
    const searchPairs = !args.databaseUrl && search ? await pairedInProcess(config, search, args.quick, report) : null;
    console.log('   Starting the server as it is deployed (list pages kept) ...');
    const server = await startServer({ dataDir, databaseUrl: dbUrl, more: { KEEP_LIST_PAGES: 'on' } });
    try {
      const session = await signInAdmin(server.url);
      const exportRate = await httpFigures(report, server, session, seconds, !args.databaseUrl, search, args.quick, args.runs, unkept, dbUrl ? { config, dbUrl } : null, searchPairs);
      if (small?.exportRowsPerSecond && exportRate) {
        report.add({
          name: 'growth.export_csv.rows_per_s_ratio', value: Math.round((exportRate / small.exportRowsPerSecond) * 100) / 100, unit: 'x', atLeast: 0.8,
          note: `CSV export rows/s at ${args.samples.toLocaleString('en')} samples (${exportRate.toLocaleString('en')}) / at ${args.growthFrom.toLocaleString('en')} (${small.exportRowsPerSecond.toLocaleString('en')})`,
        });
      }
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
  /** The module's exact count run directly (the raw count query), p95 ms. */
  countDirectP95: Partial<Record<'1' | '3' | '5', number>>;
}

/** The one-user calls and the CSV export measured at the smaller size of a growth run. */
interface GrowthPoint { oneUser: OneUserFigure[]; exportRowsPerSecond: number | null }

/** A server reading every page (KEEP_LIST_PAGES=off) on the database as it is now: the one-user calls and the CSV export. */
async function growthPoint(where: { dataDir?: string; databaseUrl?: string }, runs: number): Promise<GrowthPoint> {
  // The embedded engine takes one process: the search models are read before the server opens the database.
  const models = searchModule() ? await withHandle(where, (db) => searchModels(db)) : null;
  return onReadingServer(where, async (url, session, pid) => ({
    oneUser: await oneUserOn(url, session, runs),
    exportRowsPerSecond: models ? (await timeExport(url, session.headers, models['1'], pid)).rowsPerSecond : null,
  }));
}

/**
 * `work` on a server started for it that reads every page (KEEP_LIST_PAGES=off), once the machine is quiet. The
 * one-user calls are timed this way at both sizes of a growth run. At the larger size they were timed on the server
 * that had just carried the loads of 50 connections, and each figure's first round of three was its slowest: the
 * approval queue's first page 6.96 / 5.53 / 2.21 ms at 1M against 3.57 ms at 100k, a "growth" of 1.55x where its p50
 * grew 1.11x (bench/history.md, thirtieth entry).
 */
async function onReadingServer<T>(where: { dataDir?: string; databaseUrl?: string }, work: (url: string, admin: Session, pid: number) => Promise<T>): Promise<T> {
  const server = await startServer({ ...where, more: { KEEP_LIST_PAGES: 'off' } });
  try {
    const session = await signInAdmin(server.url);
    await settle(server.url);
    await checkpoint();
    return await work(server.url, session, server.pid);
  } finally {
    await server.stop();
  }
}

/** The one-user calls (one-user.ts), the administrator's and the manager's. */
const oneUserOn = async (url: string, admin: Session, runs: number) =>
  timeOneUser(url, { admin: admin.headers, manager: (await signInManager(url)).headers }, runs);

async function withHandle<T>(where: { dataDir?: string; databaseUrl?: string }, work: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openConfiguredDatabase({ dataDir: where.dataDir ?? '', databaseUrl: where.databaseUrl ?? null });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Calls of each one-user page a round: 180 (its p95 the ninth slowest). With 90, one page's p95 moved by up to 2x
 * between the rounds of one run at 1M (3.53 / 5.96 / 2.92 ms for Level 2's first page, p50 1.26 ms).
 */
const oneUserCalls = (args: Args) => args.runs * (args.quick ? 10 : 60);

/** The one-user figures, and at a growth run their ratio to the same call at the smaller size (budget 1.5x). */
function oneUserFigures(report: Report, large: OneUserFigure[], small: GrowthPoint | null, args: Args): void {
  for (const f of large) {
    const rounds = f.rounds.length > 1 ? `; p95 by round ${f.rounds.join(' / ')} ms (the median is the figure)` : '';
    report.add({ name: `one_user.${f.name}.p95_ms`, value: f.p95, unit: 'ms', note: `p50 ${f.p50} ms; page ${f.page.toLocaleString('en')} of ${Math.max(1, Math.ceil(f.total / 10)).toLocaleString('en')}${rounds}` });
    const before = small?.oneUser.find((x) => x.name === f.name);
    if (before) {
      report.add({
        name: `growth.${f.name}.p95_ratio`, value: Math.round((f.p95 / Math.max(before.p95, 0.01)) * 100) / 100, unit: 'x', budget: 1.5,
        note: `p95 ${f.p95} ms at ${args.samples.toLocaleString('en')} samples (page ${f.page.toLocaleString('en')}) / ${before.p95} ms at ${args.growthFrom.toLocaleString('en')} (page ${before.page.toLocaleString('en')}); p50 ${f.p50} / ${before.p50} ms`,
      });
    }
  }
}

interface Call { name: string; path: string; body: LoadSpec['body'] }
/** The list calls (each list's first page, as its screen opens it); their figures are named after the endpoint. */
const LIST_CALLS: Call[] = [
  { name: 'list.getdepartment', path: '/api/master/getdepartment', body: { pageno: 1, userID: 1 } },
  { name: 'list.getsamphome', path: '/api/transaction/getsamphome', body: { pageno: 1, userID: 1 } },
  { name: 'list.getSearchForsampleinward', path: '/api/transaction/getSearchForsampleinward', body: { pageno: 1, searchText: 'Pune', userID: 1 } },
  // A different text each call (part of a sample code, as a user types it): neither its page nor its total is a kept one.
  // Its 9-10 matches end on the page, so the total is the page's (lib/paging.ts): one statement a call, on the gram index.
  // 10,000 texts, 200 for each of the 50 connections, each request built before the load (load.ts BodiesByConnection).
  {
    name: 'list.getSearchForsampleinward_new_text', path: '/api/transaction/getSearchForsampleinward',
    body: { byConnection: (c: number) => Array.from({ length: 200 }, (_, i) => ({ pageno: 1, searchText: `SC0${String((c * 200 + i) % 10000).padStart(4, '0')}`, userID: 1 })) },
  },
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
      await checkCall(url, call.path, firstBody(call.body), session);
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
  runs: number, unkept: LoadRuns, reference: { config: Config; dbUrl: string } | null, searchPairs: Partial<Record<FilterCount, number>> | null,
): Promise<number | null> {
  const url = server.url;
  const h = session.headers;
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  let n = 0;
  const saves: Call[] = [
    { name: 'save.savedepartment', path: '/api/master/savedepartment', body: () => ({ departmentCode: `B${run}${(n++).toString(36).toUpperCase()}`, departmentName: 'Bench Department', userID: 1 }) },
  ];
  const kept = await loadRuns(url, session, seconds, runs, LIST_CALLS);
  const bareMedian = medianOf(kept.bare);
  addLoad(report, 'http.health', bareMedian, null, kept.bare);
  // Each call's ratio is to the bare route of the server it ran on (the *_unkept figures ran on another one).
  const figures = (r: LoadRuns, call: Call, name: string, why = '', ratioBudget?: number) => {
    const fs = r.measured.get(call.name);
    const bare = r.bare.length ? medianOf(r.bare) : bareMedian;
    if (fs?.length) addLoad(report, name, medianOf(fs), bare, fs, why, ratioBudget);
    const failed = r.failed.get(call.name);
    if (failed) report.say(`${name}: not measured${fs?.length ? ' in every run' : ''} (${failed})`);
  };
  // DESIGN.md section 9: a list answered from its kept page within 1.1x the bare route's requests/s, a page read
  // from the database (or a new search text) within 3x.
  for (const call of LIST_CALLS) {
    const newText = call.name.endsWith('_new_text');
    figures(kept, call, call.name, newText ? 'a new text each call: read from the database' : 'the page kept (lib/kept-answers.ts)', newText ? 3 : 1.1);
    if (unkept.measured.has(call.name) || unkept.failed.has(call.name)) {
      figures(unkept, call, `${call.name}_unkept`, 'KEEP_LIST_PAGES=off: every page read from the database, as the first call after a change', 3);
    }
  }

  let exportRate: number | null = null;
  if (search) {
    exportRate = await searchFigures(report, server, session, search, quick, reference, searchPairs);
  } else {
    report.say('Microbe search endpoint: not available in this build (no src/server/modules/search/search-query.ts); its p50/p95, its ratio to the direct SQL and the CSV export are not measured. The direct SQL figures are the database limit it will be held to.');
  }

  // The saves after the lists and the one-at-a-time searches: the lists never read the departments they add, and
  // the database's clean-up after tens of thousands of inserts (autovacuum) does not land on a timed search.
  const saved = await loadRuns(url, session, seconds, runs, [], saves);
  for (const call of saves) figures(saved, call, call.name);
  const serverSaves = saved.measured.get(saves[0].name);
  if (reference && serverSaves?.length) {
    await saveReference(report, reference, url, medianOf(serverSaves).rps, seconds, runs, saves[0]);
  } else if (!reference) {
    report.say('save.savedepartment.rps_ratio_to_raw_pg: not measured on the embedded engine (the raw `pg` driver reference needs the PostgreSQL server).');
  }

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
  return exportRate;
}

/**
 * The save against the raw `pg` driver sending the statements the server sent for one save (save-reference.ts),
 * in as many runs as the server's figure; the ratio of the medians must be at least 0.8.
 */
async function saveReference(report: Report, reference: { config: Config; dbUrl: string }, url: string, serverRps: number, seconds: number, runs: number, call: Call): Promise<void> {
  try {
    const { statements, code } = await captureSave(reference.config, reference.dbUrl, async (base, headers) => {
      const body = (call.body as () => Record<string, unknown>)();
      await checkCall(base, call.path, body, { headers });
      return String(body.departmentCode);
    });
    const raw: number[] = [];
    for (let round = 0; round < runs; round++) {
      await settle(url);
      console.log(`   the raw pg reference: the save's ${statements.length} statements, 50 workers, ${seconds} s${runs > 1 ? ` (run ${round + 1} of ${runs})` : ''} ...`);
      const r = await timeRawSaves(reference.dbUrl, statements, code, seconds);
      if (r.failed && !r.saves) throw new Error(`every replayed save failed (${r.failed})`);
      raw.push(r.rps);
    }
    const rawRps = raw.sort((a, b) => a - b)[Math.floor((raw.length - 1) / 2)];
    report.add({ name: 'save.raw_pg.rps', value: rawRps, unit: 'req/s', note: `the server's ${statements.length} statements of one save (${statements.map((x) => x.text.trim().split(/\s+/)[0].toLowerCase()).join(', ')}) through pg directly, 50 workers on a pool of 10` });
    report.add({ name: 'save.savedepartment.rps_ratio_to_raw_pg', value: Math.round((serverRps / Math.max(rawRps, 1)) * 100) / 100, unit: 'x', atLeast: 0.8, note: `server ${serverRps} saves/s / raw pg ${rawRps} saves/s` });
  } catch (err) {
    report.say(`save.savedepartment.rps_ratio_to_raw_pg: not measured (${(err as Error).message})`);
  }
}

type FilterCount = '1' | '3' | '5';

/** A server and a handle on its database in this process: the endpoint and the same query timed by turns. */
interface PairTarget { url: string; headers: Record<string, string>; db: DbHandle['search'] }

/**
 * The search pages and exact counts, each by turns with the same query in-process on the same database (the
 * endpoint's ratio to its SQL taken in one state): the endpoint's p95 by number of filters.
 */
async function pairedSearchFigures(report: Report, target: PairTarget, search: SearchBench, quick: boolean, where: string): Promise<Partial<Record<FilterCount, number>>> {
  const mod = searchModule();
  if (!mod) return {};
  const endpointP95: Partial<Record<FilterCount, number>> = {};
  for (const k of ['1', '3', '5'] as const) {
    await settle(target.url);
    console.log(`   searchData with ${k} filter(s), one at a time, by turns with the same page in-process ...`);
    try {
      // By turns, 400 of each (10-15 s): the p95 of 40 was the second slowest call, and moved by 1.2-1.5x between
      // runs at 1M (bench/history.md, sixteenth entry); that of 200, the tenth slowest, still moved by 1.33-1.42x.
      const paired = await timePairedSearch(mod, target.db, target.url, target.headers, search.models[k], quick ? 15 : 400);
      // The whole call, as the other one-at-a-time figures (and the new text it is compared with) are timed.
      const whole = paired.whole;
      const wire = paired.http;
      endpointP95[k] = whole.p95;
      report.add({ name: `search.endpoint.${k}_filters.p50_ms`, value: whole.p50, unit: 'ms' });
      report.add({ name: `search.endpoint.${k}_filters.p95_ms`, value: whole.p95, unit: 'ms', note: `${paired.matches.toLocaleString('en')} matches${where}; the whole call` });
      report.add({ name: `search.endpoint.${k}_filters.wire_p95_ms`, value: wire.p95, unit: 'ms', note: `p50 ${wire.p50} ms; from the request handed to the socket to the answer's last byte` });
      const earlier = search.directP95[k];
      report.add({ name: `search.endpoint_sql_paired.${k}_filters.p95_ms`, value: paired.direct.p95, unit: 'ms', note: `p50 ${paired.direct.p50} ms; searchPage in-process, by turns with each searchData call` });
      report.add({
        name: `search.endpoint.${k}_filters.p95_ratio_to_direct_sql`, value: ratioOf(wire.p95, paired.direct.p95), unit: 'x', budget: 1.3,
        note: `endpoint p95 on the wire / the same SQL run directly by turns with it (p95); p50 ${ratioOf(wire.p50, paired.direct.p50)}x; the whole call ${ratioOf(whole.p95, paired.direct.p95)}x${earlier ? `; against step 2's figure, measured before the loads: ${ratioOf(wire.p95, earlier)}x` : ''}`,
      });
    } catch (err) {
      report.say(`search.endpoint.${k}_filters: not measured (${(err as Error).message})`);
    }
    await settle(target.url);
    console.log(`   countSearchData with ${k} filter(s), one at a time, by turns with the same count in-process ...`);
    try {
      // 12 of each, or as many as 100 s allow (a count at 1M takes 2-4 s): the p95 of so few is each side's
      // slowest call, taken in the same state.
      const paired = await timePairedCount(mod, target.db, target.url, target.headers, search.models[k], quick ? 5 : 12, 100_000);
      if (!paired) continue;
      const c = paired.http;
      report.add({ name: `search.count.${k}_filters.p50_ms`, value: c.p50, unit: 'ms' });
      report.add({ name: `search.count.${k}_filters.p95_ms`, value: c.p95, unit: 'ms', note: `${paired.matches.toLocaleString('en')} matches, exact (countSearchData), ${c.samples} calls${where}` });
      const earlier = search.countDirectP95[k];
      report.add({ name: `search.count_sql_paired.${k}_filters.p95_ms`, value: paired.direct.p95, unit: 'ms', note: `p50 ${paired.direct.p50} ms; countMatches in-process, by turns with each countSearchData call` });
      report.add({
        name: `search.count.${k}_filters.p95_ratio_to_raw_count`, value: ratioOf(c.p95, paired.direct.p95), unit: 'x', budget: 1.3,
        note: `countSearchData p95 on the wire / the count query run directly by turns with it (p95); p50 ${ratioOf(c.p50, paired.direct.p50)}x; the whole call ${ratioOf(paired.whole.p95, paired.direct.p95)}x${earlier ? `; against step 2's figure, measured before the loads: ${ratioOf(c.p95, earlier)}x` : ''}`,
      });
    } catch (err) {
      report.say(`search.count.${k}_filters: not measured (${(err as Error).message})`);
    }
  }
  return endpointP95;
}

/**
 * The embedded database takes one process, so the bench cannot open it beside the server: for the searches by turns
 * it runs the same server (buildApp, as main.ts does) in its own process on the database it holds, between the
 * separate server processes of the other figures. The HTTP calls then share their thread with the bench's client,
 * which can only make them slower than against a server of its own.
 */
async function pairedInProcess(config: Config, search: SearchBench, quick: boolean, report: Report): Promise<Partial<Record<FilterCount, number>>> {
  const handle = await openConfiguredDatabase(config);
  try {
    const app = await buildApp({ ...config, db: handle.db, searchDb: handle.search, backgroundDb: handle.background, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const session = await signInAdmin(url);
      return await pairedSearchFigures(report, { url, headers: session.headers, db: handle.search }, search, quick, ' (the server in the bench process)');
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function searchFigures(
  report: Report, server: { url: string; pid: number }, session: Session, search: SearchBench, quick: boolean, reference: { config: Config; dbUrl: string } | null,
  measured: Partial<Record<FilterCount, number>> | null,
): Promise<number | null> {
  let endpointP95 = measured ?? {};
  // On the PostgreSQL server the bench opens the database beside the server; embedded, they were measured before
  // this server started (pairedInProcess).
  if (reference) {
    const beside = await openConfiguredDatabase(reference.config);
    try {
      endpointP95 = await pairedSearchFigures(report, { url: server.url, headers: session.headers, db: beside.search }, search, quick, '');
    } finally {
      await beside.close();
    }
  }
  // The 5-filter page and the first search of a new Sample Inward text: within 3x of a 1-filter page.
  const one = endpointP95['1'];
  if (one && endpointP95['5']) {
    report.add({ name: 'search.endpoint.5_filters.p95_ratio_to_1_filter', value: ratioOf(endpointP95['5'], one), unit: 'x', budget: 3, note: `${endpointP95['5']} ms / ${one} ms` });
  }
  await settle(server.url);
  console.log('   getSearchForsampleinward with a new text each call, one at a time ...');
  try {
    let n = 0;
    const t = await timeRuns(quick ? 15 : 40, 20_000, () => checkCall(server.url, '/api/transaction/getSearchForsampleinward', { pageno: 1, searchText: `SC1${String(n++).padStart(4, '0')}`, userID: 1 }, session));
    report.add({ name: 'search.sample_inward_new_text.p95_ms', value: t.p95, unit: 'ms', note: `p50 ${t.p50} ms; the first search of each text (none kept)` });
    if (one) report.add({ name: 'search.sample_inward_new_text.p95_ratio_to_1_filter', value: ratioOf(t.p95, one), unit: 'x', budget: 3, note: `${t.p95} ms / the 1-filter searchData page ${one} ms` });
  } catch (err) {
    report.say(`search.sample_inward_new_text: not measured (${(err as Error).message})`);
  }
  await settle(server.url);
  console.log('   exportSearchData (CSV of all matches, 1 filter) ...');
  try {
    const e = await timeExport(server.url, session.headers, search.models['1'], server.pid);
    report.add({ name: 'search.export_csv.rows_per_s', value: e.rowsPerSecond, unit: 'rows/s', note: `${e.rows.toLocaleString('en')} rows, ${Math.round(e.bytes / 1024)} KB in ${e.seconds.toFixed(1)} s` });
    report.add({ name: 'search.export_csv.peak_rss_growth_mb', value: Math.round(e.peakGrowthMb * 10) / 10, unit: 'MB', budget: 50, note: `server RSS ${Math.round(e.rssBeforeMb)} MB before the export (sampled every 25 ms)` });
    return e.rowsPerSecond;
  } catch (err) {
    report.say(`search.export_csv: not measured (${(err as Error).message})`);
    return null;
  }
}

const ratioOf = (a: number, b: number) => Math.round((a / Math.max(b, 0.01)) * 100) / 100;

/** The bench's PostgreSQL database (PostgreSQL mode only): settle() waits for its statements to end. */
let benchDbUrl: string | undefined;

/** Statements running in the bench's database, besides this one (0 in embedded mode). */
async function activeStatements(): Promise<number> {
  if (!benchDbUrl) return 0;
  const c = new pg.Client({ connectionString: benchDbUrl });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()");
    return Number(r.rows[0].n);
  } finally {
    await c.end();
  }
}

/**
 * On PostgreSQL, writes every dirty page out before the one-user calls are timed at either size. Right after a load
 * the database still has gigabytes to write (the 1M load ends an hour after the 100k figures were taken); on a slow
 * disk the write-back then stalls reads, and that lands in one size's p95s and not the other's. Measured in the
 * same state at both sizes, the growth ratio compares the calls, not the disk's backlog. A role that may not
 * checkpoint (PostgreSQL 15 needs superuser or pg_checkpoint) is told, and the bench goes on without it.
 */
async function checkpoint(): Promise<void> {
  if (!benchDbUrl) return;
  const c = new pg.Client({ connectionString: benchDbUrl });
  await c.connect();
  try {
    const t0 = Date.now();
    await c.query('checkpoint');
    console.log(`   (CHECKPOINT in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    console.log(`   (CHECKPOINT refused: ${(e as Error).message}; the one-user calls are timed without it)`);
  } finally {
    await c.end();
  }
}

/**
 * Waits until the server answers the bare route quickly again and, on PostgreSQL, until no statement of the last run
 * is still running: requests still queued from the previous run (autocannon stops sending, the server keeps
 * working) would otherwise land on the next figure. The bare route alone was not enough: at 1M samples a few
 * Sample Inward searches of a new text run for seconds (bench/history.md, thirteenth entry), and they kept both
 * cores busy through the next figure while the bare route, on another connection, still answered at once.
 */
async function settle(url: string, maxSeconds = 300): Promise<void> {
  const until = Date.now() + maxSeconds * 1000;
  let fast = 0;
  while (fast < 3 && Date.now() < until) {
    const t0 = Date.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    const quiet = Date.now() - t0 < 100 && (await activeStatements().catch(() => 0)) === 0;
    fast = quiet ? fast + 1 : 0;
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

function addLoad(report: Report, name: string, f: LoadFigures, bare: LoadFigures | null, runs: LoadFigures[], what = '', ratioBudget?: number): void {
  if (f.requests === 0) {
    report.add({ name: `${name}.p99_ms`, value: null, unit: 'ms', note: `no answer within the ${f.errors ? 'run (errors/timeouts)' : 'run'}: the server did not finish one call` });
    return;
  }
  const failed = f.non2xx + f.errors;
  const inRuns = runs.length > 1 ? ` in ${runs.length} runs (median; each: ${runs.map((r) => r.rps.toLocaleString('en')).join(', ')} req/s)` : '';
  const note = (failed ? `${failed} of ${f.requests} answers not 2xx${inRuns}` : `${f.requests.toLocaleString('en')} requests${inRuns}`) + (what ? `; ${what}` : '');
  report.add({ name: `${name}.rps`, value: f.rps, unit: 'req/s', note });
  report.add({ name: `${name}.p50_ms`, value: f.p50, unit: 'ms' });
  // The absolute p99 is what a user feels; it is reported, and no longer a budget (DESIGN.md section 9).
  report.add({ name: `${name}.p99_ms`, value: f.p99, unit: 'ms', note: runs.length > 1 ? `each run: ${runs.map((r) => r.p99).join(', ')} ms` : undefined });
  if (bare) {
    report.add({
      name: `${name}.rps_ratio_health_to_call`, value: ratioOf(bare.rps, Math.max(f.rps, 1)), unit: 'x', budget: ratioBudget,
      note: `requests/s of the bare route (${bare.rps.toLocaleString('en')}) / of this call (the HTTP limit)`,
    });
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
  const file = path.join(BENCH_DIR, meta.mode.startsWith('PostgreSQL') ? 'plans.md' : 'plans-embedded.md');
  fs.writeFileSync(file, [text, ...handSections(file)].join('\n'));
}

/**
 * The sections of a plans file written by hand (their heading says "by hand": plans captured at 1M while looking at
 * a change), which a bench run keeps after the plans it captures itself.
 */
export function handSections(file: string): string[] {
  const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return before.split(/^(?=## )/m).filter((s) => s.startsWith('## ') && /by hand/i.test(s.split('\n')[0])).map((s) => s.replace(/\n*$/, '\n'));
}
