import http from 'node:http';
import autocannon, { type Result } from 'autocannon';

/** One load run with autocannon: requests/s and latency percentiles (ms), and how many answers were not 2xx. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadSpec {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body, one made per request (e.g. a unique code for a save), or bodies each connection sends in turn. */
  body?: unknown | (() => unknown) | BodiesByConnection;
  connections: number;
  seconds: number;
}

const figures = (r: Result): LoadFigures => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p90: r.latency.p90,
  p99: r.latency.p99,
  max: r.latency.max,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/**
 * The bodies connection `c` (0 to connections - 1) sends, in turn and round again: a body that differs call by
 * call without the load generator building a request each call. Made per request (setupRequest), autocannon spent
 * 110 µs of CPU a call against 50 µs for a fixed body, on the two cores the server shares with it.
 */
export interface BodiesByConnection { byConnection: (c: number) => unknown[] }

const isByConnection = (b: unknown): b is BodiesByConnection => typeof b === 'object' && b !== null && typeof (b as BodiesByConnection).byConnection === 'function';

/** The first body a call sends (to check it answers before it is loaded). */
export function firstBody(body: LoadSpec['body']): unknown {
  if (typeof body === 'function') return (body as () => unknown)();
  return isByConnection(body) ? body.byConnection(0)[0] : body;
}

export async function load(spec: LoadSpec): Promise<LoadFigures> {
  const headers = { 'content-type': 'application/json', ...(spec.headers ?? {}) };
  const method = spec.method ?? 'POST';
  const request = (body: unknown) => ({ method, path: spec.path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const makeBody = typeof spec.body === 'function' ? (spec.body as () => unknown) : null;
  const byConnection = isByConnection(spec.body) ? spec.body.byConnection : null;
  let client = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 30,
    requests: [
      makeBody ? { ...request(undefined), setupRequest: (req) => ({ ...req, body: JSON.stringify(makeBody()) }) } : request(byConnection ? byConnection(0)[0] : spec.body),
    ],
    // Each connection's own bodies, each request built once here.
    ...(byConnection ? { setupClient: (c) => c.setRequests(byConnection(client++ % spec.connections).map(request)) } : {}),
  });
  return figures(result);
}

/** One kept-alive connection per server for postJson (the calls it times are one at a time). */
const agents = new Map<string, http.Agent>();

/**
 * One JSON POST over a kept-alive node:http connection: status, body text, and `wireMs`, the time from the request
 * handed to the socket (after node:http has built it) to the answer's last byte, as autocannon and wrk time a call.
 * The one-at-a-time figures compared with the same SQL run in-process (the microbe search) are timed with it, not
 * with fetch: on this 2-core machine fetch's own work in the bench process took 0.3-0.4 ms of a call's p50 and
 * 1.2-2.2 ms of its p95 more than node:http (the bare route, 300 calls by turns: fetch p50 1.20-1.49 / p95 3.81-3.98 ms,
 * node:http 0.82-1.07 / 1.73-2.79), and that time counted against the server in a ratio whose other side pays no
 * HTTP at all.
 */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string; wireMs: number }> {
  const u = new URL(base);
  let agent = agents.get(u.origin);
  if (!agent) agents.set(u.origin, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    let sent = 0n;
    const req = http.request(
      { host: u.hostname, port: u.port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wireMs = Number(process.hrtime.bigint() - sent) / 1e6;
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), wireMs });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // On a kept-alive socket node:http writes the request on the next tick: the clock starts before that write.
    req.end(payload);
    sent = process.hrtime.bigint();
  });
}

/**
 * Times `once` up to `runs` times (after one warm-up call) and at most for `maxMs` (at least 5 runs), so
 * that a slow search at 100k samples cannot hold the bench for long: p50/p95/p99 in ms.
 */
export async function timeRuns(runs: number, maxMs: number, once: () => Promise<unknown>) {
  await once();
  const times: number[] = [];
  const until = Date.now() + maxMs;
  for (let i = 0; i < runs && (i < 5 || Date.now() < until); i++) {
    const t0 = process.hrtime.bigint();
    await once();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return summarize(times);
}

export function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { p50: r(at(0.5)), p95: r(at(0.95)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? NaN), samples: sorted.length };
}
