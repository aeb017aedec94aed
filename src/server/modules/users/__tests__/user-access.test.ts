import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { USER_ACCESS_ENDPOINTS, USER_ACCESS_MSG } from '../../../../shared/contract/endpoints';
import { activitiesAccessibleTo, accessToActivity } from '../user-routes';

/** PGlite and argon2id are slow on a busy machine: generous limits (the budgets are checked by benchmarks). */
const SLOW = 60_000;
/** The administrator's password after signInFully's first-login change. */
const ADMIN_PASSWORD = 'Changed@2026';

/** User activity access (spec 000 sections 2, 4, 5, 6, 7). */
let t: TestApp;
let admin: LoginResponse;
type Session = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
type Row = Record<string, unknown>;
const call = (name: string, body: unknown, s: Session = admin) => t.post(`/api/master/${name}`, body, s);

const role = { staff: 0, mgr: 0, admin: 0 };
const act: Record<string, number> = {};
let worker = 0;
let boss = 0;
let otherBoss = 0;

async function employee(code: string, roleId: number): Promise<number> {
  const dept = await t.handle.db.selectFrom('department').select('id').where('code', '=', 'MICRO').executeTakeFirstOrThrow();
  const res = await call('saveemployeemaster', {
    employeecode: code, salutation: 'Mr.', gender: 'Male', firstname: `Name${code}`, lastname: 'Kumar', mobile1: enc('9876543210'),
    email: `${code.toLowerCase()}@lab.in`, tbdepartment: dept.id, tbband: roleId, selfaccessforuser: code.toLowerCase(),
  });
  expect(res.json().status).toBe('Success');
  return res.json().id;
}

async function activity(shortname: string, level: 'Level 1' | 'Level 2', sequence?: number): Promise<number> {
  const res = await call('saveactivity', { shortname, activityname: `Activity ${shortname}`, activitylevel: level, ...(sequence ? { sequence1: true, sequence } : {}) });
  expect(res.json().status).toBe('Success');
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  for (const [k, shortname] of [['staff', 'STAFF'], ['mgr', 'MGR'], ['admin', 'ADMIN']] as const) {
    role[k] = (await t.handle.db.selectFrom('workflow_role').select('id').where('shortname', '=', shortname).executeTakeFirstOrThrow()).id;
  }
  act.A1 = await activity('A1', 'Level 1', 1);
  act.A2 = await activity('A2', 'Level 1', 2);
  act.B1 = await activity('B1', 'Level 2', 1);
  act.OFF = await activity('OFF', 'Level 1', 3);
  expect((await call('activitydelstatus', { id: act.OFF, activeStatus: 'N' })).json().status).toBe('Success');
  worker = await employee('WRK01', role.staff);
  boss = await employee('BOS01', role.mgr);
  otherBoss = await employee('BOS02', role.mgr);
}, SLOW);
afterAll(() => t.close());

const row = (activityID: number, chkselect = true, extra: Row = {}) => ({ activityID, chkselect, ...extra });
const payload = (extra: Row = {}) => ({
  userid: admin.id, resourceId: worker, roleid: role.staff, reportingmanagerid: boss,
  actAccesslst: [row(act.A1), row(act.A2, false), row(act.B1)], ...extra,
});

