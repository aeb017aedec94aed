import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';

/** argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1), DESIGN.md section 7. */
// algorithm 2 is Argon2id (the package's enum is a const enum, which Babel cannot inline).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

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

/** A plain sentence when the new password is not acceptable, else null. */
export function passwordProblem(plain: string): string | null {
  if (plain.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (plain.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

// No look-alikes (0/O, 1/l/I): the initial password is read out or copied by hand.
const READABLE = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
} as const;

/**
 * A random initial password for a new user (12 characters by default, from crypto's generator): at least
 * one capital, one small letter and one digit, no look-alike characters. It is answered once and only its
 * hash is stored; the user must change it at the first sign-in.
 */
export function generateInitialPassword(length = 12): string {
  const all = READABLE.upper + READABLE.lower + READABLE.digit;
  const chars = [READABLE.upper, READABLE.lower, READABLE.digit].map((set) => set[randomInt(set.length)]);
  while (chars.length < Math.max(length, PASSWORD_MIN_LENGTH)) chars.push(all[randomInt(all.length)]);
  // Fisher-Yates, so that the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
