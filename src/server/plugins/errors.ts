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

function validationSentence(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return 'The request is not valid.';
  const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const params = v.params as Record<string, unknown>;
  switch (v.keyword) {
    case 'required':
      return `The field '${String(params.missingProperty)}' is required.`;
    case 'type':
      return `The field '${where || 'body'}' must be of type ${String(params.type)}.`;
    case 'maxLength':
      return `The field '${where}' must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `The field '${where}' must not be empty.`;
    case 'additionalProperties':
      return `The field '${String(params.additionalProperty)}' is not expected here.`;
    default:
      return `The field '${where || 'body'}' ${v.message ?? 'is not valid'}.`;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ statusCode: err.statusCode, message: err.message, ...err.extra });
    }
    if (err.validation) {
      return reply.status(400).send({ statusCode: 400, message: validationSentence(err) });
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
