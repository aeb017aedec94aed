// `npm start`: build the client if needed, then open/migrate/seed the database and serve on PORT.
const path = require('node:path');
const cluster = require('node:cluster');
const { ensureClientBuilt } = require('./build-client');
const { runTs } = require('./run-ts');

try {
  // WORKERS: the primary builds the client before forking; its workers run this script again and need not look.
  if (!process.argv.includes('--no-build') && !cluster.isWorker) ensureClientBuilt();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
runTs(path.join(__dirname, '..', 'src', 'server', 'main.ts')).catch((err) => {
  console.error(`The server could not start: ${err && err.message ? err.message : err}`);
  process.exit(1);
});
