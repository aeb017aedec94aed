/**
 * The vocabulary of request body schemas (JSON Schema, validated by the server with no type coercion): every
 * endpoint declares its body from these pieces, so a field accepts exactly the forms the legacy client sends
 * and nothing else. A boolean, a list or an object where a number or text belongs is refused with a sentence
 * naming the field (server/plugins/errors.ts); the handlers read the values with server/lib/body.ts.
 *
 * The first type of a field is what it is; the others are the loose forms the legacy client sends (digits for
 * ids and numbers, numbers for text, 'Y'/'N' or 'true' for flags).
 */

/** An id or another whole number: a number, or its digits as text ('' and null mean none). */
export const ID = { type: ['integer', 'string', 'null'], maxLength: 40 } as const;

/**
 * A whole number of a form whose own rule answers with the form's message (a page number, an integer field of
 * a master): any number or text gets through to that rule.
 */
export const WHOLE = { type: ['integer', 'number', 'string', 'null'], maxLength: 40 } as const;

/** A number (decimals allowed), or its text. */
export const NUMBER = { type: ['number', 'string', 'null'], maxLength: 40 } as const;

/** Text, or a number the legacy client sends for it; at most `max` characters. */
export const text = (max: number) => ({ type: ['string', 'number', 'null'], maxLength: max }) as const;

/** Text only (no number): passwords, transport-encoded values, tokens. */
export const strictText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** A checkbox or switch: true/false, 'Y'/'N', 'true'/'false', 1/0. */
export const FLAG = { type: ['boolean', 'string', 'integer', 'null'], maxLength: 10 } as const;

/** A list of at most `max` items of `items` (objects of a form, values of a list). */
export const listOf = (items: object, max: number) => ({ type: ['array', 'null'], maxItems: max, items }) as const;

/**
 * Any JSON value, for an item its handler checks itself with a message naming the row and field (a parameter
 * row of an activity's configuration); declared so that taking it unchecked is a visible choice.
 */
export const CHECKED_BY_HANDLER = { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] } as const;

/** A nested object of a body (e.g. a row of a parameter list); its own fields are declared by `properties`. */
export const objectOf = (properties: Record<string, object>) => ({ type: 'object', properties }) as const;

/**
 * The identity fields the legacy client adds to many bodies (the caller's user id). The server never trusts
 * them (the caller is the session's user); they are declared so that they are checked like any field.
 */
export const CALLER = { userID: ID, userid: ID } as const;

/** The page number of a list (a list answers page 1 for a number that is no page, as the legacy lists did). */
export const PAGE = { pageno: WHOLE } as const;

/**
 * A request body: an object of the declared fields (others are let through unread, as the legacy client sends
 * whole rows back). `nullable` bodies also accept JSON null (calls that need nothing).
 */
export function body(properties: Record<string, object>, opts: { required?: readonly string[]; nullable?: boolean } = {}) {
  return {
    type: opts.nullable ? ['object', 'null'] : 'object',
    properties: { ...CALLER, ...properties },
    ...(opts.required?.length ? { required: [...opts.required] } : {}),
  } as const;
}

/** The body of a call that reads nothing from its body. */
export const EMPTY_BODY = body({}, { nullable: true });
