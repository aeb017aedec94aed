import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { passwordProblem } from './password-policy';
import { PASSWORD_RULES } from '../../shared/contract/password-rules';

/** argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1), DESIGN.md section 7. */
// algorithm 2 is Argon2id (the package's enum is a const enum, which Babel cannot inline).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;


export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

// Verified against when the user does not exist, so that both answers take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

// No look-alikes (0/O, 1/l/I): the initial password is read out or copied by hand.
const READABLE = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
} as const;

/**
 * A random one-time password for a new user or a reset (16 characters by default, from crypto's generator, about 93
 * bits): at least one capital, one small letter and one digit, no look-alike characters, and one the password rules
 * accept. It is answered once and only its hash is stored; the user must change it at the next sign-in.
 */
export function generateInitialPassword(length = 16, username?: string): string {
  for (;;) {
    const p = randomReadable(Math.max(length, PASSWORD_RULES.minLength));
    if (passwordProblem(p, { username }) === null) return p;
  }
}

function randomReadable(length: number): string {
  const all = READABLE.upper + READABLE.lower + READABLE.digit;
  const chars = [READABLE.upper, READABLE.lower, READABLE.digit].map((set) => set[randomInt(set.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  // Fisher-Yates, so that the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
