/**
 * The vocabulary of answer schemas: what a call answers with HTTP 200, as JSON Schema typed with TypeBox (see
 * body-schema.ts). The server serialises every JSON answer with its schema (fast-json-stringify), which writes
 * only the declared fields: a field a handler returns but its answer does not declare is not sent. Server-only
 * at run time: the client may only `import type` it.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { typed } from './body-schema';

export const INT = typed<number>({ type: 'integer' });
export const N_INT = typed<number | null>({ type: ['integer', 'null'] });
export const NUM = typed<number>({ type: 'number' });
export const N_NUM = typed<number | null>({ type: ['number', 'null'] });
export const STR = typed<string>({ type: 'string' });
export const N_STR = typed<string | null>({ type: ['string', 'null'] });
export const BOOL = typed<boolean>({ type: 'boolean' });
export const N_BOOL = typed<boolean | null>({ type: ['boolean', 'null'] });
/** An active flag as the legacy screens read it. */
export const YN = typed<'Y' | 'N'>({ type: 'string', enum: ['Y', 'N'] });
/** A value whose type the data decides (a stored parameter value: text, a number or a flag). */
export const ANY_VALUE = typed<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });

type Props = Record<string, TSchema>;
export type AnswerOf<P extends Props> = { [K in keyof P]?: Static<P[K]> };

/** An object of the declared fields (only they are sent). */
export const record = <P extends Props>(properties: P) => typed<AnswerOf<P>>({ type: 'object', properties });

/**
 * An object whose fields are not all known before run time (a record with the parameter columns a lab
 * configures): the declared fields, and every other field sent as it is. `why` says why at the declaration.
 */
export const openRecord = <P extends Props>(properties: P, why: string) =>
  typed<AnswerOf<P> & Record<string, unknown>>({ type: 'object', properties, additionalProperties: true, description: why });

/** A list of `items`. */
export const arrayOf = <S extends TSchema>(items: S) => typed<Array<Static<S>>>({ type: 'array', items });

/** A nullable variant of an object or list answer piece. */
export const orNull = <S extends TSchema>(piece: S) => {
  const t = (piece as { type?: unknown }).type;
  return typed<Static<S> | null>({ ...piece, type: [...[t].flat(), 'null'] });
};

/** The common {status, message} answer of a change. */
export const STATUS_MESSAGE = record({ status: STR, message: STR });

/** A non-JSON answer (a CSV or PDF file, sent as a stream): its content type and what it holds. */
export interface FileAnswer { contentType: string; description: string }
export const file = (contentType: string, description: string): FileAnswer => ({ contentType, description });
