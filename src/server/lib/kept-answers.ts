import type { FastifyReply, FastifyRequest } from 'fastify';
import { anyChange, commitCache } from './commit-cache';

/**
 * Kept answers of list pages (issue 7): the Level 1 and Level 2 lists, the approval queue, the sample
 * lists and the master lists are what every screen opens and refreshes, and many callers read the same
 * first pages. A list page costs two or three statements and their round trips (1,500-2,900 calls/s at 50
 * connections); a kept page is sent as the JSON it was (near the bare route's rate).
 *
 * What keeps this correct (lib/commit-cache.ts):
 * - The key is the route, the caller's user id and the body: a page is only ever answered to the user it
 *   was made for (what a list shows depends on the caller's role, access and approvals).
 * - Any committed change of the laboratory's data in this server process drops every kept page (not only
 *   the lists the change touches: simple, and a page is cheap to read again). Sign-ins and exports change
 *   nothing a list shows and drop nothing.
 * - A change made by another server process on the same PostgreSQL database, or by SQL behind the server's
 *   back, shows within KEPT_ANSWER_MS in the rows; a list's total is kept apart (commit-cache.ts `version`,
 *   about 5 s) and may show up to KEPT_ANSWER_MS after that.
 * - A page read while a change committed is answered but not kept; a failed call (4xx) is never kept.
 * - Calls for the same page at the same time share one read.
 * - `KEEP_LIST_PAGES=off` (README) reads every page: for several server processes behind one address, where
 *   a page KEPT_ANSWER_MS old could miss a change the caller just made through another process.
 * - Bodies longer than MAX_KEY_CHARS are answered without keeping (a page's body is a page number and a
 *   search text; a key must not let a caller fill the server's memory).
 */
export const KEPT_ANSWER_MS = 2_000;
const MAX_KEY_CHARS = 1_000;

const pages = commitCache<string>({ name: 'kept list pages', maxAgeMs: KEPT_ANSWER_MS, maxEntries: 2_000, dropOn: anyChange });

/** The body as a key, or null when it makes no key (too long, or JSON.stringify refuses it): never throws. */
function keyOf(body: unknown): string | null {
  try {
    const text = JSON.stringify(body ?? null);
    return text.length > MAX_KEY_CHARS ? null : text;
  } catch {
    return null;
  }
}

/**
 * Wraps a list route's handler: a read whose answer depends only on the caller, the body and the data
 * (it must not write, and must return its answer rather than send it).
 */
export function keptAnswer(handler: (req: FastifyRequest) => Promise<unknown>) {
  return async (req: FastifyRequest, reply?: FastifyReply): Promise<unknown> => {
    const body = keyOf(req.body);
    if (!reply || !req.auth || !req.server.settings.keepListPages || body === null) return handler(req);
    const key = `${req.routeOptions.url}|${req.auth.userId}|${body}`;
    // The route's own serializer (its response schema), as Fastify would have sent the answer.
    const json = await pages.get(req.server.db, key, async () => String(reply.serialize(await handler(req))));
    return reply.type('application/json; charset=utf-8').send(json);
  };
}
