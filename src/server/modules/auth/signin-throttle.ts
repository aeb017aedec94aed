import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

/**
 * Sign-in throttling that slows guessing down without letting a stranger lock an account out (OWASP ASVS 4.0.3
 * §2.2.1): failures are counted per account AND address. From the SIGNIN_MAX_FAILURES-th failure on, that address
 * must wait before its next try for this account, a delay that doubles with every further failure (1 s, 2 s, 4 s ...)
 * up to SIGNIN_LOCK_MINUTES. The account's owner, signing in from another address, is never held up by someone
 * else's failures; a success clears the address's count; an administrator's unlock clears every count of the user.
 * Signature passwords (re-entered to approve or revert) count here too. The per-address limit of sign-in calls a
 * minute (app.ts) still applies on top.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface ThrottleSettings {
  signinMaxFailures: number;
  signinLockMinutes: number;
}

/** The delay (ms) an address must wait after `failures` failures in a row. */
export function delayAfter(failures: number, s: ThrottleSettings): number {
  if (failures < s.signinMaxFailures) return 0;
  const seconds = 2 ** Math.min(failures - s.signinMaxFailures, 20);
  return Math.min(seconds * 1000, s.signinLockMinutes * 60_000);
}

const addressOf = (ip: string | null) => (ip ?? 'unknown').slice(0, 64);

/** How long (ms) this address must still wait before trying this account again (0: it may try now). */
export async function waitBeforeTry(db: Db, userId: number, ip: string | null, s: ThrottleSettings): Promise<number> {
  const row = await db.selectFrom('signin_throttle').select(['failures', sql<number>`extract(epoch from (now() - last_failure_at)) * 1000`.as('since_ms')])
    .where('user_id', '=', userId).where('ip', '=', addressOf(ip)).executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, Math.ceil(delayAfter(row.failures, s) - Number(row.since_ms)));
}

/** Counts a failure of this address for this account; answers the count. */
export async function recordFailure(db: Db, userId: number, ip: string | null): Promise<number> {
  const r = await db.insertInto('signin_throttle').values({ user_id: userId, ip: addressOf(ip), failures: 1, last_failure_at: sql`now()` })
    .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ failures: sql`signin_throttle.failures + 1`, last_failure_at: sql`now()` }))
    .returning('failures').executeTakeFirstOrThrow();
  return r.failures;
}

export async function clearFailures(db: Db, userId: number, ip?: string | null): Promise<number> {
  let q = db.deleteFrom('signin_throttle').where('user_id', '=', userId);
  if (ip !== undefined) q = q.where('ip', '=', addressOf(ip));
  return Number((await q.executeTakeFirst()).numDeletedRows);
}

/** Users some address is being held up for right now (the employee list marks them). */
export async function usersHeldUp(db: Db, userIds: readonly number[], s: ThrottleSettings): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('signin_throttle').select(['user_id', 'failures', sql<number>`extract(epoch from (now() - last_failure_at)) * 1000`.as('since_ms')])
    .where('user_id', 'in', [...userIds]).where('failures', '>=', s.signinMaxFailures).execute();
  return new Set(rows.filter((r) => Number(r.since_ms) < delayAfter(r.failures, s)).map((r) => r.user_id));
}

export const waitSentence = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  const text = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts for this account from this address. Please wait ${text} and try again.`;
};
