/**
 * Menu administration end to end (issue 5, "Browser"): the administrator gives the 'Laboratory Staff' group
 * a menu item it did not have (Master Data / Department) through newGrouphome -> bmstree -> menu2, and a
 * member of that group, created through the employee API, sees it in the sidebar after signing in. A screen the
 * group's menu does not grant stays closed to the member: the app says so and the server refuses its calls.
 */
import type { Browser, Page } from 'playwright-core';
import { encryptForTransport } from '../../src/shared/transport/aes';
import { callApi, launchBrowser, screenshot, signIn, signInAdminFirstTime, startServer, type RunningServer } from './support/harness';

const KEY = '8080808080808080';
const ADMIN_PASSWORD = 'Keeper@Soil2026';
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInAdminFirstTime(page, server.url, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Row = Record<string, unknown>;

/** The API as a legacy client speaks it: POST JSON with the session headers. */
async function api(session: Row | null, url: string, body: unknown): Promise<Row & Row[]> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) Object.assign(headers, { authorization: `Bearer ${String(session.accessToken)}`, token: String(session.token), dbname: String(session.dbName) });
  const res = await fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new employee in the 'Laboratory Staff' group, through the employee API; answers the initial password. */
async function createMember(): Promise<string> {
  const admin = await api(null, '/api/auth/signin', { username: 'admin', password: encryptForTransport(ADMIN_PASSWORD, KEY) });
  const first = async (name: string) => (await api(admin, `/api/master/${name}`, {}))[0];
  const dept = await first('getdepartmentForEmployee');
  const desig = await first('getdesignationall');
  const roles = await api(admin, '/api/master/getbandForTask', {});
  const groups = await api(admin, '/api/master/getusergroup', {});
  const role = roles.find((r: Row) => r.shortname === 'STAFF')!;
  const group = groups.find((g: Row) => g.usergroup === 'Laboratory Staff')!;
  const saved = await api(admin, '/api/master/saveemployeemaster', {
    employeecode: 'MNU001', salutation: 'Ms.', gender: 'Female', firstname: 'Nisha', middlename: '', lastname: 'Menon',
    address: 'Lab Road', mobile1: encryptForTransport('9876512345', KEY), email: 'nisha@lab.example.org',
    tbdepartment: dept.id, tbdesignation: desig.id, tbband: role.id, selfaccessforuser: 'nisha', usergroupid: group.usergroupid, selfactive: 'Y',
  });
  return String(saved.initialPassword);
}

