/**
 * Screen access (issue 5): a user cannot use a screen their menu does not grant, because the server refuses
 * the calls of that screen. The table is src/shared/contract/screen-access.ts; the guard is authenticate()
 * in src/server/plugins/session.ts. These tests prove, over every registered route, that the table
 * classifies every endpoint, that a user holding every role flag but an empty menu is refused every
 * screen's call and nothing else, and that granting and revoking a menu item takes effect at the next call.
 */
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app';
import { hashPassword } from '../lib/passwords';
import { screensOfEndpoint, ROUTE_SCREENS, SCREEN } from '../../shared/contract/screen-access';
import { cachedScreenUsers } from '../modules/menu/screen-access';
import { forgetCachedAnswers } from '../lib/commit-cache';
import { ROUTES, DEFAULT_MENU, type DefaultMenuNode } from '../../shared/contract/routes';
import type { LoginResponse } from '../../shared/contract/session';

const SLOW = 60_000;
let t: TestApp;
let admin: LoginResponse;
type Session = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;

const groupId = async (name: string) => (await t.handle.db.selectFrom('user_group').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const itemId = async (label: string) => (await t.handle.db.selectFrom('menu_item').select('id').where('label', '=', label).executeTakeFirstOrThrow()).id;
const adminRoleId = async () => (await t.handle.db.selectFrom('workflow_role').select('id').where('shortname', '=', 'ADMIN').executeTakeFirstOrThrow()).id;

let seq = 0;
/** A user with the Administrator role (every flag) in the given group, signed in. */
async function newUser(group: number | null): Promise<{ id: number; s: LoginResponse }> {
  seq += 1;
  const username = `screen_u${seq}`;
  const row = await t.handle.db
    .insertInto('app_user')
    .values({
      employee_code: `SA${seq}`, first_name: 'Screen', last_name: `User${seq}`, username, password_hash: await hashPassword('Screen@12345'),
      must_change_password: false, user_group_id: group, workflow_role_id: await adminRoleId(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Screen@12345') })).json() as LoginResponse;
  expect(s.message).toBe('SUCCESS');
  return { id: row.id, s };
}

const MENU_REFUSAL = /^Your menu does not include the screen this belongs to/;
const isMenuRefusal = (r: { statusCode: number; body: string }) => r.statusCode === 403 && MENU_REFUSAL.test(JSON.parse(r.body).message ?? '');

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
}, SLOW);
afterAll(() => t.close());

test('every endpoint is classified: it belongs to named screens or needs no menu grant', () => {
  const unclassified = t.app.apiRoutes
    .filter((r) => r.method === 'POST' && r.endpoint && r.endpoint.auth !== 'public')
    .filter((r) => screensOfEndpoint(r.endpoint!) === undefined)
    .map((r) => r.url);
  expect(unclassified).toEqual([]);
});

test('every route says which screens open it, and every screen is a link of the default menu', () => {
  expect(ROUTES.map((r) => r.path).filter((p) => !(p in ROUTE_SCREENS))).toEqual([]);
  const links = (nodes: DefaultMenuNode[]): string[] => nodes.flatMap((n) => [n.link, ...links(n.children ?? [])]);
  const menuLinks = new Set(links(DEFAULT_MENU).filter(Boolean));
  expect(Object.values(SCREEN).filter((s) => !menuLinks.has(s))).toEqual([]);
  // And each screen opens a route of the table.
  expect(Object.values(SCREEN).filter((s) => !ROUTES.some((r) => r.path === `/${s}`))).toEqual([]);
});

test('a user with every role flag but an empty menu is refused every screen call, and nothing else', async () => {
  const nobody = await newUser(null);
  const wrong: string[] = [];
  let refused = 0;
  for (const r of t.app.apiRoutes) {
    const e = r.endpoint;
    if (r.method !== 'POST' || !e || e.auth === 'public' || e.name === 'logout') continue;
    const res = await t.post(r.url, {}, nobody.s);
    const screens = screensOfEndpoint(e);
    if (screens === null) {
      if (isMenuRefusal(res)) wrong.push(`${r.url} needs no menu grant but was refused`);
      if (res.statusCode >= 500) wrong.push(`${r.url} answered ${res.statusCode}`);
    } else {
      refused++;
      if (!isMenuRefusal(res)) wrong.push(`${r.url} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(refused).toBeGreaterThan(100);
}, SLOW);

test('the same calls pass for the administrators, whose group holds the whole default menu', async () => {
  const insider = await newUser(await groupId('Administrators'));
  const wrong: string[] = [];
  for (const r of t.app.apiRoutes) {
    const e = r.endpoint;
    if (r.method !== 'POST' || !e || e.auth === 'public' || e.name === 'logout') continue;
    const res = await t.post(r.url, {}, insider.s);
    if (isMenuRefusal(res)) wrong.push(r.url);
  }
  expect(wrong).toEqual([]);
}, SLOW);

test("the group's menu decides; a grant or a revoke by an administrator takes effect at the next call", async () => {
  const staffGroup = await groupId('Laboratory Staff');
  const staff = await newUser(staffGroup);
  const listDepartments = (s: Session) => t.post('/api/master/getdepartment', { pageno: 1 }, s);
  const listSamples = (s: Session) => t.post('/api/transaction/getsamphome', { pageno: 1 }, s);

  // The Laboratory Staff group has Dashboard, Laboratory and Search, not Master Data.
  expect(listSamples(staff.s).then((r) => r.statusCode)).resolves.toBe(200);
  const refused = await listDepartments(staff.s);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe("Your menu does not include the screen this belongs to ('Department'). Please ask an administrator to grant it.");
  // The screen's form calls are refused as well, not only the list: nothing of it is reachable.
  expect((await t.post('/api/master/savedepartment', { departmentCode: 'X', departmentName: 'X' }, staff.s)).statusCode).toBe(403);
  expect(await t.handle.db.selectFrom('department').select('id').where('code', '=', 'X').executeTakeFirst()).toBeUndefined();

  // The administrator grants Department to the group: the next call passes (the cached menu is dropped).
  const [master, department, laboratory] = [await itemId('Master Data'), await itemId('Department'), await itemId('Laboratory')];
  const grant = await t.post('/api/menu/savemenubyuserforjson', {
    jsonsavelist: [{ from: 'group', moduleid: master, pageid: department, isSubMenu: 'N' }], landPage: 'N', groupId: staffGroup,
  }, admin);
  expect(grant.statusCode).toBe(200);
  expect((await listDepartments(staff.s)).statusCode).toBe(200);

  // A personal menu overrides the group's: this user's copy loses Laboratory, the group keeps it.
  const other = await newUser(staffGroup);
  expect((await t.post('/api/menu/deletemenubyuser', { menuId: laboratory, userId: staff.id }, admin)).statusCode).toBe(200);
  expect((await listSamples(staff.s)).statusCode).toBe(403);
  expect((await listSamples(other.s)).statusCode).toBe(200);
  expect((await listDepartments(staff.s)).statusCode).toBe(200);
  expect((await t.post('/api/transaction/searchData', { inputList: [] }, staff.s)).statusCode).toBe(200);

  // Clearing the personal menu gives the group's back; revoking Department from the group takes it away.
  expect((await t.post('/api/menu/cleargroupall', { from: 'User', userId: staff.id }, admin)).statusCode).toBe(200);
  expect((await listSamples(staff.s)).statusCode).toBe(200);
  expect((await t.post('/api/menu/deletemenubyuser', { from: 'group', groupId: staffGroup, menuId: department }, admin)).statusCode).toBe(200);
  expect((await listDepartments(staff.s)).statusCode).toBe(403);
  expect((await listDepartments(other.s)).statusCode).toBe(403);
}, SLOW);

test('moving a user to another group changes their screens at the next call', async () => {
  const staff = await newUser(await groupId('Laboratory Staff'));
  expect((await t.post('/api/master/getdesignation', { pageno: 1 }, staff.s)).statusCode).toBe(403);
  await t.handle.db.updateTable('app_user').set({ user_group_id: await groupId('Administrators') }).where('id', '=', staff.id).execute();
  // Moved by SQL, behind the server's back: seen once the cached session is SESSION_CACHE_MS old (dropped here for the wait).
  forgetCachedAnswers(t.handle.db);
  expect((await t.post('/api/master/getdesignation', { pageno: 1 }, staff.s)).statusCode).toBe(200);
}, SLOW);

test('sign-ins, failed or not, leave the cached screens alone; a menu change drops them', async () => {
  const staffGroup = await groupId('Laboratory Staff');
  const staff = await newUser(staffGroup);
  expect((await t.post('/api/transaction/getsamphome', { pageno: 1 }, staff.s)).statusCode).toBe(200);
  const cached = cachedScreenUsers(t.handle.db);
  expect(cached).toBeGreaterThan(0);
  // Anyone can cause these audited events; they change no menu, so they must not empty the cache.
  expect((await t.post('/api/auth/signin', { username: 'no_such_user', password: enc('Whatever@1') })).json().message).not.toBe('SUCCESS');
  expect((await t.post('/api/auth/signin', { username: `screen_u${seq}`, password: enc('Wrong@12345') })).json().message).not.toBe('SUCCESS');
  await newUser(staffGroup); // a successful sign-in as well
  expect(cachedScreenUsers(t.handle.db)).toBeGreaterThanOrEqual(cached);
  // A grant to a group does.
  const grant = await t.post('/api/menu/savemenubyuserforjson', {
    jsonsavelist: [{ from: 'group', moduleid: await itemId('Master Data'), pageid: await itemId('Designation'), isSubMenu: 'N' }], landPage: 'N', groupId: staffGroup,
  }, admin);
  expect(grant.statusCode).toBe(200);
  expect(cachedScreenUsers(t.handle.db)).toBe(0);
  expect((await t.post('/api/master/getdesignation', { pageno: 1 }, staff.s)).statusCode).toBe(200);
}, SLOW);
