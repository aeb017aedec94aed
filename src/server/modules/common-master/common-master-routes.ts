import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MASTER_ENDPOINTS } from '../../../shared/contract/endpoints';
import {
  PAGE_SIZE, RESOURCE_MSG, COMMON_MASTER_MSG, MASTER_LOOKUP, MASTER_TYPES, commonMaster,
} from '../../../shared/resources';
import {
  validateResource, checkDependencyPairs, dependencyValuesFormat, parseDependencyValues,
  DEPENDENCY_VALUES_MAX_LENGTH, type DependencyPair,
} from '../../../shared/validation';
import { mutate } from '../../lib/audit';
import { actorOf, requirePermission } from '../../plugins/session';
import { HttpError } from '../../plugins/errors';
import { registerResource } from '../masters/resource-routes';
import { blank, bodyOf, idOf, pageOf, requireId, textOf } from '../../lib/body';
import { COMMON_MASTER_CONTRACT as C } from '../../../shared/contract/common-master-schemas';
import { COMMON_MASTER_STATUS_CONTRACT } from '../../../shared/contract/master-schemas';
import {
  activeChildrenOf, activeItems, dependentsOf, findDuplicateShortname, findEntry, findEntryView, findType, findTypeByName,
  insertEntry, listEntries, parentTypeOf, resolveEntry, takenShortnames, updateEntry,
  type EntryRow, type EntryView, type TypeRow,
} from './common-master-repository';

/**
 * Common master entries (spec 000 sections 2, 3, 5, 7, 8) and the master-data lookups of the workflow
 * screens (spec 001 sections 5, 7). The form fields, limits and messages come from the shared definition
 * (shared/resources/common-master); what differs from a simple master is here: lists scoped by type with
 * the dependency columns, a short name unique per type, and the dependency save. The status change is the
 * generic one.
 */

type Answer = Record<string, unknown>;
const E = COMMON_MASTER_ENDPOINTS;

// ---- request values --------------------------------------------------------------------------------

/** The legacy dependency-mode switch: message 'true' (or true). */
const dependencyMode = (v: unknown) => v === true || (typeof v === 'string' && v.trim().toLowerCase() === 'true');

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

// ---- answers -------------------------------------------------------------------------------------

function entryAnswer(v: EntryView): Answer {
  return {
    id: v.id,
    typeid: v.type_id,
    type: v.type_name,
    shortname: v.shortname,
    value: v.value,
    activeStatus: v.active,
    depenid: v.depen_id,
    depenshortname: v.depen_shortname,
    depenname: v.depen_value,
    depentypeid: v.depen_type_id,
    depentype: v.depen_type,
  };
}

function pageAnswer(page: number, rows: Array<EntryView & { total_items: number }>): Answer[] {
  return rows.map((r, i) => ({ srno: (page - 1) * PAGE_SIZE + i + 1, ...entryAnswer(r), totalItems: r.total_items }));
}

const typeAnswer = (t: TypeRow): Answer => ({ id: t.id, typeid: t.id, code: t.code, type: t.type, activeStatus: t.active });

/** Audit before/after of an entry (legacy names, plus the entry it depends on and the version). */
const auditEntry = (r: EntryRow) => ({
  id: r.id, typeid: r.type_id, shortname: r.shortname, value: r.value, activeStatus: r.active, depenid: r.depends_on_id, version: r.version,
});

// ---- JSON schemas ----------------------------------------------------------------------------------


// ---- handlers ------------------------------------------------------------------------------------

async function list(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const page = pageOf(body.pageno);
  const typeId = idOf(body.typeid, 'typeid');
  return pageAnswer(page, await listEntries(req.server.db, { page, typeId, dependentOnly: dependencyMode(body.message) }));
}

