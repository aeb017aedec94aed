import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { onCommitted, type CommittedChange } from '../../lib/audit';
import { grantedScreens } from './menu-repository';

/**
 * The screens a user's menu grants, cached per user: the session guard checks them on every call of
 * a screen's endpoint (shared/contract/screen-access.ts), so reading the menu each time would double the
 * queries of every call. A committed change to a menu item, a user's or a group's grants, a group or a
 * user (their group may have changed) drops the whole cache of that database at once; that is rare,
 * and it keeps the rule simple: the next call after the change sees it. The time limit covers changes
 * made by another server process on the same PostgreSQL database.
 */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 5_000;
const MENU_ENTITIES = new Set(['menu', 'menu_item', 'menu_grant', 'user_group', 'user']);
/** Audited events of a user that change neither their group nor any grant (sign-ins come from anyone, often). */
const NOT_A_MENU_CHANGE = /^(signin|password)\./;
const changesMenus = (c: CommittedChange) => MENU_ENTITIES.has(c.entity) && !NOT_A_MENU_CHANGE.test(c.action);

interface Entry { screens: Set<string>; at: number }
interface Cache { entries: Map<string, Entry>; generation: number }
const caches = new WeakMap<Kysely<Database>, Cache>();

onCommitted((db, changes) => {
  const cache = caches.get(db);
  if (!cache || !changes.some(changesMenus)) return;
  cache.entries.clear();
  cache.generation++;
});

/** How many users' screens are cached for this database (tests of the invalidation). */
export const cachedScreenUsers = (db: Kysely<Database>): number => caches.get(db)?.entries.size ?? 0;

export async function screensOfUser(db: Kysely<Database>, userId: number, userGroupId: number | null): Promise<ReadonlySet<string>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), generation: 0 }));
  const key = `${userId}:${userGroupId ?? ''}`;
  const hit = cache.entries.get(key);
  const now = Date.now();
  if (hit && now - hit.at < MAX_AGE_MS) return hit.screens;
  const generation = cache.generation;
  const screens = await grantedScreens(db, userId, userGroupId);
  // A change committed while this read ran may not be in it: answer it, but do not keep it.
  if (cache.generation === generation) {
    if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
    cache.entries.set(key, { screens, at: now });
  }
  return screens;
}
