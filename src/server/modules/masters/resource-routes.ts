import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { MasterEndpoint } from '../../../shared/contract/endpoints';
import { MASTER_CONTRACTS, listFields, lookupOf, type MasterContract } from '../../../shared/contract/master-schemas';
import {
  ACTIVE, INACTIVE, PAGE_SIZE, RESOURCES, RESOURCE_MSG, ROLE_PERMISSION, duplicateAnswerOf, fieldByName, idNameOf, uniqueFields, type DerivedField, type FieldDef, type ResourceDef,
} from '../../../shared/resources';
import { validateResource } from '../../../shared/validation';
import { mutate } from '../../lib/audit';
import { keptAnswer } from '../../lib/kept-answers';
import { actorOf, requirePermission } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { bodyOf, idOf, pageOf, textOf, type Body } from '../../lib/body';
import {
  findById, findDuplicate, insertRow, lockUniqueRules, isActiveRow, listPage, lookupRows, refAlias, setStatus, updateRow, type ColumnValues, type DbRow,
} from './resource-repository';

/**
 * Every legacy endpoint of every simple master, registered from the endpoint table (which is generated
 * from the resource definitions). One handler per role (list, search, byId, save, status, lookup);
 * what differs between masters lives in the definitions.
 */

type Answer = Record<string, unknown>;

/**
 * What a resource does beyond the generic master (DESIGN.md section 4: "a resource overrides a piece only
 * where the spec really differs"). Every hook runs inside the generic handler; none replaces it.
 */
export interface ResourceOverrides {
  /** Rewrites the save body before validation (e.g. decodes a transport-encoded field); may throw HttpError. */
  prepareSave?(req: FastifyRequest, body: Record<string, unknown>): Record<string, unknown>;
  /** More checks inside the save transaction, after the generic ones; `before` is the stored row of an update. */
  checkSave?(ctx: { trx: Transaction<Database>; req: FastifyRequest; id: number | null; values: ColumnValues; before?: DbRow }): Promise<void>;
  /**
   * A new row: more columns to store (e.g. a password hash) and more answer fields (e.g. the initial
   * password, which is answered once and never stored or audited). Runs before the transaction.
   */
  onCreate?(req: FastifyRequest): Promise<{ columns?: ColumnValues; answer?: Answer }>;
  /** Inside the status transaction, before the change; may refuse (throw). Returns the audit reason, if any. */
  onStatus?(ctx: { trx: Transaction<Database>; req: FastifyRequest; before: DbRow; flag: 'Y' | 'N' }): Promise<string | void>;
}

export function requiredId(body: Body): number {
  const id = idOf(body.id ?? body.trnid, 'id');
  if (id === null) throw new HttpError(400, 'Please send the id of the record.');
  return id;
}

const notFound = (r: ResourceDef, id: number) => new HttpError(404, `There is no ${r.title} with id ${id}.`);

// ---- rows in legacy names ----------------------------------------------------------------------

function derivedValue(r: ResourceDef, d: DerivedField, legacy: Answer, row: DbRow): unknown {
  switch (d.kind) {
    case 'optionName': {
      const f = fieldByName(r, d.of);
      const o = f?.options?.find((x) => x.value === legacy[d.of]);
      return o ? (o.name ?? o.label) : '';
    }
    case 'allTrue':
      return d.of.every((n) => legacy[n] === true);
    case 'same':
      return legacy[d.of] ?? null;
    case 'statusText':
      return row.active === 'Y' ? d.labels.Y : d.labels.N;
    case 'refName': {
      const v = row[refAlias(d.name)];
      return typeof v === 'string' ? v : '';
    }
  }
}

/** A stored row in the legacy field names: id, the fields, their switches, derived fields, active flag(s). */
export function toLegacy(r: ResourceDef, row: DbRow): Answer {
  const out: Answer = { [idNameOf(r)]: row.id };
  for (const f of r.fields) {
    const v = row[f.column];
    out[f.name] = v === undefined ? null : v;
    if (f.enabledBy) out[f.enabledBy] = v !== null && v !== undefined;
  }
  for (const d of r.derived ?? []) out[d.name] = derivedValue(r, d, out, row);
  for (const name of r.activeFields) out[name] = row.active;
  return out;
}

/** Audit before/after: the legacy row plus its version. */
const auditRow = (r: ResourceDef, row: DbRow) => ({ ...toLegacy(r, row), version: row.version });

