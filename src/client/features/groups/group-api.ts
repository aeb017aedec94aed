/** The calls of the user-group screens: POST /api/menu/<legacy name> (spec 001 section 7). */
import { MENU_ADMIN_ENDPOINTS } from '../../../shared/contract/menu-endpoints';
import { postTo } from '../../lib/api';

type GroupCall = 'getAllgroup' | 'SaveUserGroup' | 'deletegroup';

export const postGroup = <T>(name: GroupCall, body: unknown): Promise<T> => postTo<T>(MENU_ADMIN_ENDPOINTS[name], body);

export const GROUP_LIST_PATH = '/newGrouphome';
export const GROUP_FORM_PATH = '/newGroup';
export const GROUP_PAGE_SIZE = 10;
