import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { MenuTreeNode } from '../../../shared/contract/menu-endpoints';

/**
 * The menu catalogue (menu_item) and who sees what (menu_grant), for the administration screens.
 * Plain functions taking a Kysely instance or transaction first. See shared/contract/menu-endpoints for
 * the model (user grants override the group's; parents of a granted item come along).
 */
type Db = Kysely<Database>;

export type MenuTarget = { kind: 'user'; id: number; groupId: number | null } | { kind: 'group'; id: number };

export interface CatalogueItem {
  id: number;
  parent_id: number | null;
  label: string;
  link: string;
  sequence: number;
  land_page: boolean;
  version: number;
  level: 1 | 2 | 3;
}

/** The active catalogue in tree order (sequence, then name), each item with its level. */
export async function catalogue(db: Db): Promise<CatalogueItem[]> {
  const rows = await db
    .selectFrom('menu_item')
    .select(['id', 'parent_id', 'label', 'link', 'sequence', 'land_page', 'version'])
    .where('active', '=', 'Y')
    .orderBy('sequence')
    .orderBy('label')
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const levelOf = (id: number): number => {
    let level = 1;
    let cur = byId.get(id);
    while (cur?.parent_id != null && level < 10) {
      cur = byId.get(cur.parent_id);
      level += 1;
    }
    return level;
  };
  return rows.map((r) => ({ ...r, level: Math.min(3, levelOf(r.id)) as 1 | 2 | 3 }));
}

/** The item and all items below it. */
export function subtreeIds(items: CatalogueItem[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const c of items) if (c.parent_id === out[i]) out.push(c.id);
  return out;
}

/** The items a set of grants makes visible: the granted ones and their parents. */
export function visibleIds(items: CatalogueItem[], granted: Iterable<number>): Set<number> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const visible = new Set<number>();
  for (const id of granted) {
    let cur = byId.get(id);
    while (cur && !visible.has(cur.id)) {
      visible.add(cur.id);
      cur = cur.parent_id == null ? undefined : byId.get(cur.parent_id);
    }
  }
  return visible;
}

/** The catalogue (or the part of it in `only`) as the legacy tree nodes. */
export function toTree(items: CatalogueItem[], only?: Set<number>): MenuTreeNode[] {
  const build = (parentId: number | null): MenuTreeNode[] =>
    items
      .filter((i) => i.parent_id === parentId && (!only || only.has(i.id)))
      .map((i) => ({
        id: i.id, name: i.label, issub: i.level === 3 ? 'Y' : 'N', level: i.level, parentId: i.parent_id,
        sequence: i.sequence, link: i.link, landPage: i.land_page ? 'Y' : 'N', version: i.version, children: build(i.id),
      }));
  return build(null);
}

export async function findActiveUser(db: Db, id: number) {
  return db.selectFrom('app_user').select(['id', 'user_group_id']).where('id', '=', id).where('active', '=', 'Y').executeTakeFirst();
}

