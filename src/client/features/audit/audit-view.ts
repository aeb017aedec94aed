/**
 * The Activity Log's view (its filter, page and rows per page) as the address holds it, so that a reload, Back
 * and a shared link keep it: `#/auditLog?entity=department&fromDate=2026-11-01&page=2&size=25`. What the address
 * says is checked here (a page is a whole number from 1, a day is YYYY-MM-DD, rows per page are 10 or 25);
 * anything else is the default.
 */
import { AUDIT_PAGE_SIZES } from '../../../shared/contract/audit-endpoints';
import { EMPTY_FILTER, type AuditFilterForm } from './audit-slice';

export interface AuditView {
  filter: AuditFilterForm;
  page: number;
  pageSize: 10 | 25;
}

const FIELDS = Object.keys(EMPTY_FILTER) as Array<keyof AuditFilterForm>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 200;

export function viewOf(params: URLSearchParams): AuditView {
  const filter = { ...EMPTY_FILTER };
  for (const f of FIELDS) {
    const v = (params.get(f) ?? '').slice(0, MAX_TEXT);
    filter[f] = (f === 'fromDate' || f === 'toDate') && !DAY.test(v) ? '' : v;
  }
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    filter,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(size) ? (size as 10 | 25) : 10,
  };
}

/** The address's query of a view: empty fields, page 1 and 10 rows per page are left out. */
export function paramsOf(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  for (const f of FIELDS) if (view.filter[f]) params.set(f, view.filter[f]);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== 10) params.set('size', String(view.pageSize));
  return params;
}
