/** The calls of the menu administration screens: POST /api/menu/<legacy name> (spec 001 section 7). */
import { MENU_ADMIN_ENDPOINTS, type MenuAdminEndpointName } from '../../../shared/contract/menu-endpoints';
import { path } from '../../../shared/contract/endpoints';
import { loadHttp } from '../../lib/api';

export async function postMenu<T>(name: MenuAdminEndpointName, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(path(MENU_ADMIN_ENDPOINTS[name]), body);
}

/** The legacy 'from' of a query string: 'group' for a user group, otherwise 'User'. */
export const fromOf = (v: string | null): 'User' | 'group' => (v?.toLowerCase() === 'group' ? 'group' : 'User');

/** The path of a user's or group's menu tree. */
export const treePath = (id: number | string, from: 'User' | 'group') => `/bmstree?id=${id}&from=${from}`;

export const MENU_BY_USER_PATH = '/Menu By User';
export const HOMEPAGE_PATH = '/homepage';
