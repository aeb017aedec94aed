import { DEFAULT_DB_NAME } from '../../shared/contract/session';

/** What the server's /runtime-config.js puts on window before the bundle runs. */
export interface RuntimeConfig {
  /** The 16-character AES transport key (an encoding, not a secret: see DESIGN.md section 7). */
  cryptoKey: string;
  /** Tenant database name sent when none is stored. */
  defaultDbName: string;
}

declare global {
  interface Window {
    __LIMS_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** Used when /runtime-config.js did not load (tests, a bare static build). */
export const FALLBACK_CONFIG: RuntimeConfig = { cryptoKey: '8080808080808080', defaultDbName: DEFAULT_DB_NAME };

export function getRuntimeConfig(): RuntimeConfig {
  const fromServer = typeof window !== 'undefined' ? window.__LIMS_CONFIG__ : undefined;
  const cryptoKey =
    typeof fromServer?.cryptoKey === 'string' && fromServer.cryptoKey.length === 16 ? fromServer.cryptoKey : FALLBACK_CONFIG.cryptoKey;
  const defaultDbName =
    typeof fromServer?.defaultDbName === 'string' && fromServer.defaultDbName !== '' ? fromServer.defaultDbName : FALLBACK_CONFIG.defaultDbName;
  return { cryptoKey, defaultDbName };
}
