/**
 * The total of a searched list page whose server counted it only up to the screen's countUpTo
 * (totalIsLowerBound on its rows: shown "200+", crud/list-total.ts): the same call is asked once more for the
 * same page without countUpTo, in the background, and its exact total is shown when it answers. That call also
 * keeps the exact total on the server, so the next pages of the search come back exact at once.
 *
 * Only the total comes from that answer: the rows on screen stay the page's own. The background call is keyed by
 * the page answer it completes (`shown.answer`), so a newer search, page or reload asks anew and an older answer
 * is never shown with other rows (its entry is dropped when the key moves on).
 */
import { useQuery, type EndpointRef } from './use-request';

/** The call whose answer is on screen: its endpoint and body, and an id of that answer (a new one per answer). */
export interface ShownPage {
  endpoint: EndpointRef;
  body: Record<string, unknown>;
  answer: string;
}

export interface ListTotal {
  total: number;
  /** `total` is countUpTo + 1, a lower bound, until the exact one answers. */
  totalIsLowerBound: boolean;
  /** The exact total is being asked for. */
  counting: boolean;
}

type TotalRow = { totalItems?: unknown; totalIsLowerBound?: unknown };

/** The total a page's rows carry (every row carries it; a page without rows has none). */
const totalOf = (rows: readonly TotalRow[]): number => (rows.length ? Number(rows[0].totalItems) || rows.length : 0);

export function useExactTotal(shown: ShownPage | null, rows: readonly TotalRow[], key: string): ListTotal {
  const capped = shown !== null && rows[0]?.totalIsLowerBound === true;
  const { countUpTo: _capped, ...exactBody } = shown?.body ?? {};
  const exact = useQuery<TotalRow[]>(capped ? shown.endpoint : null, exactBody, { key: `${key}:exact:${shown?.answer ?? ''}` });
  const given = totalOf(rows);
  if (!capped) return { total: given, totalIsLowerBound: false, counting: false };
  const answered = exact.entry?.status === 'succeeded' && Array.isArray(exact.data) && exact.data.length > 0 ? Number(exact.data[0].totalItems) : NaN;
  if (Number.isSafeInteger(answered) && answered >= 0) return { total: answered, totalIsLowerBound: false, counting: false };
  // A failed exact count leaves the lower bound (the page itself is fine), as the microbe search does.
  return { total: given, totalIsLowerBound: true, counting: exact.entry === undefined || exact.entry.status === 'pending' };
}
