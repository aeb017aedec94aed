import type { FastifyInstance } from 'fastify';
import Bowser from 'bowser';
import { sql } from 'kysely';
import { ACCOUNT_MSG, type SessionInfo } from '../../../shared/contract/account-endpoints';
import { AUTH_CONTRACT as C } from '../../../shared/contract/auth-schemas';
import { mutate } from '../../lib/audit';
import { HttpError } from '../../plugins/errors';
import { actorOf } from '../../plugins/session';
import { revokeSession } from './session-repository';

/** "Chrome 131 on Windows" from a user agent (Bowser, a maintained parser), or "Unknown browser". */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const p = Bowser.parse(userAgent);
  const browser = [p.browser.name, p.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = p.os.name ?? '';
  if (!browser) return os ? `Unknown browser on ${os}` : 'Unknown browser';
  return os ? `${browser} on ${os}` : browser;
}

/** The caller's live sessions (Settings): see where you are signed in and end what you do not recognise. */
export function sessionRoutes(app: FastifyInstance): void {
  app.endpoint(C.sessions, async (req): Promise<SessionInfo[]> => {
    const auth = req.auth!;
    const idle = req.server.settings.sessionIdleMinutes;
    const rows = await req.server.db.selectFrom('session')
      .select(['id', 'ip', 'user_agent', sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created'),
        sql<string>`to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('seen')])
      .where('user_id', '=', auth.userId)
      .where('kind', '=', 'full')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .where('last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idle}::int)`)
      .orderBy('last_seen_at', 'desc').orderBy('id')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      sessionId: r.id, browser: browserOf(r.user_agent), ip: r.ip, signedInAt: r.created, lastSeenAt: r.seen, current: r.id === auth.sessionId,
    }));
  });

  app.endpoint(C.endSession, async (req) => {
    const auth = req.auth!;
    const { sessionId } = req.body;
    const ended = await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      const own = await trx.selectFrom('session').select('id').where('id', '=', sessionId).where('user_id', '=', auth.userId)
        .where('revoked_at', 'is', null).executeTakeFirst();
      if (!own) return 0;
      const n = await revokeSession(trx, sessionId, sessionId === auth.sessionId ? 'ended by user (this session)' : 'ended by user');
      await audit({ action: 'session.end', entity: 'session', entityId: sessionId, reason: 'ended by its user', after: { current: sessionId === auth.sessionId } });
      return n;
    });
    // Someone else's session id is answered like an unknown one: no probing for other users' sessions.
    if (ended === 0) throw new HttpError(404, ACCOUNT_MSG.sessionNotFound);
    return { status: 'OK', message: ACCOUNT_MSG.sessionEnded };
  });
}
