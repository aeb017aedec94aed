/**
 * May the signed-in user make this call? The same two checks the server makes before any handler runs
 * (server/plugins/session.ts): the role flag(s) the endpoint table names, and a screen of the user's menu the
 * screen-access table lists for the endpoint (shared/contract/screen-access.ts). A screen offers an action only
 * when this says yes, so nobody is shown a button whose only answer is a refusal.
 *
 * While the menu is loading, or when it could not be loaded, the menu check is left to the server (as the
 * ScreenGate does); the role flags come from the sign-in answer.
 */
import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import type { EndpointSpec } from '../../shared/contract/endpoints';
import { menuGrants, screensOfEndpoint, screensOfMenu } from '../../shared/contract/screen-access';
import { selectSession, type SessionState } from '../app/session-slice';

export type CallSpec = Pick<EndpointSpec, 'group' | 'name' | 'permission' | 'permissionOnUpdate'>;

export function canCall(session: Pick<SessionState, 'user' | 'menu' | 'menuStatus'>, endpoint: CallSpec): boolean {
  const user = session.user;
  if (!user) return false;
  const flags = [endpoint.permission, endpoint.permissionOnUpdate].filter((f) => f !== undefined);
  if (flags.length > 0 && !flags.some((f) => user[f] === true)) return false;
  const screens = screensOfEndpoint(endpoint);
  if (!screens || session.menuStatus !== 'loaded') return true;
  return menuGrants(screensOfMenu(session.menu), screens);
}

/** `can(endpoint)` for the signed-in user (re-evaluated when the session or the menu changes). */
export function useCan(): (endpoint: CallSpec) => boolean {
  const session = useSelector(selectSession);
  return useCallback((endpoint: CallSpec) => canCall(session, endpoint), [session]);
}
