import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse, MainMenu } from '../../../../shared/contract/session';
import { MENU_ADMIN_ENDPOINTS, MENU_MSG, type MenuTreeNode } from '../../../../shared/contract/menu-endpoints';

/** Menu tree and user-group administration (spec 001 sections 2, 3, 5, 7, 8) against the real database. */
const SLOW = 60_000;
let t: TestApp;
let admin: LoginResponse;
type Session = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const ids = { staffGroup: 0, adminGroup: 0, master: 0, department: 0, laboratory: 0, activities: 0, level1: 0 };

const itemId = async (label: string) => (await t.handle.db.selectFrom('menu_item').select('id').where('label', '=', label).executeTakeFirstOrThrow()).id;
const groupId = async (name: string) => (await t.handle.db.selectFrom('user_group').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  ids.staffGroup = await groupId('Laboratory Staff');
  ids.adminGroup = await groupId('Administrators');
  ids.master = await itemId('Master Data');
  ids.department = await itemId('Department');
  ids.laboratory = await itemId('Laboratory');
  ids.activities = await itemId('Activities');
  ids.level1 = await itemId('Level 1 Activity');
}, SLOW);
afterAll(() => t.close());

const call = (name: string, body: unknown, s: Session = admin) => t.post(`/api/menu/${name}`, body, s);
const menuOf = async (s: Session): Promise<MainMenu[]> => (await t.post('/api/menu/menuofUserforjosn', {}, s)).json();
const labels = (m: MainMenu[]) => m.map((x) => x.mainmenulabel);
const auditCount = async (action: string) =>
  Number((await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);
const grantCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from menu_grant`.execute(t.handle.db)).rows[0].n);
const names = (nodes: MenuTreeNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

let seq = 0;
async function newUser(group: number | null) {
  seq += 1;
  const username = `menu_u${seq}`;
  const row = await t.handle.db
    .insertInto('app_user')
    .values({ employee_code: `MU${seq}`, first_name: 'Menu', last_name: `User${seq}`, username, password_hash: await hashPassword('Menu@12345'), must_change_password: false, user_group_id: group })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Menu@12345') })).json() as LoginResponse;
  return { id: row.id, s };
}

test('every administration call needs the toprole flag', async () => {
  const staff = await newUser(ids.staffGroup);
  for (const e of Object.values(MENU_ADMIN_ENDPOINTS)) {
    const r = await call(e.name, { userId: staff.id, from: 'User', id: ids.staffGroup }, staff.s);
    expect({ name: e.name, status: r.statusCode }).toEqual({ name: e.name, status: 403 });
    expect(r.json().message).toMatch(/toprole/);
  }
}, SLOW);

test('lookups: active users, groups, modules, menus of a module, the catalogue and its pages', async () => {
  const users = (await call('getallActiveuser', {})).json();
  expect(users).toContainEqual({ id: admin.id, name: 'System Administrator (admin)', menuVersion: expect.any(Number) });
  const groups = (await call('getAllgroup', {})).json();
  expect(groups.map((g: { groupname: string }) => g.groupname)).toEqual(['Administrators', 'Laboratory Staff']);
  expect(groups[0]).toEqual({ id: ids.adminGroup, groupname: 'Administrators', srno: 1, users: 1, version: expect.any(Number), menuVersion: expect.any(Number) });

  const modules = (await call('getmodulelst', {})).json();
  expect(modules.map((m: { modulename: string }) => m.modulename)).toEqual(['Dashboard', 'Laboratory', 'Search', 'Master Data', 'Administration']);
  const menus = (await call('menubymenname', { moduleid: ids.laboratory })).json();
  expect(menus.map((m: { path: string }) => m.path)).toEqual([
    'Sample Inward', 'Isolate', 'Activities', 'Activities / Level 1 Activity', 'Activities / Level 2 Activity', 'Activities / Level 2 Entry',
    'Microbe Master', 'Microbe Identification',
  ]);
  expect(menus[3]).toMatchObject({ pageid: ids.level1, pagename: 'Level 1 Activity', parentId: ids.activities, level: 3, link: 'ActivityTransactionHome' });
  expect((await call('menubymenname', { moduleid: ids.department })).json()).toEqual([]);

  const all: MenuTreeNode[] = (await call('getallmenudata', {})).json();
  expect(all.map((n) => n.name)).toEqual(['Dashboard', 'Laboratory', 'Search', 'Master Data', 'Administration']);
  const lab = all[1];
  expect(lab.children.find((c) => c.name === 'Activities')!.children[0]).toMatchObject({ name: 'Level 1 Activity', issub: 'Y', level: 3 });

  const page1 = (await call('getAllitempage', { pageno: 1 })).json();
  expect(page1).toHaveLength(10);
  expect(page1[0]).toMatchObject({ srno: 1, totalItems: names(all).length });
  const found = (await call('getAllitempage', { pageno: 1, searchText: 'depart' })).json();
  expect(found).toEqual([expect.objectContaining({ id: ids.department, name: 'Department', parentname: 'Master Data', level: 2, totalItems: 1 })]);
});

test("menubyuser: a group's tree, a user's inherited tree, and 'Oops! Please Select Valid User'", async () => {
  const tree: MenuTreeNode[] = (await call('menubyuser', { userId: ids.staffGroup, from: 'group', userid: admin.id })).json();
  expect(tree.map((n) => n.name)).toEqual(['Dashboard', 'Laboratory', 'Search']);
  expect(tree[0]).toMatchObject({ id: expect.any(Number), name: 'Dashboard', issub: 'N', level: 1, link: 'dashboard', children: [] });

  const member = await newUser(ids.staffGroup);
  const own: MenuTreeNode[] = (await call('menubyuser', { userId: member.id, from: 'User' })).json();
  expect(own).toEqual(tree);

  for (const userId of [0, '0', null, 999999, 'x']) {
    const r = await call('menubyuser', { userId, from: 'User' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENU_MSG.selectUser);
  }
  expect((await call('menubyuser', { userId: 999999, from: 'group' })).statusCode).toBe(400);
});

test('a group gets an existing menu item: audited, and every member sees it at their next menu call', async () => {
  const member = await newUser(ids.staffGroup);
  expect(labels(await menuOf(member.s))).toEqual(['Dashboard', 'Laboratory', 'Search']);
  const audits = await auditCount('menu.grant');
  const r = await call('savemenubyuserforjson', {
    jsonsavelist: [{ from: 'group', moduleid: ids.master, pageid: ids.department, parentId: ids.master, resourcegroupid: ids.staffGroup, sequence: '', modulename: 'Master Data', pagename: 'Department', isSubMenu: 'N', menuname: '' }],
    landPage: 'N', groupId: ids.staffGroup, userId: 0,
  });
  expect(r.statusCode).toBe(200);
  expect(r.json()).toEqual({ status: 'OK', message: MENU_MSG.saved, menuVersion: expect.any(Number) });
  expect(await auditCount('menu.grant')).toBe(audits + 1);

  const menu = await menuOf(member.s);
  expect(labels(menu)).toEqual(['Dashboard', 'Laboratory', 'Search', 'Master Data']);
  expect(menu[3].lstsubmenu).toEqual([{ submenulabel: 'Department', submenulink: 'departmentHome', lstchildmenu: [] }]);
  // the admins' menu is untouched
  expect(labels(await menuOf(admin))).toEqual(['Dashboard', 'Laboratory', 'Search', 'Master Data', 'Administration']);
}, SLOW);

test('a new sub menu: name max 25, a known screen, checked before anything changes', async () => {
  const member = await newUser(ids.staffGroup);
  const row = { from: 'group', moduleid: ids.laboratory, parentId: ids.activities, sequence: 9, isSubMenu: 'Y', link: 'SearchMicrobe' };
  const save = (extra: Record<string, unknown>) => call('savemenubyuserforjson', { jsonsavelist: [{ ...row, ...extra }], landPage: 'N', groupId: ids.staffGroup });
  const grants = await grantCount();
  const bad: Array<[Record<string, unknown>, string | RegExp]> = [
    [{ menuname: 'A'.repeat(26) }, MENU_MSG.nameMax],
    [{ menuname: '  ' }, MENU_MSG.nameRequired],
    [{ menuname: 'Quick Search', link: 'javascript:alert(1)' }, /is not a screen/],
    [{ menuname: 'Quick Search', sequence: 0 }, MENU_MSG.sequenceRequired],
    [{ menuname: 'Quick Search', moduleid: ids.department }, MENU_MSG.moduleRequired],
    [{ menuname: 'Quick Search', parentId: ids.level1 }, /parent/],
  ];
  for (const [extra, message] of bad) {
    const r = await save(extra);
    expect({ extra, status: r.statusCode }).toEqual({ extra, status: 400 });
    expect(r.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  }
  expect((await call('savemenubyuserforjson', { jsonsavelist: [{ from: 'group', moduleid: ids.laboratory, isSubMenu: 'N', pageid: ids.master }], groupId: ids.staffGroup })).json().message).toBe(MENU_MSG.itemRequired);
  expect(await grantCount()).toBe(grants);
  expect(await t.handle.db.selectFrom('menu_item').select('id').where('label', '=', 'Quick Search').executeTakeFirst()).toBeUndefined();

  const ok = await save({ menuname: 'A'.repeat(25) });
  expect(ok.json()).toEqual({ status: 'OK', message: MENU_MSG.saved, menuVersion: expect.any(Number) });
  const activities = (await menuOf(member.s)).find((m) => m.mainmenulabel === 'Laboratory')!.lstsubmenu.find((s) => s.submenulabel === 'Activities')!;
  expect(activities.lstchildmenu.at(-1)).toEqual({ submenulabel: 'A'.repeat(25), submenulink: 'SearchMicrobe' });
}, SLOW);

test("updatemenubyuser: only for groups, never a lower sequence, audited", async () => {
  const member = await newUser(ids.staffGroup);
  const upd = (b: Record<string, unknown>) => call('updatemenubyuser', { id: 0, menuId: ids.laboratory, ...b });
  for (const b of [{ usergroupid: 0, sequence: 5 }, { usergroupid: null, sequence: 5 }, { usergroupid: ids.staffGroup, from: 'User', sequence: 5 }]) {
    const r = await upd(b);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENU_MSG.onlyGroups);
  }
  const current = (await t.handle.db.selectFrom('menu_item').select('sequence').where('id', '=', ids.laboratory).executeTakeFirstOrThrow()).sequence;
  const low = await upd({ usergroupid: ids.staffGroup, sequence: current - 1 });
  expect(low.statusCode).toBe(400);
  expect(low.json().message).toBe(MENU_MSG.sequenceNotLess);
  expect((await upd({ usergroupid: ids.staffGroup, sequence: current, menuname: 'B'.repeat(26) })).json().message).toBe(MENU_MSG.nameMax);
  // an item not in the group's menu
  expect((await call('updatemenubyuser', { usergroupid: ids.staffGroup, menuId: await itemId('Employees'), sequence: 99 })).statusCode).toBe(400);

  const audits = await auditCount('menu.update');
  const ok = await upd({ usergroupid: ids.staffGroup, sequence: 10, landPage: 'Y', menuname: 'Lab Work' });
  expect(ok.json()).toEqual({ status: 'OK', message: MENU_MSG.saved, version: expect.any(Number) });
  expect(await auditCount('menu.update')).toBe(audits + 1);
  expect(labels(await menuOf(member.s)).at(-1)).toBe('Lab Work');
  const tree: MenuTreeNode[] = (await call('menubyuser', { userId: ids.staffGroup, from: 'group' })).json();
  expect(tree.find((n) => n.name === 'Lab Work')).toMatchObject({ sequence: 10, landPage: 'Y' });
  await upd({ usergroupid: ids.staffGroup, sequence: 10, menuname: 'Laboratory' });
}, SLOW);

test("deletemenubyuser: a user's own copy of the group menu loses the item; the group and its other members keep it", async () => {
  const a = await newUser(ids.staffGroup);
  const b = await newUser(ids.staffGroup);
  const audits = await auditCount('menu.revoke');
  const r = await call('deletemenubyuser', { parentid: ids.laboratory, menuId: ids.activities, userId: a.id });
  expect(r.json()).toEqual({ status: 'OK', message: MENU_MSG.deleted, menuVersion: expect.any(Number) });
  expect(await auditCount('menu.revoke')).toBe(audits + 1);
  const subOf = (m: MainMenu[]) => m.find((x) => x.mainmenulabel === 'Laboratory')!.lstsubmenu.map((s) => s.submenulabel);
  expect(subOf(await menuOf(a.s))).not.toContain('Activities');
  expect(subOf(await menuOf(a.s))).toContain('Isolate');
  expect(subOf(await menuOf(b.s))).toContain('Activities');

  // not in the menu any more
  expect((await call('deletemenubyuser', { menuId: ids.activities, userId: a.id })).statusCode).toBe(400);
  expect((await call('deletemenubyuser', { menuId: ids.activities, userId: 0 })).json().message).toBe(MENU_MSG.selectUser);

  // cleargroupall gives the user the group's menu back
  expect((await call('cleargroupall', { userId: a.id, from: 'User' })).json().status).toBe('OK');
  expect(subOf(await menuOf(a.s))).toContain('Activities');

  // a group delete reaches every member
  await call('deletemenubyuser', { menuId: await itemId('Search'), from: 'group', groupId: ids.staffGroup });
  expect(labels(await menuOf(b.s))).not.toContain('Search');
  await call('savemenubyuserforjson', { jsonsavelist: [{ from: 'group', moduleid: await itemId('Search'), pageid: await itemId('Search Microbe'), isSubMenu: 'N' }], groupId: ids.staffGroup });
  expect(labels(await menuOf(b.s))).toContain('Search');
}, SLOW);

test('SaveItemname renames a catalogue item (max 25)', async () => {
  const id = await itemId('Isolate');
  expect((await call('SaveItemname', { id, menuname: 'C'.repeat(26) })).json().message).toBe(MENU_MSG.nameMax);
  expect((await call('SaveItemname', { id, menuname: 'Isolates' })).json().status).toBe('OK');
  expect(await auditCount('menu.rename')).toBe(1);
  await call('SaveItemname', { id, menuname: 'Isolate' });
});

test('user groups: save, duplicates, rename, delete refused while users remain, delete, re-create', async () => {
  const save = (b: Record<string, unknown>) => call('SaveUserGroup', b);
  const created = await save({ updategroupname: '  Field   Team ' });
  expect(created.json()).toEqual({ status: 'OK', id: expect.any(Number), version: 1 });
  const id = created.json().id as number;
  expect((await t.handle.db.selectFrom('user_group').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Field Team');
  expect(await auditCount('userGroup.create')).toBe(1);

  for (const b of [{ updategroupname: 'field team' }, { updategroupname: '' }, { updategroupname: 'x'.repeat(101) }, {}, { updategroupname: 'Other', id: 99999 }]) {
    const r = await save(b);
    expect({ b, status: r.statusCode, answer: r.json().status }).toEqual({ b, status: 400, answer: 'NO' });
  }
  expect((await save({ updategroupname: 'Field Crew', id })).json().status).toBe('OK');

  // a group with a member cannot go
  const member = await newUser(id);
  const refused = await call('deletegroup', { id });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ status: 'NO', message: "The User Group 'Field Crew' still has 1 active user; move them to another group first." });
  await t.handle.db.updateTable('app_user').set({ user_group_id: ids.staffGroup }).where('id', '=', member.id).execute();

  await call('savemenubyuserforjson', { jsonsavelist: [{ from: 'group', moduleid: ids.master, pageid: ids.department, isSubMenu: 'N' }], groupId: id });
  const del = await call('deletegroup', { id });
  expect(del.json()).toEqual({ status: 'OK' });
  expect(await auditCount('userGroup.delete')).toBe(1);
  expect((await call('getAllgroup', {})).json().map((g: { id: number }) => g.id)).not.toContain(id);
  expect(await t.handle.db.selectFrom('menu_grant').select('id').where('user_group_id', '=', id).execute()).toEqual([]);
  expect((await call('deletegroup', { id })).statusCode).toBe(400);
  expect((await call('menubyuser', { userId: id, from: 'group' })).statusCode).toBe(400);

  // the name comes back as the same group
  expect((await save({ updategroupname: 'Field Crew' })).json()).toEqual({ status: 'OK', id, version: expect.any(Number) });
});

describe('no lost updates', () => {
  type Row = Record<string, unknown>;
  const item = (id: number) => t.handle.db.selectFrom('menu_item').select(['label', 'sequence', 'land_page', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  const grantsOf = async (column: 'user_id' | 'user_group_id', id: number) =>
    (await t.handle.db.selectFrom('menu_grant').select('menu_item_id').where(column, '=', id).orderBy('menu_item_id').execute()).map((r) => r.menu_item_id);
  const groupRow = async (id: number) => ((await call('getAllgroup', {})).json() as Row[]).find((g) => g.id === id)!;
  const userRow = async (id: number) => ((await call('getallActiveuser', {})).json() as Row[]).find((u) => u.id === id)!;
  const allAudits = async () => Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.handle.db)).rows[0].n);

  test('SaveItemname: the version read answers the new one; a stale one answers 409 and changes nothing', async () => {
    const id = await itemId('Isolate');
    const page: Row[] = (await call('getAllitempage', { pageno: 1, searchText: 'isolate' })).json();
    const read = page.find((r) => r.id === id)!.version as number;
    expect(read).toBe((await item(id)).version);

    const fresh = await call('SaveItemname', { id, menuname: 'Isolates', version: read });
    expect([fresh.statusCode, fresh.json()]).toEqual([200, { status: 'OK', message: MENU_MSG.saved, version: read + 1 }]);
    const audits = await allAudits();
    const stale = await call('SaveItemname', { id, menuname: 'Isolate Codes', version: read });
    expect([stale.statusCode, stale.json().message, stale.json().version]).toEqual([409, MENU_MSG.staleItem, read + 1]);
    expect(await item(id)).toMatchObject({ label: 'Isolates', version: read + 1 });
    expect(await allAudits()).toBe(audits);
    expect((await call('SaveItemname', { id, menuname: 'Isolate', version: 'x' })).statusCode).toBe(400);
    // without a version (legacy clients) no check
    expect((await call('SaveItemname', { id, menuname: 'Isolate' })).json()).toEqual({ status: 'OK', message: MENU_MSG.saved, version: read + 2 });
  }, SLOW);

  test("updatemenubyuser: the item's version; a grant save that moves the item makes an older read stale", async () => {
    const node = ((await call('menubyuser', { userId: ids.staffGroup, from: 'group' })).json() as MenuTreeNode[]).find((n) => n.id === ids.laboratory)!;
    const before = await item(ids.laboratory);
    expect(node.version).toBe(before.version);
    const upd = (b: Row) => call('updatemenubyuser', { usergroupid: ids.staffGroup, menuId: ids.laboratory, sequence: before.sequence, ...b });

    const fresh = await upd({ version: node.version, landPage: 'Y' });
    expect([fresh.statusCode, fresh.json()]).toEqual([200, { status: 'OK', message: MENU_MSG.saved, version: before.version + 1 }]);
    const audits = await allAudits();
    const stale = await upd({ version: node.version, menuname: 'Lab', sequence: before.sequence + 5 });
    expect([stale.statusCode, stale.json()]).toEqual([409, expect.objectContaining({ message: MENU_MSG.staleItem, version: before.version + 1 })]);
    expect(await item(ids.laboratory)).toEqual({ label: before.label, sequence: before.sequence, land_page: true, version: before.version + 1 });
    expect(await allAudits()).toBe(audits);

    // savemenubyuserforjson setting the sequence of an existing item counts as a change of that item
    const isolate = await itemId('Isolate');
    const read = (await item(isolate)).version;
    await call('savemenubyuserforjson', { jsonsavelist: [{ from: 'group', moduleid: ids.laboratory, pageid: isolate, isSubMenu: 'N', sequence: 3 }], groupId: ids.staffGroup });
    expect((await item(isolate)).version).toBe(read + 1);
    expect((await call('SaveItemname', { id: isolate, menuname: 'Isolates', version: read })).statusCode).toBe(409);
    await upd({ landPage: 'N' });
  }, SLOW);

  test("a group's menu: menuVersion from getAllgroup; a stale save, delete or clear answers 409 and changes nothing", async () => {
    const gid = (await call('SaveUserGroup', { updategroupname: 'Version Team' })).json().id as number;
    const read = (await groupRow(gid)).menuVersion as number;
    const grant = (pageid: number, menuVersion?: number) =>
      call('savemenubyuserforjson', { jsonsavelist: [{ from: 'group', moduleid: ids.master, pageid, isSubMenu: 'N' }], groupId: gid, menuVersion });

    const fresh = await grant(ids.department, read);
    expect([fresh.statusCode, fresh.json()]).toEqual([200, { status: 'OK', message: MENU_MSG.saved, menuVersion: read + 1 }]);
    expect((await groupRow(gid)).menuVersion).toBe(read + 1);

    // a second administrator still holding the first read
    const grants = await grantsOf('user_group_id', gid);
    const audits = await allAudits();
    const refused = [
      await grant(await itemId('Designation'), read),
      await call('deletemenubyuser', { menuId: ids.department, from: 'group', groupId: gid, menuVersion: read }),
      await call('cleargroupall', { from: 'group', groupId: gid, menuVersion: read }),
    ];
    for (const r of refused) expect([r.statusCode, r.json()]).toEqual([409, expect.objectContaining({ message: MENU_MSG.staleMenu, menuVersion: read + 1 })]);
    expect(await grantsOf('user_group_id', gid)).toEqual(grants);
    expect(await allAudits()).toBe(audits);

    const del = await call('deletemenubyuser', { menuId: ids.department, from: 'group', groupId: gid, menuVersion: read + 1 });
    expect([del.statusCode, del.json().menuVersion]).toEqual([200, read + 2]);
    const clear = await call('cleargroupall', { from: 'group', groupId: gid, menuVersion: read + 2 });
    expect([clear.statusCode, clear.json().menuVersion]).toEqual([200, read + 3]);
    // a change to one group's menu leaves the others' versions alone
    expect((await groupRow(ids.staffGroup)).menuVersion).not.toBe(read + 3);
  }, SLOW);

  test("a user's own menu: menuVersion from getallActiveuser; of two saves read at the same version one wins", async () => {
    const u = await newUser(ids.staffGroup);
    const read = (await userRow(u.id)).menuVersion as number;
    // the first change copies the group's menu to the user: counted on the user
    const del = await call('deletemenubyuser', { menuId: await itemId('Search'), userId: u.id, menuVersion: read });
    expect([del.statusCode, del.json().menuVersion]).toEqual([200, read + 1]);
    const grants = await grantsOf('user_id', u.id);
    const audits = await allAudits();
    const stale = await call('savemenubyuserforjson', { jsonsavelist: [{ moduleid: ids.master, pageid: ids.department, isSubMenu: 'N' }], userId: u.id, menuVersion: read });
    expect([stale.statusCode, stale.json().message]).toEqual([409, MENU_MSG.staleMenu]);
    expect(await grantsOf('user_id', u.id)).toEqual(grants);
    expect(await allAudits()).toBe(audits);

    const both = await Promise.all([
      call('savemenubyuserforjson', { jsonsavelist: [{ moduleid: ids.master, pageid: ids.department, isSubMenu: 'N' }], userId: u.id, menuVersion: read + 1 }),
      call('cleargroupall', { from: 'User', userId: u.id, menuVersion: read + 1 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await allAudits()).toBe(audits + 1);
    expect((await userRow(u.id)).menuVersion).toBe(read + 2);
  }, SLOW);

  test("SaveUserGroup rename and deletegroup: the group's version; a stale one answers 409 {status: 'NO'} and changes nothing", async () => {
    const created = (await call('SaveUserGroup', { updategroupname: 'Rename Team' })).json();
    const read = (await groupRow(created.id)).version as number;
    expect(read).toBe(created.version);
    const fresh = await call('SaveUserGroup', { id: created.id, updategroupname: 'Renamed Team', version: read });
    expect([fresh.statusCode, fresh.json()]).toEqual([200, { status: 'OK', id: created.id, version: read + 1 }]);

    const audits = await allAudits();
    const stale = await call('SaveUserGroup', { id: created.id, updategroupname: 'Other Team', version: read });
    expect([stale.statusCode, stale.json()]).toEqual([409, expect.objectContaining({ status: 'NO', message: MENU_MSG.staleGroup, version: read + 1 })]);
    const staleDelete = await call('deletegroup', { id: created.id, version: read });
    expect([staleDelete.statusCode, staleDelete.json().message]).toEqual([409, MENU_MSG.staleGroup]);
    expect((await t.handle.db.selectFrom('user_group').select(['name', 'active', 'version']).where('id', '=', created.id).executeTakeFirstOrThrow()))
      .toEqual({ name: 'Renamed Team', active: 'Y', version: read + 1 });
    expect(await allAudits()).toBe(audits);

    expect((await call('deletegroup', { id: created.id, version: read + 1 })).json()).toEqual({ status: 'OK' });
  }, SLOW);
});
