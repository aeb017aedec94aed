import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type Config } from './config';
import { openConfiguredDatabase, prepareDatabase } from './db/open';
import { buildApp } from './app';
import { displayFingerprint, loadAuditKeys, startCheckpointTimer, type AuditKeys } from './lib/audit-anchor';
import { startEmbeddedMaintenance } from './db/embedded-maintenance';

/**
 * Set by the primary (WORKERS above 1) on the one worker that writes the audit checkpoints: the checkpoint file
 * gets its lines after each commit, so several writers could append them out of the database's order.
 */
const CHECKPOINT_WORKER_ENV = 'LIMS_CHECKPOINT_WORKER';

const runningLine = (port: number) => `\nSoil Microbiology LIMS is running: http://localhost:${port}\n`;

/** `npm start`: open + migrate + seed the database, serve the API and the built client on one port. */
export async function main(): Promise<void> {
  const config = loadConfig();
  // The audit key first: a start that cannot anchor the audit trail should not open the database.
  const keys = loadAuditKeys({ dir: config.auditKeyDir, signingKey: config.auditSigningKey, create: true });
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config, keys);
  if (cluster.isWorker) return serve(config, keys, { migrate: false, checkpoints: process.env[CHECKPOINT_WORKER_ENV] === 'on' });
  return serve(config, keys, { migrate: true, checkpoints: true });
}

const announceKey = (config: Config, keys: AuditKeys) =>
  console.log(`Audit trail anchored with the key ${displayFingerprint(keys.fingerprint!)} (${config.auditSigningKey ? 'AUDIT_SIGNING_KEY' : config.auditKeyDir}); checkpoints every ${config.auditCheckpointSeconds} s.`);

async function openAndMigrate(config: Config) {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Opening ${where} ...`);
  const { handle, applied } = await prepareDatabase(config);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  return handle;
}

/** One server process: the whole server, or one worker of WORKERS (the primary has migrated and seeded). */
async function serve(config: Config, keys: AuditKeys, opts: { migrate: boolean; checkpoints: boolean }): Promise<void> {
  const handle = opts.migrate ? await openAndMigrate(config) : await openConfiguredDatabase(config);
  const app = await buildApp({ ...config, db: handle.db, searchDb: handle.search, backgroundDb: handle.background, logger: { level: config.logLevel } });
  const checkpoints = opts.checkpoints ? startCheckpointTimer(handle.db, keys, config.tenant, config.auditCheckpointSeconds, (m) => app.log.error(m)) : null;
  // The PostgreSQL server vacuums and analyzes by itself; the embedded engine has no autovacuum.
  const maintenance = handle.kind === 'pglite' ? startEmbeddedMaintenance(handle.background, (m) => app.log.error(m)) : null;
  if (!cluster.isWorker) announceKey(config, keys);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await checkpoints?.stop();
    await maintenance?.stop();
    await handle.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) console.log(runningLine((app.server.address() as { port: number }).port));
}

/**
 * WORKERS above 1: this process migrates and seeds once, then only forks the workers (node:cluster shares the
 * port among them) and forks a new one for any that dies. Workers share nothing but the database: see README
 * "Several server processes".
 */
async function runPrimary(config: Config, keys: AuditKeys): Promise<void> {
  const handle = await openAndMigrate(config);
  await handle.close();
  announceKey(config, keys);
  let stopping = false;
  let checkpointer: Worker | null = null;
  const listening = new Set<number>();
  const fork = (checkpoints: boolean) => {
    const worker = cluster.fork({ [CHECKPOINT_WORKER_ENV]: checkpoints ? 'on' : 'off' });
    if (checkpoints) checkpointer = worker;
  };
  let announced = false;
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size === config.workers) {
      announced = true;
      console.log(`${config.workers} worker processes serve one port.${runningLine(address.port)}`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker that never served is a start that fails (a port in use, a bad setting): forking again would loop.
    if (!listening.has(worker.id)) {
      console.error(`A worker stopped before serving (${signal ?? `exit ${code}`}); stopping.`);
      void stopAll(1);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`);
    fork(worker === checkpointer);
  });
  const stopAll = async (exitCode: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    // Each worker shuts down as a single server does (its last requests, then the last checkpoint).
    await Promise.all(workers.map((w) => new Promise((r) => { w.once('exit', r); w.process.kill('SIGTERM'); })));
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  fork(true);
  for (let i = 1; i < config.workers; i++) fork(false);
}