function pageAnswer(r: ResourceDef, page: number, rows: Array<DbRow & { total_items: number }>): Answer[] {
  const idName = idNameOf(r);
  const names = listFields(r).filter((n) => n !== idName);
  return rows.map((row, i) => {
    const legacy = toLegacy(r, row);
    const out: Answer = { [idName]: row.id, srno: (page - 1) * PAGE_SIZE + i + 1 };
    for (const n of names) out[n] = legacy[n];
    out.totalItems = row.total_items;
    return out;
  });
}

// ---- handlers ------------------------------------------------------------------------------------

/** Postgres unique violation: a concurrent save took the code between our check and our write. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

function searchText(r: ResourceDef, body: Body): string {
  const text = textOf(body.searchText);
  if (!text) throw new HttpError(400, RESOURCE_MSG.emptySearch);
  if (text.length > r.list.searchMaxLength) throw new HttpError(400, `The search text must be at most ${r.list.searchMaxLength} characters.`);
  return text;
}

function versionOf(body: Body): number | null {
  return idOf(body.version, 'version');
}

const entityOf = (r: ResourceDef) => r.entity ?? r.table;
const duplicateAnswer = (r: ResourceDef, f: FieldDef | undefined): Answer => duplicateAnswerOf(r, f);

/** The first unique field whose value another row holds, in form order. */
async function duplicateField(db: Parameters<typeof findDuplicate>[0], r: ResourceDef, values: ColumnValues, id: number | null): Promise<FieldDef | undefined> {
  for (const f of uniqueFields(r)) {
    const v = values[f.column];
    if ((typeof v === 'string' || typeof v === 'number') && (await findDuplicate(db, r, f, v, values, id))) return f;
  }
  return undefined;
}

/** A newly chosen reference (a drop-down of another master) must name an active row. */
async function checkReferences(trx: Transaction<Database>, r: ResourceDef, values: ColumnValues, before: DbRow | undefined): Promise<void> {
  for (const f of r.fields) {
    const v = values[f.column];
    if (!f.references || typeof v !== 'number' || (before && before[f.column] === v)) continue;
    if (!(await isActiveRow(trx, f.references.table, v))) {
      throw new HttpError(400, f.references.message ?? `The selected ${f.title ?? f.label} does not exist or is inactive.`, { field: f.name });
    }
  }
}

async function save(req: FastifyRequest, r: ResourceDef, spec: MasterEndpoint, o: ResourceOverrides): Promise<Answer> {
  const raw = bodyOf(req);
  const id = idOf(raw.id ?? (idNameOf(r) === 'id' ? undefined : raw[idNameOf(r)]), 'id');
  const expected = versionOf(raw);
  requirePermission(req, id === null ? spec.permission! : spec.permissionOnUpdate!);
  const body = o.prepareSave ? o.prepareSave(req, { ...raw }) : raw;
  const checked = validateResource(r, body);
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const values: ColumnValues = {};
  for (const f of r.fields) {
    // On an update, a field set from another screen keeps its value when the form leaves it out.
    if (f.keepWhenAbsent && id !== null && body[f.name] === undefined) continue;
    const v = checked.values[f.name];
    values[f.column] = f.activeFlag ? (v === false ? INACTIVE : ACTIVE) : v;
  }
  const activeField = r.fields.find((f) => f.activeFlag);
  const created = id === null && o.onCreate ? await o.onCreate(req) : {};

  try {
    return await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      let before: DbRow | undefined;
      if (id !== null) {
        before = await findById(trx, r, id, { forUpdate: true });
        if (!before) throw notFound(r, id);
        if (expected !== null && expected !== before.version) throw new HttpError(409, RESOURCE_MSG.stale);
      }
      // A rule no index backs is checked under a lock, so that two saves cannot both pass it.
      if (uniqueFields(r).some((f) => f.unique!.unindexed)) await lockUniqueRules(trx, r);
      const dup = await duplicateField(trx, r, values, id);
      if (dup) return duplicateAnswer(r, dup);
      await checkReferences(trx, r, values, before);
      if (o.checkSave) await o.checkSave({ trx, req, id, values, before });
      // The form's active flag changed: the status call's permission and rules apply.
      let reason: string | void = undefined;
      const flag = activeField ? values[activeField.column] : undefined;
      if (before && (flag === ACTIVE || flag === INACTIVE) && flag !== before.active) {
        requirePermission(req, ROLE_PERMISSION.status);
        if (o.onStatus) reason = await o.onStatus({ trx, req, before, flag });
      }
      const after = before
        ? await updateRow(trx, r, before.id, values)
        : await insertRow(trx, r, { ...values, ...(created.columns ?? {}) });
      await audit({
        action: `${r.name}.${before ? 'update' : 'create'}`,
        entity: entityOf(r),
        entityId: after.id,
        before: before ? auditRow(r, before) : null,
        after: auditRow(r, after),
        reason: reason || null,
      });
      return { ...r.answers.saved, id: after.id, ...(before ? {} : (created.answer ?? {})) };
    });
  } catch (err) {
    // A concurrent save took a unique value between our check and our write: say which one.
    if (isUniqueViolation(err)) return duplicateAnswer(r, (await duplicateField(req.server.db, r, values, id)) ?? uniqueFields(r)[0]);
    throw err;
  }
}

