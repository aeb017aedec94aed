/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/types';
import { postJson, summarize, timeRuns } from './load';
import { SEARCH_TOTAL_CAP } from '../src/shared/contract/search-endpoints';

/**
 * The microbe search endpoint (server/modules/search, issue 5) when the build has it: the same filter sets
 * (1, 3 and 5 filters) as search-model rows, timed in-process through the module's own query functions (the
 * SQL the endpoint runs, directly on the database) and over HTTP (searchData), one search at a time, plus the
 * CSV export of all matches. The module is loaded by path at run time, so the bench runs without it.
 */
const SEARCH_QUERY = path.resolve(__dirname, '..', 'src', 'server', 'modules', 'search', 'search-query.ts');

interface SearchQueryModule {
  parseFilters(db: Kysely<Database>, inputList: unknown): Promise<unknown[]>;
  searchPage(db: Kysely<Database>, filters: unknown[], pageno: number, pageSize: number): Promise<{ totalItems: number }>;
  /** The exact count countSearchData answers (the raw count query its ratio is taken against). */
  countMatches?(db: Kysely<Database>, filters: unknown[]): Promise<number>;
}

export function searchModule(): SearchQueryModule | null {
  if (!fs.existsSync(SEARCH_QUERY)) return null;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional module, loaded by path
    const mod = require(SEARCH_QUERY) as Partial<SearchQueryModule>;
    return typeof mod.parseFilters === 'function' && typeof mod.searchPage === 'function' ? (mod as SearchQueryModule) : null;
  } catch {
    return null;
  }
}

export type FilterRows = Array<Record<string, unknown>>;

/** The 1-, 3- and 5-filter search models over the demo lab's parameters. */
export async function searchModels(db: Kysely<Database>): Promise<Record<'1' | '3' | '5', FilterRows>> {
  const ids = Object.fromEntries(
    (await db.selectFrom('activity_parameter').select(['id', 'shortname']).where('shortname', 'in', ['DIAM', 'NFIX', 'PHOPT']).where('active', '=', 'Y').execute())
      .map((r) => [r.shortname, r.id]),
  );
  const rows: FilterRows = [
    // '=' is "between (or equal to)": 10 to 60 mm; '<' would be "below 10" (shared/search/search-filters).
    { key: `param:${ids.DIAM}`, parameterName: 'Colony Diameter (mm)', type: 'number', inputValue: '10 = 60' },
    { key: `param:${ids.NFIX}`, parameterName: 'Nitrogen Fixation', type: 'Dropdown', inputValue: 'Positive' },
    { key: `param:${ids.PHOPT}`, parameterName: 'Optimum pH', type: 'number', inputValue: '0 = 30' },
    { key: 'sample:state', parameterName: 'State Of India', type: 'Dropdown', inputValue: 'Maharashtra' },
    { key: 'microbe:genus', parameterName: 'Genus', type: 'text', inputValue: 'Bacillus' },
  ];
  return { '1': rows.slice(0, 1), '3': rows.slice(0, 3), '5': rows.slice(0, 5) };
}

/** The endpoint's own query functions on the database: p50/p95 of page + total, after warm-up. */
export async function timeModuleSearch(mod: SearchQueryModule, db: Kysely<Database>, inputList: FilterRows, runs: number) {
  let total = 0;
  const once = async () => {
    total = (await mod.searchPage(db, await mod.parseFilters(db, inputList), 1, 10)).totalItems;
  };
  return { ...(await timeRuns(runs, 20_000, once)), matches: total };
}

