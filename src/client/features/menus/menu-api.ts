/**
 * What the menu administration screens share besides their calls (MENU_ADMIN_ENDPOINTS, spec 001 section 7,
 * sent through the request layer): where a user's or group's name and menu version are read, paths.
 */
import { MENU_ADMIN_ENDPOINTS, type ActiveUser, type UserGroupRow } from '../../../shared/contract/menu-endpoints';

export type MenuFrom = 'User' | 'group';

export interface MenuOwner { name: string; menuVersion?: number }

/** The look-up list that names a user (the active users) or a group (the user groups), with its menu version. */
export const ownersEndpoint = (from: MenuFrom) => (from === 'group' ? MENU_ADMIN_ENDPOINTS.getAllgroup : MENU_ADMIN_ENDPOINTS.getallActiveuser);

/**
 * The name of a user or group and the version of its menu grants (ours; absent from an old server), found in
 * the answer of `ownersEndpoint(from)`; undefined when there is no such active user or group.
 */
export function ownerIn(list: unknown, id: string, from: MenuFrom): MenuOwner | undefined {
  if (!Array.isArray(list)) return undefined;
  if (from === 'group') {
    const g = (list as UserGroupRow[]).find((x) => String(x.id) === id);
    return g && { name: g.groupname, menuVersion: g.menuVersion };
  }
  const u = (list as ActiveUser[]).find((x) => String(x.id) === id);
  return u && { name: u.name, menuVersion: u.menuVersion };
}

/** The legacy 'from' of a query string: 'group' for a user group, otherwise 'User'. */
export const fromOf = (v: string | null): MenuFrom => (v?.toLowerCase() === 'group' ? 'group' : 'User');

/** The path of a user's or group's menu tree. */
export const treePath = (id: number | string, from: MenuFrom) => `/bmstree?id=${id}&from=${from}`;

export const MENU_BY_USER_PATH = '/Menu By User';
export const HOMEPAGE_PATH = '/homepage';
