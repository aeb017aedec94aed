import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { AUTH_ENDPOINTS, MASTER_ENDPOINTS, USER_ENDPOINTS, EMPLOYEE_ENDPOINTS } from '../../../../shared/contract/endpoints';
import { EMPLOYEE_MSG, RESOURCE_MSG, employee } from '../../../../shared/resources';
import { validateResource } from '../../../../shared/validation';

/** PGlite and argon2id are slow on a busy machine: generous limits (the budgets are checked by benchmarks). */
const SLOW = 60_000;

/** Employees (users): the user master form, the employee list and the status change (spec 000 sections 2-9). */
let t: TestApp;
let admin: LoginResponse;
type Session = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
type Row = Record<string, unknown>;
const ids = { dept: 0, dept2: 0, desig: 0, staff: 0, mgr: 0, group: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  const db = t.handle.db;
  ids.dept = (await db.selectFrom('department').select('id').where('code', '=', 'MICRO').executeTakeFirstOrThrow()).id;
  ids.dept2 = (await db.selectFrom('department').select('id').where('code', '=', 'SOIL').executeTakeFirstOrThrow()).id;
  ids.desig = (await db.selectFrom('designation').select('id').where('code', '=', 'SCI').executeTakeFirstOrThrow()).id;
  ids.staff = (await db.selectFrom('workflow_role').select('id').where('shortname', '=', 'STAFF').executeTakeFirstOrThrow()).id;
  ids.mgr = (await db.selectFrom('workflow_role').select('id').where('shortname', '=', 'MGR').executeTakeFirstOrThrow()).id;
  ids.group = (await db.selectFrom('user_group').select('id').where('name', '=', 'Laboratory Staff').executeTakeFirstOrThrow()).id;
}, SLOW);
afterAll(() => t.close());

const call = (name: string, body: unknown, s: Session = admin) => t.post(`/api/master/${name}`, body, s);
const E = employee.endpoints;
const save = (body: unknown, s?: Session) => call(E.save, body, s);

