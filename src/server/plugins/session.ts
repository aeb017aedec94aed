import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { type Contract, isFileAnswer } from '../../shared/contract/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { type EndpointSpec, path } from '../../shared/contract/endpoints';
import { MSG } from '../../shared/contract/messages';
import type { PermissionFlag } from '../../shared/contract/session';
import { checkCredentials, sameHash } from '../lib/tokens';
import { findLiveSession, touchSession, type LiveSession } from '../modules/auth/session-repository';
import { changesTo, commitCache } from '../lib/commit-cache';
import { flagsOf, type Flags } from '../lib/permissions';
import type { Actor } from '../lib/audit';
import { HttpError } from './errors';
import { screensOfEndpoint, menuGrants } from '../../shared/contract/screen-access';
import { ROUTES } from '../../shared/contract/routes';
import { screensOfUser } from '../modules/menu/screen-access';

/** Who is calling, attached to every guarded request. */
export interface AuthContext {
  sessionId: string;
  userId: number;
  username: string;
  userGroupId: number | null;
  tenant: string;
  kind: 'full' | 'first_login';
  flags: Flags;
}

/** What a route may add to its contract: limits, rate limits, hooks after authentication. */
export type EndpointOptions = Omit<RouteShorthandOptions, 'onRequest' | 'schema'>;
export type EndpointHandler<B extends TSchema> = (req: FastifyRequest<{ Body: Static<B> }>, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry a route was registered from (see shared/contract/endpoints). */
    endpoint?: EndpointSpec;
    /** The contract (body and answer) the route was registered from (shared/contract/contract.ts). */
    contract?: Contract;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    db: Kysely<Database>;
    /** For a search's page and capped total: on the embedded database, served after the waiting calls. */
    searchDb: Kysely<Database>;
    /** For long reads nobody waits for on screen: on the embedded database, served last. */
    backgroundDb: Kysely<Database>;
    sessionSecret: string;
    settings: {
      tenant: string; sessionIdleMinutes: number; keepListPages: boolean;
      /** The transport key of passwords on the wire (signature passwords are decoded with it). */
      clientCryptoKey: string;
      signinMaxFailures: number; signinLockMinutes: number;
    };
    /**
     * Registers POST /api/{group}/{name} for an endpoint of the contract (shared/contract/contract.ts), guarded as
     * its table entry says, with its declared body (validated before the handler, which gets it typed) and answer
     * (serialised from its schema). Options may add limits and hooks, never a schema.
     */
    endpoint<B extends TSchema>(contract: Contract<B>, handler: EndpointHandler<B>): void;
    endpoint<B extends TSchema>(contract: Contract<B>, options: EndpointOptions, handler: EndpointHandler<B>): void;
  }
}

/** The actor for the audit trail of a request. */
export function actorOf(req: FastifyRequest): Actor {
  return {
    userId: req.auth?.userId ?? null,
    username: req.auth?.username ?? null,
    tenant: req.server.settings.tenant,
    ip: req.ip ?? null,
  };
}

/** 401 answers carry the legacy 'login again' message that the client's session check understands. */
const notSignedIn = () => new HttpError(401, MSG.loginAgain, { detail: 'Your session has expired or is not valid. Please sign in again.' });

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : null;
}

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : null;
}

/**
 * The live sessions of recent calls (lib/commit-cache.ts): reading the session and its user's role is one
 * more database round trip on every call, the largest fixed cost of a call after HTTP itself. Any committed
 * change to a session (sign-in, sign-out), a user (password, deactivation, role or group) or a workflow role
 * drops them all, so in this server process a sign-out or deactivation refuses the very next call. A change
 * made by another server process (or by SQL) is seen within SESSION_CACHE_MS. Expiry (absolute and idle) is
 * checked on every call against the cached times.
 */
export const SESSION_CACHE_MS = 2_000;
const liveSessions = commitCache<LiveSession | null>({
  name: 'live sessions', maxAgeMs: SESSION_CACHE_MS, maxEntries: 10_000, dropOn: changesTo('session', 'user', 'workflow_role'),
});


/**
 * How stale a session's last-seen time may get before a call writes it again. Idle expiry is counted from it, so a
 * session ends within TOUCH_MS after SESSION_IDLE_MINUTES without a call, never before; a busy session costs one
 * small write every TOUCH_MS.
 */
export const TOUCH_MS = 5_000;

