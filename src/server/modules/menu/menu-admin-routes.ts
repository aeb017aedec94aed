import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { MENU_MSG, MENU_NAME_MAX } from '../../../shared/contract/menu-endpoints';
import { ROUTES } from '../../../shared/contract/routes';
import { mutate } from '../../lib/audit';
import { HttpError } from '../../plugins/errors';
import { bodyOf, textOf, wholeNumber } from '../../lib/body';
import { MENU_ADMIN_CONTRACT as C } from '../../../shared/contract/menu-schemas';
import { actorOf } from '../../plugins/session';
import {
  bumpMenuVersion, catalogue, createItem, effectiveGrants, findActiveGroup, findActiveUser, grant, lockItem, lockMenuVersion, materialize, revoke,
  revokeAll, subtreeIds, toTree, updateItem, visibleIds, type CatalogueItem, type MenuTarget,
} from './menu-admin-repository';

/**
 * The menu tree administration calls (spec 001 sections 2, 5, 6, 7, 8): 'Menu By User', bmstree and menu2.
 * Every change runs in one transaction with its audit row; the user's next menuofUserforjosn shows it.
 */
type Db = Kysely<Database>;

/** Menu ids are looked up, never trusted: one that is not a positive whole number is simply not found. */
export const idOf = wholeNumber;
const text = textOf;
const yes = (v: unknown): boolean => v === true || v === 'Y' || v === 'y' || v === 'true';
const isGroup = (from: unknown): boolean => text(from).toLowerCase() === 'group';

/** Links a new menu item may open: the parameter-free screens of the route table (or none, for a heading). */
const LINKS = new Set(ROUTES.map((r) => r.path.slice(1)).filter((p) => !p.includes(':')));

async function resolveTarget(db: Db, from: unknown, userOrGroupId: unknown, groupId: unknown): Promise<MenuTarget> {
  if (isGroup(from)) {
    const id = idOf(groupId) ?? idOf(userOrGroupId);
    const g = id === null ? undefined : await findActiveGroup(db, id);
    if (!g) throw new HttpError(400, 'Please select a valid User Group.');
    return { kind: 'group', id: g.id };
  }
  const id = idOf(userOrGroupId);
  const u = id === null ? undefined : await findActiveUser(db, id);
  if (!u) throw new HttpError(400, MENU_MSG.selectUser);
  return { kind: 'user', id: u.id, groupId: u.user_group_id };
}

const entityOf = (t: MenuTarget) => (t.kind === 'user' ? 'user' : 'user_group');

/**
 * An optional version sent back with a change (menuVersion of a user's or group's grants, version of an
 * item): null when absent (legacy clients: no check), else a positive whole number.
 */
export function versionOf(v: unknown, name: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = idOf(v);
  if (n === null) throw new HttpError(400, `${name} must be a whole number of 1 or more.`);
  return n;
}

/** Locks the target's menu and refuses a change read at another version than the current one (409, nothing changed). */
async function checkMenuVersion(trx: Db, target: MenuTarget, expected: number | null): Promise<void> {
  const current = await lockMenuVersion(trx, target);
  if (expected !== null && expected !== current) throw new HttpError(409, MENU_MSG.staleMenu, { menuVersion: current });
}

/** The active catalogue item `id`, locked; a change read at another version is refused (409, nothing changed). */
async function lockedItem(trx: Db, id: number | null, expected: number | null) {
  const item = id === null ? undefined : await lockItem(trx, id);
  if (item && expected !== null && expected !== item.version) throw new HttpError(409, MENU_MSG.staleItem, { version: item.version });
  return item;
}

function sequenceOf(v: unknown): number {
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 9999) throw new HttpError(400, MENU_MSG.sequenceRequired);
  return n;
}

function menuNameOf(v: unknown): string {
  const name = text(v);
  if (!name) throw new HttpError(400, MENU_MSG.nameRequired);
  if (name.length > MENU_NAME_MAX) throw new HttpError(400, MENU_MSG.nameMax);
  return name;
}

interface PlannedRow { moduleId: number; itemId: number | null; newItem: { parentId: number; label: string; link: string; sequence: number } | null; sequence: number | null }

