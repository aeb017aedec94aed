import { HttpError } from '../plugins/errors';
import { MAX_COUNT_UP_TO } from '../../shared/contract/search-endpoints';

/**
 * Reading request bodies: the one set of readers every module uses. The route's body schema
 * (shared/contract/body-schema.ts) has already refused wrong types (no coercion), so these only turn the loose
 * forms the schema lets through (digits for ids, numbers for text) into values, and say which field is wrong.
 */

export type Body = Record<string, unknown>;

/** An object body's type as its contract declares it (shared/contract/body-schema.ts), without the null some calls allow. */
type ObjectBody<T> = unknown extends T ? Body : T extends Body ? T & Body : Body;

/**
 * The request body as an object of fields ({} for a null or absent body, which some calls allow), typed as the
 * route's contract declares it: every declared field optional unless required, other fields unknown.
 */
export function bodyOf<T = unknown>(req: { body: T }): ObjectBody<NonNullable<T>> {
  const b: unknown = req.body;
  return (b !== null && typeof b === 'object' && !Array.isArray(b) ? b : {}) as ObjectBody<NonNullable<T>>;
}

/** Absent, null or blank text. */
export const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Text of a loose field (string or number), trimmed; '' when absent. */
export const textOf = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';

const MAX_ID = 2147483647;

/** A positive whole number that fits an id column (a number or its digits), or null for anything else. */
export function wholeNumber(v: unknown): number | null {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** An id: null when absent, blank or 0 (a new record, none selected); a 400 naming `what` when not a positive whole number. */
export function idOf(v: unknown, what: string): number | null {
  if (blank(v) || v === 0 || v === '0') return null;
  const n = wholeNumber(v);
  if (n === null) throw new HttpError(400, `The ${what} must be a positive whole number.`);
  return n;
}

/** An id that must be given: `missing` when it is not. */
export function requireId(v: unknown, what: string, missing: string): number {
  const id = idOf(v, what);
  if (id === null) throw new HttpError(400, missing);
  return id;
}

/** The first of several legacy names of one field that holds a value (not absent, blank or 0). */
export function firstGiven(b: Body, names: readonly string[]): unknown {
  return names.map((n) => b[n]).find((v) => !blank(v) && v !== 0 && v !== '0');
}

/** The furthest page a list goes to: far beyond any lab's rows, and a bounded offset. */
export const MAX_PAGE = 1_000_000;

/**
 * The page number of a list: a whole number from 1, capped at MAX_PAGE. Absent means page 1; anything else
 * that is not a page means page 1 too (the legacy lists), or a 400 when `refuse` (the newer screens).
 */
export function pageOf(v: unknown, onInvalid: 'first' | 'refuse' = 'first'): number {
  if (blank(v)) return 1;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 1) return Math.min(n, MAX_PAGE);
  if (onInvalid === 'refuse') throw new HttpError(400, 'The page number must be a whole number from 1.');
  return 1;
}

/**
 * The countUpTo of a searched list (the screens send SEARCH_TOTAL_CAP): count the matches only up to it (lib/paging.ts).
 * Absent or null: null, the exact total a legacy client expects. Anything but a whole number from 1 to
 * MAX_COUNT_UP_TO (or its digits) is a 400, in the words of the microbe search's.
 */
export function countUpToOf(v: unknown): number | null {
  if (v === undefined || v === null) return null;
  const n = typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_COUNT_UP_TO) {
    throw new HttpError(400, `The count limit (countUpTo) must be a whole number from 1 to ${MAX_COUNT_UP_TO}.`);
  }
  return n;
}