async function changeStatus(req: FastifyRequest, r: ResourceDef, o: ResourceOverrides): Promise<Answer> {
  const body = bodyOf(req);
  const id = requiredId(body);
  const expected = versionOf(body);
  const raw = body.activeStatus ?? body.status;
  const flag = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (flag !== 'Y' && flag !== 'N') throw new HttpError(400, "Please send activeStatus 'N' (deactivate) or 'Y' (reactivate).");
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const before = await findById(trx, r, id, { forUpdate: true });
    if (!before) throw notFound(r, id);
    if (expected !== null && expected !== before.version) throw new HttpError(409, RESOURCE_MSG.stale);
    const reason = o.onStatus ? await o.onStatus({ trx, req, before, flag }) : undefined;
    const after = await setStatus(trx, r, id, flag);
    await audit({
      action: `${r.name}.${flag === 'N' ? 'deactivate' : 'reactivate'}`,
      entity: entityOf(r),
      entityId: id,
      before: auditRow(r, before),
      after: auditRow(r, after),
      reason: reason || null,
    });
    return flag === 'N' ? r.answers.deactivated : r.answers.reactivated;
  });
}

function handlerFor(r: ResourceDef, spec: MasterEndpoint, o: ResourceOverrides): (req: FastifyRequest) => Promise<unknown> {
  switch (spec.role) {
    case 'list':
      return keptAnswer(async (req) => {
        const page = pageOf(bodyOf(req).pageno);
        return pageAnswer(r, page, await listPage(req.server.db, r, { page }));
      });
    case 'search':
      return keptAnswer(async (req) => {
        const body = bodyOf(req);
        const search = searchText(r, body);
        const page = pageOf(body.pageno);
        return pageAnswer(r, page, await listPage(req.server.db, r, { page, search }));
      });
    case 'byId':
      return async (req) => {
        const id = requiredId(bodyOf(req));
        const row = await findById(req.server.db, r, id);
        if (!row) throw notFound(r, id);
        return { ...toLegacy(r, row), version: row.version };
      };
    case 'save':
      return (req) => save(req, r, spec, o);
    case 'status':
      return (req) => changeStatus(req, r, o);
    case 'lookup': {
      const l = lookupOf(r, spec);
      return (req) => lookupRows(req.server.db, r, l);
    }
  }
}

const byName: Record<string, ResourceDef> = RESOURCES;

/** Registers the calls of one resource (from its contract) with the generic handlers and its overrides. */
export function registerResource(app: FastifyInstance, r: ResourceDef, contracts: readonly MasterContract[], overrides: ResourceOverrides = {}): void {
  for (const contract of contracts) {
    const spec = contract.endpoint;
    if (spec.resource !== r.name) throw new Error(`master/${spec.name} belongs to '${spec.resource}', not '${r.name}'`);
    app.endpoint(contract, handlerFor(r, spec, overrides));
  }
}

export function resourceRoutes(app: FastifyInstance, contracts: readonly MasterContract[] = MASTER_CONTRACTS): void {
  for (const contract of contracts) {
    const r = byName[contract.endpoint.resource];
    if (!r) throw new Error(`No resource definition '${contract.endpoint.resource}' for master/${contract.endpoint.name}`);
    registerResource(app, r, [contract]);
  }
}
