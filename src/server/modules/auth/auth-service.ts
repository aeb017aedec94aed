import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/contract/messages';
import type { ChangePasswordRequest, FirstLoginResponse, LoginResponse, SignInRequest } from '../../../shared/contract/session';
import { mutate, type Actor } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { passwordProblem } from '../../lib/password-policy';
import { PASSWORD_CHANGE_MSG as MSG_PASSWORD } from '../../../shared/contract/password-rules';
import { decodeTransport, TransportDecodeError } from '../../lib/transport';
import { flagsOf } from '../../lib/permissions';
import { HttpError } from '../../plugins/errors';
import { actorOf } from '../../plugins/session';
import { createSession, revokeSession, revokeUserSessions } from './session-repository';
import { findUserForSignIn, fullName, recordSuccessfulSignIn, type SignInUser } from './user-repository';
import { clearFailures, recordFailure, waitBeforeTry, waitSentence } from './signin-throttle';

export interface AuthSettings {
  tenant: string;
  clientCryptoKey: string;
  companyName: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  signinMaxFailures: number;
  signinLockMinutes: number;
}

/** The answer for a wrong password: any message other than SUCCESS / First Login / Please Contact Administrator. */
export const WRONG_PASSWORD = 'Invalid Password';

function decode(value: unknown, key: string, field: string): string {
  try {
    return decodeTransport(value, key, field);
  } catch (err) {
    if (err instanceof TransportDecodeError) throw new HttpError(400, err.message);
    throw err;
  }
}

function loginResponse(u: SignInUser, s: AuthSettings, tokens: { accessToken: string; token: string }): LoginResponse {
  const flags = flagsOf(u);
  const name = fullName(u);
  return {
    message: MSG.success,
    id: u.id,
    username: u.username,
    token: tokens.token,
    accessToken: tokens.accessToken,
    dbName: s.tenant,
    landpage: 'BlankHomePage',
    companyName: s.companyName,
    companyLogo: 'logo.svg',
    fullname: name,
    LoginName: u.username,
    employeecode: u.employee_code,
    firstName: u.first_name,
    resourceName: name,
    usergroupid: u.user_group_id ?? 0,
    useridmenu: u.id,
    designation: u.designation_name ?? '',
    formname: '',
    fullnamefortoggal: name,
    isreporting: Boolean(u.is_reporting),
    cancreateproject: flags.toprole,
    department: u.department_name ?? '',
    band: u.role_name ?? '',
    toggle: false,
    reshead: Boolean(u.is_reporting),
    chkselect: flags.toprole,
    ...flags,
    reportingmanager: u.reporting_manager_id ?? 0,
  };
}

export async function signIn(req: FastifyRequest, body: SignInRequest, s: AuthSettings) {
  const db = req.server.db;
  const username = body.username.trim();
  // 50 characters, not 50 UTF-16 units: a cut through an emoji would leave half of it in the audit trail.
  const actor: Actor = { ...actorOf(req), username: Array.from(username).slice(0, 50).join('') };
  const password = decode(body.password, s.clientCryptoKey, 'password');
  const user = await findUserForSignIn(db, username);

  if (!user || user.active !== 'Y') {
    await verifyPassword(null, password); // same time as a real check
    await mutate(db, actor, (_trx, audit) =>
      audit({ action: 'signin.refused', entity: 'user', entityId: user?.id ?? null, reason: user ? 'user is deactivated' : 'unknown user name' }),
    );
    return { message: MSG.contactAdministrator };
  }
  const userActor: Actor = { ...actor, userId: user.id, username: user.username };
  // Failures slow guessing down per account and address (signin-throttle.ts): never a lock-out of the owner elsewhere.
  const wait = await waitBeforeTry(db, user.id, req.ip ?? null, s);
  if (wait > 0) {
    await mutate(db, userActor, (_trx, audit) =>
      audit({ action: 'signin.throttled', entity: 'user', entityId: user.id, reason: `too many failed sign-ins from this address (${Math.ceil(wait / 1000)} s to wait)` }),
    );
    throw new HttpError(429, waitSentence(wait));
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await mutate(db, userActor, async (trx, audit) => {
      const failures = await recordFailure(trx, user.id, req.ip ?? null);
      await audit({ action: 'signin.failed', entity: 'user', entityId: user.id, reason: 'wrong password', after: { failed_signins: failures } });
    });
    return { message: WRONG_PASSWORD };
  }

  const kind = user.must_change_password ? 'first_login' : 'full';
  const tokens = await mutate(db, userActor, async (trx, audit) => {
    await recordSuccessfulSignIn(trx, user.id);
    await clearFailures(trx, user.id, req.ip ?? null);
    const t = await createSession(trx, {
      userId: user.id, tenant: s.tenant, kind, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null,
      secret: req.server.sessionSecret, limits: { idleMinutes: s.sessionIdleMinutes, maxHours: s.sessionMaxHours },
    });
    await audit({ action: kind === 'full' ? 'signin' : 'signin.first', entity: 'session', entityId: t.sessionId });
    return t;
  });
  if (kind === 'first_login') {
    const answer: FirstLoginResponse = {
      message: MSG.firstLogin, id: user.id, username: user.username, token: tokens.token, accessToken: tokens.accessToken, dbName: s.tenant,
    };
    return answer;
  }
  return loginResponse(user, s, tokens);
}

