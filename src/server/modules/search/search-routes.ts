/**
 * The microbe search calls (shared/contract/search-endpoints): parameter sets, search (page + total), the
 * detailed record, its PDF, the CSV export of all matches, and the signed-in user's saved searches.
 * Reads are not audited; the export and saved-search changes are.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEARCH_PAGE_SIZE, type FilterRow } from '../../../shared/contract/search-endpoints';
import { mutate } from '../../lib/audit';
import { actorOf } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, countUpToOf } from '../../lib/body';
import { SEARCH_CONTRACT } from '../../../shared/contract/search-schemas';
import { csvLine } from '../../lib/csv';
import { collectEvery, EXPORT_COLLECT_CHARS } from '../../lib/collect-garbage';
import { parameterSets } from './search-parameters';
import { countMatches, matchBatches, parseFilters, searchPage, type Filter } from './search-query';
import { sampleRecord } from './search-record';
import { recordPdf } from './record-pdf';
import { deleteSavedSearch, listSavedSearches, savedSearchOf, upsertSavedSearch } from './saved-search-repository';

type Body = Record<string, unknown>;
const C = SEARCH_CONTRACT;
const userOf = (req: FastifyRequest) => req.auth!.userId;

function wholeNumber(raw: unknown, name: string, dflt: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return dflt;
  const n = typeof raw === 'string' && /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > max) throw new HttpError(400, `The ${name} must be a whole number from 1 to ${max}.`);
  return n;
}

function samplenovOf(b: Body): string {
  const v = b.samplenov;
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  if (s === '' || s.length > 100) throw new HttpError(400, 'Please say which Sample No.-V (samplenov) to show.');
  return s;
}

const filterSummary = (filters: Filter[]) =>
  filters.map((f) => ({
    parameter: f.field.parameterName,
    value: f.kind === 'number' ? `${f.cond.num1} ${f.cond.comparator} ${f.cond.num2}` : f.kind === 'date' ? `${f.range.from ?? ''} to ${f.range.to ?? ''}` : f.text,
  }));

async function search(req: FastifyRequest) {
  const b = bodyOf(req);
  const filters = await parseFilters(req.server.db, b.inputList);
  // A legacy client names no countUpTo and gets the exact total; the screens ask for a capped one.
  const cap = countUpToOf(b.countUpTo);
  return searchPage(req.server.searchDb, filters, wholeNumber(b.pageno, 'page number', 1, 1_000_000), wholeNumber(b.pageSize, 'page size', SEARCH_PAGE_SIZE, 100), cap);
}

/** The model a saved search keeps: the filter rows as sent (re-validated on save and again when run). */
function storedRows(rows: unknown): FilterRow[] {
  return (rows as FilterRow[]).map((r) => {
    const keep: Record<string, unknown> = {};
    for (const k of ['key', 'parameterName', 'type', 'commonmastertype', 'sequence', 'inputValue', 'inputValuenum1', 'inputValuenum2', 'dropValue1', 'dropValue2', 'condition'] as const) {
      if (r[k] !== undefined) keep[k] = r[k];
    }
    return keep as unknown as FilterRow;
  });
}

/**
 * The text all CSV exports of the process have written: a full collection every 2 Mi characters, else a million-sample
 * export grows the server's memory by some 200 MB (lib/collect-garbage).
 */
const exportWritten = collectEvery(EXPORT_COLLECT_CHARS);