async function search(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const text = textOf(body.searchText);
  if (!text) throw new HttpError(400, COMMON_MASTER_MSG.emptySearch);
  if (text.length > commonMaster.list.searchMaxLength) throw new HttpError(400, `The search text must be at most ${commonMaster.list.searchMaxLength} characters.`);
  const page = pageOf(body.pageno);
  const typeId = idOf(body.typeid, 'typeid');
  return pageAnswer(page, await listEntries(req.server.db, { page, typeId, dependentOnly: dependencyMode(body.message), search: text }));
}

async function byId(req: FastifyRequest): Promise<Answer> {
  const body = bodyOf(req);
  const id = requireId(body.id ?? body.trnid, 'id', 'Please send the id of the record.');
  const v = await findEntryView(req.server.db, id);
  if (!v) throw new HttpError(404, `There is no ${commonMaster.title} with id ${id}.`);
  return { ...entryAnswer(v), version: v.version };
}

async function typeFor(req: FastifyRequest): Promise<TypeRow> {
  const body = bodyOf(req);
  const entryId = idOf(body.entryid, 'entryid');
  let typeId: number;
  if (entryId !== null) {
    const entry = await findEntry(req.server.db, entryId);
    if (!entry) throw new HttpError(404, `There is no ${commonMaster.title} with id ${entryId}.`);
    typeId = entry.type_id;
  } else {
    typeId = requireId(body.id ?? body.typeid ?? body.trnid, 'id', 'Please send the id of the master type.');
  }
  const t = await findType(req.server.db, typeId);
  if (!t) throw new HttpError(404, `There is no Common Master Type with id ${typeId}.`);
  return t;
}

async function typeForDependency(req: FastifyRequest): Promise<Answer> {
  const t = await typeFor(req);
  const parent = await parentTypeOf(req.server.db, t.id);
  return { ...typeAnswer(t), typeidfordep: parent?.id ?? null, typefordep: parent?.type ?? null };
}

