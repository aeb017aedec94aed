/** Bodies and answers of sign-in, the session calls, Settings' sessions and the user's menu (spec 000 sections 3, 4, 7). */
import { EMPTY_BODY, ID, body, requiredText, strictText, typed } from './body-schema';
import { BOOL, INT, N_STR, STATUS_MESSAGE, STR, arrayOf, record } from './answer-schema';
import { declare } from './contract';
import { AUTH_ENDPOINTS } from './endpoints';
import { SESSION_ENDPOINTS } from './account-endpoints';
import { LOGIN_RESPONSE_FIELDS, type ChangePasswordRequest, type LoginResponseField, type SignInRequest } from './session';

const LOGIN_BOOLEANS = new Set<LoginResponseField>([
  'isreporting', 'cancreateproject', 'toggle', 'reshead', 'chkselect', 'add', 'edit', 'delete', 'view', 'approve', 'microbe', 'toprole',
]);
const LOGIN_NUMBERS = new Set<LoginResponseField>(['id', 'usergroupid', 'useridmenu', 'reportingmanager']);

/**
 * Every field of the legacy login response (spec 000 section 8). A refused sign-in answers {message} alone, and a
 * first sign-in {message: 'First Login', id, username, token, accessToken, dbName}: the same object, fewer fields.
 */
const LOGIN_ANSWER = record(Object.fromEntries(LOGIN_RESPONSE_FIELDS.map((f) => [f, LOGIN_BOOLEANS.has(f) ? BOOL : LOGIN_NUMBERS.has(f) ? INT : STR])));

const MENU_ANSWER = arrayOf(record({
  mainmenulabel: STR, mainmenulink: STR,
  lstsubmenu: arrayOf(record({ submenulabel: STR, submenulink: STR, lstchildmenu: arrayOf(record({ submenulabel: STR, submenulink: STR })) })),
}));

/** The menu is always the signed-in user's: the identity fields of the legacy payload are checked, never trusted. */
const MENU = {
  body: body({ username: strictText(50), accessToken: strictText(2048), userid: ID, usergroupid: ID }, { nullable: true }),
  answer: MENU_ANSWER,
};

export const AUTH_CONTRACT = {
  signin: declare(AUTH_ENDPOINTS.signin, {
    body: typed<SignInRequest>({
      type: 'object', required: ['username', 'password'], properties: { username: requiredText(50), password: requiredText(4096) },
    }),
    answer: LOGIN_ANSWER,
  }),
  changePassword: declare(AUTH_ENDPOINTS.changePassword, {
    body: typed<ChangePasswordRequest>({
      type: 'object',
      required: ['userid', 'username', 'password', 'password1'],
      properties: {
        userid: { type: 'integer' }, username: requiredText(50), password: requiredText(4096), password1: requiredText(4096),
        currentPassword: strictText(4096),
      },
    }),
    answer: STATUS_MESSAGE,
  }),
  logout: declare(AUTH_ENDPOINTS.logout, { body: EMPTY_BODY, answer: record({ status: STR }) }),
  checklogin: declare(AUTH_ENDPOINTS.checklogin, {
    body: typed<{ accessToken?: string } | null>({ type: ['object', 'null'], properties: { accessToken: { type: 'string', maxLength: 2048 } } }),
    answer: record({ message: STR }),
  }),
  menuofUserforjosn: declare(AUTH_ENDPOINTS.menuofUserforjosn, MENU),
  getmenubyuser: declare(AUTH_ENDPOINTS.getmenubyuser, MENU),
  sessions: declare(SESSION_ENDPOINTS.sessions, {
    body: EMPTY_BODY,
    answer: arrayOf(record({ sessionId: STR, browser: STR, ip: N_STR, signedInAt: STR, lastSeenAt: STR, current: BOOL })),
  }),
  endSession: declare(SESSION_ENDPOINTS.endSession, {
    body: body({ sessionId: requiredText(64) }, { required: ['sessionId'] }),
    answer: STATUS_MESSAGE,
  }),
};