const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.handle.db)).rows[0].n);
const auditCount = async (action?: string) => {
  let q = t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n'));
  if (action) q = q.where('action', '=', action);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** A valid user master payload; `n` makes code and user name unique. */
function body(n: string, extra: Row = {}): Row {
  return {
    employeecode: n, salutation: 'Ms.', gender: 'Female', firstname: 'Asha', middlename: 'K', lastname: `Rao ${n}`,
    address: '12 Lab Road', mobile1: enc('9876543210'), email: `user.${n.toLowerCase()}@lab.example.org`,
    tbdepartment: ids.dept, tbdesignation: ids.desig, tbband: ids.staff, selfaccessforuser: `user_${n.toLowerCase()}`,
    usergroupid: ids.group, selfactive: 'Y', userID: 999, ...extra,
  };
}

async function create(n: string, extra: Row = {}) {
  const res = await save(body(n, extra));
  expect({ n, status: res.statusCode, body: res.json() }).toEqual({
    n, status: 200, body: { status: 'Success', message: 'Record Saved Successfully!', id: expect.any(Number), initialPassword: expect.any(String) },
  });
  return res.json() as { id: number; initialPassword: string };
}

const signin = (username: string, password: string) => t.post('/api/auth/signin', { username, password: enc(password) });
const checklogin = (s: Session) => t.post('/api/transaction/checklogin', { accessToken: s.accessToken }, s);

describe('create', () => {
  test('answers the id and a one-time initial password; only an argon2id hash is stored; the first sign-in is First Login', async () => {
    const users = await count('app_user');
    const res = await create('NEW01');
    expect(res.initialPassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(res.initialPassword).toMatch(/[A-Z]/);
    expect(res.initialPassword).toMatch(/[a-z]/);
    expect(res.initialPassword).toMatch(/[2-9]/);
    expect(await count('app_user')).toBe(users + 1);
    const row = await t.handle.db.selectFrom('app_user').selectAll().where('id', '=', res.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(res.initialPassword);
    expect(row).toMatchObject({
      employee_code: 'NEW01', salutation: 'Ms.', gender: 'Female', first_name: 'Asha', middle_name: 'K', last_name: 'Rao NEW01',
      mobile: '9876543210', email: 'user.new01@lab.example.org', department_id: ids.dept, designation_id: ids.desig,
      workflow_role_id: ids.staff, user_group_id: ids.group, username: 'user_new01', must_change_password: true, active: 'Y', version: 1,
      reporting_manager_id: null,
    });

    const first = (await signin('user_new01', res.initialPassword)).json();
    expect(first).toMatchObject({ message: 'First Login', id: res.id, username: 'user_new01' });
    // two new users never get the same password
    expect((await create('NEW02')).initialPassword).not.toBe(res.initialPassword);
  }, SLOW);

  test('the password hash and the initial password never appear in any answer or in the audit trail', async () => {
    const res = await create('NEW03');
    const answers = [
      (await call(E.byId, { trnid: res.id })).body,
      (await call(E.list, { pageno: 1 })).body,
      (await call(E.search, { searchText: 'NEW03' })).body,
    ];
    for (const a of answers) {
      expect(a).not.toMatch(/argon2|password/i);
      expect(a).not.toContain(res.initialPassword);
    }
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.create').where('entity_id', '=', String(res.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'user', username: 'admin', user_id: admin.id, before: null });
    expect(audit.after).toMatchObject({ resourceID: res.id, employeecode: 'NEW03', selfaccessforuser: 'user_new03', mobile: '9876543210', selfactive: 'Y', version: 1 });
    const trail = JSON.stringify(await t.handle.db.selectFrom('audit_log').select(['before', 'after', 'reason']).execute());
    expect(trail).not.toMatch(/\$argon2/);
    expect(trail).not.toContain(res.initialPassword);
  }, SLOW);
});

describe('validation', () => {
  test('each rule in the spec order, with the spec texts; nothing stored or audited', async () => {
    const users = await count('app_user');
    const audits = await auditCount();
    const cases: Array<[Row, string]> = [
      [{}, EMPLOYEE_MSG.code],
      [{ employeecode: '  ' }, 'Please Enter Employee Code!'],
      // a bad code and a bad mobile: the code comes first
      [{ employeecode: '', mobile1: enc('12345') }, 'Please Enter Employee Code!'],
      [{ salutation: '' }, 'Please Select Salutation!'],
      [{ salutation: 'Dr.', gender: 'X', mobile1: enc('1') }, 'Please Select Salutation!'],
      [{ gender: undefined }, 'Please Select Gender!'],
      [{ gender: 'Other', firstname: '' }, 'Please Select Gender!'],
      [{ firstname: '' }, 'Please Enter First Name!'],
      [{ firstname: 'A', email: 'bad' }, 'Please Enter First Name!'],
      [{ firstname: ' B ' }, 'Please Enter First Name!'],
      [{ mobile1: enc('5876543210') }, 'Please Enter Valid Mobile No!'],
      [{ mobile1: enc('98765 4321') }, 'Please Enter Valid Mobile No!'],
      [{ mobile1: enc('98765432101') }, 'Please Enter Valid Mobile No!'],
      [{ mobile1: undefined, mobile: '' }, 'Please Enter Valid Mobile No!'],
      [{ mobile1: undefined, mobile: '123' }, 'Please Enter Valid Mobile No!'],
      [{ mobile1: enc('6123'), tbdepartment: 0 }, 'Please Enter Valid Mobile No!'],
      [{ email: '' }, 'Please Enter Valid Email ID!'],
      [{ email: 'Upper@lab.org' }, 'Please Enter Valid Email ID!'],
      [{ email: 'a@lab.o' }, 'Please Enter Valid Email ID!'],
      [{ email: 'a.lab.org', tbdepartment: '' }, 'Please Enter Valid Email ID!'],
      [{ tbdepartment: undefined }, 'Please Select Department!'],
      [{ tbdepartment: 0, selfaccessforuser: '' }, 'Please Select Department!'],
      [{ tbdepartment: '0' }, 'Please Select Department!'],
      [{ tbdepartment: 'abc' }, 'Please Select Department!'],
      [{ selfaccessforuser: '' }, 'Please Enter Self User Name!'],
      [{ selfaccessforuser: null }, 'Please Enter Self User Name!'],
      // limits: code 7, names 20, address 500, mobile 10
      [{ employeecode: 'ABCDEFGH' }, 'Employee Code must be at most 7 characters.'],
      [{ firstname: 'x'.repeat(21) }, 'First Name must be at most 20 characters.'],
      [{ middlename: 'x'.repeat(21) }, 'Middle Name must be at most 20 characters.'],
      [{ lastname: 'x'.repeat(21) }, 'Last Name must be at most 20 characters.'],
      [{ address: 'x'.repeat(501) }, 'Address must be at most 500 characters.'],
      [{ selfaccessforuser: 'two words' }, 'User Name must not contain spaces.'],
      [{ selfaccessforuser: 'u'.repeat(51) }, 'User Name must be at most 50 characters.'],
      [{ tbdepartment: 987654 }, 'The selected Department does not exist or is inactive.'],
      [{ tbdesignation: 987654 }, 'The selected Designation does not exist or is inactive.'],
      [{ tbband: 987654 }, 'The selected Workflow Role does not exist or is inactive.'],
      [{ usergroupid: 987654 }, 'The selected User Group does not exist or is inactive.'],
      [{ reportingmanagerid: 987654 }, EMPLOYEE_MSG.manager],
    ];
    for (const [patch, message] of cases) {
      const payload = Object.keys(patch).length === 0 ? {} : body('VAL01', patch);
      const res = await save(payload);
      expect({ patch, status: res.statusCode, message: res.json().message }).toEqual({ patch, status: 400, message });
    }
    // exactly at the limits is fine
    const ok = await save(body('VAL7890', { firstname: 'f'.repeat(20), middlename: 'm'.repeat(20), lastname: 'l'.repeat(20), address: 'a'.repeat(500) }));
    expect(ok.json().status).toBe('Success');
    expect(await count('app_user')).toBe(users + 1);
    expect(await auditCount()).toBe(audits + 1);
  }, SLOW);

  test('the shared schema reports the same (the client form validates with it)', () => {
    expect(validateResource(employee, {})).toMatchObject({ ok: false, message: 'Please Enter Employee Code!', field: 'employeecode' });
    expect(validateResource(employee, { employeecode: 'E1', salutation: 'Mr.', gender: 'Male', firstname: 'Ravi', mobile: '9000000000', email: 'ravi@lab.in', tbdepartment: 3 }))
      .toMatchObject({ ok: false, message: 'Please Enter Self User Name!' });
    const good = validateResource(employee, {
      employeecode: ' E1 ', salutation: 'Mr.', gender: 'Male', firstname: 'Ravi', mobile: '9000000000', email: 'ravi@lab.in', tbdepartment: '3',
      tbdesignation: 0, selfaccessforuser: 'ravi',
    });
    expect(good).toMatchObject({ ok: true, values: { employeecode: 'E1', tbdepartment: 3, tbdesignation: null, reportingmanagerid: null } });
  }, SLOW);

  test('mobile1 is decoded with the transport key and wins over a plain mobile; a bad cipher is a clear 400', async () => {
    const res = await save(body('MOB01', { mobile: '7000000000', mobile1: enc('8123456789') }));
    expect(res.json().status).toBe('Success');
    expect((await call(E.byId, { trnid: res.json().id })).json().mobile).toBe('8123456789');
    const plain = await save(body('MOB02', { mobile1: undefined, mobile: '7000000000' }));
    expect((await call(E.byId, { trnid: plain.json().id })).json().mobile).toBe('7000000000');

    const users = await count('app_user');
    for (const mobile1 of ['not base64 !!', 'QUJDREVGR0g=', Buffer.alloc(16, 7).toString('base64'), 9876543210]) {
      const bad = await save(body('MOB03', { mobile1 }));
      expect({ mobile1, status: bad.statusCode, message: bad.json().message }).toEqual({
        mobile1, status: 400, message: 'The mobile number could not be read. Please reload the page and try again.',
      });
    }
    expect(await count('app_user')).toBe(users);
  }, SLOW);

  test('a duplicate employee code or user name (any case) gets the legacy answer; nothing stored or audited', async () => {
    await create('DUP01');
    const users = await count('app_user');
    const audits = await auditCount();
    const code = await save(body('dup01', { selfaccessforuser: 'someone_else' }));
    expect([code.statusCode, code.json()]).toEqual([200, { status: 'Failed', status1: 'Success1', rescoremessage: 'This Employee Code Is Already Present!' }]);
    const name = await save(body('DUP02', { selfaccessforuser: 'USER_DUP01' }));
    expect(name.json()).toEqual({ status: 'Failed', status1: 'Success1', rescoremessage: 'User Name Already Exists!' });
    // both taken: the code is reported (form order)
    expect((await save(body('DUP01'))).json().rescoremessage).toBe('This Employee Code Is Already Present!');
    // renaming another user to a taken name is refused too
    const other = await create('DUP03');
    const byId = (await call(E.byId, { trnid: other.id })).json();
    const rename = await save({ ...byId, selfaccessforuser: 'user_dup01', mobile1: enc('9876543210') });
    expect(rename.json().rescoremessage).toBe('User Name Already Exists!');
    expect(await count('app_user')).toBe(users + 1);
    expect(await auditCount()).toBe(audits + 1);
  }, SLOW);
});

describe('list, search, by id', () => {
  const created: number[] = [];
  beforeAll(async () => {
    // out of order and mixed case, so that the order is the server's
    for (const i of [5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6]) {
      const code = `${i % 2 ? 'LQ' : 'lq'}${String(i).padStart(2, '0')}`;
      created.push((await create(code, { firstname: `First${i}`, selfaccessforuser: `lister${i}` })).id);
    }
  }, SLOW);

  test('ten rows a page in the legacy row shape, srno and totalItems, ordered by code (case-insensitive)', async () => {
    const total = await count('app_user');
    const p1: Row[] = (await call(E.list, { pageno: 1, userID: 1 })).json();
    const p2: Row[] = (await call(E.list, { pageno: '2', userID: 1 })).json();
    expect(p1).toHaveLength(10);
    expect(p1.map((x) => x.srno)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p2[0].srno).toBe(11);
    for (const row of [...p1, ...p2]) {
      expect(Object.keys(row).sort()).toEqual(['activeStatus', 'employeecode', 'firstname', 'lastname', 'middlename', 'msg', 'resourceID', 'srno', 'totalItems'].sort());
      expect(row.totalItems).toBe(total);
    }
    const all: Row[] = [];
    for (let page = 1; ; page++) {
      const batch: Row[] = (await call(E.list, { pageno: page })).json();
      all.push(...batch);
      if (batch.length < 10) break;
    }
    expect(all).toHaveLength(total);
    const key = (x: Row) => String(x.employeecode).toLowerCase();
    expect(all.map(key)).toEqual([...all.map(key)].sort());
    const mine = all.filter((x) => created.includes(x.resourceID as number));
    expect(mine.map((x) => x.employeecode)).toEqual(Array.from({ length: 12 }, (_, i) => `${i % 2 ? 'LQ' : 'lq'}${String(i).padStart(2, '0')}`));
    expect(mine[0]).toMatchObject({ firstname: 'First0', middlename: 'K', lastname: 'Rao lq00', msg: 'Active', activeStatus: 'Y' });
    expect((await call(E.list, { pageno: 1000 })).json()).toEqual([]);
  }, SLOW);

  test('search over code, names and user name; paging and totals; blank text refused', async () => {
    const hit: Row[] = (await call(E.search, { searchText: ' lq07 ', pageno: 1, userID: 1 })).json();
    expect(hit).toEqual([expect.objectContaining({ resourceID: created[8], employeecode: 'LQ07', srno: 1, totalItems: 1 })]);
    expect((await call(E.search, { searchText: 'first1', pageno: 1 })).json().map((x: Row) => x.employeecode)).toEqual(['LQ01', 'lq10', 'LQ11']);
    expect((await call(E.search, { searchText: 'LISTER9' })).json().map((x: Row) => x.employeecode)).toEqual(['LQ09']);
    const p2: Row[] = (await call(E.search, { searchText: 'lq', pageno: 2 })).json();
    expect(p2.map((x) => x.srno)).toEqual([11, 12]);
    expect(p2[0].totalItems).toBe(12);
    expect((await call(E.search, { searchText: '%' })).json()).toEqual([]);
    for (const searchText of ['', '   ', undefined, null]) {
      const res = await call(E.search, { searchText, pageno: 1 });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please Enter Some Text To Search!']);
    }
  }, SLOW);

  test('by id (trnid or id): every user field in legacy names, with role name and version; never the hash', async () => {
    const id = created[0];
    const res = await call(E.byId, { trnid: id });
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(Object.keys(row).sort()).toEqual([
      'resourceID', 'employeecode', 'salutation', 'gender', 'firstname', 'middlename', 'lastname', 'address', 'mobile', 'email',
      'tbdepartment', 'tbdesignation', 'tbband', 'selfaccessforuser', 'usergroupid', 'reportingmanagerid', 'roleid', 'rolename', 'msg',
      'activeStatus', 'selfactive', 'version',
    ].sort());
    expect(row).toMatchObject({
      resourceID: id, employeecode: 'LQ05', salutation: 'Ms.', gender: 'Female', firstname: 'First5', middlename: 'K', lastname: 'Rao LQ05',
      address: '12 Lab Road', mobile: '9876543210', email: 'user.lq05@lab.example.org', tbdepartment: ids.dept, tbdesignation: ids.desig,
      tbband: ids.staff, roleid: ids.staff, rolename: 'Lab Staff', selfaccessforuser: 'lister5', usergroupid: ids.group, selfactive: 'Y',
      reportingmanagerid: null, version: 1,
    });
    expect((await call(E.byId, { id: String(id) })).json()).toEqual(row);
    const missing = await call(E.byId, { trnid: 987654 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no Employee with id 987654.']);
    expect((await call(E.byId, {})).statusCode).toBe(400);
  }, SLOW);
});

describe('update', () => {
  test('saved with the version, audited before/after; stale version 409; the password is untouched', async () => {
    const u = await create('UPD01');
    const hash = (await t.handle.db.selectFrom('app_user').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow()).password_hash;
    const row = (await call(E.byId, { trnid: u.id })).json();
    const res = await save({ ...row, lastname: 'Renamed', tbdepartment: ids.dept2, mobile1: enc('9000000001') });
    expect(res.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!', id: u.id });
    const after = (await call(E.byId, { trnid: u.id })).json();
    expect(after).toMatchObject({ lastname: 'Renamed', tbdepartment: ids.dept2, mobile: '9000000001', version: 2 });
    const db = await t.handle.db.selectFrom('app_user').select(['password_hash', 'must_change_password']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(db).toEqual({ password_hash: hash, must_change_password: true });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'user', entity_id: String(u.id) });
    expect(audit.before).toMatchObject({ lastname: 'Rao UPD01', version: 1 });
    expect(audit.after).toMatchObject({ lastname: 'Renamed', version: 2 });

    // the form sends the id as resourceID; a stale version changes nothing
    const stale = await save({ ...row, lastname: 'Stale', mobile1: enc('9000000001') });
    expect([stale.statusCode, stale.json().message]).toEqual([409, RESOURCE_MSG.stale]);
    expect((await call(E.byId, { trnid: u.id })).json()).toMatchObject({ lastname: 'Renamed', version: 2 });
    const missing = await save({ ...body('UPD02'), resourceID: 987654 });
    expect(missing.statusCode).toBe(404);
  }, SLOW);

  test('reporting manager: an active user, never oneself; a form that leaves it out keeps it', async () => {
    const boss = await create('BOSS1', { tbband: ids.mgr });
    const u = await create('REP01');
    const row = (await call(E.byId, { trnid: u.id })).json();
    const set = await save({ ...row, reportingmanagerid: boss.id, mobile1: enc('9876543210') });
    expect(set.json().status).toBe('Success');
    let now = (await call(E.byId, { trnid: u.id })).json();
    expect(now.reportingmanagerid).toBe(boss.id);
    const { reportingmanagerid: _omit, ...withoutManager } = now;
    expect((await save({ ...withoutManager, firstname: 'Kept', mobile1: enc('9876543210') })).json().status).toBe('Success');
    now = (await call(E.byId, { trnid: u.id })).json();
    expect(now).toMatchObject({ firstname: 'Kept', reportingmanagerid: boss.id });

    const self = await save({ ...now, reportingmanagerid: u.id, mobile1: enc('9876543210') });
    expect([self.statusCode, self.json().message]).toEqual([400, 'A user cannot be their own reporting manager.']);
    expect((await call(E.status, { id: boss.id, activeStatus: 'N' })).json().status).toBe('Success');
    // an unchanged manager who was deactivated since does not block other edits; choosing an inactive one does
    expect((await save({ ...now, lastname: 'Still', mobile1: enc('9876543210') })).json().status).toBe('Success');
    now = (await call(E.byId, { trnid: u.id })).json();
    const other = await create('REP02');
    const otherRow: Row = (await call(E.byId, { trnid: other.id })).json();
    const inactive = await save({ ...otherRow, reportingmanagerid: boss.id, mobile1: enc('9876543210') });
    expect([inactive.statusCode, inactive.json().message]).toEqual([400, 'The reporting manager must be an active user.']);
    // 0 clears it
    expect((await save({ ...now, reportingmanagerid: 0, mobile1: enc('9876543210') })).json().status).toBe('Success');
    expect((await call(E.byId, { trnid: u.id })).json().reportingmanagerid).toBeNull();
  }, SLOW);
});

describe('status', () => {
  test('deactivation ends the live sessions and refuses sign-in; reactivation lets the user sign in again', async () => {
    const u = await create('STA01');
    const s = await signInFully(t, 'user_sta01', u.initialPassword, 'Status-Soil-Lab-2026');
    expect((await checklogin(s)).statusCode).toBe(200);

    const off = await call(E.status, { id: u.id, activeStatus: 'N', userID: 1 });
    expect(off.json()).toEqual({ status: 'Success', message: 'Record Deleted Successfully!' });
    const cl = await checklogin(s);
    expect([cl.statusCode, cl.json().message]).toEqual([401, 'login again']);
    expect((await signin('user_sta01', 'Status-Soil-Lab-2026')).json()).toEqual({ message: 'Please Contact Administrator' });
    const revoked = await t.handle.db.selectFrom('session').select(['revoked_at', 'revoked_reason']).where('user_id', '=', u.id).execute();
    expect(revoked.length).toBeGreaterThan(0);
    for (const r of revoked) expect(r.revoked_at).not.toBeNull();
    expect(revoked.map((r) => r.revoked_reason)).toContain('user deactivated');
    const listed: Row[] = (await call(E.search, { searchText: 'STA01' })).json();
    expect(listed[0]).toMatchObject({ msg: 'Inactive', activeStatus: 'N' });
    // version: 1 at creation, 2 after the first-login password change, 3 after the deactivation
    expect((await call(E.byId, { trnid: u.id })).json()).toMatchObject({ selfactive: 'N', activeStatus: 'N', msg: 'Inactive', version: 3 });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.deactivate').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'user', entity_id: String(u.id), user_id: admin.id, reason: 'user deactivated; 1 live session ended' });
    expect(audit.before).toMatchObject({ selfactive: 'Y' });
    expect(audit.after).toMatchObject({ selfactive: 'N' });

    const on = await call(E.status, { id: u.id, activeStatus: 'Y' });
    expect(on.json()).toEqual({
      status: 'Success', status1: 'Success2', message: 'Deleted Record Successfully Recovered!', rescoremessage: 'Deleted Record Successfully Recovered!',
    });
    expect((await signin('user_sta01', 'Status-Soil-Lab-2026')).json().message).toBe('SUCCESS');
    // the sessions ended by the deactivation stay ended
    expect((await checklogin(s)).statusCode).toBe(401);
    expect(await auditCount('employee.reactivate')).toBeGreaterThan(0);
    expect((await call(E.status, { id: u.id, activeStatus: 'X' })).statusCode).toBe(400);
    expect((await call(E.status, { id: 987654, activeStatus: 'N' })).statusCode).toBe(404);
  }, SLOW);

  test("the form's System Status Active (selfactive): unticked deactivates as the status call does, ticked reactivates; absent keeps it", async () => {
    const u = await create('SSA01');
    const s = await signInFully(t, 'user_ssa01', u.initialPassword, 'Status-Soil-Form-2026');
    let row: Row = (await call(E.byId, { trnid: u.id })).json();
    const off = await save({ ...row, selfactive: false, mobile1: enc('9876543210') });
    expect(off.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!', id: u.id });
    expect((await checklogin(s)).statusCode).toBe(401);
    row = (await call(E.byId, { trnid: u.id })).json();
    expect(row).toMatchObject({ selfactive: 'N', activeStatus: 'N', msg: 'Inactive' });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity_id: String(u.id), reason: 'user deactivated; 1 live session ended' });
    expect([audit.before, audit.after]).toEqual([expect.objectContaining({ selfactive: 'Y' }), expect.objectContaining({ selfactive: 'N' })]);
    // a save without the field (as the legacy form may send it) keeps the flag
    const { selfactive: _omit, ...withoutFlag } = row;
    expect((await save({ ...withoutFlag, lastname: 'Kept', mobile1: enc('9876543210') })).json().status).toBe('Success');
    expect((await call(E.byId, { trnid: u.id })).json()).toMatchObject({ selfactive: 'N', lastname: 'Kept' });
    row = (await call(E.byId, { trnid: u.id })).json();
    expect((await save({ ...row, selfactive: 'Y', mobile1: enc('9876543210') })).json().status).toBe('Success');
    expect((await signin('user_ssa01', 'Status-Soil-Form-2026')).json().message).toBe('SUCCESS');
    // a new user created unticked is inactive; ticked or not sent, active
    const created = await create('SSA02', { selfactive: false });
    expect((await call(E.byId, { trnid: created.id })).json().selfactive).toBe('N');
    const { selfactive: _s, ...plain } = body('SSA03');
    const third = (await save(plain)).json();
    expect((await call(E.byId, { trnid: third.id })).json().selfactive).toBe('Y');
    // nobody unticks themselves: refused, nothing changed
    const adminRole = (await t.handle.db.selectFrom('workflow_role').select('id').where('shortname', '=', 'ADMIN').executeTakeFirstOrThrow()).id;
    const boss = await create('SSA04', { tbband: adminRole, usergroupid: await allScreensGroupId(t) });
    const bossSession = await signInFully(t, 'user_ssa04', boss.initialPassword, 'Status-Soil-Boss-2026');
    const audits = await auditCount();
    const self = await save({ ...body('SSA04', { tbband: adminRole, usergroupid: await allScreensGroupId(t) }), id: boss.id, selfactive: 'N' }, bossSession);
    expect([self.statusCode, self.json().message]).toEqual([400, 'You cannot deactivate your own account.']);
    expect(await auditCount()).toBe(audits);
    expect((await checklogin(bossSession)).statusCode).toBe(200);
  }, SLOW);

  test('nobody deactivates themselves', async () => {
    const audits = await auditCount();
    const res = await call(E.status, { id: admin.id, activeStatus: 'N' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'You cannot deactivate your own account.']);
    expect((await checklogin(admin)).statusCode).toBe(200);
    expect((await t.handle.db.selectFrom('app_user').select('active').where('id', '=', admin.id).executeTakeFirstOrThrow()).active).toBe('Y');
    expect(await auditCount()).toBe(audits);
  }, SLOW);
});

describe('permissions and contract', () => {
  async function userWithRole(shortname: string, flags: { can_view?: boolean; can_edit?: boolean; can_delete?: boolean; can_add?: boolean }) {
    const role = await t.handle.db.insertInto('workflow_role').values({ shortname, role: shortname, hierarchy: 60, ...flags }).returning('id').executeTakeFirstOrThrow();
    const username = shortname.toLowerCase();
    await t.handle.db
      .insertInto('app_user')
      .values({ employee_code: shortname.slice(0, 7), first_name: 'P', username, password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t) })
      .execute();
    const s = (await signin(username, 'Perm@12345')).json();
    expect(s.message).toBe('SUCCESS');
    return s as LoginResponse;
  }

  test('view reads; add creates; edit updates; delete changes status; 403 otherwise, nothing stored', async () => {
    const viewer = await userWithRole('EVIEW', { can_view: true });
    const editor = await userWithRole('EEDIT', { can_view: true, can_edit: true });
    const nobody = await userWithRole('ENONE', {});
    const target = await create('PRM01');
    const row = (await call(E.byId, { trnid: target.id })).json();
    expect((await call(E.list, { pageno: 1 }, viewer)).statusCode).toBe(200);
    expect((await call(E.byId, { trnid: target.id }, viewer)).statusCode).toBe(200);
    for (const name of [E.list, E.search, E.byId]) {
      const res = await call(name, { pageno: 1, searchText: 'x', trnid: target.id }, nobody);
      expect([name, res.statusCode, res.json().message]).toEqual([name, 403, "Your role does not allow this (it needs the 'view' permission)."]);
    }
    const users = await count('app_user');
    const add = await save(body('PRM02'), viewer);
    expect([add.statusCode, add.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' or 'edit' permission)."]);
    const editorAdd = await save(body('PRM02'), editor);
    expect([editorAdd.statusCode, editorAdd.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' permission)."]);
    expect(await count('app_user')).toBe(users);
    expect((await save({ ...row, firstname: 'Edited', mobile1: enc('9876543210') }, editor)).json().status).toBe('Success');
    // unticking System Status Active on the form is a status change: it needs 'delete' too
    const formOff = await save({ ...row, version: undefined, firstname: 'Edited', selfactive: 'N', mobile1: enc('9876543210') }, editor);
    expect([formOff.statusCode, formOff.json().message]).toEqual([403, "Your role does not allow this (it needs the 'delete' permission)."]);
    expect((await call(E.byId, { trnid: target.id })).json().selfactive).toBe('Y');
    const st = await call(E.status, { id: target.id, activeStatus: 'N' }, editor);
    expect([st.statusCode, st.json().message]).toEqual([403, "Your role does not allow this (it needs the 'delete' permission)."]);
    // the audit names the caller, never the payload's userID
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect([audit.user_id, audit.username]).toEqual([editor.id, 'eedit']);
  }, SLOW);

  test('the employee endpoints are in the contract once, each with its flag, and documented', async () => {
    const names = [...Object.values(AUTH_ENDPOINTS), ...MASTER_ENDPOINTS, ...USER_ENDPOINTS].map((e) => `${e.group}/${e.name}`);
    expect(new Set(names).size).toBe(names.length);
    const flags = Object.fromEntries(EMPLOYEE_ENDPOINTS.map((e) => [e.name, [e.permission, e.permissionOnUpdate ?? null]]));
    expect(flags).toEqual({
      getempmasterfroEmp: ['view', null], getSearchForEmployeeMaster: ['view', null], getEmployeedByid: ['view', null],
      saveemployeemaster: ['add', 'edit'], Employeechangedeletstatus: ['delete', null],
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of USER_ENDPOINTS) {
      const op = doc.paths[`/api/master/${e.name}`]?.post;
      expect({ name: e.name, summary: op?.summary, described: typeof op?.description === 'string' && op.description.length > 20 })
        .toEqual({ name: e.name, summary: e.summary, described: true });
    }
    expect(doc.paths['/api/master/saveemployeemaster'].post.description).toContain('initialPassword');
    const routes = t.app.apiRoutes.map((r) => r.url);
    for (const e of USER_ENDPOINTS) expect(routes).toContain(`/api/master/${e.name}`);
  }, SLOW);
});
