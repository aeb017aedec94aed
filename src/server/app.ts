import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { Database } from './db/types';
import type { Config } from './config';
import type { EndpointSpec } from '../shared/contract/endpoints';
import type { Contract } from '../shared/contract/contract';
import { registerErrorHandling } from './plugins/errors';
import { registerJsonBody } from './plugins/json-body';
import { registerSecurityHeaders } from './plugins/security-headers';
import sessionPlugin from './plugins/session';
import { getOrCreateSessionSecret } from './modules/auth/session-repository';
import { authRoutes } from './modules/auth/auth-routes';
import { menuRoutes } from './modules/menu/menu-routes';
import { resourceRoutes } from './modules/masters/resource-routes';
import { activityTypeRoutes } from './modules/masters/activity-type-routes';
import { userRoutes } from './modules/users/user-routes';
import { commonMasterRoutes } from './modules/common-master/common-master-routes';
import { parameterRoutes } from './modules/parameters/parameter-routes';
import { microbeRoutes } from './modules/microbes/microbe-routes';
import { healthRoutes } from './modules/health/health-routes';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes';
import { sampleRoutes } from './modules/samples/sample-routes';
import { auditRoutes } from './modules/audit/audit-routes';
import { activityRoutes, level1Paramconf } from './modules/activities/activity-routes';
import { searchRoutes } from './modules/search/search-routes';

export interface ApiRoute {
  method: string; url: string; endpoint: EndpointSpec | null; body: unknown;
  /** The 200 answer's schema as registered (undefined when none). */
  answer: unknown;
  /** The contract the route was registered from (shared/contract/contract.ts), or null. */
  contract: Contract | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered, with its body schema (undefined when it has none): the guard tests enumerate these. */
    apiRoutes: ApiRoute[];
  }
}

export type AppOptions = Pick<
  Config,
  'tenant' | 'clientCryptoKey' | 'companyName' | 'sessionIdleMinutes' | 'sessionMaxHours' | 'signinMaxFailures' | 'signinLockMinutes' | 'clientDir'
> & {
  db: Kysely<Database>;
  /** A search's page and capped total (DbHandle.search); `db` when not given. */
  searchDb?: Kysely<Database>;
  /** Long reads nobody waits for on screen (DbHandle.background); `db` when not given. */
  backgroundDb?: Kysely<Database>;
  logger?: boolean | object;
  /** Sign-in calls allowed per address per minute. */
  signinPerMinute?: number;
  /** Keep list pages until a change commits (lib/kept-answers.ts); on when not given. */
  keepListPages?: boolean;
  /** Serve the API document and its browser at /api/docs (API_DOCS; off unless asked for). */
  apiDocs?: boolean;
};

/**
 * Builds the HTTP application: external plugins, then app plugins, then routes (DESIGN.md section 6).
 * The database is opened and migrated by the caller (main.ts, tests), so one app can run on either engine.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // No coercion: a boolean or a list where a number or text belongs is refused, never turned into id 1 or
    // 'true'. The loose forms the legacy client sends (digits for ids, 'Y'/'N') are declared per field
    // (shared/contract/body-schema.ts).
    ajv: { customOptions: { removeAdditional: false, allowUnionTypes: true, coerceTypes: false } },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  registerJsonBody(app);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Soil Microbiology LIMS API',
        version: '1',
        description:
          'The legacy contract: POST /api/{auth,menu,master,transaction}/<name>. Every call except auth/signin needs the headers ' +
          'Authorization: Bearer <accessToken>, Token: <token> and dbName: <tenant> from the sign-in answer.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          token: { type: 'apiKey', in: 'header', name: 'Token' },
          dbName: { type: 'apiKey', in: 'header', name: 'dbName' },
        },
      },
    },
  });
  // The API document describes every call and field: an attacker's map. Served only when the lab asks for it.
  if (opts.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandling(app);
  // Every API route, as registered: the guard tests enumerate these.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs')) {
      const config = r.config as { endpoint?: EndpointSpec; contract?: Contract } | undefined;
      const schema = r.schema as { body?: unknown; response?: Record<string, unknown> } | undefined;
      const [endpoint, contract] = [config?.endpoint ?? null, config?.contract ?? null];
      for (const m of [r.method].flat()) {
        if (m !== 'HEAD') apiRoutes.push({ method: m, url: r.url, endpoint, contract, body: schema?.body, answer: schema?.response?.[200] });
      }
    }
  });
  app.decorate('db', opts.db);
  app.decorate('searchDb', opts.searchDb ?? opts.db);
  app.decorate('backgroundDb', opts.backgroundDb ?? opts.db);
  app.decorate('sessionSecret', await getOrCreateSessionSecret(opts.db));
  app.decorate('settings', {
    tenant: opts.tenant, sessionIdleMinutes: opts.sessionIdleMinutes, keepListPages: opts.keepListPages ?? true, clientCryptoKey: opts.clientCryptoKey,
    signinMaxFailures: opts.signinMaxFailures, signinLockMinutes: opts.signinLockMinutes,
  });
  await app.register(sessionPlugin);

  await app.register(async (api) => {
    authRoutes(api, { ...opts, signinPerMinute: opts.signinPerMinute ?? 30 });
    menuRoutes(api);
    resourceRoutes(api);
    activityTypeRoutes(api);
    userRoutes(api, { clientCryptoKey: opts.clientCryptoKey });
    commonMasterRoutes(api);
    parameterRoutes(api, { isolateParamconf: level1Paramconf });
    microbeRoutes(api);
    healthRoutes(api);
    dashboardRoutes(api);
    sampleRoutes(api);
    auditRoutes(api);
    activityRoutes(api);
    searchRoutes(api);
  });

  // The client reads its run-time settings from here, so changing CLIENT_CRYPTO_KEY needs no rebuild.
  const runtimeConfig = `window.__LIMS_CONFIG__ = ${JSON.stringify({ cryptoKey: opts.clientCryptoKey, defaultDbName: opts.tenant })};\n`;
  app.get('/runtime-config.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(runtimeConfig),
  );

  if (fs.existsSync(path.join(opts.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      preCompressed: true,
      index: ['index.html'],
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html must always be fresh.
        res.setHeader('cache-control', /\.[0-9a-f]{8,}\./.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
