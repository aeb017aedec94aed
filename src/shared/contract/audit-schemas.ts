/** Bodies and answers of the Activity Log (the audit trail, Top Role users). */
import { PAGE, WHOLE, body as bodySchema, strictText, text } from './body-schema';
import { file } from './answer-schema';
import { declare, fromRoute } from './contract';
import { AUDIT_ENDPOINTS as E } from './audit-endpoints';

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const change = { type: 'object', properties: { field: str, before: nstr, after: nstr } } as const;
/** The answer schema is also an allow-list: raw before/after (and anything else) never reach the client. */
const entry = {
  type: 'object',
  properties: {
    id: int, srno: int, at: str, userId: { type: ['integer', 'null'] }, username: nstr, action: str, entity: str, entityId: nstr,
    reason: nstr, ip: nstr, changes: { type: 'array', items: change }, totalItems: int,
  },
} as const;
const entries = { 200: { type: 'array', items: entry } } as const;
/** A page of the log also says, when asked with countUpTo, whether its total is a lower bound (list-total.ts). */
const pageEntries = { 200: { type: 'array', items: { ...entry, properties: { ...entry.properties, totalIsLowerBound: { type: 'boolean' } } } } } as const;
const TEXT = text(1000);
/** Every field the log's calls read: its filters, paging and the record of a history. */
const body = bodySchema({
  user: TEXT, entity: TEXT, action: TEXT, text: TEXT, timeZone: strictText(100), fromDate: strictText(40), toDate: strictText(40),
  ...PAGE, pageSize: WHOLE, countUpTo: WHOLE, entityId: TEXT, id: TEXT,
}, { nullable: true });

export const AUDIT_CONTRACT = {
  getAuditLog: declare(E.getAuditLog, fromRoute({ body, response: pageEntries })),
  getAuditFilters: declare(E.getAuditFilters, fromRoute({
        body,
        response: {
          200: {
            type: 'object',
            properties: {
              users: { type: 'array', items: { type: 'object', properties: { id: int, username: str } } },
              entities: { type: 'array', items: str },
              actions: { type: 'array', items: str },
            },
          },
        },
      })),
  getRecordHistory: declare(E.getRecordHistory, fromRoute({ body, response: entries })),
  exportAuditLog: declare(E.exportAuditLog, { body, answer: file('text/csv', 'The entries matching the filters as CSV (one When column in UTC), streamed; X-Total-Count says how many.') }),
};