test("the administrator adds Department to the 'Laboratory Staff' menu; a member sees it in the sidebar", async () => {
  const initialPassword = await createMember();

  // the picker of 'Menu By User'
  await page.goto(`${server.url}/#/Menu By User`);
  await page.getByRole('button', { name: 'GO' }).click();
  await page.getByText('Oops! Please Select Valid User', { exact: true }).first().waitFor();
  await page.getByRole('combobox', { name: 'Resource Name' }).click();
  await page.getByRole('option', { name: 'Nisha Menon (nisha)' }).waitFor();
  await screenshot(page, 'menus-a-menu-by-user');
  await page.keyboard.press('Escape');

  // the group list -> the group's tree
  await page.goto(`${server.url}/#/newGrouphome`);
  await page.getByRole('button', { name: 'Menu of Laboratory Staff' }).click();
  await page.waitForURL(/#\/bmstree\?id=\d+&from=group$/);
  await page.getByRole('treeitem', { name: /Laboratory/ }).first().waitFor();
  await expect(page.getByRole('treeitem', { name: /Master Data/ }).count()).resolves.toBe(0);
  await screenshot(page, 'menus-b-group-tree');

  // menu2: Master Data / Department
  await page.getByRole('button', { name: 'Add' }).click();
  await page.waitForURL(/#\/menu2\?/);
  await page.getByRole('combobox', { name: 'Module' }).click();
  await page.getByRole('option', { name: 'Master Data' }).click();
  await page.getByRole('combobox', { name: 'Menu Item' }).click();
  await page.getByRole('option', { name: 'Department', exact: true }).click();
  await screenshot(page, 'menus-c-menu2');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Menu Saved Successfully !!', { exact: true }).first().waitFor();
  await page.waitForURL(/#\/bmstree\?id=\d+&from=group$/);
  await page.getByRole('treeitem', { name: /Department/ }).waitFor();
  await screenshot(page, 'menus-d-group-tree-after');

  // the member signs in (first sign-in changes the password) and finds Department in the sidebar
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'nisha', initialPassword);
  await page.waitForURL(/#\/changePassword\/\d+$/);
  await page.getByLabel('Enter New Password').fill('Field@Notes2026');
  await page.getByLabel('Re-Enter Password').fill('Field@Notes2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/#\/login$/);
  await signIn(page, server.url, 'nisha', 'Field@Notes2026');
  await page.waitForURL(/#\/BlankHomePage$/);
  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByText('Master Data', { exact: true }).click();
  await sidebar.getByText('Department', { exact: true }).click();
  await page.waitForURL(/#\/departmentHome$/);
  await expect(sidebar.getByText('Administration', { exact: true }).count()).resolves.toBe(0);
  await screenshot(page, 'menus-e-member-sidebar');
});

test('the member cannot open a screen their menu does not grant: the app says so and the server refuses its calls', async () => {
  // Still signed in as the member of 'Laboratory Staff' (Department was granted above, Designation was not).
  await page.goto(`${server.url}/#/designationHome`);
  await page.getByText('This screen is not in your menu. Please ask an administrator to grant it.', { exact: true }).waitFor();
  await expect(page.getByRole('columnheader', { name: 'Designation Code' }).count()).resolves.toBe(0);
  await screenshot(page, 'menus-g-screen-not-in-menu');
  const refused = await callApi<{ message: string }>(page, 'master', 'getdesignation', { pageno: 1 });
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe("Your menu does not include the screen this belongs to ('Designation'). Please ask an administrator to grant it.");
  // The granted screen still works, list call included.
  await expect(callApi(page, 'master', 'getdepartment', { pageno: 1 }).then((r) => r.status)).resolves.toBe(200);
  await page.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL(/#\/BlankHomePage$/);
});

test('a stale rename of a user group (someone else renamed it meanwhile) is refused and the form offers Reload', async () => {
  const admin = await api(null, '/api/auth/signin', { username: 'admin', password: encryptForTransport(ADMIN_PASSWORD, KEY) });
  const created = await api(admin, '/api/menu/SaveUserGroup', { updategroupname: 'Field Team' });
  const tab = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signIn(tab, server.url, 'admin', ADMIN_PASSWORD);
  await tab.waitForURL(/#\/BlankHomePage$/);
  await tab.goto(`${server.url}/#/newGrouphome`);
  await tab.getByRole('button', { name: 'Rename Field Team' }).click();
  await tab.waitForURL(/#\/newGroup\?id=\d+$/);
  const field = tab.getByLabel('User Group');
  await tab.waitForFunction(() => (document.querySelector('#updategroupname') as HTMLInputElement | null)?.value === 'Field Team');

  // a second administrator renames it first
  await api(admin, '/api/menu/SaveUserGroup', { id: created.id, updategroupname: 'Field Crew', version: created.version });
  await field.fill('Soil Team');
  await tab.getByRole('button', { name: 'Save' }).click();
  const alert = tab.getByRole('alert').filter({ hasText: 'Someone else changed this User Group' });
  await alert.waitFor();
  await expect(field.inputValue()).resolves.toBe('Soil Team');
  await screenshot(tab, 'menus-f-group-rename-stale');

  await alert.getByRole('button', { name: 'Reload' }).click();
  await tab.waitForFunction(() => (document.querySelector('#updategroupname') as HTMLInputElement | null)?.value === 'Field Crew');
  await field.fill('Soil Team');
  await tab.getByRole('button', { name: 'Save' }).click();
  await tab.waitForURL(/#\/newGrouphome$/);
  await tab.getByRole('gridcell', { name: 'Soil Team', exact: true }).waitFor();
});
