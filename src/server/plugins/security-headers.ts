import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's protections for this app: the content security policy the client needs, nothing inline but styles. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      // Labs often serve over plain http on their own network: do not force https sub-requests.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets for these options, worked out once. Without nonces they are the same on every
 * answer, and @fastify/helmet built helmet's middleware again on every request (parsing the policy each
 * time): 5% of the server's time on a save and more on a kept list page (bench/history.md, 2026-11-25 third
 * entry).
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * Sets the security headers on every answer (before any handler runs, so errors and 404s carry them too). API answers
 * (tokens in the sign-in answer, personal data in every list) are never stored by a browser or a proxy: no-store
 * (OWASP ASVS 4.0.3 §8.2.1).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  const api = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? api : headers);
    done();
  });
}