/** Checks every row of a save before anything changes. */
function planSave(items: CatalogueItem[], list: unknown): PlannedRow[] {
  if (!Array.isArray(list) || list.length === 0) throw new HttpError(400, MENU_MSG.moduleRequired);
  if (list.length > 50) throw new HttpError(400, 'Save at most 50 menu rows at once.');
  const byId = new Map(items.map((i) => [i.id, i]));
  return list.map((raw) => {
    const row = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const moduleId = idOf(row.moduleid);
    const module = moduleId === null ? undefined : byId.get(moduleId);
    if (!module || module.level !== 1) throw new HttpError(400, MENU_MSG.moduleRequired);
    const inModule = new Set(subtreeIds(items, module.id));
    if (yes(row.isSubMenu)) {
      const label = menuNameOf(row.menuname);
      const parentId = idOf(row.parentId) ?? module.id;
      const parent = byId.get(parentId);
      if (!parent || !inModule.has(parentId) || parent.level > 2) throw new HttpError(400, 'The parent of a new menu must be the module or one of its menus.');
      const link = text(row.link);
      if (link && !LINKS.has(link)) throw new HttpError(400, `'${link.slice(0, 60)}' is not a screen of this application.`);
      return { moduleId: module.id, itemId: null, newItem: { parentId, label, link, sequence: sequenceOf(row.sequence) }, sequence: null };
    }
    const pageId = idOf(row.pageid);
    if (pageId === null || !inModule.has(pageId) || pageId === module.id) throw new HttpError(400, MENU_MSG.itemRequired);
    const hasSequence = row.sequence !== undefined && row.sequence !== null && row.sequence !== '';
    return { moduleId: module.id, itemId: pageId, newItem: null, sequence: hasSequence ? sequenceOf(row.sequence) : null };
  });
}

async function treeOf(req: FastifyRequest) {
  const b = bodyOf(req);
  const db = req.server.db;
  const target = await resolveTarget(db, b.from, b.userId, b.groupId);
  const items = await catalogue(db);
  const { ids } = await effectiveGrants(db, target);
  return toTree(items, visibleIds(items, ids));
}

async function saveMenu(req: FastifyRequest) {
  const b = bodyOf(req);
  const db = req.server.db;
  const list = b.jsonsavelist;
  const first = (Array.isArray(list) && list[0] && typeof list[0] === 'object' ? list[0] : {}) as Record<string, unknown>;
  const from = b.from ?? first.from;
  const target = await resolveTarget(db, from, b.userId, b.groupId ?? first.resourcegroupid);
  const landPage = yes(b.landPage);
  const expected = versionOf(b.menuVersion, 'menuVersion');
  return mutate(db, actorOf(req), async (trx, audit) => {
    await checkMenuVersion(trx, target, expected);
    const items = await catalogue(trx);
    const plan = planSave(items, list);
    const before = await materialize(trx, target);
    const granted: number[] = [];
    const created: Array<{ id: number; label: string; parentId: number; link: string; sequence: number }> = [];
    for (const p of plan) {
      let itemId = p.itemId;
      if (p.newItem) {
        itemId = await createItem(trx, { parent_id: p.newItem.parentId, label: p.newItem.label, link: p.newItem.link, sequence: p.newItem.sequence, land_page: landPage });
        created.push({ id: itemId, ...p.newItem });
      } else if (itemId !== null && (p.sequence !== null || landPage)) {
        await updateItem(trx, itemId, { ...(p.sequence !== null ? { sequence: p.sequence } : {}), ...(landPage ? { land_page: true } : {}) });
      }
      if (itemId !== null) {
        await grant(trx, target, itemId);
        granted.push(itemId);
      }
    }
    await audit({
      action: 'menu.grant', entity: entityOf(target), entityId: target.id,
      before: { grants: before }, after: { granted, created, landPage },
    });
    return { status: 'OK', message: MENU_MSG.saved, menuVersion: await bumpMenuVersion(trx, target) };
  });
}

async function deleteMenu(req: FastifyRequest) {
  const b = bodyOf(req);
  const db = req.server.db;
  const target = await resolveTarget(db, b.from, b.userId, b.groupId);
  const menuId = idOf(b.menuId);
  const expected = versionOf(b.menuVersion, 'menuVersion');
  return mutate(db, actorOf(req), async (trx, audit) => {
    await checkMenuVersion(trx, target, expected);
    const items = await catalogue(trx);
    const { ids, inherited } = await effectiveGrants(trx, target);
    const visible = visibleIds(items, ids);
    if (menuId === null || !visible.has(menuId)) throw new HttpError(400, 'This menu item is not in the selected menu.');
    const remove = new Set(subtreeIds(items, menuId));
    const left = ids.filter((id) => !remove.has(id));
    if (target.kind === 'user' && left.length === 0) {
      throw new HttpError(400, "This is the last item of the user's own menu; a user without one gets the group's menu (use cleargroupall for that).");
    }
    if (inherited) await materialize(trx, target);
    const removed = ids.filter((id) => remove.has(id));
    await revoke(trx, target, removed);
    await audit({ action: 'menu.revoke', entity: entityOf(target), entityId: target.id, before: { grants: ids }, after: { grants: left, removed, menuId } });
    return { status: 'OK', message: MENU_MSG.deleted, menuVersion: await bumpMenuVersion(trx, target) };
  });
}

