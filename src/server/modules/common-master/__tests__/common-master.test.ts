import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { AUTH_ENDPOINTS, COMMON_MASTER_ENDPOINTS, MASTER_ENDPOINTS, PARAMETER_ENDPOINTS } from '../../../../shared/contract/endpoints';
import { COMMON_MASTER_MSG, MASTER_TYPES, RESOURCES, commonMaster } from '../../../../shared/resources';
import { ROUTES } from '../../../../shared/contract/routes';
import { DEPENDENCY_FORMAT_MSG } from '../../../../shared/validation';

let t: TestApp;
let admin: LoginResponse;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const call = (name: string, body: unknown, s: S = admin) => t.post(`/api/master/${name}`, body, s);
const tx = (name: string, body: unknown, s: S = admin) => t.post(`/api/transaction/${name}`, body, s);

const entryCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from common_master`.execute(t.handle.db)).rows[0].n);
const auditCount = async (action?: string) => {
  let q = t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n'));
  if (action) q = q.where('action', '=', action);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

async function createType(code: string, type: string): Promise<number> {
  const res = await call('savecommonmastertype', { code, type, userID: 1 });
  expect(res.json()).toMatchObject({ status: 'Success' });
  return res.json().id;
}
async function createEntry(typeid: number, shortname: string, value: string): Promise<number> {
  const res = await call('savecommonmaster', { typeid, shortname, value, userID: 1 });
  expect({ shortname, body: res.json() }).toEqual({ shortname, body: { status: 'Success', message: 'Record Saved Successfully!', id: expect.any(Number) } });
  return res.json().id;
}

async function userWithRole(shortname: string, flags: { can_view?: boolean; can_add?: boolean; can_edit?: boolean }): Promise<LoginResponse> {
  const role = await t.handle.db.insertInto('workflow_role').values({ shortname, role: shortname, hierarchy: 50, ...flags }).returning('id').executeTakeFirstOrThrow();
  const username = shortname.toLowerCase();
  await t.handle.db
    .insertInto('app_user')
    .values({ employee_code: shortname.slice(0, 7), first_name: 'P', username, password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t) })
    .execute();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Perm@12345') })).json();
  expect(s.message).toBe('SUCCESS');
  return s;
}

const ROW_KEYS = ['id', 'srno', 'typeid', 'type', 'shortname', 'value', 'activeStatus', 'depenid', 'depenshortname', 'depenname', 'depentypeid', 'depentype', 'totalItems'].sort();

describe('common master entries without dependency', () => {
  let soil: number;
  let other: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    soil = await createType('SOIL', 'Soil type');
    other = await createType('COLOR', 'Soil color');
  });

  test('create: Record Saved Successfully!, audited', async () => {
    const audits = await auditCount('commonMaster.create');
    // out of order and in mixed case, so that the list order is the server's
    for (const i of [5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6]) {
      const sn = (i % 2 ? 'L' : 'l') + String(i).padStart(2, '0');
      ids[sn.toUpperCase()] = await createEntry(soil, sn, `Loam ${i}`);
    }
    await createEntry(other, 'L00', 'Brown');
    expect(await auditCount('commonMaster.create')).toBe(audits + 13);
    const last = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'commonMaster.create').orderBy('id', 'desc').offset(1).limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ entity: 'common_master', entity_id: String(ids.L06), username: 'admin', before: null });
    expect(last.after).toEqual({ id: ids.L06, typeid: soil, shortname: 'l06', value: 'Loam 6', activeStatus: 'Y', depenid: null, version: 1 });
  });

  test('list: the entries of one type, ten a page, srno and totalItems, case-insensitive short name order', async () => {
    const p1: Row[] = (await call('getCommonMaster', { typeid: soil, pageno: 1, userID: 1 })).json();
    const p2: Row[] = (await call('getCommonMaster', { typeid: String(soil), pageno: '2', userID: 1 })).json();
    expect(p1).toHaveLength(10);
    expect(p2).toHaveLength(2);
    expect([...p1, ...p2].map((r) => String(r.shortname).toUpperCase())).toEqual(Array.from({ length: 12 }, (_, i) => `L${String(i).padStart(2, '0')}`));
    expect(p1.map((r) => r.srno)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p2.map((r) => r.srno)).toEqual([11, 12]);
    expect(Object.keys(p1[0]).sort()).toEqual(ROW_KEYS);
    expect(p1[0]).toEqual({
      id: ids.L00, srno: 1, typeid: soil, type: 'Soil type', shortname: 'l00', value: 'Loam 0', activeStatus: 'Y',
      depenid: null, depenshortname: null, depenname: null, depentypeid: null, depentype: null, totalItems: 12,
    });
    // the other type's entry is not listed; without typeid every type is
    expect([...p1, ...p2].some((r) => r.typeid === other)).toBe(false);
    const all: Row[] = (await call('getCommonMaster', { pageno: 1 })).json();
    expect(all[0].totalItems).toBeGreaterThanOrEqual(13);
    // dependency mode lists only entries that depend on another
    expect((await call('getCommonMaster', { typeid: soil, pageno: 1, message: 'true' })).json()).toEqual([]);
    expect((await call('getCommonMaster', { typeid: 'abc' })).statusCode).toBe(400);
  });

  test("search: within the type, case-insensitive; blank text is 'Please Fill Search Text!'", async () => {
    const hit: Row[] = (await call('getSearchForcommonMaster', { typeid: soil, searchText: ' loam 1', pageno: 1 })).json();
    expect(hit.map((r) => r.shortname)).toEqual(['L01', 'l10', 'L11']);
    expect(hit[0]).toMatchObject({ srno: 1, totalItems: 3 });
    expect((await call('getSearchForcommonMaster', { typeid: soil, searchText: 'l0', pageno: 1 })).json()).toHaveLength(10);
    expect((await call('getSearchForcommonMaster', { typeid: other, searchText: 'l0', pageno: 1 })).json()).toHaveLength(1);
    for (const miss of ['%', '_', 'nothing']) expect((await call('getSearchForcommonMaster', { typeid: soil, searchText: miss })).json()).toEqual([]);
    for (const searchText of ['', '  ', undefined, null]) {
      const res = await call('getSearchForcommonMaster', { typeid: soil, searchText, pageno: 1 });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please Fill Search Text!']);
    }
    expect(COMMON_MASTER_MSG.emptySearch).toBe('Please Fill Search Text!');
  });

  test('by id: the entry with its type and version; the type of an entry or by id', async () => {
    const res = await call('getcommasterByID', { id: ids.L03 });
    expect(res.json()).toEqual({
      id: ids.L03, typeid: soil, type: 'Soil type', shortname: 'L03', value: 'Loam 3', activeStatus: 'Y',
      depenid: null, depenshortname: null, depenname: null, depentypeid: null, depentype: null, version: 1,
    });
    expect((await call('getcommasterByID', { trnid: String(ids.L03) })).json()).toEqual(res.json());
    const missing = await call('getcommasterByID', { id: 987654 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no Common Master Entry with id 987654.']);
    const type = { id: soil, typeid: soil, code: 'SOIL', type: 'Soil type', activeStatus: 'Y' };
    expect((await call('gettypeformasterByID', { id: soil })).json()).toEqual(type);
    expect((await call('gettypeformasterByID', { entryid: ids.L03 })).json()).toEqual(type);
    expect((await call('gettypeformasterByID', { id: 987654 })).statusCode).toBe(404);
    expect((await call('gettypeformasterByID', {})).statusCode).toBe(400);
  });

  test('update: value changed, version bumped, audited; the type is fixed; a stale version is 409', async () => {
    const id = ids.L04;
    const res = await call('savecommonmaster', { id, shortname: 'L04', value: 'Sandy loam', version: 1 });
    expect(res.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!', id });
    expect((await call('getcommasterByID', { id })).json()).toMatchObject({ value: 'Sandy loam', typeid: soil, version: 2 });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'commonMaster.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ id, value: 'Loam 4', version: 1 });
    expect(audit.after).toMatchObject({ id, value: 'Sandy loam', version: 2 });
    const moved = await call('savecommonmaster', { id, typeid: other, shortname: 'L04', value: 'x' });
    expect([moved.statusCode, moved.json().message]).toEqual([400, COMMON_MASTER_MSG.typeChange]);
    const stale = await call('savecommonmaster', { id, typeid: soil, shortname: 'L04', value: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call('savecommonmaster', { id: 987654, typeid: soil, shortname: 'Q', value: 'q' })).statusCode).toBe(404);
  });

  test("validation: 'Please Fill ShortName!' / 'Please Fill Value!' (required, max 5 / 50), in form order; nothing stored", async () => {
    const rows = await entryCount();
    const cases: Array<[Row, string]> = [
      [{ typeid: soil, value: 'v' }, 'Please Fill ShortName!'],
      [{ typeid: soil, shortname: '   ', value: 'v' }, 'Please Fill ShortName!'],
      [{ typeid: soil, shortname: 'SIXSIX', value: 'v' }, 'Please Fill ShortName!'],
      [{ typeid: soil, shortname: 'S', value: '' }, 'Please Fill Value!'],
      [{ typeid: soil, shortname: 'S', value: 'v'.repeat(51) }, 'Please Fill Value!'],
      [{ shortname: 'S', value: 'v' }, 'Please select the Master Type.'],
      [{}, 'Please select the Master Type.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('savecommonmaster', body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({ body, status: 400, message });
    }
    expect((await call('savecommonmaster', { typeid: 987654, shortname: 'S', value: 'v' })).json().message).toBe('There is no Common Master Type with id 987654.');
    expect(await entryCount()).toBe(rows);
    expect((await call('savecommonmaster', { typeid: soil, shortname: 'FIVE5', value: 'v'.repeat(50) })).json().status).toBe('Success');
  });

  test('a short name taken in the type (any case) answers the legacy duplicate; the same short name in another type is fine', async () => {
    const rows = await entryCount();
    const audits = await auditCount();
    const dup = await call('savecommonmaster', { typeid: soil, shortname: 'l07', value: 'Again' });
    expect(dup.json()).toEqual({ status: 'Failed', status1: 'Success1', rescoremessage: 'Short Name Already Exists For This Type!' });
    const rename = await call('savecommonmaster', { id: ids.L08, typeid: soil, shortname: 'L09', value: 'x' });
    expect(rename.json().rescoremessage).toBe('Short Name Already Exists For This Type!');
    expect(await entryCount()).toBe(rows);
    expect(await auditCount()).toBe(audits);
    expect((await call('savecommonmaster', { typeid: other, shortname: 'L07', value: 'Grey' })).json().status).toBe('Success');
  });

  test('status: deactivate and reactivate with the generic answers, audited; the type status call keeps its spec name', async () => {
    const id = ids.L05;
    const off = await call('changeStatusForCommonMaster', { id, activeStatus: 'N' });
    expect(off.json()).toEqual({ status: 'Success', message: 'Record Deleted Successfully!' });
    expect((await call('getcommasterByID', { id })).json().activeStatus).toBe('N');
    const on = await call('changeStatusForCommonMaster', { id, activeStatus: 'Y' });
    expect(on.json()).toMatchObject({ status: 'Success2', message: 'Deleted Record Successfully Recovered!' });
    const actions = (await t.handle.db.selectFrom('audit_log').select('action').where('entity', '=', 'common_master').where('entity_id', '=', String(id)).orderBy('id').execute()).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(['commonMaster.deactivate', 'commonMaster.reactivate']);
    expect((await call('changeStatusForCommonMaster', { id: 987654, activeStatus: 'N' })).statusCode).toBe(404);
    expect((await call('changeStatusForCommonMaster', { id, activeStatus: 'X' })).statusCode).toBe(400);
    // master types: the spec's name is served by the generic type resource
    expect(RESOURCES.commonMasterType.endpoints.status).toBe('changeStatusForCommonMasterType');
    expect(MASTER_ENDPOINTS.some((e) => e.name === 'changeStatusForCommonMasterType')).toBe(true);
    const typeOff = await call('changeStatusForCommonMasterType', { id: other, activeStatus: 'N' });
    expect(typeOff.json()).toEqual({ status: 'Success', message: 'Record Deleted Successfully!' });
    expect((await call('changeStatusForCommonMasterType', { id: other, activeStatus: 'Y' })).json().status).toBe('Success2');
  });

  describe('getMasterData (transaction): the autocomplete of master data', () => {
    test('up to 8 active entries of the named type containing the text, by short name, as {id, shortname, value}', async () => {
      const res = await tx('getMasterData', { value: 'Soil type', message: 'loa', shortname: '' });
      expect(res.statusCode).toBe(200);
      const items: Row[] = res.json();
      expect(items).toHaveLength(8);
      expect(items.map((x) => x.shortname)).toEqual(['l00', 'L01', 'l02', 'L03', 'L04', 'L05', 'l06', 'L07']);
      expect(items[0]).toEqual({ id: ids.L00, shortname: 'l00', value: 'Loam 0' });
      // the type name is matched case-insensitively (or by code); the text may come as shortname
      expect((await tx('getMasterData', { value: 'SOIL TYPE', message: 'loam 1' })).json().map((x: Row) => x.shortname)).toEqual(['L01', 'l10', 'L11']);
      expect((await tx('getMasterData', { value: 'soil', shortname: 'loam 1' })).json()).toHaveLength(3);
      // entries of other types never come
      expect((await tx('getMasterData', { value: 'Soil color', message: 'loam' })).json()).toEqual([]);
    });

    test('fewer than 3 characters, an unknown or inactive type: nothing; inactive entries never', async () => {
      expect((await tx('getMasterData', { value: 'Soil type', message: 'lo' })).json()).toEqual([]);
      expect((await tx('getMasterData', { value: 'Soil type', message: '  l ' })).json()).toEqual([]);
      expect((await tx('getMasterData', { value: 'No such type', message: 'loam' })).json()).toEqual([]);
      await call('changeStatusForCommonMaster', { id: ids.L01, activeStatus: 'N' });
      expect((await tx('getMasterData', { value: 'Soil type', message: 'loam 1' })).json().map((x: Row) => x.shortname)).toEqual(['l10', 'L11']);
      await call('changeStatusForCommonMaster', { id: ids.L01, activeStatus: 'Y' });
      await call('changeStatusForCommonMasterType', { id: soil, activeStatus: 'N' });
      expect((await tx('getMasterData', { value: 'Soil type', message: 'loam' })).json()).toEqual([]);
      await call('changeStatusForCommonMasterType', { id: soil, activeStatus: 'Y' });
      const missing = await tx('getMasterData', { message: 'loam' });
      expect([missing.statusCode, missing.json().message]).toEqual([400, 'Please send the name of the master type (value).']);
    });
  });
});

describe('dependency mode: districts of the states of India', () => {
  let states: number;
  let districts: number;
  let mh: number;
  let ka: number;
  let dl: number;

  beforeAll(async () => {
    states = await createType('STATE', MASTER_TYPES.state);
    districts = await createType('DIST', MASTER_TYPES.district);
    mh = await createEntry(states, 'MH', 'Maharashtra');
    ka = await createEntry(states, 'KA', 'Karnataka');
    dl = await createEntry(states, 'DL', 'Delhi');
  });

  test('the types list and the parent entries offered', async () => {
    const types: Row[] = (await call('getCommasterTypefordependacy', {})).json();
    expect(types).toEqual(expect.arrayContaining([{ id: states, code: 'STATE', type: 'States of India' }, { id: districts, code: 'DIST', type: 'District' }]));
    const items = (await call('getCommonMasterfordependancy', { typeidfordep: states })).json();
    expect(items).toEqual([
      { id: dl, shortname: 'DL', value: 'Delhi' },
      { id: ka, shortname: 'KA', value: 'Karnataka' },
      { id: mh, shortname: 'MH', value: 'Maharashtra' },
    ]);
    expect((await call('getCommonMasterfordependancy', {})).statusCode).toBe(400);
  });

  test('save from the Values text (parent by id) and from the pair table (parent by short name): one transaction, audited', async () => {
    const audits = await auditCount('commonMaster.create');
    const a = await call('savecommonmasterdependancy', { typeid: districts, typeidfordep: states, typeidfordepsortname: mh, valueforjson: 'PN:Pune, MU : Mumbai', userID: 1 });
    expect(a.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!', ids: [expect.any(Number), expect.any(Number)] });
    const b = await call('savecommonmasterdependancy', {
      typeid: String(districts), typeidfordep: String(states), typeidfordepsortname: 'ka', valueforjson: 'IGNORED:when the table is sent',
      distList: [{ depenshortname: 'BLR', depenname: 'Bengaluru' }, { depenshortname: 'MYS', depenname: 'Mysuru' }],
    });
    expect(b.json().status).toBe('Success');
    expect(await auditCount('commonMaster.create')).toBe(audits + 4);
    const rows = await t.handle.db.selectFrom('common_master').select(['shortname', 'value', 'depends_on_id', 'type_id']).where('type_id', '=', districts).orderBy('shortname').execute();
    expect(rows).toEqual([
      { shortname: 'BLR', value: 'Bengaluru', depends_on_id: ka, type_id: districts },
      { shortname: 'MU', value: 'Mumbai', depends_on_id: mh, type_id: districts },
      { shortname: 'MYS', value: 'Mysuru', depends_on_id: ka, type_id: districts },
      { shortname: 'PN', value: 'Pune', depends_on_id: mh, type_id: districts },
    ]);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'commonMaster.create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('depends on KA (States of India)');
    expect(audit.after).toMatchObject({ shortname: 'MYS', depenid: ka });
  });

  test('the list in dependency mode shows the entry each depends on', async () => {
    await createEntry(districts, 'NONE', 'Not mapped');
    const dep: Row[] = (await call('getCommonMaster', { typeid: districts, pageno: 1, message: 'true' })).json();
    expect(dep.map((r) => [r.shortname, r.depenshortname, r.depenname])).toEqual([
      ['BLR', 'KA', 'Karnataka'], ['MU', 'MH', 'Maharashtra'], ['MYS', 'KA', 'Karnataka'], ['PN', 'MH', 'Maharashtra'],
    ]);
    expect(dep[0]).toMatchObject({ depenid: ka, depentypeid: states, depentype: 'States of India', totalItems: 4 });
    const plain: Row[] = (await call('getCommonMaster', { typeid: districts, pageno: 1, message: 'false' })).json();
    expect(plain).toHaveLength(5);
    const byState: Row[] = (await call('getSearchForcommonMaster', { typeid: districts, searchText: 'karnataka', message: 'true' })).json();
    expect(byState.map((r) => r.shortname)).toEqual(['BLR', 'MYS']);
    expect((await call('getcommasterByID', { id: dep[0].id })).json()).toMatchObject({ depenshortname: 'KA', depenname: 'Karnataka' });
  });

  test('the dependents of an entry; the type a type depends on', async () => {
    const mhDeps: Row[] = (await call('getdependentCommonMaster', { typeid: states, shortname: 'mh' })).json();
    expect(mhDeps.map((r) => r.shortname)).toEqual(['MU', 'PN']);
    expect(mhDeps[0]).toMatchObject({ srno: 1, typeid: districts, type: 'District', depenshortname: 'MH', totalItems: 2 });
    expect((await call('getdependentCommonMaster', { id: ka })).json().map((r: Row) => r.shortname)).toEqual(['BLR', 'MYS']);
    expect((await call('getdependentCommonMaster', { id: dl })).json()).toEqual([]);
    expect((await call('getdependentCommonMaster', { typeid: states, shortname: 'ZZ' })).statusCode).toBe(404);
    expect((await call('getdependentCommonMaster', {})).statusCode).toBe(400);
    expect((await call('gettypeformasterByIDfordependancy', { id: districts })).json()).toEqual({
      id: districts, typeid: districts, code: 'DIST', type: 'District', activeStatus: 'Y', typeidfordep: states, typefordep: 'States of India',
    });
    expect((await call('gettypeformasterByIDfordependancy', { id: states })).json()).toMatchObject({ typeidfordep: null, typefordep: null });
  });

  test("format and pair refusals: 400 with the form's texts; nothing stored", async () => {
    const rows = await entryCount();
    const base = { typeid: districts, typeidfordep: states, typeidfordepsortname: dl };
    const cases: Array<[Row, string]> = [
      [{ ...base, valueforjson: '' }, 'Please Fill Values!'],
      [{ ...base, valueforjson: '   ', distList: [] }, 'Please Fill Values!'],
      [{ ...base }, 'Please Fill Values!'],
      [{ ...base, valueforjson: 'ND-New Delhi' }, DEPENDENCY_FORMAT_MSG.incorrect],
      [{ ...base, valueforjson: 'ND:New Delhi,' }, 'Incorrect Format ! String Must Be Same As Per The Given Format'],
      [{ ...base, valueforjson: 'NEWDEL:New Delhi' }, 'The Short Name of row 1 must be at most 5 characters.'],
      [{ ...base, valueforjson: `ND:${'x'.repeat(51)}` }, 'The Name of row 1 must be at most 50 characters.'],
      [{ ...base, distList: [{ depenshortname: 'ND', depenname: '' }] }, 'Please fill the Name of row 1.'],
      [{ ...base, typeidfordep: districts, valueforjson: 'ND:New Delhi' }, 'An entry cannot depend on an entry of its own type.'],
      [{ ...base, typeidfordepsortname: 'ZZ', valueforjson: 'ND:New Delhi' }, 'There is no entry ZZ of States of India.'],
      [{ ...base, typeidfordepsortname: '', valueforjson: 'ND:New Delhi' }, 'Please select the entry it depends on.'],
      [{ ...base, typeid: undefined, valueforjson: 'ND:New Delhi' }, 'Please select the Master Type.'],
      [{ ...base, typeidfordep: null, valueforjson: 'ND:New Delhi' }, 'Please select the master type it depends on.'],
      [{ ...base, typeid: 987654, valueforjson: 'ND:New Delhi' }, 'There is no Common Master Type with id 987654.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('savecommonmasterdependancy', body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({ body, status: 400, message });
    }
    expect(await entryCount()).toBe(rows);
  });

  test("a short name taken in the type, or given twice, answers status Error1 with a massage and stores nothing", async () => {
    const rows = await entryCount();
    const audits = await auditCount();
    const taken = await call('savecommonmasterdependancy', { typeid: districts, typeidfordep: states, typeidfordepsortname: mh, valueforjson: 'NS:Nashik,pn:Pune again' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ status: 'Error1', massage: 'Short Name PN already exists for District; nothing was saved.' });
    const twice = await call('savecommonmasterdependancy', { typeid: districts, typeidfordep: states, typeidfordepsortname: mh, valueforjson: 'NS:Nashik,ns:Nasik' });
    expect(twice.json()).toEqual({ status: 'Error1', massage: 'Short Name ns is given twice (rows 1 and 2).' });
    // an entry without dependency holds the short name too
    expect((await call('savecommonmasterdependancy', { typeid: districts, typeidfordep: states, typeidfordepsortname: dl, valueforjson: 'none:x' })).json().status).toBe('Error1');
    expect(await entryCount()).toBe(rows);
    expect(await auditCount()).toBe(audits);
  });

  test('an inactive parent entry takes no new dependents', async () => {
    await call('changeStatusForCommonMaster', { id: dl, activeStatus: 'N' });
    const res = await call('savecommonmasterdependancy', { typeid: districts, typeidfordep: states, typeidfordepsortname: 'DL', valueforjson: 'ND:New Delhi' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'The entry DL of States of India is inactive.']);
    await call('changeStatusForCommonMaster', { id: dl, activeStatus: 'Y' });
  });

  test("getDependancyData (transaction): only the chosen state's active districts, by short name or value of the state", async () => {
    const mhItems: Row[] = (await tx('getDependancyData', { shortname: 'MH' })).json();
    expect(mhItems.map((x) => x.shortname)).toEqual(['MU', 'PN']);
    expect(mhItems[0]).toEqual({ id: expect.any(Number), shortname: 'MU', value: 'Mumbai' });
    expect((await tx('getDependancyData', { shortname: 'karnataka' })).json().map((x: Row) => x.shortname)).toEqual(['BLR', 'MYS']);
    expect((await tx('getDependancyData', { shortname: 'Karnataka', message: 'mys' })).json().map((x: Row) => x.shortname)).toEqual(['MYS']);
    expect((await tx('getDependancyData', { shortname: 'DL' })).json()).toEqual([]);
    expect((await tx('getDependancyData', { shortname: 'Atlantis' })).json()).toEqual([]);
    const pn = mhItems.find((x) => x.shortname === 'PN')!;
    await call('changeStatusForCommonMaster', { id: pn.id, activeStatus: 'N' });
    expect((await tx('getDependancyData', { shortname: 'MH' })).json().map((x: Row) => x.shortname)).toEqual(['MU']);
    await call('changeStatusForCommonMaster', { id: pn.id, activeStatus: 'Y' });
    const missing = await tx('getDependancyData', {});
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Please send the chosen state (shortname).']);
  });
});

describe('permissions, contract and documentation', () => {
  test('reads and lookups need view; saves need add (new) or edit (existing); status needs delete', async () => {
    const viewer = await userWithRole('CMVIEW', { can_view: true });
    const none = await userWithRole('CMNONE', { can_add: true });
    const type = (await call('getCommasterTypefordropdown', {})).json().find((x: Row) => x.type === 'Soil type') as Row;
    expect((await call('getCommonMaster', { typeid: type.id }, viewer)).statusCode).toBe(200);
    expect((await tx('getMasterData', { value: 'Soil type', message: 'loam' }, viewer)).json().length).toBeGreaterThan(0);
    expect((await tx('getDependancyData', { shortname: 'MH' }, viewer)).statusCode).toBe(200);
    for (const [call2, name] of [[tx, 'getMasterData'], [tx, 'getDependancyData'], [call, 'getCommonMaster']] as const) {
      const res = await call2(name, { value: 'Soil type', message: 'loam', shortname: 'MH' }, none);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 403 });
    }
    const add = await call('savecommonmaster', { typeid: type.id, shortname: 'VW', value: 'v' }, viewer);
    expect([add.statusCode, add.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' or 'edit' permission)."]);
    const dep = await call('savecommonmasterdependancy', { typeid: 1, typeidfordep: 2, typeidfordepsortname: 'MH', valueforjson: 'A:B' }, viewer);
    expect(dep.statusCode).toBe(403);
    const st = await call('changeStatusForCommonMaster', { id: 1, activeStatus: 'N' }, viewer);
    expect(st.statusCode).toBe(403);
    const row = (await call('getCommonMaster', { typeid: type.id })).json()[0];
    const editOnly = await call('savecommonmaster', { id: row.id, shortname: row.shortname, value: 'Edited' }, none);
    expect([editOnly.statusCode, editOnly.json().message]).toEqual([403, "Your role does not allow this (it needs the 'edit' permission)."]);
  });

  test('every endpoint name is used once across the contract; every route documented', async () => {
    const all = [...Object.values(AUTH_ENDPOINTS), ...MASTER_ENDPOINTS, ...Object.values(COMMON_MASTER_ENDPOINTS), ...Object.values(PARAMETER_ENDPOINTS)];
    const names = all.map((e) => `${e.group}/${e.name}`);
    expect(new Set(names).size).toBe(names.length);
    const paths = new Set<string>(ROUTES.map((r) => r.path));
    for (const p of Object.values(commonMaster.routes)) expect(paths).toContain(p);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of Object.values(COMMON_MASTER_ENDPOINTS)) {
      const op = doc.paths[`/api/${e.group}/${e.name}`]?.post;
      expect({ name: e.name, summary: op?.summary, described: typeof op?.description === 'string' && op.description.length > 20 })
        .toEqual({ name: e.name, summary: e.summary, described: true });
    }
  });

  test('bad JSON and wrong types are 400, never 500', async () => {
    for (const name of ['getCommonMaster', 'savecommonmaster', 'savecommonmasterdependancy']) {
      const res = await t.app.inject({
        method: 'POST', url: `/api/master/${name}`, payload: '{"typeid": ',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}`, token: admin.token, dbname: admin.dbName },
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
    }
    expect((await call('savecommonmaster', { typeid: { $ne: 1 }, shortname: 'A', value: 'B' })).statusCode).toBe(400);
    expect((await call('savecommonmasterdependancy', { typeid: 1, typeidfordep: 2, typeidfordepsortname: 'MH', distList: 'x' })).statusCode).toBe(400);
    expect((await tx('getMasterData', { value: ['x'], message: 'abc' })).statusCode).toBe(400);
  });
});