async function save(req: FastifyRequest): Promise<Answer> {
  const body = { ...bodyOf(req) };
  const id = idOf(body.id, 'id');
  const expected = idOf(body.version, 'version');
  requirePermission(req, id === null ? E.savecommonmaster.permission : E.savecommonmaster.permissionOnUpdate);
  if (id !== null && blank(body.typeid)) {
    // The form's master type is read-only: an update may leave it out.
    const stored = await findEntry(req.server.db, id);
    if (stored) body.typeid = stored.type_id;
  }
  const checked = validateResource(commonMaster, body);
  if (!checked.ok) throw new HttpError(400, checked.message, { field: checked.field });
  const typeId = checked.values.typeid as number;
  const shortname = checked.values.shortname as string;
  const value = checked.values.value as string;
  const duplicate = { ...commonMaster.answers.duplicate, rescoremessage: COMMON_MASTER_MSG.shortnameExists };

  try {
    return await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      let before: EntryRow | undefined;
      if (id !== null) {
        before = await findEntry(trx, id, { forUpdate: true });
        if (!before) throw new HttpError(404, `There is no ${commonMaster.title} with id ${id}.`);
        if (expected !== null && expected !== before.version) throw new HttpError(409, RESOURCE_MSG.stale);
        if (before.type_id !== typeId) throw new HttpError(400, COMMON_MASTER_MSG.typeChange, { field: 'typeid' });
      } else if (!(await findType(trx, typeId))) {
        throw new HttpError(400, `There is no Common Master Type with id ${typeId}.`, { field: 'typeid' });
      }
      if (await findDuplicateShortname(trx, typeId, shortname, id)) return duplicate;
      const after = before
        ? await updateEntry(trx, before.id, { shortname, value })
        : await insertEntry(trx, { type_id: typeId, shortname, value });
      await audit({
        action: `${commonMaster.name}.${before ? 'update' : 'create'}`,
        entity: commonMaster.table,
        entityId: after.id,
        before: before ? auditEntry(before) : null,
        after: auditEntry(after),
      });
      return { ...commonMaster.answers.saved, id: after.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return duplicate;
    throw err;
  }
}

async function itemsForDependency(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const typeId = requireId(body.typeidfordep ?? body.typeid ?? body.id, 'typeidfordep', 'Please select the master type it depends on.');
  return activeItems(req.server.db, typeId);
}

async function dependents(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const id = idOf(body.id, 'id');
  let parent: EntryRow | undefined;
  if (id !== null) {
    parent = await findEntry(req.server.db, id);
  } else {
    const typeId = requireId(body.typeid, 'typeid', 'Please send the id of the entry, or its typeid and shortname.');
    const shortname = textOf(body.shortname);
    if (!shortname) throw new HttpError(400, 'Please send the id of the entry, or its typeid and shortname.');
    parent = await resolveEntry(req.server.db, typeId, { shortname });
  }
  if (!parent) throw new HttpError(404, 'There is no such common master entry.');
  const rows = await dependentsOf(req.server.db, parent.id);
  return rows.map((r, i) => ({ srno: i + 1, ...entryAnswer(r), totalItems: rows.length }));
}

/** The pairs of a dependency save: the edited table when sent, else the Values text. */
function pairsOf(body: Record<string, unknown>): { pairs: DependencyPair[] } | { error1: string } {
  const list = Array.isArray(body.distList) ? body.distList : [];
  let items: unknown[];
  if (list.length > 0) {
    items = list;
  } else {
    const text = typeof body.valueforjson === 'string' ? body.valueforjson : '';
    const format = dependencyValuesFormat(text);
    if (text.trim() === '') throw new HttpError(400, COMMON_MASTER_MSG.values, { field: 'valueforjson' });
    if (text.length > DEPENDENCY_VALUES_MAX_LENGTH) {
      throw new HttpError(400, `The Values text must be at most ${DEPENDENCY_VALUES_MAX_LENGTH} characters.`, { field: 'valueforjson' });
    }
    if (!format.ok) throw new HttpError(400, format.message, { field: 'valueforjson' });
    items = parseDependencyValues(text) ?? [];
  }
  const checked = checkDependencyPairs(items);
  if (checked.ok) return { pairs: checked.pairs };
  if (checked.duplicate) return { error1: checked.message };
  throw new HttpError(400, checked.message, { field: 'distList', index: checked.index });
}

async function saveDependency(req: FastifyRequest): Promise<Answer> {
  const body = bodyOf(req);
  const typeId = requireId(body.typeid, 'typeid', COMMON_MASTER_MSG.type);
  const parentTypeId = requireId(body.typeidfordep, 'typeidfordep', 'Please select the master type it depends on.');
  const parentKey = body.typeidfordepsortname;
  if (blank(parentKey)) throw new HttpError(400, 'Please select the entry it depends on.', { field: 'typeidfordepsortname' });
  if (typeId === parentTypeId) throw new HttpError(400, 'An entry cannot depend on an entry of its own type.', { field: 'typeidfordep' });
  const found = pairsOf(body);
  if ('error1' in found) return { status: 'Error1', massage: found.error1 };
  const { pairs } = found;

  const error1 = (type: TypeRow, shortname: string) => ({ status: 'Error1', massage: `Short Name ${shortname} already exists for ${type.type}; nothing was saved.` });
  let childType: TypeRow | undefined;
  try {
    return await mutate(req.server.db, actorOf(req), async (trx, audit) => {
      childType = await findType(trx, typeId);
      if (!childType) throw new HttpError(400, `There is no Common Master Type with id ${typeId}.`, { field: 'typeid' });
      const parentType = await findType(trx, parentTypeId);
      if (!parentType) throw new HttpError(400, `There is no Common Master Type with id ${parentTypeId}.`, { field: 'typeidfordep' });
      // The parent entry: by id, else by short name (typeidfordepsortname names either).
      const keyText = textOf(parentKey);
      let parent = /^\d+$/.test(keyText) ? await resolveEntry(trx, parentTypeId, { id: Number(keyText) }) : undefined;
      parent ??= await resolveEntry(trx, parentTypeId, { shortname: keyText });
      if (!parent) throw new HttpError(400, `There is no entry ${keyText} of ${parentType.type}.`, { field: 'typeidfordepsortname' });
      if (parent.active !== 'Y') throw new HttpError(400, `The entry ${parent.shortname} of ${parentType.type} is inactive.`, { field: 'typeidfordepsortname' });

      const taken = await takenShortnames(trx, typeId, pairs.map((p) => p.depenshortname));
      if (taken.length > 0) return error1(childType, taken[0]);

      const ids: number[] = [];
      for (const p of pairs) {
        const row = await insertEntry(trx, { type_id: typeId, shortname: p.depenshortname, value: p.depenname, depends_on_id: parent.id });
        ids.push(row.id);
        await audit({
          action: `${commonMaster.name}.create`,
          entity: commonMaster.table,
          entityId: row.id,
          before: null,
          after: auditEntry(row),
          reason: `depends on ${parent.shortname} (${parentType.type})`,
        });
      }
      return { ...commonMaster.answers.saved, ids };
    });
  } catch (err) {
    // A concurrent save took one of the short names between our check and our write: nothing was stored.
    if (isUniqueViolation(err)) return { status: 'Error1', massage: `A Short Name was saved for ${childType?.type ?? 'this type'} by someone else meanwhile; nothing was saved.` };
    throw err;
  }
}

async function masterData(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const typeName = textOf(body.value);
  if (!typeName) throw new HttpError(400, 'Please send the name of the master type (value).');
  const text = textOf(body.message) || textOf(body.shortname);
  if (text.length > 100) throw new HttpError(400, 'The search text must be at most 100 characters.');
  if (text.length < MASTER_LOOKUP.minText) return [];
  const type = await findTypeByName(req.server.db, typeName);
  if (!type || type.active !== 'Y') return [];
  return activeItems(req.server.db, type.id, { text, limit: MASTER_LOOKUP.maxResults });
}

async function dependancyData(req: FastifyRequest): Promise<Answer[]> {
  const body = bodyOf(req);
  const state = textOf(body.shortname);
  if (!state) throw new HttpError(400, 'Please send the chosen state (shortname).');
  const text = textOf(body.message);
  const [stateType, districtType] = await Promise.all([
    findTypeByName(req.server.db, MASTER_TYPES.state),
    findTypeByName(req.server.db, MASTER_TYPES.district),
  ]);
  if (!stateType || !districtType) return [];
  return activeChildrenOf(req.server.db, stateType.id, districtType.id, state, { text: text || undefined });
}

const HANDLERS: Record<Exclude<keyof typeof E, 'changeStatusForCommonMaster'>, (req: FastifyRequest) => Promise<unknown>> = {
  getCommonMaster: list,
  getSearchForcommonMaster: search,
  getcommasterByID: byId,
  gettypeformasterByID: async (req) => typeAnswer(await typeFor(req)),
  savecommonmaster: save,
  gettypeformasterByIDfordependancy: typeForDependency,
  getCommonMasterfordependancy: itemsForDependency,
  getdependentCommonMaster: dependents,
  savecommonmasterdependancy: saveDependency,
  getMasterData: masterData,
  getDependancyData: dependancyData,
};

export function commonMasterRoutes(app: FastifyInstance): void {
  for (const [name, handler] of Object.entries(HANDLERS) as Array<[keyof typeof HANDLERS, (req: FastifyRequest) => Promise<unknown>]>) {
    app.endpoint(C[name], handler);
  }
  // The status change is the generic master's (answers, version check, audit '<name>.deactivate' / '.reactivate').
  registerResource(app, commonMaster, [COMMON_MASTER_STATUS_CONTRACT]);
}
