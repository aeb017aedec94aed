/**
 * How a list's total reads when the server counted it only up to a cap (totalIsLowerBound): the microbe search's
 * answers (searchData) and the searched lists (Sample Inward, Level 1 and Level 2) count up to SEARCH_TOTAL_CAP
 * so that a page comes back fast, then the screen asks for the exact number. Above the cap the total is "200+",
 * never a made-up exact figure, until the exact number has answered.
 */

/** A total as a server answers it: totalItems, and totalIsLowerBound when it is cap + 1, a lower bound. */
export interface AnsweredTotal {
  totalItems: number;
  totalIsLowerBound?: boolean;
}

/** "1,234", or "200+" for a lower bound (cap + 1 answered; the microbe search may stop lower, "15+"); `exact` once known wins. */
export function formatTotal(answer: AnsweredTotal, exact: number | null = null): string {
  if (exact !== null) return exact.toLocaleString('en');
  return answer.totalIsLowerBound ? `${Math.max(answer.totalItems - 1, 0).toLocaleString('en')}+` : answer.totalItems.toLocaleString('en');
}

/** Shown after a capped total while the exact count runs. */
export const COUNTING = ' (counting all matches…)';
