/**
 * canCall answers as the server's guard does: a role without the endpoint's flag may not, a menu without any of
 * the endpoint's screens may not, a menu-free call needs only the flag, and a menu not loaded yet leaves the menu
 * check to the server.
 */
import { AUDIT_ENDPOINTS } from '../../../shared/contract/audit-endpoints';
import { IDENTIFICATION_ENDPOINTS, MICROBE_MASTER_ENDPOINTS } from '../../../shared/contract/microbe-endpoints';
import type { MainMenu } from '../../../shared/contract/session';
import { fullMenu, loginResponse } from '../../test-support/fixtures';
import { canCall } from '../use-can';

const microbeStatus = MICROBE_MASTER_ENDPOINTS.find((e) => e.role === 'status')!;
const microbeList = MICROBE_MASTER_ENDPOINTS.find((e) => e.role === 'list')!;
const auditCall = Object.values(AUDIT_ENDPOINTS)[0];
const only = (link: string): MainMenu[] => [{ mainmenulabel: 'Menu', mainmenulink: '', lstsubmenu: [{ submenulabel: link, submenulink: link, lstchildmenu: [] }] }];
const session = (over: Parameters<typeof loginResponse>[0], menu: MainMenu[] = fullMenu, menuStatus: 'loaded' | 'loading' = 'loaded') =>
  ({ user: loginResponse(over), menu, menuStatus }) as const;

test('the role flag decides: lab staff without Delete are not offered the microbe master delete', () => {
  expect(microbeStatus.permission).toBe('delete');
  expect(canCall(session({ delete: false }), microbeStatus)).toBe(false);
  expect(canCall(session({ delete: true }), microbeStatus)).toBe(true);
});

test("the menu decides: a call of a screen the user's menu does not grant is not offered", () => {
  expect(canCall(session({ view: true }, only('MicrobeMaster')), microbeList)).toBe(true);
  expect(canCall(session({ view: true }, only('SampleInwardHome')), microbeList)).toBe(false);
  expect(canCall(session({ microbe: true }, only('ActivityTransactionHome')), IDENTIFICATION_ENDPOINTS.savemicrobidentification)).toBe(true);
  expect(canCall(session({ microbe: false }, fullMenu), IDENTIFICATION_ENDPOINTS.savemicrobidentification)).toBe(false);
});

test('the Activity Log needs no menu entry, only the Top Role flag; no session, no call', () => {
  expect(auditCall.permission).toBe('toprole');
  expect(canCall(session({ toprole: false }, only('SampleInwardHome')), auditCall)).toBe(false);
  expect(canCall(session({ toprole: true }, only('SampleInwardHome')), auditCall)).toBe(true);
  expect(canCall({ user: null, menu: fullMenu, menuStatus: 'loaded' }, microbeList)).toBe(false);
});

test('while the menu loads, the menu check is the server’s', () => {
  expect(canCall(session({ view: true }, [], 'loading'), microbeList)).toBe(true);
});
