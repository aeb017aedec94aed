/**
 * Several server processes on one PostgreSQL database (README "Several server processes"): two real server
 * processes share nothing but the database. A change made through one is seen through the other within the
 * documented delay (kept pages and sessions live SESSION_CACHE_MS / KEPT_ANSWER_MS in each process), a session
 * made on one works on the other, and a sign-out on one ends the session on the other within that delay.
 * PostgreSQL only (npm run test:pg, CI): embedded mode is one process by design.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../db/connection';
import { withDatabase, type TemplateInfo } from '../test-support/template';
import { post, signInAdmin, startServerProcess, stopServerProcess, type ServerProcess } from '../test-support/server-process';
import { SESSION_CACHE_MS } from '../plugins/session';
import { KEPT_ANSWER_MS } from '../lib/kept-answers';
import { loadConfig } from '../config';

const INITIAL = 'Multi@12345';
/** The documented bound with room for a loaded two-core machine: 2 s of kept answers, then a read. */
const SEEN_WITHIN_MS = 10_000;

const template = JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null;
const onPostgres = template?.kind === 'postgres' ? test : test.skip;

/** Calls `probe` until it answers true; returns how long that took, or fails after SEEN_WITHIN_MS. */
async function msUntil(what: string, probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > SEEN_WITHIN_MS) throw new Error(`${what}: not seen within ${SEEN_WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh database on the test's PostgreSQL server and one audit key directory, for `run`; both removed after. */
async function withFreshDatabase(run: (env: Record<string, string>, servers: ServerProcess[]) => Promise<void>): Promise<void> {
  if (template?.kind !== 'postgres') return;
  const name = `lims_multi_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: template.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  // One audit key for every process, as on one machine (or from one secret store with AUDIT_SIGNING_KEY).
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-multi-keys-'));
  const servers: ServerProcess[] = [];
  try {
    await run({ DATABASE_URL: withDatabase(template.serverUrl, name), AUDIT_KEY_DIR: keyDir, ADMIN_INITIAL_PASSWORD: INITIAL }, servers);
  } finally {
    await Promise.all(servers.map(stopServerProcess));
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  }
}

/** The departments list page searched for MULTI, as `base` answers it with the session headers `h`. */
async function departments(base: string, h: Record<string, string>): Promise<{ status: number; body: string }> {
  const r = await post(`${base}/api/master/getdepartment`, { pageno: 1, searchText: 'MULTI' }, h);
  return { status: r.status, body: JSON.stringify(r.json) };
}

test('WORKERS: a whole number from 1, above 1 only on a PostgreSQL server', async () => {
  expect(loadConfig({}).workers).toBe(1);
  expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://db/lims' }).workers).toBe(3);
  expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://db/lims' })).toThrow('WORKERS must be a whole number from 1 to 64');
  expect(() => loadConfig({ WORKERS: '2' })).toThrow('WORKERS above 1 needs a PostgreSQL server (DATABASE_URL)');
  // The real start refuses it before opening the embedded data directory.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-multi-'));
  try {
    await expect(startServerProcess({ WORKERS: '2', DATA_DIR: dataDir })).rejects.toThrow(/exited with 1:[\s\S]*WORKERS above 1 needs a PostgreSQL server/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

onPostgres('two server processes on one database: started together, a change, a session and a sign-out made through one hold on the other', () =>
  withFreshDatabase(async (env, servers) => {
    // Both start at once on the new database: one migrates and seeds it, the other waits and finds it done.
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    const [a, b] = started.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    expect(a.url).not.toBe(b.url);

    const h = await signInAdmin(a.url, INITIAL, 'Multi-Process-Lab-2026');
    // The session made on A works on B, and B keeps this page (what a change on A must get past).
    const before = await departments(b.url, h);
    expect(before.status).toBe(200);
    expect(before.body).not.toContain('MULTI01');

    const saved = await post(`${a.url}/api/master/savedepartment`, { departmentCode: 'MULTI01', departmentName: 'Made on A' }, h);
    expect([saved.status, saved.json.status]).toEqual([200, 'Success']);
    expect((await departments(a.url, h)).body).toContain('MULTI01'); // the saving process at once
    const seenOnB = await msUntil('the department saved on A, on B', async () => (await departments(b.url, h)).body.includes('MULTI01'));

    // A sign-out on A: A refuses the session at once, B within SESSION_CACHE_MS (plus a loaded machine's slack).
    expect((await departments(b.url, h)).status).toBe(200);
    expect((await post(`${a.url}/api/auth/logout`, {}, h)).status).toBe(200);
    expect((await departments(a.url, h)).status).toBe(401);
    const endedOnB = await msUntil('the sign-out on A, on B', async () => (await departments(b.url, h)).status === 401);
    process.stdout.write(`two processes: change seen on B after ${seenOnB} ms (kept ${KEPT_ANSWER_MS} ms), sign-out after ${endedOnB} ms (kept ${SESSION_CACHE_MS} ms)\n`);
  }), 120_000);

onPostgres('WORKERS=2: one port, both workers converge on a change and a sign-out; the checkpoint file keeps the database\'s order', () =>
  withFreshDatabase(async (env, servers) => {
    const s = await startServerProcess({ ...env, WORKERS: '2' });
    servers.push(s);
    expect(s.output()).toContain('2 worker processes serve one port.');
    const h = await signInAdmin(s.url, INITIAL, 'Multi-Process-Lab-2026');
    expect((await departments(s.url, h)).status).toBe(200);
    // node:cluster hands connections to the workers in turn: a run of fresh connections reaches both.
    const everyWorker = async (probe: (r: { status: number; body: string }) => boolean) => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => departments(s.url, h)));
      return answers.every(probe);
    };
    // Each worker keeps this page before the change.
    expect(await everyWorker((r) => r.status === 200 && !r.body.includes('MULTI02'))).toBe(true);
    const saved = await post(`${s.url}/api/master/savedepartment`, { departmentCode: 'MULTI02', departmentName: 'Made on a worker' }, h);
    expect([saved.status, saved.json.status]).toEqual([200, 'Success']);
    const seen = await msUntil('the department, on every worker', () => everyWorker((r) => r.body.includes('MULTI02')));
    expect((await post(`${s.url}/api/auth/logout`, {}, h)).status).toBe(200);
    const ended = await msUntil('the sign-out, on every worker', () => everyWorker((r) => r.status === 401));
    process.stdout.write(`WORKERS=2: change seen by every worker after ${seen} ms, sign-out after ${ended} ms\n`);

    await stopServerProcess(s);
    expect(s.child.exitCode).toBe(0);
    // One worker writes the checkpoints: the file's lines are the database's checkpoints, in order, each once.
    const lines = fs.readFileSync(path.join(env.AUDIT_KEY_DIR, 'audit-checkpoints.jsonl'), 'utf8').trim().split('\n');
    const db = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 });
    try {
      const inDb = await db.db.selectFrom('audit_checkpoint').select('seq').orderBy('seq').execute();
      expect(lines.map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual(inDb.map((r) => Number(r.seq)));
      expect(inDb.length).toBeGreaterThanOrEqual(2); // at start and at shutdown
    } finally {
      await db.close();
    }
  }), 120_000);
