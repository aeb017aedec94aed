/** Checks the Activity Log's filter and paging fields: bad input answers 400 with a plain sentence. */
import { HttpError } from '../../plugins/errors';
import { AUDIT_PAGE_SIZES } from '../../../shared/contract/audit-endpoints';
import { checkDay, checkTimeZone } from './local-dates';
import { filterFromDays, type Filter } from './audit-repository';

type Body = Record<string, unknown> | null | undefined;

export function text(raw: unknown, label: string, max: number): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new HttpError(400, `The ${label} filter must be text.`);
  const s = String(raw).trim();
  if (s.includes('\u0000')) throw new HttpError(400, `The ${label} filter must not contain a NUL character.`);
  if (s.length > max) throw new HttpError(400, `The ${label} filter must be at most ${max} characters.`);
  return s === '' ? null : s;
}

export function parseFilter(body: Body): Filter {
  const b = body ?? {};
  let userId: number | null = null;
  let username: string | null = null;
  const user = b.user;
  if (typeof user === 'number') {
    if (!Number.isSafeInteger(user) || user < 1) throw new HttpError(400, 'The user filter must be a user id or a username.');
    userId = user;
  } else if (user !== undefined && user !== null) {
    const s = text(user, 'user', 50);
    if (s !== null && /^\d{1,9}$/.test(s)) userId = Number(s);
    else username = s;
  }
  const timeZone = checkTimeZone(b.timeZone);
  const fromDate = checkDay(b.fromDate, 'from');
  const toDate = checkDay(b.toDate, 'to');
  if (fromDate && toDate && fromDate > toDate) throw new HttpError(400, 'The from date must not be after the to date.');
  return filterFromDays({
    userId, username, entity: text(b.entity, 'entity', 60), action: text(b.action, 'action', 60), text: text(b.text, 'search', 200),
    timeZone, fromDate, toDate,
  });
}

export function parsePaging(body: Body): { page: number; pageSize: number } {
  const b = body ?? {};
  const rawPage = b.pageno ?? 1;
  const page = typeof rawPage === 'string' && /^\d+$/.test(rawPage.trim()) ? Number(rawPage) : rawPage;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1 || page > 1_000_000) {
    throw new HttpError(400, 'The page number must be a whole number from 1.');
  }
  const rawSize = b.pageSize ?? 10;
  const pageSize = typeof rawSize === 'string' ? Number(rawSize) : rawSize;
  if (!(AUDIT_PAGE_SIZES as readonly unknown[]).includes(pageSize)) throw new HttpError(400, `The page size must be ${AUDIT_PAGE_SIZES.join(' or ')}.`);
  return { page, pageSize: pageSize as number };
}

/** The filter as it was asked, for the export's audit row. */
export function filterSummary(body: Body): Record<string, unknown> {
  const b = body ?? {};
  return Object.fromEntries(
    ['user', 'entity', 'action', 'fromDate', 'toDate', 'timeZone', 'text'].filter((k) => b[k] !== undefined && b[k] !== null && b[k] !== '').map((k) => [k, b[k]]),
  );
}
