/**
 * The API: every call is POST JSON to /api/<group>/<name> (spec 000 section 7). Sagas call these with
 * `call(api.x, body)`; tests mock this module. The HTTP client (axios) is loaded on the first call, so the
 * sign-in screen renders without it.
 */
import { AUTH_ENDPOINTS, path } from '../../shared/contract/endpoints';
import { SESSION_ENDPOINTS, type SessionInfo } from '../../shared/contract/account-endpoints';
import type {
  ChangePasswordRequest,
  FirstLoginResponse,
  LoginResponse,
  MainMenu,
  MenuRequest,
  SignInRequest,
} from '../../shared/contract/session';

export { httpStatus, isTransportError, isUnauthorized, serverField, serverMessage } from './http-errors';

type HttpModule = typeof import('./http');
let httpModule: Promise<HttpModule> | null = null;

/** Loads the HTTP client (once). Call it early to have it ready before the first request. */
export function loadHttp(): Promise<HttpModule> {
  if (!httpModule) {
    httpModule = import(/* webpackChunkName: "transport" */ './http');
    httpModule.catch(() => {
      httpModule = null; // a failed chunk load may be retried
    });
  }
  return httpModule;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const http = await loadHttp();
  return http.post<T>(url, body);
}

/** A sign-in answer: full session, first-login token, or a failure message. */
export type SignInAnswer = LoginResponse | FirstLoginResponse | { message: string };
export interface StatusAnswer { status: string; message?: string }
export interface MessageAnswer { message: string }

export const api = {
  signIn: (body: SignInRequest) => post<SignInAnswer>(path(AUTH_ENDPOINTS.signin), body),
  changePassword: (body: ChangePasswordRequest) => post<StatusAnswer>(path(AUTH_ENDPOINTS.changePassword), body),
  logout: () => post<StatusAnswer>(path(AUTH_ENDPOINTS.logout), {}),
  checkLogin: (body: { accessToken: string }) => post<MessageAnswer>(path(AUTH_ENDPOINTS.checklogin), body),
  menuOfUser: (body: MenuRequest) => post<MainMenu[]>(path(AUTH_ENDPOINTS.menuofUserforjosn), body),
  sessions: () => post<SessionInfo[]>(path(SESSION_ENDPOINTS.sessions), {}),
  endSession: (body: { sessionId: string }) => post<StatusAnswer>(path(SESSION_ENDPOINTS.endSession), body),
};

export type Api = typeof api;
