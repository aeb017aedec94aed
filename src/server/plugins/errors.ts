import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * One central error handler (DESIGN.md section 6): every 4xx answer carries a plain sentence in
 * `message`; a 5xx never leaks internals (the details go to the log with the request id).
 */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const KNOWN: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
};

/** What a JSON Schema type asks for, in words; a field's first declared type is what it is (the rest are loose forms). */
const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', object: 'an object', array: 'a list', null: 'empty',
};

function typeWords(type: unknown): string {
  const types = (Array.isArray(type) ? type : String(type).split(',')).map(String).filter((t) => t !== 'null');
  return TYPE_WORDS[types[0] ?? 'null'] ?? types[0];
}

/**
 * A refused body as a plain sentence naming the field, built from the validator's error (its path and
 * parameters), never from its own text.
 */
function validationSentence(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return 'The request is not valid.';
  const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const field = where ? `The field '${where}'` : 'The request body';
  const params = v.params as Record<string, unknown>;
  switch (v.keyword) {
    case 'required':
      return `The field '${where ? `${where}.` : ''}${String(params.missingProperty)}' is required.`;
    case 'type':
      return `${field} must be ${typeWords(params.type)}.`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `${field} must not be empty.`;
    case 'maxItems':
      return `${field} must have at most ${String(params.limit)} items.`;
    case 'maxProperties':
      return `${field} must have at most ${String(params.limit)} fields.`;
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `${field} must be at most ${String(params.limit)}.`;
    case 'pattern':
      return `${field} is not in the expected form.`;
    case 'enum':
      return `${field} must be one of: ${((params.allowedValues as unknown[]) ?? []).map((x) => JSON.stringify(x)).join(', ')}.`;
    case 'additionalProperties':
      return `The field '${where ? `${where}.` : ''}${String(params.additionalProperty)}' is not expected here.`;
    default:
      return `${field} is not valid.`;
  }
}

/**
 * The database's own refusals of a value (PostgreSQL SQLSTATE classes 22 and 23), as plain 4xx sentences.
 * Handlers validate first; this is the safety net for what slips through (logged as a warning, so it is
 * found and fixed), so that bad input never becomes a 500.
 */
const DATABASE_REFUSALS: Record<string, [number, string]> = {
  '22001': [400, 'A value in the request is too long for its field.'],
  '22003': [400, 'A number in the request is out of range.'],
  '22007': [400, 'A date or time in the request is not valid.'],
  '22008': [400, 'A date or time in the request is out of range.'],
  '22021': [400, 'Text in the request contains a character that cannot be stored.'],
  '22P02': [400, 'A value in the request is not of the expected type.'],
  '22P05': [400, 'Text in the request contains a character that cannot be stored.'],
  '23502': [400, 'A required value is missing.'],
  '23503': [400, 'The request refers to a record that does not exist.'],
  '23505': [409, 'This record already exists.'],
  '23514': [400, 'A value in the request breaks a rule of its field.'],
};

/** Does any string (or key) in a parsed JSON body contain NUL? PostgreSQL text cannot hold it. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Text with NUL is refused before any handler sees it (after authentication, which runs on request).
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith('/api/') && hasNul(req.body)) throw new HttpError(400, 'Text in the request must not contain the NUL character.');
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ statusCode: err.statusCode, message: err.message, ...err.extra });
    }
    if (err.validation) {
      return reply.status(400).send({ statusCode: 400, message: validationSentence(err) });
    }
    const refusal = typeof err.code === 'string' ? DATABASE_REFUSALS[err.code] : undefined;
    if (refusal) {
      req.log.warn({ err }, 'the database refused a value that validation let through');
      return reply.status(refusal[0]).send({ statusCode: refusal[0], message: refusal[1] });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (err.code && KNOWN[err.code]) || err.message || 'The request could not be handled.';
      return reply.status(status).send({ statusCode: status, message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ statusCode: 500, message: `Something went wrong on the server. The error was logged with reference ${req.id}.` });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, message: `There is no ${req.method} ${req.url.split('?')[0]} here.` });
  });
}
