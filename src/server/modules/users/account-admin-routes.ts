import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ACCOUNT_MSG, type PasswordResetAnswer } from '../../../shared/contract/account-endpoints';
import { ACCOUNT_ADMIN_CONTRACT as E } from '../../../shared/contract/user-schemas';
import type { Database } from '../../db/types';
import { mutate, type AuditEntry } from '../../lib/audit';
import { generateInitialPassword, hashPassword } from '../../lib/passwords';
import { HttpError } from '../../plugins/errors';
import { actorOf } from '../../plugins/session';
import { clearFailures } from '../auth/signin-throttle';
import { revokeUserSessions } from '../auth/session-repository';


interface Target { id: number; username: string; name: string }

type Action = (trx: Transaction<Database>, user: Target, audit: (e: AuditEntry) => Promise<void>) => Promise<Record<string, unknown>>;

/**
 * One administrator action on one user: the user is read inside the transaction, an administrator never acts on
 * themselves here (Settings is for that), and the action writes its own audit row.
 */
async function onUser(req: FastifyRequest<{ Body: { resourceID: number | string } }>, act: Action): Promise<Record<string, unknown>> {
  const id = Number(req.body.resourceID);
  if (id === req.auth!.userId) throw new HttpError(400, ACCOUNT_MSG.notYourself);
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const u = await trx.selectFrom('app_user').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!u) throw new HttpError(404, ACCOUNT_MSG.userNotFound);
    return act(trx, { id: u.id, username: u.username, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.username }, audit);
  });
}

/** What an administrator does for a user without weakening anything: a one-time password, an unlock, ending sessions. */
export function accountAdminRoutes(app: FastifyInstance): void {

  app.endpoint(E.resetUserPassword, async (req) => {
    // Hashing is slow on purpose: do it before the transaction holds the user's row.
    const target = await req.server.db.selectFrom('app_user').select('username').where('id', '=', Number(req.body.resourceID)).executeTakeFirst();
    const password = generateInitialPassword(16, target?.username);
    const hash = await hashPassword(password);
    return onUser(req, async (trx, user, audit) => {
      await trx.updateTable('app_user')
        .set((eb) => ({ password_hash: hash, must_change_password: true, password_changed_at: new Date(), failed_signins: 0, locked_until: null, version: eb('version', '+', 1), updated_at: new Date() }))
        .where('id', '=', user.id).execute();
      await clearFailures(trx, user.id);
      const ended = await revokeUserSessions(trx, user.id, 'password reset by an administrator');
      await audit({ action: 'user.password.reset', entity: 'user', entityId: user.id, reason: 'one-time password given by an administrator', after: { must_change_password: true, sessions_ended: ended } });
      return { status: 'Success', message: ACCOUNT_MSG.resetDone(user.name), password } satisfies PasswordResetAnswer;
    });
  });

  app.endpoint(E.unlockUser, (req) =>
    onUser(req, async (trx, user, audit) => {
      const cleared = await clearFailures(trx, user.id);
      await trx.updateTable('app_user').set({ failed_signins: 0, locked_until: null }).where('id', '=', user.id).execute();
      await audit({ action: 'user.unlock', entity: 'user', entityId: user.id, reason: 'sign-in delays cleared by an administrator', after: { addresses_cleared: cleared } });
      return { status: 'Success', message: ACCOUNT_MSG.unlocked(user.name) };
    }));

  app.endpoint(E.endUserSessions, (req) =>
    onUser(req, async (trx, user, audit) => {
      const ended = await revokeUserSessions(trx, user.id, 'ended by an administrator');
      await audit({ action: 'user.sessions.end', entity: 'user', entityId: user.id, reason: 'sessions ended by an administrator', after: { sessions_ended: ended } });
      return { status: 'Success', message: ACCOUNT_MSG.sessionsEnded(user.name, ended) };
    }));
}
