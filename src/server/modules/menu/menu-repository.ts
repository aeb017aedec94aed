import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { MainMenu } from '../../../shared/contract/session';
import { screenOfLink } from '../../../shared/contract/screens';

interface MenuRow { id: number; parent_id: number | null; label: string; link: string; sequence: number }

/**
 * The active menu items a user sees: the items granted to the user directly; a user with no grants of
 * their own gets their user group's. An item granted deep in the tree brings its parents along.
 * Siblings are ordered by sequence, then label. (Per-user grants override the group so that an
 * administrator can narrow one person's menu without making a group for them.)
 */
async function visibleItems(db: Kysely<Database>, userId: number, userGroupId: number | null): Promise<MenuRow[]> {
  const own = await db.selectFrom('menu_grant').select('menu_item_id').where('user_id', '=', userId).execute();
  const grants =
    own.length > 0 || userGroupId == null
      ? own
      : await db.selectFrom('menu_grant').select('menu_item_id').where('user_group_id', '=', userGroupId).execute();
  if (grants.length === 0) return [];

  const items = await db
    .selectFrom('menu_item')
    .select(['id', 'parent_id', 'label', 'link', 'sequence'])
    .where('active', '=', 'Y')
    .orderBy('sequence')
    .orderBy('label')
    .orderBy('id')
    .execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  const visible = new Set<number>();
  for (const g of grants) {
    let cur = byId.get(g.menu_item_id);
    while (cur && !visible.has(cur.id)) {
      visible.add(cur.id);
      cur = cur.parent_id == null ? undefined : byId.get(cur.parent_id);
    }
  }
  return items.filter((i) => visible.has(i.id));
}

/** A user's menu tree (see visibleItems). */
export async function menuForUser(db: Kysely<Database>, userId: number, userGroupId: number | null): Promise<MainMenu[]> {
  const items = await visibleItems(db, userId, userGroupId);
  const childrenOf = (parentId: number | null) => items.filter((i) => i.parent_id === parentId);
  return childrenOf(null).map((main) => ({
    mainmenulabel: main.label,
    mainmenulink: main.link,
    lstsubmenu: childrenOf(main.id).map((sub) => ({
      submenulabel: sub.label,
      submenulink: sub.link,
      lstchildmenu: childrenOf(sub.id).map((child) => ({ submenulabel: child.label, submenulink: child.link })),
    })),
  }));
}

/** The screens (menu links) a user's menu grants: what the server checks each call against. */
export async function grantedScreens(db: Kysely<Database>, userId: number, userGroupId: number | null): Promise<Set<string>> {
  const items = await visibleItems(db, userId, userGroupId);
  return new Set(items.map((i) => screenOfLink(i.link)).filter((l) => l.length > 0));
}
