/**
 * Real server processes for tests that need more than one process or a real kill: `src/server/main.ts` run as a
 * child process, and plain HTTP calls to it.
 */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { encryptForTransport } from '../../shared/transport/aes';
import { DEFAULT_CLIENT_CRYPTO_KEY } from '../config';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const enc = (p: string) => encryptForTransport(p, DEFAULT_CLIENT_CRYPTO_KEY);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
}

/** Starts the server on a free port with `env` over a clean, quiet lab; resolves once it serves. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'run-ts.js'), 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'off', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /running: (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1].replace('localhost', '127.0.0.1'), child, exited, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** Stops a server process (SIGTERM: its shutdown writes the last audit checkpoint) and waits for it. */
export async function stopServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * Signs `admin` in fully: the first sign-in with `initialPassword` changes it to `password`; a later one signs in
 * with `password` directly. Returns the session headers the app sends.
 */
export async function signInAdmin(base: string, initialPassword: string, password: string): Promise<Record<string, string>> {
  let s = (await post(`${base}/api/auth/signin`, { username: 'admin', password: enc(initialPassword) })).json;
  if (s.message === 'First Login') {
    const h = { authorization: `Bearer ${s.accessToken}`, token: String(s.token), dbname: String(s.dbName) };
    await post(`${base}/api/auth/changePassword`, { userid: s.id, username: 'admin', password: enc(password), password1: enc(password) }, h);
  }
  s = (await post(`${base}/api/auth/signin`, { username: 'admin', password: enc(password) })).json;
  if (s.message !== 'SUCCESS') throw new Error(`sign-in answered ${JSON.stringify(s)}`);
  return { authorization: `Bearer ${s.accessToken}`, token: String(s.token), dbname: String(s.dbName) };
}
