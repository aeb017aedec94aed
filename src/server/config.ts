import path from 'node:path';
import { assertTransportKey } from '../shared/transport/aes';
import { DEFAULT_DB_NAME } from '../shared/contract/session';

/**
 * Every environment variable the server reads (documented in README.md).
 * Parsed once at start; a bad value stops the start with a plain message.
 */
export interface Config {
  port: number;
  host: string;
  /** Embedded PGlite data directory (used when databaseUrl is empty). */
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL server mode: run the app's statements as prepared statements (db/prepared-statements.ts). */
  pgPreparedStatements: boolean;
  /** Keep the answers of list pages until a change commits (lib/kept-answers.ts). */
  keepListPages: boolean;
  clientCryptoKey: string;
  adminInitialPassword: string;
  seedDemo: boolean;
  /** The tenant (dbName) this server serves. */
  tenant: string;
  companyName: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Failed sign-ins in a row before an account is throttled. */
  signinMaxFailures: number;
  signinLockMinutes: number;
  logLevel: string;
  clientDir: string;
  /** Where the audit signing key and the checkpoint file live (lib/audit-anchor.ts): apart from the database. */
  auditKeyDir: string;
  /** The audit signing key itself (PEM or base64 PKCS#8), instead of the key file. */
  auditSigningKey: string | null;
  /** Seconds between the server's audit checkpoints. */
  auditCheckpointSeconds: number;
  /** Serve the API document at /api/docs. */
  apiDocs: boolean;
  /** Server processes (node:cluster) sharing the port; above 1 only on a PostgreSQL server (main.ts). */
  workers: number;
}

export const DEFAULT_CLIENT_CRYPTO_KEY = '8080808080808080';
export const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got '${raw}').`);
  }
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be on or off (got '${raw}').`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clientCryptoKey = env.CLIENT_CRYPTO_KEY || DEFAULT_CLIENT_CRYPTO_KEY;
  assertTransportKey(clientCryptoKey);
  const tenant = env.DB_NAME || DEFAULT_DB_NAME;
  const workers = int(env, 'WORKERS', 1, 1, 64);
  // The embedded database's data directory is opened by one process (db/data-dir-lock.ts).
  if (workers > 1 && !env.DATABASE_URL) throw new Error('WORKERS above 1 needs a PostgreSQL server (DATABASE_URL): the embedded database is opened by one process only.');
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(tenant)) throw new Error('DB_NAME may hold only letters, digits, _ and -.');
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    pgPreparedStatements: bool(env, 'PG_PREPARED_STATEMENTS', true),
    keepListPages: bool(env, 'KEEP_LIST_PAGES', true),
    clientCryptoKey,
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    seedDemo: bool(env, 'SEED_DEMO', true),
    tenant,
    companyName: env.COMPANY_NAME || 'Soil Microbiology Laboratory',
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionMaxHours: int(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 30),
    signinMaxFailures: int(env, 'SIGNIN_MAX_FAILURES', 5, 1, 100),
    signinLockMinutes: int(env, 'SIGNIN_LOCK_MINUTES', 15, 1, 24 * 60),
    logLevel: env.LOG_LEVEL || 'info',
    clientDir: path.resolve(env.CLIENT_DIR || 'build/client'),
    auditKeyDir: path.resolve(env.AUDIT_KEY_DIR || 'audit-keys'),
    auditSigningKey: env.AUDIT_SIGNING_KEY || null,
    auditCheckpointSeconds: int(env, 'AUDIT_CHECKPOINT_SECONDS', 60, 1, 24 * 3600),
    apiDocs: bool(env, 'API_DOCS', false),
    workers,
  };
}
