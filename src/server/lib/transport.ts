import { createDecipheriv } from 'node:crypto';

/**
 * Server side of the legacy transport encoding (see shared/transport/aes.ts): AES-128-CBC, PKCS7,
 * key = IV = the 16-character CLIENT_CRYPTO_KEY, base64 text. Node's decipher checks the padding
 * strictly, so text that was not produced with this key is refused instead of decoding to junk.
 */
export class TransportDecodeError extends Error {}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function decodeTransport(cipherB64: unknown, key: string, field = 'password'): string {
  if (typeof cipherB64 !== 'string' || cipherB64.length === 0 || cipherB64.length > 4096 || !BASE64.test(cipherB64)) {
    throw new TransportDecodeError(`The ${field} could not be read. Please reload the page and try again.`);
  }
  const raw = Buffer.from(cipherB64, 'base64');
  if (raw.length === 0 || raw.length % 16 !== 0) {
    throw new TransportDecodeError(`The ${field} could not be read. Please reload the page and try again.`);
  }
  try {
    const k = Buffer.from(key, 'utf8');
    const d = createDecipheriv('aes-128-cbc', k, k);
    const plain = Buffer.concat([d.update(raw), d.final()]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    if (text.length === 0) throw new Error('empty');
    return text;
  } catch {
    throw new TransportDecodeError(`The ${field} could not be read. Please reload the page and try again.`);
  }
}
