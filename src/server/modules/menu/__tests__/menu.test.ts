import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import { ROUTES, DEFAULT_MENU, type DefaultMenuNode } from '../../../../shared/contract/routes';
import type { MainMenu } from '../../../../shared/contract/session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const labels = (m: MainMenu[]) => m.map((x) => x.mainmenulabel);

async function newUser(username: string, groupName: string | null) {
  const group = groupName ? await t.handle.db.selectFrom('user_group').select('id').where('name', '=', groupName).executeTakeFirstOrThrow() : null;
  const row = await t.handle.db
    .insertInto('app_user')
    .values({ employee_code: username.slice(0, 7), first_name: 'M', username, password_hash: await hashPassword('Menu@12345'), must_change_password: false, user_group_id: group?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Menu@12345') })).json();
  return { id: row.id, s };
}

test('the admin menu has main, sub and child items covering every parameter-free screen', async () => {
  const s = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  const r = await t.post('/api/menu/menuofUserforjosn', { username: 'admin', accessToken: s.accessToken, userid: s.id, usergroupid: s.usergroupid }, s);
  expect(r.statusCode).toBe(200);
  const menu: MainMenu[] = r.json();
  expect(labels(menu)).toEqual(DEFAULT_MENU.map((n) => n.label));
  const lab = menu.find((m) => m.mainmenulabel === 'Laboratory')!;
  const activities = lab.lstsubmenu.find((x) => x.submenulabel === 'Activities')!;
  expect(activities.lstchildmenu).toEqual([
    { submenulabel: 'Level 1 Activity', submenulink: 'ActivityTransactionHome' },
    { submenulabel: 'Level 2 Activity', submenulink: 'level2activityHome' },
    { submenulabel: 'Level 2 Entry', submenulink: 'level2activityEntry' },
  ]);
  // every link in the menu is a route of the route table
  const links = menu.flatMap((m) => [m.mainmenulink, ...m.lstsubmenu.flatMap((s2) => [s2.submenulink, ...s2.lstchildmenu.map((c) => c.submenulink)])]).filter(Boolean);
  const routePaths = new Set<string>(ROUTES.map((x) => x.path.slice(1)));
  for (const l of links) expect(routePaths).toContain(l);
  // and every parameter-free screen (other than sign-in and the home pages) is in the menu
  const flat = (n: DefaultMenuNode[]): string[] => n.flatMap((x) => [x.link, ...flat(x.children ?? [])]);
  const menuLinks = new Set(flat(DEFAULT_MENU));
  const screens = ROUTES.map((x) => x.path.slice(1)).filter((p) => !p.includes(':') && !['login', 'changePassword', 'BlankHomePage', 'Blankpage', 'homepage', 'bmstree', 'menu2', 'newGroup', 'user', 'userActivityAccess', 'activity', 'department', 'designation', 'UnitMeasure', 'CommonMasterType', 'CommonMaster', 'CommonMasterEntry', 'workflowrole', 'sampleInverd', 'MicrobeMasterEntry', 'searchMicrobeTest'].includes(p));
  for (const p of screens) expect(menuLinks).toContain(p);
});

test('a user gets their group menu; own grants override the group; no grants means an empty menu', async () => {
  const staff = await newUser('staffer', 'Laboratory Staff');
  const r = await t.post('/api/menu/getmenubyuser', {}, staff.s);
  expect(labels(r.json())).toEqual(['Dashboard', 'Laboratory', 'Search']);

  const item = await t.handle.db.selectFrom('menu_item').select('id').where('label', '=', 'Department').executeTakeFirstOrThrow();
  await t.handle.db.insertInto('menu_grant').values({ menu_item_id: item.id, user_id: staff.id }).execute();
  const own: MainMenu[] = (await t.post('/api/menu/menuofUserforjosn', {}, staff.s)).json();
  expect(own).toEqual([
    { mainmenulabel: 'Master Data', mainmenulink: '', lstsubmenu: [{ submenulabel: 'Department', submenulink: 'departmentHome', lstchildmenu: [] }] },
  ]);

  const loner = await newUser('loner', null);
  expect((await t.post('/api/menu/menuofUserforjosn', {}, loner.s)).json()).toEqual([]);
});

test("the body's user id is never trusted: a user cannot read another user's menu", async () => {
  const staff = await newUser('peeker', 'Laboratory Staff');
  const r = await t.post('/api/menu/menuofUserforjosn', { userid: 1, usergroupid: 1, username: 'admin' }, staff.s);
  expect(labels(r.json())).toEqual(['Dashboard', 'Laboratory', 'Search']);
});
