import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MASTER_ENDPOINTS, type MasterEndpoint } from '../../../shared/contract/endpoints';
import {
  PAGE_SIZE, RESOURCES, RESOURCE_MSG, fieldByName, uniqueField, type DerivedField, type FieldDef, type LookupDef, type ResourceDef,
} from '../../../shared/resources';
import { validateResource } from '../../../shared/validation';
import { mutate } from '../../lib/audit';
import { actorOf, requirePermission } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import {
  findById, findDuplicate, insertRow, listPage, lookupRows, setStatus, updateRow, type ColumnValues, type DbRow,
} from './resource-repository';

/**
 * Every legacy endpoint of every simple master, registered from the endpoint table (which is generated
 * from the resource definitions). One handler per role (list, search, byId, save, status, lookup);
 * what differs between masters lives in the definitions.
 */

type Body = Record<string, unknown> | null | undefined;
type Answer = Record<string, unknown>;

const MAX_PAGE = 10_000_000;

/** The page asked for: a whole number from 1; anything else means page 1. */
export function pageOf(v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** A positive whole number (as number or numeric text), or null when absent / 0 / blank (a new record). */
function optionalId(v: unknown, what = 'id'): number | null {
  if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    throw new HttpError(400, `The ${what} must be a positive whole number.`);
  }
  return n;
}

function requiredId(body: Body): number {
  const id = optionalId(body?.id ?? body?.trnid);
  if (id === null) throw new HttpError(400, 'Please send the id of the record.');
  return id;
}

const notFound = (r: ResourceDef, id: number) => new HttpError(404, `There is no ${r.title} with id ${id}.`);

// ---- rows in legacy names ----------------------------------------------------------------------

function derivedValue(r: ResourceDef, d: DerivedField, legacy: Answer): unknown {
  switch (d.kind) {
    case 'optionName': {
      const f = fieldByName(r, d.of);
      const o = f?.options?.find((x) => x.value === legacy[d.of]);
      return o ? (o.name ?? o.label) : '';
    }
    case 'allTrue':
      return d.of.every((n) => legacy[n] === true);
  }
}

/** A stored row in the legacy field names: id, the fields, their switches, derived fields, active flag(s). */
export function toLegacy(r: ResourceDef, row: DbRow): Answer {
  const out: Answer = { id: row.id };
  for (const f of r.fields) {
    const v = row[f.column];
    out[f.name] = v === undefined ? null : v;
    if (f.enabledBy) out[f.enabledBy] = v !== null && v !== undefined;
  }
  for (const d of r.derived ?? []) out[d.name] = derivedValue(r, d, out);
  for (const name of r.activeFields) out[name] = row.active;
  return out;
}

/** Audit before/after: the legacy row plus its version. */
const auditRow = (r: ResourceDef, row: DbRow) => ({ ...toLegacy(r, row), version: row.version });

function pageAnswer(r: ResourceDef, page: number, rows: Array<DbRow & { total_items: number }>): Answer[] {
  return rows.map((row, i) => {
    const { id, ...rest } = toLegacy(r, row);
    return { id, srno: (page - 1) * PAGE_SIZE + i + 1, ...rest, totalItems: row.total_items };
  });
}

// ---- JSON schemas (validation of shapes, serialisation, OpenAPI) -------------------------------------

const ANY_ID = { type: ['integer', 'string', 'null'] };
const LOOSE_TEXT = { type: ['string', 'number', 'null'] };

function inputSchema(f: FieldDef): object {
  switch (f.kind) {
    case 'integer':
      return { type: ['integer', 'string', 'null'], description: f.label };
    case 'boolean':
      return { type: ['boolean', 'string', 'integer', 'null'], description: f.label };
    default:
      return { ...LOOSE_TEXT, description: f.label, ...(f.options ? { examples: f.options.map((o) => o.value) } : {}) };
  }
}

function outputSchema(f: FieldDef): object {
  switch (f.kind) {
    case 'integer':
      return { type: ['integer', 'null'] };
    case 'boolean':
      return { type: 'boolean' };
    default:
      return { type: ['string', 'null'] };
  }
}

function rowProperties(r: ResourceDef): Record<string, object> {
  const props: Record<string, object> = { id: { type: 'integer' } };
  for (const f of r.fields) {
    props[f.name] = outputSchema(f);
    if (f.enabledBy) props[f.enabledBy] = { type: 'boolean' };
  }
  for (const d of r.derived ?? []) props[d.name] = d.kind === 'allTrue' ? { type: 'boolean' } : { type: 'string' };
  for (const name of r.activeFields) props[name] = { type: 'string', enum: ['Y', 'N'] };
  return props;
}