export async function changePassword(req: FastifyRequest, body: ChangePasswordRequest, s: AuthSettings) {
  const auth = req.auth!;
  if (body.userid !== auth.userId) {
    throw new HttpError(403, 'You can only change your own password.');
  }
  const db = req.server.db;
  const user = await db.selectFrom('app_user').select(['id', 'username', 'password_hash', 'version', 'first_name', 'last_name', 'email']).where('id', '=', auth.userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'The user was not found.');
  if (body.username.trim().toLowerCase() !== user.username.toLowerCase()) {
    throw new HttpError(400, 'The user name does not match the signed-in user.', { status: 'ERROR' });
  }
  // From a live session the current password proves who is at the keyboard (an unlocked screen is not enough); the
  // first-login change has its own short-lived token, given for the password just typed.
  if (auth.kind === 'full') {
    if (body.currentPassword === undefined || body.currentPassword === null || body.currentPassword === '') {
      throw new HttpError(400, MSG_PASSWORD.currentRequired, { status: 'ERROR', field: 'currentPassword' });
    }
    const current = decode(body.currentPassword, s.clientCryptoKey, 'current password');
    if (!(await verifyPassword(user.password_hash, current))) {
      await mutate(db, actorOf(req), async (trx, audit) => {
        const failures = await recordFailure(trx, user.id, req.ip ?? null);
        await audit({ action: 'password.change.refused', entity: 'user', entityId: user.id, reason: 'wrong current password', after: { failed_signins: failures } });
      });
      throw new HttpError(400, MSG_PASSWORD.currentWrong, { status: 'ERROR', field: 'currentPassword' });
    }
  }
  const password = decode(body.password, s.clientCryptoKey, 'new password');
  const password1 = decode(body.password1, s.clientCryptoKey, 're-entered password');
  if (password !== password1) throw new HttpError(400, MSG.passwordNotMatched, { status: 'ERROR' });
  const problem = passwordProblem(password, { username: user.username, names: [user.first_name, user.last_name, user.email] });
  if (problem) throw new HttpError(400, problem, { status: 'ERROR', field: 'password' });
  if (await verifyPassword(user.password_hash, password)) {
    throw new HttpError(400, 'The new password must be different from the current one.', { status: 'ERROR', field: 'password' });
  }
  const newHash = await hashPassword(password);
  await mutate(db, actorOf(req), async (trx, audit) => {
    await trx
      .updateTable('app_user')
      .set((eb) => ({
        password_hash: newHash, must_change_password: false, password_changed_at: new Date(),
        failed_signins: 0, locked_until: null, version: eb('version', '+', 1), updated_at: new Date(),
      }))
      .where('id', '=', user.id)
      .execute();
    await clearFailures(trx, user.id);
    const ended = await revokeUserSessions(trx, user.id, 'password changed');
    await audit({ action: 'password.change', entity: 'user', entityId: user.id, reason: auth.kind === 'first_login' ? 'first login' : 'changed by user', after: { sessions_ended: ended } });
  });
  return { status: 'OK', message: MSG.passwordChanged };
}

export async function logout(req: FastifyRequest) {
  const auth = req.auth!;
  await mutate(req.server.db, actorOf(req), async (trx, audit) => {
    await revokeSession(trx, auth.sessionId, 'logout');
    await audit({ action: 'logout', entity: 'session', entityId: auth.sessionId });
  });
  return { status: 'OK' };
}
