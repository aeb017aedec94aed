// `npm run test:pg`: the server suite on a PostgreSQL server instead of PGlite.
// Creates a fresh database on PG_SERVER_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// runs the server tests with DATABASE_URL pointing at it, and drops it afterwards.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const pg = require('pg');

const serverUrl = process.env.PG_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sqlText) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

(async () => {
  const name = `lims_ci_${process.pid}`;
  try {
    await admin(`create database ${name}`);
  } catch (err) {
    console.error(`Cannot reach PostgreSQL at ${serverUrl.replace(/:[^:@/]*@/, ':***@')}: ${err.message}`);
    process.exit(1);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  console.log(`Server tests on PostgreSQL database ${name}`);
  const jest = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
  // Paths and options first: --selectProjects takes a list and would swallow what follows it.
  const args = ['--experimental-vm-modules', '--no-warnings', jest, ...process.argv.slice(2), '--selectProjects', 'server'];
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url.toString() } });
  await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
  process.exit(r.status ?? 1);
})();
