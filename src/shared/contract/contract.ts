/**
 * The executable contract: each endpoint of the endpoint table (shared/contract/*-endpoints.ts, which the client
 * imports) with its request body and its 200 answer, declared once in shared/contract/*-schemas.ts. The server
 * registers every route from these (server/plugins/session.ts `app.endpoint`): the body is validated before the
 * handler (which gets it typed), the answer is serialised from its schema, and the API document (/api/docs) is
 * built from both. Server-only at run time: the schemas stay out of the client's bundle.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { EndpointSpec } from './endpoints';
import type { FileAnswer } from './answer-schema';

export interface Contract<B extends TSchema = TSchema, A extends Answer = Answer, S extends EndpointSpec = EndpointSpec> {
  readonly endpoint: S;
  readonly body: B;
  /** The 200 answer: a JSON schema (typed, or a plain JSON Schema object), or the content type of a file answer (CSV, PDF). */
  readonly answer: A;
  /** What the API document says beyond the summary (the answer's shape and the "not shown in the spec" choices). */
  readonly description?: string;
}

/** A 200 answer: a typed schema, a plain JSON Schema object, or a file. */
export type Answer = TSchema | FileAnswer | object;

/** The typed body of a contract's endpoint. */
export type BodyOf<C extends Contract> = Static<C['body']>;

/**
 * Declares one endpoint's body and answer. A route's own schema literal ({description, body, response: {200}})
 * becomes a contract with `fromRoute`.
 */
export function declare<S extends EndpointSpec, B extends TSchema, A extends Answer>(
  endpoint: S,
  parts: { body: B; answer: A; description?: string },
): Contract<B, A, S> {
  return { endpoint, ...parts };
}

/** Declares the same body and answer for several endpoints (a call and its legacy aliases), keyed like their table. */
export function declareEach<T extends Record<string, EndpointSpec>, B extends TSchema, A extends Answer>(
  table: T,
  parts: { body: B; answer: A; description?: string },
): { [K in keyof T]: Contract<B, A, T[K]> } {
  return Object.fromEntries(Object.entries(table).map(([k, e]) => [k, declare(e, parts)])) as { [K in keyof T]: Contract<B, A, T[K]> };
}

export const isFileAnswer = (a: Answer): a is FileAnswer => typeof (a as FileAnswer).contentType === 'string';

/** The parts of a contract from a Fastify route schema literal ({description?, body, response: {200: answer}}). */
export function fromRoute<B extends TSchema, A extends Answer>(schema: { description?: string; body: B; response: { 200: A } }): { body: B; answer: A; description?: string } {
  return { body: schema.body, answer: schema.response[200], ...(schema.description ? { description: schema.description } : {}) };
}
