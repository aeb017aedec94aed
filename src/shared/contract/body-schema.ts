/**
 * The vocabulary of request body schemas (JSON Schema, validated by the server with no type coercion): every
 * endpoint declares its body from these pieces (shared/contract/*-schemas.ts), so a field accepts exactly the
 * forms the legacy client sends and nothing else. A boolean, a list or an object where a number or text belongs
 * is refused with a sentence naming the field (server/plugins/errors.ts); the handlers read the values with
 * server/lib/body.ts.
 *
 * The first type of a field is what it is; the others are the loose forms the legacy client sends (digits for
 * ids and numbers, numbers for text, 'Y'/'N' or 'true' for flags).
 *
 * Each piece is built with TypeBox's `Type.Unsafe<T>(schema)`: the JSON Schema is exactly the one written here
 * (so the validator's errors, and the sentences made from them, stay as they are) and `T` is its static type,
 * from which a handler's `req.body` is typed. Server-only at run time: the client may only `import type` it.
 */
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

export type { Static, TSchema } from '@sinclair/typebox';

/** A schema whose static type is `T`: the JSON Schema as written, typed. */
export const typed = <T>(schema: object): TUnsafe<T> => Type.Unsafe<T>(schema);

/** The same piece with a description (for the API document). */
export const describe = <S extends TSchema>(piece: S, description: string): S => ({ ...piece, description });

/** An id or another whole number: a number, or its digits as text ('' and null mean none). */
export const ID = typed<number | string | null>({ type: ['integer', 'string', 'null'], maxLength: 40 });

/**
 * A whole number of a form whose own rule answers with the form's message (a page number, an integer field of
 * a master): any number or text gets through to that rule.
 */
export const WHOLE = typed<number | string | null>({ type: ['integer', 'number', 'string', 'null'], maxLength: 40 });

/** A number (decimals allowed), or its text. */
export const NUMBER = typed<number | string | null>({ type: ['number', 'string', 'null'], maxLength: 40 });

/** Text, or a number the legacy client sends for it; at most `max` characters. */
export const text = (max: number) => typed<string | number | null>({ type: ['string', 'number', 'null'], maxLength: max });

/** Text only (no number): passwords, transport-encoded values, tokens. */
export const strictText = (max: number) => typed<string | null>({ type: ['string', 'null'], maxLength: max });

/** Text that must be given (no null, no number): at least one character, at most `max`. */
export const requiredText = (max: number) => typed<string>({ type: 'string', minLength: 1, maxLength: max });

/** A checkbox or switch: true/false, 'Y'/'N', 'true'/'false', 1/0. */
export const FLAG = typed<boolean | string | number | null>({ type: ['boolean', 'string', 'integer', 'null'], maxLength: 10 });

/** A list of at most `max` items of `items` (objects of a form, values of a list). */
export const listOf = <S extends Piece>(items: S, max: number) =>
  typed<Array<StaticOf<S>> | null>({ type: ['array', 'null'], maxItems: max, items });

/**
 * Any JSON value, for an item its handler checks itself with a message naming the row and field (a parameter
 * row of an activity's configuration); declared so that taking it unchecked is a visible choice.
 */
export const CHECKED_BY_HANDLER = typed<unknown>({ type: ['object', 'array', 'string', 'number', 'boolean', 'null'] });

/** The static type of a piece; a plain JSON Schema object written in place (no TypeBox type) is unknown. */
export type StaticOf<S> = S extends TSchema ? Static<S> : unknown;

/** A field's schema: a piece of this vocabulary, or a plain JSON Schema object for a one-off rule. */
export type Piece = TSchema | object;

/** The fields of a body or nested object: each declared field optional unless required; others unread (unknown). */
export type Fields<P extends Record<string, Piece>, R extends keyof P = never> =
  { [K in Exclude<keyof P, R>]?: StaticOf<P[K]> } & { [K in R]: StaticOf<P[K]> } & Record<string, unknown>;

/** A nested object of a body (e.g. a row of a parameter list); its own fields are declared by `properties`. */
export const objectOf = <P extends Record<string, Piece>>(properties: P) => typed<Fields<P>>({ type: 'object', properties });

/**
 * The identity fields the legacy client adds to many bodies (the caller's user id). The server never trusts
 * them (the caller is the session's user); they are declared so that they are checked like any field.
 */
export const CALLER = { userID: ID, userid: ID };

/** The page number of a list (a list answers page 1 for a number that is no page, as the legacy lists did). */
export const PAGE = { pageno: WHOLE };

type WithCaller<P> = Omit<typeof CALLER, keyof P> & P;

/**
 * A request body: an object of the declared fields (others are let through unread, as the legacy client sends
 * whole rows back). `nullable` bodies also accept JSON null (calls that need nothing); their handlers read them
 * with bodyOf (server/lib/body.ts), which answers {} for null.
 */
export function body<P extends Record<string, Piece>, R extends keyof P & string = never, N extends boolean = false>(
  properties: P,
  opts: { required?: readonly R[]; nullable?: N } = {},
): TUnsafe<N extends true ? Fields<WithCaller<P>, R> | null : Fields<WithCaller<P>, R>> {
  return typed({
    type: opts.nullable ? ['object', 'null'] : 'object',
    properties: { ...CALLER, ...properties },
    ...(opts.required?.length ? { required: [...opts.required] } : {}),
  });
}

/** The body of a call that reads nothing from its body. */
export const EMPTY_BODY = body({}, { nullable: true });