async function liveSession(app: FastifyInstance, sessionId: string): Promise<LiveSession | null> {
  const row = await liveSessions.get(app.db, sessionId, async () => (await findLiveSession(app.db, sessionId, app.settings.sessionIdleMinutes)) ?? null);
  const now = Date.now();
  if (row && (now >= new Date(row.expires_at).getTime() || now - new Date(row.last_seen_at).getTime() >= app.settings.sessionIdleMinutes * 60_000)) {
    liveSessions.drop(app.db, sessionId);
    return null;
  }
  if (row && now - new Date(row.last_seen_at).getTime() >= TOUCH_MS) {
    // The kept copy moves with the database, so the next calls of this process see the new time too.
    row.last_seen_at = new Date(now);
    await touchSession(app.db, row.id);
  }
  return row;
}

export async function authenticate(req: FastifyRequest, spec: EndpointSpec): Promise<AuthContext> {
  const app = req.server;
  // A call the legacy client sends with the bearer token alone checks the other headers only when sent.
  const bearerOnly = spec.credentials === 'bearer';
  const accessToken = bearer(req);
  const token = header(req, 'token');
  if (!accessToken || (!token && !bearerOnly)) throw notSignedIn();
  const credentials = checkCredentials(accessToken, token, app.sessionSecret);
  if (!credentials) throw notSignedIn();
  const { claims, tokenHash } = credentials;
  const row = await liveSession(app, claims.sid);
  if (!row || row.user_id !== claims.uid || (tokenHash !== null && !sameHash(row.token_hash, tokenHash))) throw notSignedIn();
  const dbName = header(req, 'dbname') ?? (bearerOnly ? row.tenant : null);
  if (dbName !== row.tenant || row.tenant !== app.settings.tenant) {
    throw new HttpError(403, `This session belongs to the database '${row.tenant}'; the request named '${dbName ?? ''}'.`);
  }
  if (row.kind === 'first_login' && spec.auth !== 'first-login') {
    throw new HttpError(403, 'Please change your password before using the application.');
  }
  const ctx: AuthContext = {
    sessionId: row.id,
    userId: row.user_id,
    username: row.username,
    userGroupId: row.user_group_id,
    tenant: row.tenant,
    kind: row.kind,
    flags: flagsOf(row),
  };
  if (spec.permission) {
    // A save that creates or updates lets either flag through here; its handler checks the right one.
    const needed = [spec.permission, ...(spec.permissionOnUpdate ? [spec.permissionOnUpdate] : [])];
    if (!needed.some((f) => ctx.flags[f])) throw permissionRefused(...needed);
  }
  // The call belongs to screens (shared/contract/screen-access.ts): the caller's menu must grant one.
  const screens = screensOfEndpoint(spec);
  if (screens !== null && !menuGrants(await screensOfUser(app.db, ctx.userId, ctx.userGroupId), screens)) {
    throw notInMenu(screens ?? []);
  }
  return ctx;
}

const titleOfScreen = (link: string) => ROUTES.find((r) => r.path === `/${link}`)?.title ?? link;

/** The 403 answer for a call of a screen the caller's menu does not grant. */
function notInMenu(screens: readonly string[]): HttpError {
  const names = [...new Set(screens.map(titleOfScreen))].map((t) => `'${t}'`).join(' or ');
  return new HttpError(403, `Your menu does not include the screen this belongs to${names ? ` (${names})` : ''}. Please ask an administrator to grant it.`);
}

/** The 403 answer for a caller whose role lacks the flag(s) a call needs. */
export function permissionRefused(...flags: PermissionFlag[]): HttpError {
  const names = flags.map((f) => `'${f}'`).join(' or ');
  return new HttpError(403, `Your role does not allow this (it needs the ${names} permission).`);
}

/** Checks one role flag inside a handler (after the body has said what the call will do). */
export function requirePermission(req: FastifyRequest, flag: PermissionFlag): void {
  if (!req.auth?.flags[flag]) throw permissionRefused(flag);
}

export default fp(async function sessionPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('endpoint', function endpoint(
    this: FastifyInstance,
    contract: Contract,
    ...rest: [EndpointHandler<TSchema>] | [EndpointOptions, EndpointHandler<TSchema>]
  ) {
    const [options, handler] = rest.length === 1 ? [{} as EndpointOptions, rest[0]] : rest;
    const spec = contract.endpoint;
    const answer = contract.answer;
    this.post(path(spec), {
      ...options,
      config: { ...options.config, endpoint: spec, contract },
      schema: {
        tags: [spec.group],
        summary: spec.summary,
        ...(contract.description ? { description: contract.description } : {}),
        body: contract.body,
        // A file answer (CSV, PDF) is a stream: its content type is declared, and nothing is serialised.
        response: { 200: isFileAnswer(answer) ? { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string' } } } } : answer },
      },
      // Authenticate before the body is parsed or validated: without a live session nothing else is looked at.
      onRequest: async (req: FastifyRequest) => {
        req.auth = spec.auth === 'public' ? null : await authenticate(req, spec);
      },
      handler: handler as never,
    });
  } as FastifyInstance['endpoint']);
});