/** The module's exact count on the database, p50/p95 (null when the module has none). */
export async function timeModuleCount(mod: SearchQueryModule, db: Kysely<Database>, inputList: FilterRows, runs: number) {
  const count = mod.countMatches;
  if (!count) return null;
  const filters = await mod.parseFilters(db, inputList);
  let total = 0;
  const once = async () => {
    total = await count(db, filters);
  };
  return { ...(await timeRuns(runs, 20_000, once)), matches: total };
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one endpoint search runs (captured with a Kysely plugin). */
export async function explainModuleSearch(mod: SearchQueryModule, db: Kysely<Database>, inputList: FilterRows): Promise<string[]> {
  const captured: CompiledQuery[] = [];
  const spy = db.withPlugin({
    transformQuery: (args) => {
      captured.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await mod.searchPage(spy, await mod.parseFilters(spy, inputList), 1, 10);
  const plans: string[] = [];
  for (const q of captured.filter((c) => /^\s*select/i.test(c.sql) && /activity_value|isolate/.test(c.sql))) {
    const r = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]));
    plans.push(`${q.sql}\n\n${r.rows.map((x) => Object.values(x)[0]).join('\n')}`);
  }
  return plans;
}

/**
 * One searchData (a page and the total counted up to the screens' cap) or countSearchData call over HTTP: its total
 * and its wire time (load.ts postJson: from the request handed to the socket to the answer's last byte).
 */
function endpointCall(base: string, headers: Record<string, string>, inputList: FilterRows, endpoint: 'searchData' | 'countSearchData') {
  return async () => {
    // As the screens call it: searchData counts up to SEARCH_TOTAL_CAP (countUpTo); countSearchData exactly.
    const res = await postJson(base, `/api/transaction/${endpoint}`, { inputList, pageno: 1, pageSize: 10, countUpTo: SEARCH_TOTAL_CAP }, headers);
    if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return { totalItems: (JSON.parse(res.text) as { totalItems: number }).totalItems, ms: res.wireMs };
  };
}

/**
 * Two ways of making the same call, by turns (which goes first alternates), after one warm-up call of each: an
 * endpoint's ratio to its SQL taken on one database in one state. Measured minutes apart, between heavy loads,
 * the same in-process search moved by up to 2x at 1M samples while the server added about 2 ms a call; the exact
 * count, a 3 s call timed before the loads in-process and after them over HTTP, moved between 1.16x and 1.37x
 * its SQL from one bench run to the next with the same code (bench/history.md, twenty-third entry).
 *
 * The HTTP side is the call's wire time, as a load generator times a call; the whole call (node:http building the
 * request, then handing the body back) is kept beside it. On the embedded database the server runs in this thread,
 * and that client work, some 0.3 ms a call on a slow 2-core machine (bench/history.md, twenty-ninth entry), is the
 * bench's, not the server's.
 */
async function byTurns(viaHttp: () => Promise<{ totalItems: number; ms: number }>, direct: () => Promise<number>, runs: number, maxMs: number) {
  const total = (await viaHttp()).totalItems;
  if ((await direct()) !== total) throw new Error('The endpoint and the same query in-process found different totals.');
  const httpTimes: number[] = [];
  const wholeTimes: number[] = [];
  const directTimes: number[] = [];
  const since = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
  const overHttp = async () => {
    const t0 = process.hrtime.bigint();
    httpTimes.push((await viaHttp()).ms);
    wholeTimes.push(since(t0));
  };
  const inProcess = async () => {
    const t0 = process.hrtime.bigint();
    await direct();
    directTimes.push(since(t0));
  };
  const until = Date.now() + maxMs;
  for (let i = 0; i < runs && (i < 5 || Date.now() < until); i++) {
    if (i % 2 === 0) {
      await inProcess();
      await overHttp();
    } else {
      await overHttp();
      await inProcess();
    }
  }
  return { http: summarize(httpTimes), whole: summarize(wholeTimes), direct: summarize(directTimes), matches: total };
}

/** searchData over HTTP and the same page through the module's searchPage in-process, by turns (at most 40 s). */
export function timePairedSearch(
  mod: SearchQueryModule, db: Kysely<Database>, base: string, headers: Record<string, string>, inputList: FilterRows, runs: number,
) {
  const direct = async () => (await mod.searchPage(db, await mod.parseFilters(db, inputList), 1, 10)).totalItems;
  return byTurns(endpointCall(base, headers, inputList, 'searchData'), direct, runs, 40_000);
}

/**
 * countSearchData over HTTP and the module's countMatches in-process (the raw count query), by turns (at most
 * `maxMs`; null when the module has no countMatches).
 */
export async function timePairedCount(
  mod: SearchQueryModule, db: Kysely<Database>, base: string, headers: Record<string, string>, inputList: FilterRows, runs: number, maxMs: number,
) {
  const count = mod.countMatches;
  if (!count) return null;
  const filters = await mod.parseFilters(db, inputList);
  return byTurns(endpointCall(base, headers, inputList, 'countSearchData'), () => count(db, filters), runs, maxMs);
}

const rssKb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  } catch {
    return NaN;
  }
};

/** The CSV export of all matches: rows/s (lines after the header) and the server's peak RSS growth (Linux /proc). */
export async function timeExport(base: string, headers: Record<string, string>, inputList: FilterRows, serverPid: number) {
  const before = rssKb(serverPid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(serverPid));
  }, 25);
  const t0 = Date.now();
  try {
    const res = await fetch(`${base}/api/transaction/exportSearchData`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ inputList }),
    });
    if (res.status !== 200) throw new Error(`exportSearchData answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    let lines = 0;
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const b of value) if (b === 10) lines++;
    }
    const seconds = (Date.now() - t0) / 1000;
    return { rows: Math.max(lines - 1, 0), seconds, rowsPerSecond: Math.round(Math.max(lines - 1, 0) / seconds), bytes, rssBeforeMb: before / 1024, peakGrowthMb: (peak - before) / 1024 };
  } finally {
    clearInterval(timer);
  }
}
