import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The access token names the session, the user and the tenant, and is signed with the server's
 * session secret (HMAC-SHA256): `base64url(json).base64url(mac)`. The companion `Token` header is a
 * random value whose SHA-256 is stored in the session row; a request needs both.
 */
export interface AccessClaims {
  sid: string;
  uid: number;
  tnt: string;
  knd: 'full' | 'first_login';
}

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyAccessToken(token: string, secret: string): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  // Compare the signature as text: base64url decoding ignores the spare bits of the last character, so a
  // byte comparison would accept several spellings of one signature (a malleable token).
  const mac = Buffer.from(token.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('base64url'), 'utf8');
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof c.sid !== 'string' || !Number.isInteger(c.uid) || typeof c.tnt !== 'string') return null;
    if (c.knd !== 'full' && c.knd !== 'first_login') return null;
    return c;
  } catch {
    return null;
  }
}

/**
 * The credentials of recent calls, checked: a client sends the same two tokens on every call, and checking them
 * (an HMAC, a SHA-256, two base64 decodings and a JSON parse) was a visible share of a list page's server time
 * under load, which the bare route does not pay. Only a token whose signature verified is kept, under the exact
 * texts sent and the secret that verified it, so a kept answer is the one verifyAccessToken would give again
 * (a pure function of those). The session it names is still looked up on every call (plugins/session.ts), so a
 * sign-out or an expiry refuses the next call as before. At most KEPT_CREDENTIALS pairs; past that the list starts
 * again.
 */
export const KEPT_CREDENTIALS = 10_000;
interface Checked { claims: AccessClaims; tokenHash: string | null }
const checked = new Map<string, Map<string, Checked>>();

/** verifyAccessToken, with the SHA-256 of the companion `Token` header (null when not sent), kept per pair. */
export function checkCredentials(accessToken: string, token: string | null, secret: string): Checked | null {
  let kept = checked.get(secret);
  if (!kept) checked.set(secret, (kept = new Map()));
  const key = `${accessToken}\n${token ?? ''}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const claims = verifyAccessToken(accessToken, secret);
  if (!claims) return null;
  const entry: Checked = Object.freeze({ claims: Object.freeze(claims), tokenHash: token === null ? null : sha256Hex(token) });
  if (kept.size >= KEPT_CREDENTIALS) kept.clear();
  kept.set(key, entry);
  return entry;
}

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function sameHash(aHex: string, bHex: string): boolean {
  const a = Buffer.from(aHex, 'hex');
  const b = Buffer.from(bHex, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