export function searchRoutes(app: FastifyInstance): void {
  app.endpoint(C.getSearchParameterSets, async (req) => parameterSets(req.server.db));
  app.endpoint(C.searchData, search);
  app.endpoint(C.searchDataUsingNativeQuery, search);
  // The page and its capped total read on the search lane, the exact count and the export on the background
  // lane: on the embedded database the calls of other users go first (connection.ts DbHandle).
  app.endpoint(C.countSearchData, async (req) => {
    const b = bodyOf(req);
    return { totalItems: await countMatches(req.server.backgroundDb, await parseFilters(req.server.db, b.inputList)) };
  });

  app.endpoint(C.postSearchmicBySamplenov, async (req) => {
    const samplenov = samplenovOf(bodyOf(req));
    const record = await sampleRecord(req.server.db, samplenov);
    if (!record) throw new HttpError(404, `No sample was found with the Sample No.-V '${samplenov}'.`);
    return record;
  });

  app.endpoint(C.getSearchRecordPdf, async (req, reply) => {
    const samplenov = samplenovOf(bodyOf(req));
    const record = await sampleRecord(req.server.db, samplenov);
    if (!record) throw new HttpError(404, `No sample was found with the Sample No.-V '${samplenov}'.`);
    const safeName = samplenov.replace(/[^A-Za-z0-9._-]/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="record-${safeName}.pdf"`)
      .header('cache-control', 'no-store')
      .send(recordPdf(samplenov, record, new Date()));
  });

  app.endpoint(C.exportSearchData, async (req, reply) => {
    const b = bodyOf(req);
    const db = req.server.db;
    // The export names its filters explicitly (an empty list exports every isolate): a body without them is refused.
    if (!Array.isArray(b.inputList)) throw new HttpError(400, 'Please send the search filters (inputList) to export.');
    const filters = await parseFilters(db, b.inputList);
    const count = await countMatches(req.server.backgroundDb, filters);
    await mutate(db, actorOf(req), (_trx, audit) =>
      audit({ action: 'search.export', entity: 'isolate', after: { filters: filterSummary(filters), rows: count }, reason: 'Microbe search exported to CSV (data.csv)' }),
    );
    async function* chunks() {
      let srno = 0;
      let header = false;
      for await (const { fields, rows } of matchBatches(req.server.backgroundDb, filters)) {
        let chunk = '';
        if (!header) {
          chunk += `\uFEFF${csvLine(['Sr. No.', 'Sample No.-V', 'Isolate Code', 'Plant Assessment Code', ...fields.map((f) => f.parameterName)])}`;
          header = true;
        }
        for (const r of rows) chunk += csvLine([++srno, r.samplenov, r.isolatecode, r.pncode, ...r.parameterList.map((p) => p.input ?? 'N/A')]);
        exportWritten(chunk.length);
        yield chunk;
      }
      if (!header) yield '\uFEFFSr. No.,Sample No.-V,Isolate Code,Plant Assessment Code\r\n';
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="data.csv"')
      .header('cache-control', 'no-store')
      .header('x-total-count', String(count))
      .send(Readable.from(chunks()));
  });

  app.endpoint(C.getSearchAllForMicrobeHome, async (req) => listSavedSearches(req.server.db, userOf(req)));

  app.endpoint(C.getParamiterForSearchMicrobe, async (req) => {
    const id = wholeNumber(bodyOf(req).id, 'saved search id', 0, 2_147_483_647);
    const found = id ? await savedSearchOf(req.server.db, userOf(req), id) : null;
    if (!found) throw new HttpError(404, 'That saved search was not found.');
    return found;
  });

  app.endpoint(C.saveSearchMicrobe, async (req) => {
    const b = bodyOf(req);
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    if (name === '' || name.length > 60) throw new HttpError(400, 'Please give the search a name of at most 60 characters.');
    const filters = await parseFilters(req.server.db, b.inputList);
    if (filters.length === 0) throw new HttpError(400, 'Please add at least one filter before saving the search.');
    const inputList = storedRows(b.inputList);
    const model = { parameterList: filters.map((f) => f.field.parameterName), inputList };
    const userId = userOf(req);
    const { before, after } = await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      const r = await upsertSavedSearch(trx, userId, name, model);
      await audit({ action: 'search.save', entity: 'saved_search', entityId: r.after.id, before: r.before, after: { ...r.after, model } });
      return r;
    });
    return { status: 'OK', message: before ? 'Search updated.' : 'Search saved.', id: after.id, name: after.name };
  });

  app.endpoint(C.deleteSearchMicrobe, async (req) => {
    const id = wholeNumber(bodyOf(req).id, 'saved search id', 0, 2_147_483_647);
    const userId = userOf(req);
    const gone = await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      const row = id ? await deleteSavedSearch(trx, userId, id) : undefined;
      if (row) await audit({ action: 'search.delete', entity: 'saved_search', entityId: row.id, before: row });
      return row;
    });
    if (!gone) throw new HttpError(404, 'That saved search was not found.');
    return { status: 'OK' };
  });
}
