/** The calls of the user-group screens: POST /api/menu/<legacy name> (spec 001 section 7). */
import { MENU_ADMIN_ENDPOINTS } from '../../../shared/contract/menu-endpoints';
import { path } from '../../../shared/contract/endpoints';
import { loadHttp } from '../../lib/api';

type GroupCall = 'getAllgroup' | 'SaveUserGroup' | 'deletegroup';

export async function postGroup<T>(name: GroupCall, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(path(MENU_ADMIN_ENDPOINTS[name]), body);
}

export const GROUP_LIST_PATH = '/newGrouphome';
export const GROUP_FORM_PATH = '/newGroup';
export const GROUP_PAGE_SIZE = 10;
