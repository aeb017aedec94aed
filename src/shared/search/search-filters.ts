import { SEARCH_COMPARATORS, type Comparator, type FilterRow } from '../contract/search-endpoints';

/**
 * The filter rows of the microbe search, read the same way on both sides (spec 001 sections 3 and 5).
 *
 * A number row holds two numbers joined by a comparator, sent as the text 'num1 comparator num2'. The spec
 * does not say what that means against a stored value (server not shown); our reading is the value compared
 * with each number, and the screen says it in words (describeNumberCondition):
 *   '>' : greater than both numbers ('800 > 800' is "> 800"; the screen sends one number twice);
 *   '<' : less than both numbers ('500 < 500' is "< 500");
 *   '=' : between the two numbers, both included ('500 = 800' is "between 500 and 800"; '800 = 800' is "= 800").
 * A date row is a range 'YYYY-MM-DD to YYYY-MM-DD' (either end may be empty). A text row matches when the
 * value contains the text (case-insensitive); a dropdown row when it equals the choice (case-insensitive).
 */
export const COMPARATOR_MEANING: Record<Comparator, string> = {
  '>': 'greater than',
  '<': 'less than',
  '=': 'between (or equal to)',
};

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isNumberText(v: unknown): boolean {
  return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && NUMBER.test(v));
}

/** 'num1 comparator num2', or null unless both numbers are present (spec section 5). */
export function numberCondition(num1: unknown, comparator: unknown, num2: unknown): string | null {
  if (!isNumberText(num1) || !isNumberText(num2)) return null;
  if (!SEARCH_COMPARATORS.includes(comparator as Comparator)) return null;
  return `${String(num1).trim()} ${String(comparator)} ${String(num2).trim()}`;
}

export interface NumberCondition { num1: number; comparator: Comparator; num2: number }

export function parseNumberCondition(text: unknown): NumberCondition | null {
  if (typeof text !== 'string' || text.length > 80) return null;
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*([<>=])\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const num1 = Number(m[1]);
  const num2 = Number(m[3]);
  if (!Number.isFinite(num1) || !Number.isFinite(num2)) return null;
  return { num1, comparator: m[2] as Comparator, num2 };
}

/** The bounds of a condition: the value must be above `above`, below `below`, or within both (inclusive). */
export function numberBounds(c: NumberCondition): { lo: number; hi: number } {
  return { lo: Math.min(c.num1, c.num2), hi: Math.max(c.num1, c.num2) };
}

/** Whether a stored number matches a number condition (the same rule the server's SQL applies). */
export function numberMatches(value: number, c: NumberCondition): boolean {
  const { lo, hi } = numberBounds(c);
  if (c.comparator === '>') return value > hi;
  if (c.comparator === '<') return value < lo;
  return value >= lo && value <= hi;
}

const plain = (n: number) => String(n);

/** What a number condition matches, in words: '> 800', '< 500', '= 800', 'between 500 and 800'. */
export function describeNumberCondition(c: NumberCondition): string {
  const { lo, hi } = numberBounds(c);
  if (c.comparator === '>') return `> ${plain(hi)}`;
  if (c.comparator === '<') return `< ${plain(lo)}`;
  return lo === hi ? `= ${plain(lo)}` : `between ${plain(lo)} and ${plain(hi)}`;
}

export interface DateRange { from: string | null; to: string | null }

export function dateRangeText(from: unknown, to: unknown): string | null {
  const f = typeof from === 'string' && DATE.test(from) ? from : '';
  const t = typeof to === 'string' && DATE.test(to) ? to : '';
  return f || t ? `${f} to ${t}`.trim() : null;
}

export function parseDateRange(text: unknown): DateRange | null {
  if (typeof text !== 'string') return null;
  const m = /^\s*(\d{4}-\d{2}-\d{2})?\s*to\s*(\d{4}-\d{2}-\d{2})?\s*$/.exec(text) ?? /^\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(text);
  if (!m) return null;
  const valid = (d: string | undefined) => (d && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? d : null);
  const from = valid(m[1]);
  // A single date means that day.
  const to = m.length > 2 ? valid(m[2]) : from;
  if (!from && !to) return null;
  return { from, to };
}

/**
 * The value a row filters by: its inputValue, else what its parts build (number: the condition text from
 * inputValuenum1, condition or dropValue1, inputValuenum2; date: the range). Null when the row is incomplete.
 */
export function rowValue(row: FilterRow): string | null {
  const type = (row.type ?? '').toLowerCase();
  if (type === 'number') {
    const built = numberCondition(row.inputValuenum1, row.condition ?? row.dropValue1, row.inputValuenum2);
    if (built) return built;
    return parseNumberCondition(row.inputValue ?? row.condition) ? String(row.inputValue ?? row.condition).trim() : null;
  }
  if (type === 'date') {
    const built = dateRangeText(row.inputValuenum1, row.inputValuenum2);
    if (built) return built;
    return parseDateRange(row.inputValue) ? String(row.inputValue).trim() : null;
  }
  const v = typeof row.inputValue === 'string' ? row.inputValue : typeof row.dropValue1 === 'string' ? row.dropValue1 : '';
  return v.trim() === '' ? null : v;
}
