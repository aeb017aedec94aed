import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { CommittedChange } from '../../lib/audit';
import { commitCache } from '../../lib/commit-cache';
import { grantedScreens } from './menu-repository';

/**
 * The screens a user's menu grants, cached per user: the session guard checks them on every call of
 * a screen's endpoint (shared/contract/screen-access.ts), so reading the menu each time would double the
 * queries of every call. A committed change to a menu item, a user's or a group's grants, a group or a
 * user (their group may have changed) drops the whole cache of that database at once; that is rare,
 * and it keeps the rule simple: the next call after the change sees it. The time limit covers changes
 * made by another server process on the same PostgreSQL database.
 */
const MENU_ENTITIES = new Set(['menu', 'menu_item', 'menu_grant', 'user_group', 'user']);
/** Audited events of a user that change neither their group nor any grant (sign-ins come from anyone, often). */
const NOT_A_MENU_CHANGE = /^(signin|password)\./;
const changesMenus = (c: CommittedChange) => MENU_ENTITIES.has(c.entity) && !NOT_A_MENU_CHANGE.test(c.action);

const screens = commitCache<ReadonlySet<string>>({ name: 'granted screens', maxAgeMs: 30_000, maxEntries: 5_000, dropOn: changesMenus });

/** How many users' screens are cached for this database (tests of the invalidation). */
export const cachedScreenUsers = (db: Kysely<Database>): number => screens.size(db);

export function screensOfUser(db: Kysely<Database>, userId: number, userGroupId: number | null): Promise<ReadonlySet<string>> {
  return screens.get(db, `${userId}:${userGroupId ?? ''}`, () => grantedScreens(db, userId, userGroupId));
}
