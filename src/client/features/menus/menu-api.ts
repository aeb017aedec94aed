/** The calls of the menu administration screens: POST /api/menu/<legacy name> (spec 001 section 7). */
import { MENU_ADMIN_ENDPOINTS, type ActiveUser, type MenuAdminEndpointName, type UserGroupRow } from '../../../shared/contract/menu-endpoints';
import { postTo } from '../../lib/api';

export const postMenu = <T>(name: MenuAdminEndpointName, body: unknown): Promise<T> => postTo<T>(MENU_ADMIN_ENDPOINTS[name], body);

/**
 * The name of a user or group and the version of its menu grants (ours; absent from an old server), from
 * the look-up lists; undefined when there is no such active user or group.
 */
export async function menuOwner(id: string, from: 'User' | 'group'): Promise<{ name: string; menuVersion?: number } | undefined> {
  if (from === 'group') {
    const groups = await postMenu<UserGroupRow[]>('getAllgroup', {});
    const g = Array.isArray(groups) ? groups.find((x) => String(x.id) === id) : undefined;
    return g && { name: g.groupname, menuVersion: g.menuVersion };
  }
  const users = await postMenu<ActiveUser[]>('getallActiveuser', {});
  const u = Array.isArray(users) ? users.find((x) => String(x.id) === id) : undefined;
  return u && { name: u.name, menuVersion: u.menuVersion };
}

/** The legacy 'from' of a query string: 'group' for a user group, otherwise 'User'. */
export const fromOf = (v: string | null): 'User' | 'group' => (v?.toLowerCase() === 'group' ? 'group' : 'User');

/** The path of a user's or group's menu tree. */
export const treePath = (id: number | string, from: 'User' | 'group') => `/bmstree?id=${id}&from=${from}`;

export const MENU_BY_USER_PATH = '/Menu By User';
export const HOMEPAGE_PATH = '/homepage';
