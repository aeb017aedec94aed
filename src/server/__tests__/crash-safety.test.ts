/**
 * Crash safety (issue 6.6): the real server is killed with SIGKILL in the middle of a stream of saves. After a
 * restart the database opens, every save that was answered is there, and no save is half there (each saved
 * row has exactly its one audit row, and the audit chain verifies). Embedded mode always; PostgreSQL mode
 * when the suite runs on a PostgreSQL server (npm run test:pg, CI).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DbTarget } from '../db/connection';
import { verifyAuditChain } from '../lib/audit-verify';
import { withDatabase, type TemplateInfo } from '../test-support/template';
import { post, signInAdmin, startServerProcess, type ServerProcess as Server } from '../test-support/server-process';

const PASSWORD = 'Crash@12345';
const startServer = (env: Record<string, string>) => startServerProcess({ ADMIN_INITIAL_PASSWORD: PASSWORD, ...env });
const signIn = (base: string) => signInAdmin(base, PASSWORD, 'Crash-Soil-Lab-2026');

/** Saves departments with 4 requests in flight until killed; returns the codes whose save was answered. */
async function saveUntilKilled(server: Server, headers: Record<string, string>): Promise<string[]> {
  const answered: string[] = [];
  let n = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const code = `K${String(n++).padStart(5, '0')}`;
      try {
        const r = await post(`${server.url}/api/master/savedepartment`, { departmentCode: code, departmentName: `Crash ${code}` }, headers);
        if (r.status === 200 && r.json.status === 'Success') answered.push(code);
        else if (!stop) throw new Error(`save answered ${r.status} ${JSON.stringify(r.json)}`);
      } catch (err) {
        if (!stop && !(err instanceof TypeError)) throw err; // a TypeError is the connection dying with the server
        return;
      }
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  // Kill in the middle of the stream: after some answers, at a moment that varies from run to run.
  while (answered.length < 40 + Math.floor(Math.random() * 40)) await new Promise((r) => setTimeout(r, 5));
  server.child.kill('SIGKILL');
  stop = true;
  await server.exited;
  await Promise.all(workers);
  return answered;
}

async function checkAfterRestart(target: DbTarget, env: Record<string, string>, answered: string[]): Promise<void> {
  // The database opens and the server serves again.
  const again = await startServer(env);
  const h = await signIn(again.url);
  expect((await post(`${again.url}/api/master/getdepartment`, { pageno: 1 }, h)).status).toBe(200);
  again.child.kill('SIGTERM');
  await again.exited;

  const handle = await openDatabase(target);
  try {
    const rows = await handle.db.selectFrom('department').select(['id', 'code']).where('code', 'like', 'K%').execute();
    const codes = new Set(rows.map((r) => r.code));
    for (const code of answered) expect(codes.has(code) ? code : `missing ${code}`).toBe(code);
    // No save half there: each department has exactly its one create audit row, and no audit row lacks its department.
    const audits = await handle.db
      .selectFrom('audit_log').select(['entity_id', sql<number>`count(*)`.as('n')])
      .where('action', '=', 'department.create').groupBy('entity_id').execute();
    expect(audits.map((a) => [a.entity_id, Number(a.n)]).sort()).toEqual(rows.map((r) => [String(r.id), 1]).sort());
    expect(await verifyAuditChain(handle.db)).toMatchObject({ ok: true });
  } finally {
    await handle.close();
  }
}

test('embedded: kill -9 during saves loses no answered save and leaves none half done', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lims-crash-'));
  try {
    const env = { DATA_DIR: dataDir };
    const server = await startServer(env);
    const answered = await saveUntilKilled(server, await signIn(server.url));
    expect(answered.length).toBeGreaterThanOrEqual(40);
    await checkAfterRestart({ kind: 'pglite', dataDir }, env, answered);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);

const template = JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null;
const onPostgres = template?.kind === 'postgres' ? test : test.skip;

onPostgres('PostgreSQL: kill -9 during saves loses no answered save and leaves none half done', async () => {
  if (template?.kind !== 'postgres') return;
  const name = `lims_crash_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: template.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  const url = withDatabase(template.serverUrl, name);
  try {
    const env = { DATABASE_URL: url };
    const server = await startServer(env);
    const answered = await saveUntilKilled(server, await signIn(server.url));
    await checkAfterRestart({ kind: 'postgres', url, poolSize: 2 }, env, answered);
  } finally {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  }
}, 240_000);
