import { postJson, summarize } from './load';

/**
 * What one user feels, one call at a time over HTTP, on a server that reads every page from the database
 * (KEEP_LIST_PAGES=off): each list's first page, its middle page and its last page (the deepest pages a user can ask for), the
 * approval queue and its badge, and the Activity Log. Measured at two sizes of the same database in one bench run, their ratio says
 * whether a call's cost grows with the lab (DESIGN.md section 9: within 1.5x from 100k to 1M samples).
 */
/** `as`: who calls (the administrator unless it says the manager, whose approval queue the bulk load fills). */
export interface OneUserCall { name: string; path: string; body: Record<string, unknown>; pages?: boolean; as?: 'manager' }

export const ONE_USER_CALLS: OneUserCall[] = [
  { name: 'getdepartment', path: '/api/master/getdepartment', body: { userID: 1 }, pages: true },
  { name: 'getsamphome', path: '/api/transaction/getsamphome', body: { userID: 1 }, pages: true },
  { name: 'getactitransctionhome', path: '/api/transaction/getactitransctionhome', body: { userID: 1 }, pages: true },
  { name: 'getLevel2ActivityHome', path: '/api/transaction/getLevel2ActivityHome', body: { userID: 1 }, pages: true },
  // The queue of the manager every bulk activity reports to (a fifth of them wait: over a million at 1M samples).
  { name: 'manager.getApprovalQueue', path: '/api/transaction/getApprovalQueue', body: {}, pages: true, as: 'manager' },
  { name: 'manager.getApprovalCounts', path: '/api/transaction/getApprovalCounts', body: {}, as: 'manager' },
  // The Activity Log over the trail the bulk load writes (a row per sample): the whole trail's pages, a filtered
  // view as the screen asks it (its total counted up to the cap), and the filter choices.
  { name: 'getAuditLog', path: '/api/audit/getAuditLog', body: { pageSize: 10 }, pages: true },
  { name: 'getAuditLog_filtered', path: '/api/audit/getAuditLog', body: { pageSize: 10, entity: 'sample_inward', countUpTo: 200 } },
  { name: 'getAuditFilters', path: '/api/audit/getAuditFilters', body: {} },
];

/**
 * One call over node:http (load.ts postJson), not fetch: fetch's own work added 1.2-2.2 ms to the p95 of the bare
 * route one call at a time on this 2-core machine, as much as these pages take (load.ts).
 */
async function post(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
  const res = await postJson(base, path, body, headers);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
  return JSON.parse(res.text) as unknown;
}

/** The total a list's first page reports (totalItems of its rows, or of the answer). */
function totalOf(answer: unknown): number {
  const first = Array.isArray(answer) ? answer[0] : (answer as { rows?: unknown[]; totalItems?: unknown } | null)?.rows?.[0] ?? answer;
  const t = Number((first as { totalItems?: unknown } | undefined)?.totalItems ?? (answer as { totalItems?: unknown } | null)?.totalItems ?? 0);
  return Number.isFinite(t) ? t : 0;
}

export interface OneUserFigure { name: string; p50: number; p95: number; page: number; total: number; rounds: number[] }

/** How many rounds timeOneUser times; each figure is the median of its rounds' p95s (and p50s). */
const ONE_USER_ROUNDS = 3;
/**
 * Rounds run first and not counted. On a server just started, the first round of calls was the slowest round of
 * every figure, at both sizes: at 1M the approval queue's first page had p95s of 7.53 / 3.26 / 3.40 ms, the Level 1
 * list's 3.79 / 1.34 / 1.47 ms (bench/history.md, thirtieth entry). One call of each page before the rounds did not
 * warm what a round warms.
 */
const WARM_UP_ROUNDS = 1;
/** A call's time in one round, after which it is not called again in that round (at least 5 calls): a slow page cannot hold the bench. */
const MAX_MS_PER_TARGET = 20_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * p50/p95 (ms) of every call of ONE_USER_CALLS, first, middle and last page, `runs` calls each, in ONE_USER_ROUNDS
 * rounds after WARM_UP_ROUNDS; the median of the rounds is the figure. Within a round the calls take turns, one call of each target
 * after another, so that a pause of the machine (a checkpoint's writes, a collection, another process) slows one
 * call of many targets, not a run of calls of one. When each target took its calls one after another, a pause of
 * a fifth of a second was five of one target's 90 calls, its p95: at 1M the Level 2 list's first page had a p95 of
 * 9.7 ms in two rounds of three where its p50 was 1.19 ms (bench/history.md, twenty-fourth entry). On a 2-core
 * machine with a slow disk a single p95 of 90 calls moved by 2x between two rounds minutes apart (nineteenth entry).
 */
export async function timeOneUser(base: string, sessions: { admin: Record<string, string>; manager: Record<string, string> }, runs: number): Promise<OneUserFigure[]> {
  const targets: Array<{ name: string; path: string; body: Record<string, unknown>; page: number; total: number; headers: Record<string, string> }> = [];
  for (const call of ONE_USER_CALLS) {
    const headers = sessions[call.as ?? 'admin'];
    const first = { ...call.body, ...(call.pages ? { pageno: 1 } : {}) };
    const total = totalOf(await post(base, call.path, first, headers));
    const last = Math.max(1, Math.ceil(total / 10));
    // The middle page was the dearest a user could ask for (by offset from the nearer end it skipped half the list);
    // the whole lists now read it from the bucket holding its first row (lib/paging.ts `seek`).
    const pages: Array<[string, number]> = call.pages ? [['first_page', 1], ['middle_page', Math.ceil(last / 2)], ['last_page', last]] : [['first_page', 1]];
    const seen = new Set<number>();
    for (const [label, page] of pages) {
      if (seen.has(page)) continue;
      seen.add(page);
      targets.push({ name: `${call.name}.${label}`, path: call.path, body: call.pages ? { ...call.body, pageno: page } : call.body, page, total, headers });
    }
  }
  const p50s = targets.map(() => [] as number[]);
  const p95s = targets.map(() => [] as number[]);
  for (const t of targets) await post(base, t.path, t.body, t.headers);
  for (let round = -WARM_UP_ROUNDS; round < ONE_USER_ROUNDS; round++) {
    const times = targets.map(() => [] as number[]);
    const spent = targets.map(() => 0);
    for (let i = 0; i < runs; i++) {
      for (const [k, t] of targets.entries()) {
        if (i >= 5 && spent[k] > MAX_MS_PER_TARGET) continue;
        const t0 = process.hrtime.bigint();
        await post(base, t.path, t.body, t.headers);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        times[k].push(ms);
        spent[k] += ms;
      }
    }
    if (round < 0) continue;
    for (const [k, xs] of times.entries()) {
      const r = summarize(xs);
      p50s[k].push(r.p50);
      p95s[k].push(r.p95);
    }
  }
  return targets.map((t, i) => ({ name: t.name, p50: median(p50s[i]), p95: median(p95s[i]), page: t.page, total: t.total, rounds: p95s[i] }));
}
