import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * JSON request bodies, bounded before anything walks them: no API body of the contract nests deeper than a
 * few levels (a parameter list of objects in a body), but JSON.parse, the schema validator and every later
 * walk recurse, so a body nested thousands deep could overflow the stack (a 500). The raw text's bracket depth
 * is counted first (brackets inside strings do not count) and a body deeper than MAX_BODY_DEPTH is refused
 * before it is parsed. Keys that would reach an object's prototype are refused as Fastify's own parser does.
 */
export const MAX_BODY_DEPTH = 32;

export const BODY_MSG = {
  tooDeep: 'The request body is nested too deeply.',
  protoKey: "The request body must not contain the keys '__proto__' or 'constructor.prototype'.",
} as const;

/** The deepest nesting of objects and arrays in JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const PROTO_KEY = /"(?:__proto__|constructor|prototype)"/;

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonDepthOver(text, MAX_BODY_DEPTH)) {
      done(new HttpError(400, BODY_MSG.tooDeep), undefined);
      return;
    }
    parse(req, text, (err, value) => {
      // The default parser reports a poisoned key as invalid JSON; say what is wrong instead.
      if (err && PROTO_KEY.test(text)) {
        try {
          JSON.parse(text);
          done(new HttpError(400, BODY_MSG.protoKey), undefined);
          return;
        } catch {
          // really not JSON: the default answer stands
        }
      }
      done(err, value);
    });
  });
}