const listBody = {
  type: ['object', 'null'],
  properties: { pageno: { type: ['integer', 'string', 'null'] }, userID: {}, userid: {} },
};

function answerObject(keys: string[]): object {
  return { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, k === 'id' ? { type: 'integer' } : { type: 'string' }])) };
}

function describeRow(r: ResourceDef): string {
  return Object.keys(rowProperties(r)).join(', ');
}

function schemaFor(r: ResourceDef, spec: MasterEndpoint): object {
  const props = rowProperties(r);
  const page = {
    type: 'array',
    items: { type: 'object', properties: { id: props.id, srno: { type: 'integer' }, ...props, totalItems: { type: 'integer' } } },
  };
  const shape = `{id, srno, ${describeRow(r).replace(/^id, /, '')}, totalItems}`;
  switch (spec.role) {
    case 'list':
      return {
        description: `Answer (not shown in the spec; ours): an array of at most 10 rows ${shape}, ordered by ${r.list.orderBy} then id. srno counts from 1 across pages; totalItems is the number of rows.`,
        body: listBody,
        response: { 200: page },
      };
    case 'search':
      return {
        description: `Answer (not shown in the spec; ours): like the list, only rows whose ${r.list.searchFields.join(' or ')} contains searchText (case-insensitive). Blank searchText answers 400 '${RESOURCE_MSG.emptySearch}'.`,
        body: { type: 'object', properties: { ...listBody.properties, searchText: LOOSE_TEXT } },
        response: { 200: page },
      };
    case 'byId':
      return {
        description: `Answer: {${describeRow(r)}, version}; 404 when there is no such record.`,
        body: { type: 'object', properties: { id: ANY_ID, trnid: ANY_ID } },
        response: { 200: { type: 'object', properties: { ...props, version: { type: 'integer' } } } },
      };
    case 'save': {
      const unique = uniqueField(r);
      const dup = { ...r.answers.duplicate, rescoremessage: unique?.unique?.message ?? '' };
      const body: Record<string, object> = { id: ANY_ID, version: ANY_ID, userID: {}, userid: {} };
      for (const f of r.fields) {
        body[f.name] = inputSchema(f);
        if (f.enabledBy) body[f.enabledBy] = { type: ['boolean', 'string', 'integer', 'null'], description: `Whether ${f.label} is given` };
      }
      return {
        description:
          `Answer: ${JSON.stringify({ ...r.answers.saved, id: 0 })} on success; ${JSON.stringify(dup)} when the ${unique ? unique.label : 'key'} exists (nothing stored); ` +
          `400 {message} with the form's message when a field is not valid; 404 when the id does not exist; 409 when version is stale.`,
        body: { type: 'object', properties: body },
        response: { 200: answerObject(['id', ...new Set([...Object.keys(r.answers.saved), ...Object.keys(dup)])]) },
      };
    }
    case 'status':
      return {
        description: `Answer: ${JSON.stringify(r.answers.deactivated)} for N; ${JSON.stringify(r.answers.reactivated)} for Y; 404 when the id does not exist.`,
        body: { type: 'object', properties: { id: ANY_ID, activeStatus: { type: ['string', 'null'] }, status: { type: ['string', 'null'] }, version: ANY_ID, userID: {}, userid: {} } },
        response: { 200: answerObject([...new Set([...Object.keys(r.answers.deactivated), ...Object.keys(r.answers.reactivated)])]) },
      };
    case 'lookup': {
      const l = lookupOf(r, spec);
      const items = Object.fromEntries(
        l.fields.map((x) => (typeof x === 'string' ? [x, props[x]] : [x.as, props[x.field]])),
      );
      return {
        description: `Answer (not shown in the spec; ours): every active row as {${Object.keys(items).join(', ')}}, unpaged, ordered by ${l.orderBy}.`,
        body: listBody,
        response: { 200: { type: 'array', items: { type: 'object', properties: items } } },
      };
    }
  }
}

function lookupOf(r: ResourceDef, spec: MasterEndpoint): LookupDef {
  const l = r.endpoints.lookups?.find((x) => x.name === spec.lookup);
  if (!l) throw new Error(`${r.name}: no lookup ${spec.lookup}`);
  return l;
}

// ---- handlers ------------------------------------------------------------------------------------