describe('look-ups of the screen', () => {
  test('getresourceByroleId: active users holding the role, by name', async () => {
    const res = await call('getresourceByroleId', { roleid: role.mgr });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: boss, name: 'NameBOS01 Kumar' }, { id: otherBoss, name: 'NameBOS02 Kumar' }]);
    expect((await call('getresourceByroleId', { roleid: String(role.staff) })).json()).toEqual([{ id: worker, name: 'NameWRK01 Kumar' }]);
    expect((await call('getresourceByroleId', {})).json()).toEqual([]);
    expect((await call('getresourceByroleId', { roleid: 987654 })).json()).toEqual([]);
  }, SLOW);

  test("getCheckboxes: the role's flags; getusergroup: the active groups", async () => {
    expect((await call('getCheckboxes', { roleid: role.staff })).json()).toEqual({
      add: true, edit: true, view: true, delete: false, approve: false, microbe: true, toprole: false,
    });
    expect((await call('getCheckboxes', { roleid: role.admin })).json()).toEqual({
      add: true, edit: true, view: true, delete: true, approve: true, microbe: true, toprole: true,
    });
    const missing = await call('getCheckboxes', {});
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Please Check Workflow Role']);
    expect((await call('getCheckboxes', { roleid: 987654 })).statusCode).toBe(404);
    const groups = (await call('getusergroup', {})).json();
    expect(groups).toEqual([
      { usergroupid: expect.any(Number), usergroup: 'Administrators' },
      { usergroupid: expect.any(Number), usergroup: 'Laboratory Staff' },
    ]);
  }, SLOW);

  test('getUsractById before any grant: every active activity type, none ticked', async () => {
    const res = await call('getUsractById', { userid: worker });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ userid: worker, resourceId: worker, roleid: role.staff, rolename: 'Lab Staff', name: 'NameWRK01 Kumar', reportingmanagerid: 0 });
    expect(a.actAccesslst.map((x: Row) => x.shortname)).toEqual(['A1', 'A2', 'B1']);
    for (const x of a.actAccesslst) expect(x).toMatchObject({ chkselect: false, add: false, edit: false, view: false, delete: false, microbe: false, toprole: false });
    expect((await call('getUsractById', { trnid: worker })).json()).toEqual(a);
    expect((await call('getUsractById', { id: String(worker) })).json()).toEqual(a);
    expect((await call('getUsractById', { userid: 987654 })).statusCode).toBe(404);
    expect((await call('getUsractById', {})).statusCode).toBe(400);
  }, SLOW);
});