export async function findActiveGroup(db: Db, id: number, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('user_group').select(['id', 'name', 'version']).where('id', '=', id).where('active', '=', 'Y');
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * The version of the target's own menu grants, its row locked until the transaction ends, so that of two
 * changes of one menu read at the same version exactly one passes the check.
 */
export async function lockMenuVersion(db: Db, target: MenuTarget): Promise<number> {
  const row = target.kind === 'user'
    ? await db.selectFrom('app_user').select('menu_version').where('id', '=', target.id).forUpdate().executeTakeFirstOrThrow()
    : await db.selectFrom('user_group').select('menu_version').where('id', '=', target.id).forUpdate().executeTakeFirstOrThrow();
  return row.menu_version;
}

/** Counts a change of the target's menu grants; answers the new version. */
export async function bumpMenuVersion(db: Db, target: MenuTarget): Promise<number> {
  const row = target.kind === 'user'
    ? await db.updateTable('app_user').set((eb) => ({ menu_version: eb('menu_version', '+', 1) })).where('id', '=', target.id).returning('menu_version').executeTakeFirstOrThrow()
    : await db.updateTable('user_group').set((eb) => ({ menu_version: eb('menu_version', '+', 1) })).where('id', '=', target.id).returning('menu_version').executeTakeFirstOrThrow();
  return row.menu_version;
}

/** An active catalogue item, locked until the transaction ends. */
export async function lockItem(db: Db, id: number) {
  return db
    .selectFrom('menu_item')
    .select(['id', 'label', 'sequence', 'land_page', 'version'])
    .where('id', '=', id)
    .where('active', '=', 'Y')
    .forUpdate()
    .executeTakeFirst();
}

async function grantIds(db: Db, column: 'user_id' | 'user_group_id', id: number): Promise<number[]> {
  const rows = await db.selectFrom('menu_grant').select('menu_item_id').where(column, '=', id).orderBy('menu_item_id').execute();
  return rows.map((r) => r.menu_item_id);
}

/** The grants that decide the target's menu; `inherited` when a user has none and shows the group's. */
export async function effectiveGrants(db: Db, target: MenuTarget): Promise<{ ids: number[]; inherited: boolean }> {
  if (target.kind === 'group') return { ids: await grantIds(db, 'user_group_id', target.id), inherited: false };
  const own = await grantIds(db, 'user_id', target.id);
  if (own.length > 0 || target.groupId == null) return { ids: own, inherited: false };
  return { ids: await grantIds(db, 'user_group_id', target.groupId), inherited: true };
}

/** Before the first change to a user's own menu: copies the group's grants to the user. */
export async function materialize(db: Db, target: MenuTarget): Promise<number[]> {
  const { ids, inherited } = await effectiveGrants(db, target);
  if (inherited) for (const id of ids) await grant(db, target, id);
  return ids;
}

export async function grant(db: Db, target: MenuTarget, itemId: number): Promise<boolean> {
  const column = target.kind === 'user' ? 'user_id' : 'user_group_id';
  const exists = await db.selectFrom('menu_grant').select('id').where(column, '=', target.id).where('menu_item_id', '=', itemId).executeTakeFirst();
  if (exists) return false;
  await db
    .insertInto('menu_grant')
    .values({ menu_item_id: itemId, user_id: target.kind === 'user' ? target.id : null, user_group_id: target.kind === 'group' ? target.id : null })
    .execute();
  return true;
}

export async function revoke(db: Db, target: MenuTarget, itemIds: number[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const column = target.kind === 'user' ? 'user_id' : 'user_group_id';
  const r = await db.deleteFrom('menu_grant').where(column, '=', target.id).where('menu_item_id', 'in', itemIds).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function revokeAll(db: Db, target: MenuTarget): Promise<number> {
  const column = target.kind === 'user' ? 'user_id' : 'user_group_id';
  const r = await db.deleteFrom('menu_grant').where(column, '=', target.id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function createItem(db: Db, values: { parent_id: number; label: string; link: string; sequence: number; land_page: boolean }): Promise<number> {
  const row = await db.insertInto('menu_item').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a catalogue item and counts the change; answers its new version. */
export async function updateItem(db: Db, id: number, values: { label?: string; sequence?: number; land_page?: boolean }): Promise<number> {
  const row = await db
    .updateTable('menu_item')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function activeUsers(db: Db): Promise<Array<{ id: number; name: string; menuVersion: number }>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'first_name', 'middle_name', 'last_name', 'username', 'menu_version'])
    .where('active', '=', 'Y')
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(coalesce(last_name, ''))`)
    .orderBy('id')
    .execute();
  return rows.map((u) => ({
    id: u.id, name: `${[u.first_name, u.middle_name, u.last_name].filter((p) => p && p.trim()).join(' ')} (${u.username})`, menuVersion: u.menu_version,
  }));
}

export async function activeGroups(db: Db): Promise<Array<{ id: number; groupname: string; srno: number; users: number; version: number; menuVersion: number }>> {
  const rows = await db
    .selectFrom('user_group as g')
    .select((eb) => [
      'g.id', 'g.name', 'g.version', 'g.menu_version',
      eb.selectFrom('app_user as u').select(sql<number>`count(*)::int`.as('n')).whereRef('u.user_group_id', '=', 'g.id').where('u.active', '=', 'Y').as('users'),
    ])
    .where('g.active', '=', 'Y')
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .execute();
  return rows.map((g, i) => ({ id: g.id, groupname: g.name, srno: i + 1, users: Number(g.users ?? 0), version: g.version, menuVersion: g.menu_version }));
}

export async function groupByName(db: Db, name: string) {
  return db.selectFrom('user_group').select(['id', 'name', 'active', 'version']).where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
}

export async function activeMembers(db: Db, groupId: number): Promise<number> {
  const r = await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).where('user_group_id', '=', groupId).where('active', '=', 'Y').executeTakeFirstOrThrow();
  return Number(r.n);
}
