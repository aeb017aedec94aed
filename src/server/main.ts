import { loadConfig } from './config';
import { prepareDatabase } from './db/open';
import { buildApp } from './app';
import { displayFingerprint, loadAuditKeys, startCheckpointTimer } from './lib/audit-anchor';

/** `npm start`: open + migrate + seed the database, serve the API and the built client on one port. */
export async function main(): Promise<void> {
  const config = loadConfig();
  // The audit key first: a start that cannot anchor the audit trail should not open the database.
  const keys = loadAuditKeys({ dir: config.auditKeyDir, signingKey: config.auditSigningKey, create: true });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`Opening ${where} ...`);
  const { handle, applied } = await prepareDatabase(config);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  const app = await buildApp({ ...config, db: handle.db, searchDb: handle.search, backgroundDb: handle.background, logger: { level: config.logLevel } });
  const checkpoints = startCheckpointTimer(handle.db, keys, config.tenant, config.auditCheckpointSeconds, (m) => app.log.error(m));
  console.log(`Audit trail anchored with the key ${displayFingerprint(keys.fingerprint!)} (${config.auditSigningKey ? 'AUDIT_SIGNING_KEY' : config.auditKeyDir}); checkpoints every ${config.auditCheckpointSeconds} s.`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => undefined);
    await checkpoints.stop();
    await handle.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  console.log(`\nSoil Microbiology LIMS is running: http://localhost:${port}\n`);
}
