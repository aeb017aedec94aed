/**
 * PostgreSQL mode: the server closing an idle pooled connection (a restart, an administrator, a dropped
 * database) must not end the process; the next query gets a new connection. Runs on the PostgreSQL server
 * only (`npm run test:pg`, and CI); skipped on the embedded engine, which has no such connections.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../connection';
import { withDatabase, type TemplateInfo } from '../../test-support/template';

const template = JSON.parse(process.env.LIMS_TEST_TEMPLATE ?? 'null') as TemplateInfo | null;
const onPostgres = template?.kind === 'postgres' ? test : test.skip;

onPostgres('an idle connection terminated by the server is replaced, and the process lives on', async () => {
  if (template?.kind !== 'postgres') return;
  const name = `lims_pool_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: template.serverUrl, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(template.serverUrl, name), poolSize: 2 });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect((await sql<{ n: number }>`select 1 as n`.execute(handle.db)).rows).toEqual([{ n: 1 }]);
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${name}`.execute(admin.db);
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the idle client hears of it
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/^PostgreSQL closed an idle connection: /));
    expect((await sql<{ n: number }>`select 2 as n`.execute(handle.db)).rows).toEqual([{ n: 2 }]);
  } finally {
    stderr.mockRestore();
    await handle.close();
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await admin.close();
  }
});