async function updateMenu(req: FastifyRequest) {
  const b = bodyOf(req);
  const db = req.server.db;
  const groupId = idOf(b.usergroupid);
  if (groupId === null || (b.from !== undefined && !isGroup(b.from))) throw new HttpError(400, MENU_MSG.onlyGroups);
  const target = await resolveTarget(db, 'group', groupId, groupId);
  const menuId = idOf(b.menuId);
  const name = b.menuname === undefined || b.menuname === null || b.menuname === '' ? null : menuNameOf(b.menuname);
  const sequence = sequenceOf(b.sequence);
  const expected = versionOf(b.version, 'version');
  return mutate(db, actorOf(req), async (trx, audit) => {
    const item = await lockedItem(trx, menuId, expected);
    const items = await catalogue(trx);
    const { ids } = await effectiveGrants(trx, target);
    if (!item || !visibleIds(items, ids).has(item.id)) throw new HttpError(400, 'This menu item is not in the selected menu.');
    if (sequence < item.sequence) throw new HttpError(400, MENU_MSG.sequenceNotLess, { current: item.sequence });
    const after = { label: name ?? item.label, sequence, land_page: b.landPage === undefined ? item.land_page : yes(b.landPage) };
    const version = await updateItem(trx, item.id, after);
    await audit({
      action: 'menu.update', entity: 'menu_item', entityId: item.id,
      before: { label: item.label, sequence: item.sequence, land_page: item.land_page, version: item.version }, after: { ...after, version }, reason: `group ${target.id}`,
    });
    return { status: 'OK', message: MENU_MSG.saved, version };
  });
}

async function clearAll(req: FastifyRequest) {
  const b = bodyOf(req);
  const db = req.server.db;
  const target = await resolveTarget(db, b.from, b.userId, b.groupId);
  const expected = versionOf(b.menuVersion, 'menuVersion');
  return mutate(db, actorOf(req), async (trx, audit) => {
    await checkMenuVersion(trx, target, expected);
    const { ids, inherited } = await effectiveGrants(trx, target);
    const removed = inherited ? 0 : await revokeAll(trx, target);
    await audit({ action: 'menu.clear', entity: entityOf(target), entityId: target.id, before: { grants: inherited ? [] : ids }, after: { grants: [], removed } });
    return { status: 'OK', message: MENU_MSG.deleted, menuVersion: await bumpMenuVersion(trx, target) };
  });
}

async function renameItem(req: FastifyRequest) {
  const b = bodyOf(req);
  const id = idOf(b.id);
  const label = menuNameOf(b.menuname ?? b.itemname);
  const expected = versionOf(b.version, 'version');
  return mutate(req.server.db, actorOf(req), async (trx, audit) => {
    const item = await lockedItem(trx, id, expected);
    if (!item) throw new HttpError(400, 'This menu item does not exist.');
    const version = await updateItem(trx, item.id, { label });
    await audit({ action: 'menu.rename', entity: 'menu_item', entityId: item.id, before: { label: item.label, version: item.version }, after: { label, version } });
    return { status: 'OK', message: MENU_MSG.saved, version };
  });
}

export function menuAdminRoutes(app: FastifyInstance): void {
  const db = app.db;
  app.endpoint(C.menubyuser, treeOf);
  app.endpoint(C.getallmenudata, async () => toTree(await catalogue(db)));
  app.endpoint(C.getmodulelst, async () => (await catalogue(db)).filter((i) => i.level === 1).map((i) => ({ moduleid: i.id, modulename: i.label, sequence: i.sequence })));
  app.endpoint(C.menubymenname, async (req) => {
    const moduleId = idOf(bodyOf(req).moduleid);
    const items = await catalogue(db);
    const module = items.find((i) => i.id === moduleId && i.level === 1);
    if (!module) return [];
    const byId = new Map(items.map((i) => [i.id, i]));
    const ordered = toTree(items).find((n) => n.id === module.id)!.children.flatMap((m) => [m, ...m.children]);
    return ordered.map((n) => ({
      pageid: n.id, pagename: n.name, parentId: n.parentId, level: n.level, link: n.link, sequence: n.sequence, landPage: n.landPage, version: n.version,
      path: n.level === 3 ? `${byId.get(n.parentId!)!.label} / ${n.name}` : n.name,
    }));
  });
  app.endpoint(C.getAllitempage, async (req) => {
    const b = bodyOf(req);
    const page = idOf(b.pageno) ?? 1;
    const search = text(b.searchText).toLowerCase();
    const items = await catalogue(db);
    const byId = new Map(items.map((i) => [i.id, i]));
    const matching = items.filter((i) => !search || i.label.toLowerCase().includes(search));
    return matching.slice((page - 1) * 10, page * 10).map((i, k) => ({
      id: i.id, srno: (page - 1) * 10 + k + 1, name: i.label, link: i.link, parentId: i.parent_id,
      parentname: i.parent_id == null ? '' : (byId.get(i.parent_id)?.label ?? ''), level: i.level, sequence: i.sequence, version: i.version, totalItems: matching.length,
    }));
  });
  app.endpoint(C.savemenubyuserforjson, saveMenu);
  app.endpoint(C.deletemenubyuser, deleteMenu);
  app.endpoint(C.updatemenubyuser, updateMenu);
  app.endpoint(C.cleargroupall, clearAll);
  app.endpoint(C.SaveItemname, renameItem);
}
