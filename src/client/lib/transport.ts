/**
 * Passwords (and later mobile numbers) are AES-encoded before they leave the browser (spec 000 section 9).
 * crypto-js is loaded with the HTTP client, on first use.
 */
import { getRuntimeConfig } from './runtime-config';

let aes: Promise<typeof import('../../shared/transport/aes')> | null = null;

function loadAes() {
  if (!aes) {
    aes = import(/* webpackChunkName: "transport" */ '../../shared/transport/aes');
    aes.catch(() => {
      aes = null;
    });
  }
  return aes;
}

/** Encodes each value with the runtime transport key. */
export async function encodeSecrets(...values: string[]): Promise<string[]> {
  const { encryptForTransport } = await loadAes();
  const { cryptoKey } = getRuntimeConfig();
  return values.map((v) => encryptForTransport(v, cryptoKey));
}

/** Starts loading the encoder (the session saga does, when the user starts typing a password). */
export function preloadEncoder(): void {
  void loadAes();
}
