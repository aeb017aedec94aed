/* eslint-disable no-restricted-imports -- the bench is neither client nor shared code: it drives the server's own modules. */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { encryptForTransport } from '../src/shared/transport/aes';
import { DEFAULT_CLIENT_CRYPTO_KEY } from '../src/server/config';
import { DEMO_USERS } from '../src/server/db/demo-lab-data';

/** The server under test: `node scripts/start.js --no-build` on a free port, as a child process. */
export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');
export const BENCH_ADMIN_PASSWORD = 'Bench@12345';

export async function startServer(env: { dataDir?: string; databaseUrl?: string; more?: Record<string, string> }): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--no-build'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir ?? '',
      DATABASE_URL: env.databaseUrl ?? '',
      ADMIN_INITIAL_PASSWORD: BENCH_ADMIN_PASSWORD,
      SEED_DEMO: 'on',
      // Request logs would measure the log pipe, not the server: warnings and errors only.
      LOG_LEVEL: 'warn',
      ...(env.more ?? {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 120 s:\n${output}`)), 120_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const m = /running: (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it started:\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000));
      if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
    },
  };
}

export interface Session {
  headers: Record<string, string>;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

/**
 * Signs a user in with their initial password, changing it at the first sign-in as the spec requires (a later
 * server on the same database signs in with the changed one).
 */
async function signIn(base: string, username: string, initialPassword: string, newPassword: string): Promise<Session> {
  const enc = (p: string) => encryptForTransport(p, DEFAULT_CLIENT_CRYPTO_KEY);
  const headersOf = (j: Record<string, unknown>) => ({ authorization: `Bearer ${j.accessToken}`, token: String(j.token), dbname: String(j.dbName) });
  for (const password of [newPassword, initialPassword]) {
    const first = await post(`${base}/api/auth/signin`, { username, password: enc(password) });
    if (first.json.message === 'SUCCESS') return { headers: headersOf(first.json) };
    if (first.json.message !== 'First Login') continue;
    const ch = await post(`${base}/api/auth/changePassword`, { userid: first.json.id, username, password: enc(newPassword), password1: enc(newPassword) }, headersOf(first.json));
    if (ch.status !== 200) throw new Error(`The password change answered ${ch.status} ${ch.text}`);
    const again = await post(`${base}/api/auth/signin`, { username, password: enc(newPassword) });
    if (again.json.message === 'SUCCESS') return { headers: headersOf(again.json) };
    throw new Error(`The second sign-in answered ${again.text}`);
  }
  throw new Error(`${username} could not sign in to the bench server.`);
}

/** The administrator. */
export const signInAdmin = (base: string): Promise<Session> => signIn(base, 'admin', BENCH_ADMIN_PASSWORD, 'Bench-Keeper@Soil2026');

/** The demo lab's reporting manager, whom the bulk load's activities wait on (their approval queue). */
export const signInManager = (base: string): Promise<Session> =>
  signIn(base, DEMO_USERS.users[0].username, DEMO_USERS.password, 'Bench-Approver@Soil2026');

/** One call, to check that an endpoint answers 200 before it is loaded (a bench of 401s measures nothing). */
export async function checkCall(base: string, urlPath: string, body: unknown, s: Session): Promise<void> {
  const r = await post(`${base}${urlPath}`, body, s.headers);
  if (r.status !== 200) throw new Error(`${urlPath} answered ${r.status}: ${r.text.slice(0, 300)}`);
}
