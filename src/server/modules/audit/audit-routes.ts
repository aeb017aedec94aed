/**
 * The Activity Log's calls (shared/contract/audit-endpoints): POST /api/audit/<name>, Top Role only.
 * Reads are not audited; the CSV export is (action 'audit.export').
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_CONTRACT as C } from '../../../shared/contract/audit-schemas';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, countUpToOf } from '../../lib/body';
import { auditCsvChunks, auditFilterOptions, auditPage, countMatches, recordHistory } from './audit-repository';
import { filterSummary, parseFilter, parsePaging } from './audit-filter';


export function auditRoutes(app: FastifyInstance): void {
  app.endpoint(C.getAuditLog, async (req) => {
    const b = bodyOf(req);
    const { page, pageSize } = parsePaging(b);
    const countUpTo = countUpToOf(b.countUpTo);
    // Filtered on skewed columns (user, entity, action) and date ranges: on the search handle, where PostgreSQL
    // plans each read for its values (db/prepared-statements.ts), and behind the screens' calls when embedded.
    return auditPage(req.server.searchDb, parseFilter(b), page, pageSize, { countUpTo, keptOn: req.server.db });
  });

  app.endpoint(C.getAuditFilters, async (req) => auditFilterOptions(req.server.db),
  );

  app.endpoint(C.getRecordHistory, async (req) => {
    const b = bodyOf(req);
    const entity = typeof b.entity === 'string' ? b.entity.trim() : '';
    const rawId = b.entityId ?? b.id;
    const entityId = typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : typeof rawId === 'string' ? rawId.trim() : '';
    const ok = (v: string) => v !== '' && v.length <= 60 && !v.includes('\u0000');
    if (!ok(entity)) throw new HttpError(400, 'Please say which kind of record (entity) to show the history of.');
    if (!ok(entityId)) throw new HttpError(400, 'Please say which record (entityId) to show the history of.');
    return recordHistory(req.server.db, entity, entityId);
  });

  app.endpoint(C.exportAuditLog, async (req, reply) => {
    const b = bodyOf(req);
    const filter = parseFilter(b);
    const db = req.server.db;
    const reads = req.server.backgroundDb; // as the search's exports: planned for their values, served last when embedded
    const { count, maxId } = await countMatches(reads, filter);
    await mutate(db, actorOf(req), (_trx, audit) =>
      audit({ action: 'audit.export', entity: 'audit_log', after: { filters: filterSummary(b), rows: count, upToEntry: maxId }, reason: 'Activity Log exported to CSV' }),
    );
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="activity-log-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .header('x-total-count', String(count))
      .send(Readable.from(auditCsvChunks(reads, filter, maxId)));
  });
}