describe('save', () => {
  test('validation in the spec order: workflow role, resource, at least one activity; nothing stored', async () => {
    const before = await t.handle.db.selectFrom('user_activity_access').selectAll().execute();
    const audits = (await t.handle.db.selectFrom('audit_log').select('id').execute()).length;
    const cases: Array<[Row, string]> = [
      [{ roleid: undefined, resourceId: undefined, userid: undefined, actAccesslst: [] }, 'Please Check Workflow Role'],
      [{ roleid: 0 }, 'Please Check Workflow Role'],
      [{ roleid: 'abc' }, 'Please Check Workflow Role'],
      [{ roleid: 987654 }, 'Please Check Workflow Role'],
      [{ resourceId: undefined, userid: undefined, actAccesslst: [] }, 'Please select Resource'],
      [{ resourceId: 987654 }, 'Please select Resource'],
      [{ resourceId: '' , userid: null }, 'Please select Resource'],
      // the role is the user's own (the selector is fixed): another role's flags cannot be granted
      [{ roleid: role.admin }, 'Please Check Workflow Role'],
      [{ actAccesslst: [] }, 'Please select atleast one Activity'],
      [{ actAccesslst: [row(act.A1, false), row(act.A2, 'false' as never)] }, 'Please select atleast one Activity'],
      [{ actAccesslst: null }, 'Please select atleast one Activity'],
      [{ actAccesslst: undefined }, 'Please select atleast one Activity'],
      [{ actAccesslst: [row(act.OFF)] }, `Activity ${act.OFF} does not exist or is inactive.`],
      [{ actAccesslst: [row(987654)] }, 'Activity 987654 does not exist or is inactive.'],
      [{ reportingmanagerid: worker }, 'A user cannot be their own reporting manager.'],
      [{ reportingmanagerid: 987654 }, 'The reporting manager must be an active user.'],
    ];
    for (const [patch, message] of cases) {
      const res = await call('saveUserActivityAceess', payload(patch));
      expect({ patch, status: res.statusCode, message: res.json().message }).toEqual({ patch, status: 400, message });
    }
    expect(await t.handle.db.selectFrom('user_activity_access').selectAll().execute()).toEqual(before);
    expect((await t.handle.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
  }, SLOW);

  test("save and read back: the ticked activities with the role's flags (never the payload's), the manager set, audited", async () => {
    const res = await call('saveUserActivityAceess', payload({
      actAccesslst: [row(act.A1, true, { delete: true, approve: true, toprole: true }), row(act.A2, false), row(act.B1, 'true' as never), row(act.A1)],
    }));
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'Success', message: 'Record Saved Successfully!', version: expect.any(Number) }]);

    const a = (await call('getUsractById', { userid: worker })).json();
    expect(a).toMatchObject({ userid: worker, resourceId: worker, roleid: role.staff, reportingmanagerid: boss });
    const staffFlags = { add: true, edit: true, view: true, delete: false, microbe: true, toprole: false };
    expect(a.actAccesslst).toEqual([
      { activityID: act.A1, activityname: 'Activity A1', shortname: 'A1', sequence: 1, activitylevel: 'Level 1', chkselect: true, roleid: role.staff, resourceID: worker, reportingmanagerid: boss, ...staffFlags },
      { activityID: act.A2, activityname: 'Activity A2', shortname: 'A2', sequence: 2, activitylevel: 'Level 1', chkselect: false, roleid: role.staff, resourceID: worker, reportingmanagerid: boss, add: false, edit: false, view: false, delete: false, microbe: false, toprole: false },
      { activityID: act.B1, activityname: 'Activity B1', shortname: 'B1', sequence: 1, activitylevel: 'Level 2', chkselect: true, roleid: role.staff, resourceID: worker, reportingmanagerid: boss, ...staffFlags },
    ]);
    const user = await t.handle.db.selectFrom('app_user').select(['reporting_manager_id', 'version']).where('id', '=', worker).executeTakeFirstOrThrow();
    expect(user).toEqual({ reporting_manager_id: boss, version: 2 });
    // the employee form shows the manager too
    expect((await call('getEmployeedByid', { trnid: worker })).json().reportingmanagerid).toBe(boss);

    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'userAccess.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'user', entity_id: String(worker), user_id: admin.id });
    expect(audit.before).toEqual({ activities: [], reportingmanagerid: null });
    expect(audit.after).toMatchObject({ activities: [act.A1, act.B1].sort((x, y) => x - y), reportingmanagerid: boss, roleid: role.staff });
  }, SLOW);

  test('a save replaces the access; the manager may change, be kept (absent) or be cleared (0)', async () => {
    const res = await call('saveUserActivityAceess', payload({ reportingmanagerid: otherBoss, actAccesslst: [row(act.A2), row(act.B1)] }));
    expect(res.json().status).toBe('Success');
    let a = (await call('getUsractById', { userid: worker })).json();
    expect(a.actAccesslst.filter((x: Row) => x.chkselect).map((x: Row) => x.shortname)).toEqual(['A2', 'B1']);
    expect(a.reportingmanagerid).toBe(otherBoss);
    expect(await t.handle.db.selectFrom('user_activity_access').select('activity_type_id').where('user_id', '=', worker).execute()).toHaveLength(2);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'userAccess.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ activities: [act.A1, act.B1].sort((x, y) => x - y), reportingmanagerid: boss });

    // legacy screens may name the employee only as userid
    const { reportingmanagerid: _m, resourceId: _r, ...rest } = payload({ userid: worker, actAccesslst: [row(act.A1)] });
    expect((await call('saveUserActivityAceess', rest)).json().status).toBe('Success');
    a = (await call('getUsractById', { userid: worker })).json();
    expect([a.reportingmanagerid, a.actAccesslst.filter((x: Row) => x.chkselect).map((x: Row) => x.shortname)]).toEqual([otherBoss, ['A1']]);

    expect((await call('saveUserActivityAceess', payload({ reportingmanagerid: 0, actAccesslst: [row(act.A1), row(act.A2)] }))).json().status).toBe('Success');
    expect((await call('getUsractById', { userid: worker })).json().reportingmanagerid).toBe(0);
  }, SLOW);

  test('activitiesAccessibleTo: the granted active activities of an active user, in screen order', async () => {
    const db = t.handle.db;
    const list = await activitiesAccessibleTo(db, worker);
    expect(list).toEqual([
      expect.objectContaining({ activityId: act.A1, shortname: 'A1', activityName: 'Activity A1', level: 'Level 1', sequence: 1, roleId: role.staff }),
      expect.objectContaining({ activityId: act.A2, shortname: 'A2', level: 'Level 1', sequence: 2 }),
    ]);
    expect(list[0].flags).toEqual({ add: true, edit: true, view: true, delete: false, microbe: true, toprole: false });
    expect(await activitiesAccessibleTo(db, worker, { level: 'Level 2' })).toEqual([]);
    expect(await accessToActivity(db, worker, act.A2)).toMatchObject({ add: true, delete: false });
    expect(await accessToActivity(db, worker, act.B1)).toBeUndefined();
    expect(await activitiesAccessibleTo(db, boss)).toEqual([]);

    // a deactivated activity type drops out; so does everything of a deactivated user
    expect((await call('activitydelstatus', { id: act.A2, activeStatus: 'N' })).json().status).toBe('Success');
    expect((await activitiesAccessibleTo(db, worker)).map((x) => x.shortname)).toEqual(['A1']);
    expect((await call('getUsractById', { userid: worker })).json().actAccesslst.map((x: Row) => x.shortname)).toEqual(['A1', 'B1']);
    expect((await call('activitydelstatus', { id: act.A2, activeStatus: 'Y' })).json().status1).toBe('Success2');
    expect((await call('Employeechangedeletstatus', { id: worker, activeStatus: 'N' })).json().status).toBe('Success');
    expect(await activitiesAccessibleTo(db, worker)).toEqual([]);
    expect((await call('getresourceByroleId', { roleid: role.staff })).json()).toEqual([]);
    expect((await call('Employeechangedeletstatus', { id: worker, activeStatus: 'Y' })).json().status).toBe('Success');
    expect(await activitiesAccessibleTo(db, worker)).toHaveLength(2);
  }, SLOW);

  test('the save accepts the bearer token alone, as the legacy client sends it (spec 000 section 7); the other headers are checked when sent', async () => {
    const bearerOnly = (body: unknown, s: Session = admin, more: Record<string, string> = {}) => t.app.inject({
      method: 'POST', url: '/api/master/saveUserActivityAceess', payload: body as object,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.accessToken}`, ...more },
    });
    const res = await bearerOnly(payload({ actAccesslst: [row(act.B1)] }));
    expect([res.statusCode, res.json().status]).toEqual([200, 'Success']);
    const granted = await t.handle.db.selectFrom('user_activity_access').select('activity_type_id').where('user_id', '=', worker).execute();
    expect(granted.map((x) => x.activity_type_id)).toEqual([act.B1]);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'userAccess.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect([audit.username, audit.after]).toEqual(['admin', expect.objectContaining({ activities: [act.B1] })]);

    // a Token or dbName header that is sent must still be right; nothing is stored then
    expect((await bearerOnly(payload(), admin, { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await bearerOnly(payload(), admin, { dbname: 'otherlab' })).statusCode).toBe(403);
    // the bearer token must name a live, full session: no token, a forged one, or a signed-out session is 401
    expect((await t.app.inject({ method: 'POST', url: '/api/master/saveUserActivityAceess', payload: payload() })).statusCode).toBe(401);
    expect((await bearerOnly(payload(), { ...admin, accessToken: `${admin.accessToken.slice(0, -2)}xx` })).statusCode).toBe(401);
    const other = (await t.post('/api/auth/signin', { username: 'admin', password: enc(ADMIN_PASSWORD) })).json();
    expect(other.message).toBe('SUCCESS');
    expect((await t.post('/api/auth/logout', {}, other)).statusCode).toBe(200);
    expect((await bearerOnly(payload(), other)).statusCode).toBe(401);
    expect((await t.handle.db.selectFrom('user_activity_access').select('activity_type_id').where('user_id', '=', worker).execute()).map((x) => x.activity_type_id)).toEqual([act.B1]);
    // every other call of the screen still needs all three headers
    const read = await t.app.inject({ method: 'POST', url: '/api/master/getUsractById', payload: { userid: worker }, headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(read.statusCode).toBe(401);
  }, SLOW);

  test("the save needs the 'edit' flag; the reads need 'view'", async () => {
    const r = await t.handle.db.insertInto('workflow_role').values({ shortname: 'AVIEW', role: 'Viewer', hierarchy: 70, can_view: true }).returning('id').executeTakeFirstOrThrow();
    await t.handle.db
      .insertInto('app_user')
      .values({ employee_code: 'AVIEW', first_name: 'V', username: 'aview', password_hash: await hashPassword('View@12345'), must_change_password: false, workflow_role_id: r.id, user_group_id: await allScreensGroupId(t) })
      .execute();
    const viewer = (await t.post('/api/auth/signin', { username: 'aview', password: enc('View@12345') })).json();
    expect(viewer.message).toBe('SUCCESS');
    for (const name of ['getresourceByroleId', 'getApproversForUser', 'getEmployeesWithoutApprover', 'getCheckboxes', 'getusergroup', 'getUsractById']) {
      expect({ name, status: (await call(name, { roleid: role.staff, userid: worker }, viewer)).statusCode }).toEqual({ name, status: 200 });
    }
    const res = await call('saveUserActivityAceess', payload(), viewer);
    expect([res.statusCode, res.json().message]).toEqual([403, "Your role does not allow this (it needs the 'edit' permission)."]);
    expect(Object.values(USER_ACCESS_ENDPOINTS).map((e) => [e.name, e.permission])).toEqual([
      ['getresourceByroleId', 'view'], ['getApproversForUser', 'view'], ['getEmployeesWithoutApprover', 'view'], ['getCheckboxes', 'view'],
      ['getusergroup', 'view'], ['getUsractById', 'view'], ['saveUserActivityAceess', 'edit'],
    ]);
  }, SLOW);
});

describe('no lost updates', () => {
  const accessRows = () => t.handle.db.selectFrom('user_activity_access').selectAll().where('user_id', '=', worker).orderBy('activity_type_id').execute();
  const saves = async () => (await t.handle.db.selectFrom('audit_log').select('id').where('action', '=', 'userAccess.save').execute()).length;

  test('a save sent with the version read answers the new one; a stale one answers 409 and changes nothing', async () => {
    const read = (await call('getUsractById', { userid: worker })).json();
    expect(read.version).toEqual(expect.any(Number));
    const fresh = await call('saveUserActivityAceess', payload({ version: read.version, reportingmanagerid: boss, actAccesslst: [row(act.A1), row(act.B1)] }));
    expect([fresh.statusCode, fresh.json()]).toEqual([200, { status: 'Success', message: 'Record Saved Successfully!', version: expect.any(Number) }]);
    const saved = fresh.json().version as number;
    expect(saved).toBeGreaterThan(read.version);
    expect((await call('getUsractById', { userid: worker })).json().version).toBe(saved);

    // a second administrator still holding the first read
    const rows = await accessRows();
    const audits = await saves();
    const stale = await call('saveUserActivityAceess', payload({ version: read.version, reportingmanagerid: otherBoss, actAccesslst: [row(act.A2)] }));
    expect([stale.statusCode, stale.json().message, stale.json().version]).toEqual([409, USER_ACCESS_MSG.stale, saved]);
    expect(await accessRows()).toEqual(rows);
    expect(await saves()).toBe(audits);
    expect((await t.handle.db.selectFrom('app_user').select('reporting_manager_id').where('id', '=', worker).executeTakeFirstOrThrow()).reporting_manager_id).toBe(boss);

    // a change of the employee record (its role or manager) since the read makes it stale too
    const now = (await call('getUsractById', { userid: worker })).json().version as number;
    await t.handle.db.updateTable('app_user').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', worker).execute();
    const afterEmployeeSave = await call('saveUserActivityAceess', payload({ version: now, actAccesslst: [row(act.A2)] }));
    expect([afterEmployeeSave.statusCode, afterEmployeeSave.json()]).toEqual([409, expect.objectContaining({ message: USER_ACCESS_MSG.stale, version: now + 1 })]);
    expect(await accessRows()).toEqual(rows);
    expect(await saves()).toBe(audits);

    // without a version (legacy clients) the save goes through
    const legacy = await call('saveUserActivityAceess', payload({ actAccesslst: [row(act.A1), row(act.A2)] }));
    expect([legacy.statusCode, legacy.json().version]).toEqual([200, now + 2]);
    expect(await saves()).toBe(audits + 1);
  }, SLOW);

  test('of two saves racing with the same version exactly one wins', async () => {
    const { version } = (await call('getUsractById', { userid: worker })).json();
    const audits = await saves();
    const answers = await Promise.all([
      call('saveUserActivityAceess', payload({ version, actAccesslst: [row(act.A1)] })),
      call('saveUserActivityAceess', payload({ version, actAccesslst: [row(act.B1)] })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await saves()).toBe(audits + 1);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect((await accessRows()).map((r) => r.activity_type_id)).toEqual([answers[0] === winner ? act.A1 : act.B1]);
  }, SLOW);
});

describe('reporting managers who can approve', () => {
  const names = (rows: Row[]) => rows.map((r) => r.id);

  test('getApproversForUser: the active users whose active role has Approve or Top Role, by name, without the user', async () => {
    const res = await call('getApproversForUser', { userid: String(worker) });
    expect(res.statusCode).toBe(200);
    const list: Row[] = res.json();
    expect(list).toEqual(expect.arrayContaining([
      { id: boss, name: 'NameBOS01 Kumar', rolename: 'Reporting Manager' },
      { id: otherBoss, name: 'NameBOS02 Kumar', rolename: 'Reporting Manager' },
      expect.objectContaining({ id: admin.id, rolename: 'Administrator' }),
    ]));
    expect(names(list)).not.toContain(worker);
    // every one of them may approve, by the role table itself
    const roles = await t.handle.db.selectFrom('app_user as u').innerJoin('workflow_role as r', 'r.id', 'u.workflow_role_id')
      .select(['u.id', 'u.active', 'r.active as role_active', 'r.can_approve', 'r.is_toprole']).where('u.id', 'in', names(list) as number[]).execute();
    for (const r of roles) expect(r.active === 'Y' && r.role_active === 'Y' && (r.can_approve || r.is_toprole)).toBe(true);
    const sorted = [...list].sort((a, b) => String(a.name).toLowerCase().localeCompare(String(b.name).toLowerCase()));
    expect(list.map((x) => x.name)).toEqual(sorted.map((x) => x.name));
    // the user is left out of their own list; a same-role colleague who cannot approve is never offered
    expect(names((await call('getApproversForUser', { userid: boss })).json())).not.toContain(boss);
    const colleague = await employee('WRK02', role.staff);
    expect(names((await call('getApproversForUser', { userid: worker })).json())).not.toContain(colleague);
    // getresourceByroleId answers as before: the users of one role
    expect(names((await call('getresourceByroleId', { roleid: role.staff })).json())).toEqual(expect.arrayContaining([worker, colleague]));
    for (const bad of [{ userid: 'abc' }, { userid: -3 }]) expect((await call('getApproversForUser', bad)).statusCode).toBe(400);
  }, SLOW);

  test('getEmployeesWithoutApprover: employees with activities and no manager, an inactive one, or one who cannot approve', async () => {
    const lonely = await employee('APW01', role.staff);
    const peer = await employee('APC01', role.staff);
    const chief = await employee('APB01', role.mgr);
    const idle = await employee('APN01', role.staff);
    const grant = (user: number, reportingmanagerid: number) =>
      call('saveUserActivityAceess', { userid: admin.id, resourceId: user, roleid: role.staff, reportingmanagerid, actAccesslst: [row(act.A1)] });
    const problems = async () => ((await call('getEmployeesWithoutApprover', {})).json() as Row[]).filter((r) => [lonely, peer, chief, idle].includes(r.resourceID as number));

    expect((await grant(lonely, 0)).json().status).toBe('Success');
    expect((await grant(peer, chief)).json().status).toBe('Success');
    // idle has no activities: never listed, whatever its manager
    expect(await problems()).toEqual([
      { resourceID: lonely, employeecode: 'APW01', name: 'NameAPW01 Kumar', reportingmanagerid: 0, reportingmanager: '', problem: 'none' },
    ]);
    // a colleague of the same role cannot approve
    expect((await grant(lonely, peer)).json().status).toBe('Success');
    expect(await problems()).toEqual([
      { resourceID: lonely, employeecode: 'APW01', name: 'NameAPW01 Kumar', reportingmanagerid: peer, reportingmanager: 'NameAPC01 Kumar', problem: 'cannotApprove' },
    ]);
    // the manager leaves: both who reported to them are listed
    expect((await grant(lonely, chief)).json().status).toBe('Success');
    expect(await problems()).toEqual([]);
    expect((await call('Employeechangedeletstatus', { id: chief, activeStatus: 'N' })).json().status).toBe('Success');
    expect((await problems()).map((r) => [r.employeecode, r.problem, r.reportingmanager])).toEqual([
      ['APC01', 'inactive', 'NameAPB01 Kumar'], ['APW01', 'inactive', 'NameAPB01 Kumar'],
    ]);
    expect((await call('Employeechangedeletstatus', { id: chief, activeStatus: 'Y' })).json().status).toBe('Success');
    // the manager's role loses Approve
    await t.handle.db.updateTable('workflow_role').set({ can_approve: false }).where('id', '=', role.mgr).execute();
    try {
      expect((await problems()).map((r) => r.problem)).toEqual(['cannotApprove', 'cannotApprove']);
    } finally {
      await t.handle.db.updateTable('workflow_role').set({ can_approve: true }).where('id', '=', role.mgr).execute();
    }
    expect(await problems()).toEqual([]);
  }, SLOW);

  test("getUsractById names the current reporting manager", async () => {
    const a = (await call('getUsractById', { userid: worker })).json();
    expect(a.reportingmanagername).toBe(a.reportingmanagerid === boss ? 'NameBOS01 Kumar' : a.reportingmanagerid === otherBoss ? 'NameBOS02 Kumar' : '');
    expect((await call('saveUserActivityAceess', payload({ reportingmanagerid: otherBoss, actAccesslst: [row(act.A1)] }))).json().status).toBe('Success');
    expect((await call('getUsractById', { userid: worker })).json()).toMatchObject({ reportingmanagerid: otherBoss, reportingmanagername: 'NameBOS02 Kumar' });
  }, SLOW);
});
