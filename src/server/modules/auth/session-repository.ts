import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { newSecretToken, sha256Hex, signAccessToken } from '../../lib/tokens';

type Db = Kysely<Database> | Transaction<Database>;

export interface SessionLimits {
  idleMinutes: number;
  maxHours: number;
}

/** A first-login session only allows the password change and lives 15 minutes at most. */
const FIRST_LOGIN_MINUTES = 15;

export async function createSession(
  db: Db,
  args: { userId: number; tenant: string; kind: 'full' | 'first_login'; ip: string | null; userAgent: string | null; secret: string; limits: SessionLimits },
): Promise<{ sessionId: string; accessToken: string; token: string }> {
  const sessionId = randomUUID();
  const token = newSecretToken();
  const minutes = args.kind === 'full' ? args.limits.maxHours * 60 : FIRST_LOGIN_MINUTES;
  await db
    .insertInto('session')
    .values({
      id: sessionId,
      user_id: args.userId,
      tenant: args.tenant,
      kind: args.kind,
      token_hash: sha256Hex(token),
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes}::int)`,
      ip: args.ip,
      user_agent: args.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  const accessToken = signAccessToken({ sid: sessionId, uid: args.userId, tnt: args.tenant, knd: args.kind }, args.secret);
  return { sessionId, accessToken, token };
}

/** The session with its user, when it is live: not revoked, not past its absolute or idle expiry, user active. */
export async function findLiveSession(db: Db, sessionId: string, idleMinutes: number) {
  return db
    .selectFrom('session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('workflow_role as r', (j) => j.onRef('r.id', '=', 'u.workflow_role_id').on('r.active', '=', 'Y'))
    .select([
      's.id', 's.user_id', 's.tenant', 's.kind', 's.token_hash', 's.last_seen_at', 's.expires_at',
      'u.username', 'u.user_group_id',
      'r.can_add', 'r.can_edit', 'r.can_view', 'r.can_delete', 'r.can_approve', 'r.can_microbe', 'r.is_toprole',
    ])
    .where('s.id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes}::int)`)
    .where('u.active', '=', 'Y')
    .executeTakeFirst();
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: sql`now()` }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<number> {
  const r = await db
    .updateTable('session')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Ends every live session of a user (password change, deactivation). */
export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<number> {
  const r = await db
    .updateTable('session')
    .set({ revoked_at: sql`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function getOrCreateSessionSecret(db: Kysely<Database>): Promise<string> {
  const existing = await db.selectFrom('app_setting').select('value').where('key', '=', 'session_secret').executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('app_setting')
    .values({ key: 'session_secret', value: newSecretToken() + newSecretToken() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', 'session_secret').executeTakeFirstOrThrow();
  return row.value;
}
