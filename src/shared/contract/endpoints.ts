import type { PermissionFlag } from './session';

/**
 * The endpoint table: every API call, by group and legacy name, with what it needs.
 * `auth: 'public'` needs nothing; 'first-login' accepts the restricted first-login token;
 * 'session' needs a live full session; `permission` names the role flag the call needs.
 * The server registers its routes from this table and a test proves every route is guarded.
 */
export type EndpointGroup = 'auth' | 'menu' | 'master' | 'transaction' | 'audit';

export interface EndpointSpec {
  group: EndpointGroup;
  name: string;
  auth: 'public' | 'first-login' | 'session';
  permission?: PermissionFlag;
  /**
   * A save that may create or update: `permission` is the flag a create needs and this one the flag an
   * update needs. The guard lets a caller holding either through; the handler checks the right one
   * once the body says which it is.
   */
  permissionOnUpdate?: PermissionFlag;
  /**
   * 'bearer': the legacy client sends only `Authorization: Bearer <accessToken>` with this call (spec 000
   * section 7), so the Token and dbName headers are checked when sent and not required. The session must be
   * live and full as for any call.
   */
  credentials?: 'bearer';
  summary: string;
}

export const path = (e: Pick<EndpointSpec, 'group' | 'name'>): string => `/api/${e.group}/${e.name}`;

export const AUTH_ENDPOINTS = {
  signin: { group: 'auth', name: 'signin', auth: 'public', summary: 'Sign in with a transport-encoded password.' },
  changePassword: {
    group: 'auth', name: 'changePassword', auth: 'first-login',
    summary: "Change a user's password (first-login token or a live session of that user).",
  },
  logout: { group: 'auth', name: 'logout', auth: 'session', summary: 'End the current session.' },
  checklogin: { group: 'transaction', name: 'checklogin', auth: 'session', summary: "Session check; 401 with message 'login again' when not live." },
  menuofUserforjosn: { group: 'menu', name: 'menuofUserforjosn', auth: 'session', summary: "The signed-in user's menu." },
  getmenubyuser: { group: 'menu', name: 'getmenubyuser', auth: 'session', summary: "The signed-in user's menu (alias)." },
} as const satisfies Record<string, EndpointSpec>;

export { ACTIVITY_TYPE_ENDPOINTS, MASTER_ENDPOINTS, masterEndpointsOf, type MasterEndpoint } from './master-endpoints';
export { ACCOUNT_ADMIN_ENDPOINTS, SESSION_ENDPOINTS } from './account-endpoints';
export { EMPLOYEE_ENDPOINTS, USER_ACCESS_ENDPOINTS, USER_ENDPOINTS, USER_ACCESS_MSG } from './user-endpoints';
export { COMMON_MASTER_ENDPOINTS, type CommonMasterEndpointName } from './common-master-endpoints';
export { PARAMETER_ENDPOINTS, type ParameterEndpointName } from './parameter-endpoints';
export { MICROBE_MASTER_ENDPOINTS, MICROBE_LOOKUP_ENDPOINTS, IDENTIFICATION_ENDPOINTS, MICROBE_ENDPOINTS } from './microbe-endpoints';
export { DASHBOARD_ENDPOINTS } from './dashboard-endpoints';
export { SAMPLE_ENDPOINTS, type SampleEndpointName } from './sample-endpoints';
export { ACTIVITY_ENDPOINTS, ACTIVITY_MSG, ACTIVITY_PAGE_SIZE, pncodeOf, type ActivityEndpointName } from './activity-endpoints';
export { MENU_ADMIN_ENDPOINTS, MENU_MSG, type MenuAdminEndpointName } from './menu-endpoints';
export { AUDIT_ENDPOINTS, AUDIT_PAGE_SIZES, type AuditEndpointName } from './audit-endpoints';
export { SEARCH_ENDPOINTS, SEARCH_MSG, type SearchEndpointName } from './search-endpoints';
