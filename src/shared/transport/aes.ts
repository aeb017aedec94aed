/**
 * The legacy wire encoding for passwords and mobile numbers (spec 000 section 9):
 * AES-CBC with PKCS7 padding, where the key and the IV are the same 16-character string,
 * sent as base64 (crypto-js compatible). The key ships to every browser, so this is an
 * encoding, not a secret: TLS protects the wire and argon2id protects the stored hashes.
 */
import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

// Importing only these modules keeps the client bundle small (the full crypto-js is ~50 KB).
const CBC = CryptoJS.mode.CBC;
const Pkcs7 = CryptoJS.pad.Pkcs7;

export const TRANSPORT_KEY_LENGTH = 16;

export function assertTransportKey(key: string): void {
  if (typeof key !== 'string' || key.length !== TRANSPORT_KEY_LENGTH) {
    throw new Error(`The transport key must be exactly ${TRANSPORT_KEY_LENGTH} characters long.`);
  }
}

export function encryptForTransport(plain: string, key: string): string {
  assertTransportKey(key);
  const k = Utf8.parse(key);
  return AES.encrypt(Utf8.parse(plain), k, { iv: k, mode: CBC, padding: Pkcs7 }).toString();
}

/** Returns null when the text cannot be decrypted to UTF-8 with this key. */
export function decryptFromTransport(cipherB64: string, key: string): string | null {
  assertTransportKey(key);
  const k = Utf8.parse(key);
  try {
    const out = AES.decrypt(cipherB64, k, { iv: k, mode: CBC, padding: Pkcs7 }).toString(Utf8);
    return out.length > 0 ? out : null;
  } catch {
    return null;
  }
}
