// Drops the template database / dump made by global-setup.js.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function globalTeardown() {
  const info = JSON.parse(process.env.LIMS_TEST_TEMPLATE || 'null');
  if (!info) return;
  if (info.kind === 'pglite') {
    fs.rmSync(path.dirname(info.dumpFile), { recursive: true, force: true });
    return;
  }
  const pg = require('pg');
  const client = new pg.Client({ connectionString: info.serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${info.template} with (force)`);
  await client.end();
};
