/** Sign-in, session and menu contract (spec 000 sections 3, 4, 7; spec 001 section 7). */

export interface SignInRequest {
  username: string;
  /** AES transport-encoded (see shared/transport/aes). */
  password: string;
}

/** Every field of the legacy login response, in the spec's order. Kept in browser storage by the client. */
export const LOGIN_RESPONSE_FIELDS = [
  'message', 'id', 'username', 'token', 'accessToken', 'dbName', 'landpage', 'companyName', 'companyLogo',
  'fullname', 'LoginName', 'employeecode', 'firstName', 'resourceName', 'usergroupid', 'useridmenu',
  'designation', 'formname', 'fullnamefortoggal', 'isreporting', 'cancreateproject', 'department', 'band',
  'toggle', 'reshead', 'chkselect', 'add', 'edit', 'delete', 'view', 'approve', 'microbe', 'toprole',
  'reportingmanager',
] as const;

export type LoginResponseField = (typeof LOGIN_RESPONSE_FIELDS)[number];

export const PERMISSION_FLAGS = ['add', 'edit', 'delete', 'view', 'approve', 'microbe', 'toprole'] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export interface LoginResponse {
  message: string;
  id: number;
  username: string;
  token: string;
  accessToken: string;
  dbName: string;
  landpage: string;
  companyName: string;
  companyLogo: string;
  fullname: string;
  LoginName: string;
  employeecode: string;
  firstName: string;
  resourceName: string;
  usergroupid: number;
  useridmenu: number;
  designation: string;
  formname: string;
  fullnamefortoggal: string;
  isreporting: boolean;
  cancreateproject: boolean;
  department: string;
  band: string;
  toggle: boolean;
  reshead: boolean;
  chkselect: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
  view: boolean;
  approve: boolean;
  microbe: boolean;
  toprole: boolean;
  /** Id of the user's reporting manager, 0 when absent. */
  reportingmanager: number;
}

/** Answer to a first sign-in: a token that only allows changing this user's password. */
export interface FirstLoginResponse {
  message: 'First Login';
  id: number;
  username: string;
  token: string;
  accessToken: string;
  dbName: string;
}

export interface ChangePasswordRequest {
  userid: number;
  username: string;
  /** New password, transport-encoded. */
  password: string;
  /** Re-entered new password, transport-encoded. */
  password1: string;
  /** The current password, transport-encoded: needed from a live session (not for the first-login change). */
  currentPassword?: string | null;
}

export interface ChildMenu { submenulabel: string; submenulink: string }
export interface SubMenu { submenulabel: string; submenulink: string; lstchildmenu: ChildMenu[] }
export interface MainMenu { mainmenulabel: string; mainmenulink: string; lstsubmenu: SubMenu[] }

export interface MenuRequest { username?: string; accessToken?: string; userid?: number; usergroupid?: number }

/** Browser storage keys. Token and dbName are the spec's; the others hold the rest of the login response. */
export const STORAGE_KEYS = {
  token: 'Token',
  dbName: 'dbName',
  accessToken: 'accessToken',
  session: 'session',
  sidebarOpen: 'sidebarOpen',
  pageTitle: 'pageTitle',
} as const;

/** The database (tenant) name the client sends when none is stored (spec 000 section 9). */
export const DEFAULT_DB_NAME = 'soillims';

/** Request headers (spec 000 section 7). */
export const HEADER = { authorization: 'authorization', token: 'token', dbName: 'dbname' } as const;