/** Postgres unique violation: a concurrent save took the code between our check and our write. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

function searchText(r: ResourceDef, body: Body): string {
  const raw = body?.searchText;
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!text) throw new HttpError(400, RESOURCE_MSG.emptySearch);
  if (text.length > r.list.searchMaxLength) throw new HttpError(400, `The search text must be at most ${r.list.searchMaxLength} characters.`);
  return text;
}

function versionOf(body: Body): number | null {
  return optionalId(body?.version, 'version');
}

async function save(req: FastifyRequest, r: ResourceDef, spec: MasterEndpoint): Promise<Answer> {
  const body = req.body as Body;
  const id = optionalId(body?.id);
  const expected = versionOf(body);
  requirePermission(req, id === null ? spec.permission! : spec.permissionOnUpdate!);
  const checked = validateResource(r, body ?? {});
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const values: ColumnValues = {};
  for (const f of r.fields) values[f.column] = checked.values[f.name];
  const unique = uniqueField(r);
  const duplicate = { ...r.answers.duplicate, rescoremessage: unique?.unique?.message ?? RESOURCE_MSG.checkAgain };

  try {
    return await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      let before: DbRow | undefined;
      if (id !== null) {
        before = await findById(trx, r, id, { forUpdate: true });
        if (!before) throw notFound(r, id);
        if (expected !== null && expected !== before.version) throw new HttpError(409, RESOURCE_MSG.stale);
      }
      if (unique && typeof values[unique.column] === 'string') {
        if (await findDuplicate(trx, r, unique, values[unique.column] as string, id)) return duplicate;
      }
      const after = before ? await updateRow(trx, r, before.id, values) : await insertRow(trx, r, values);
      await audit({
        action: `${r.name}.${before ? 'update' : 'create'}`,
        entity: r.table,
        entityId: after.id,
        before: before ? auditRow(r, before) : null,
        after: auditRow(r, after),
      });
      return { ...r.answers.saved, id: after.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return duplicate;
    throw err;
  }
}

async function changeStatus(req: FastifyRequest, r: ResourceDef): Promise<Answer> {
  const body = req.body as Body;
  const id = requiredId(body);
  const expected = versionOf(body);
  const raw = body?.activeStatus ?? body?.status;
  const flag = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (flag !== 'Y' && flag !== 'N') throw new HttpError(400, "Please send activeStatus 'N' (deactivate) or 'Y' (reactivate).");
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const before = await findById(trx, r, id, { forUpdate: true });
    if (!before) throw notFound(r, id);
    if (expected !== null && expected !== before.version) throw new HttpError(409, RESOURCE_MSG.stale);
    const after = await setStatus(trx, r, id, flag);
    await audit({
      action: `${r.name}.${flag === 'N' ? 'deactivate' : 'reactivate'}`,
      entity: r.table,
      entityId: id,
      before: auditRow(r, before),
      after: auditRow(r, after),
    });
    return flag === 'N' ? r.answers.deactivated : r.answers.reactivated;
  });
}

function handlerFor(r: ResourceDef, spec: MasterEndpoint): (req: FastifyRequest) => Promise<unknown> {
  switch (spec.role) {
    case 'list':
      return async (req) => {
        const page = pageOf((req.body as Body)?.pageno);
        return pageAnswer(r, page, await listPage(req.server.db, r, { page }));
      };
    case 'search':
      return async (req) => {
        const body = req.body as Body;
        const search = searchText(r, body);
        const page = pageOf(body?.pageno);
        return pageAnswer(r, page, await listPage(req.server.db, r, { page, search }));
      };
    case 'byId':
      return async (req) => {
        const id = requiredId(req.body as Body);
        const row = await findById(req.server.db, r, id);
        if (!row) throw notFound(r, id);
        return { ...toLegacy(r, row), version: row.version };
      };
    case 'save':
      return (req) => save(req, r, spec);
    case 'status':
      return (req) => changeStatus(req, r);
    case 'lookup': {
      const l = lookupOf(r, spec);
      return (req) => lookupRows(req.server.db, r, l);
    }
  }
}

const byName: Record<string, ResourceDef> = RESOURCES;

export function resourceRoutes(app: FastifyInstance, endpoints: readonly MasterEndpoint[] = MASTER_ENDPOINTS): void {
  for (const spec of endpoints) {
    const r = byName[spec.resource];
    if (!r) throw new Error(`No resource definition '${spec.resource}' for master/${spec.name}`);
    app.endpoint(spec, { schema: schemaFor(r, spec) }, handlerFor(r, spec));
  }
}
