import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { PARAMETER_ENDPOINTS } from '../../../../shared/contract/endpoints';
import { validateParameterRow, validateParameterValue } from '../../../../shared/parameters';

let t: TestApp;
let admin: LoginResponse;
let plating: number;
let other: number;
let soilType: number;
let colour: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  const act = async (shortname: string, activityname: string, activitylevel: string) => {
    const res = await call('saveactivity', { shortname, activityname, activitylevel });
    expect(res.json().status).toBe('Success');
    return res.json().id as number;
  };
  plating = await act('PLT', 'Plating', 'Level 1');
  other = await act('GRW', 'Growth', 'Level 2');
  soilType = (await call('savecommonmastertype', { code: 'SOIL', type: 'Soil type' })).json().id;
  colour = (await call('savecommonmastertype', { code: 'COL', type: 'Colony colour' })).json().id;
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const call = (name: string, body: unknown, s: S = admin) => t.post(`/api/master/${name}`, body, s);

const paramRows = (activityId: number) =>
  t.handle.db.selectFrom('activity_parameter').selectAll().where('activity_type_id', '=', activityId).orderBy('id').execute();
const auditCount = async (action?: string) => {
  let q = t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n'));
  if (action) q = q.where('action', '=', action);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** A parameter set as the config screen sends it (legacy names, loose types as legacy clients send them). */
const initialSet = () => [
  { shortname: 'col', parameterName: 'Colony Colour', type: 'Text', sequence: 1, mandatory: true, unittype: 'Character', minlength: 2, maxlength: '20', status: 'Y' },
  { shortname: 'CNT', parameterName: 'Colony Count', type: 'Number', sequence: '2', mandatory: 'true', unittype: 'Integer', maxlength: 6, allownegative: false },
  { shortname: 'PH', parameterName: 'Soil pH', type: 'Number', sequence: 3, mandatory: false, unittype: 'Float', decimalplaces: 1.5, maxlength1: 5, allownegativeforfloat: true },
  { shortname: 'DATE', parameterName: 'Plating Date', type: 'Date-Control', sequence: 4, unittype: 'Date', lessthncurrentdate: true, greatthncurrentdate: false, currentdate: false },
  { shortname: 'SOIL', parameterName: 'Soil type', type: 'Dropdown', sequence: 5, unittype: 'MasterData', commonmastertype: 'Soil type' },
  { shortname: 'GRAM', parameterName: 'Gram stain', type: 'Dropdown', sequence: 6, unittype: 'Boolean', booleanyes: 'Positive', booleanno: 'Negative' },
];

describe('saving and reading a parameter set', () => {
  test("save: message Success; audited with the before and after lists", async () => {
    const audits = await auditCount('activityParameters.save');
    const res = await call('saveParameters', { actid: plating, activeList: initialSet(), userID: 1 });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Success', actid: plating, count: 6, version: 2 }]);
    expect(await auditCount('activityParameters.save')).toBe(audits + 1);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'activityParameters.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'activity_parameter', entity_id: String(plating), username: 'admin', reason: 'added COL, CNT, PH, DATE, SOIL, GRAM' });
    expect(audit.before).toEqual({ activity: { id: plating, shortname: 'PLT', activityname: 'Plating', activitylevel: 'Level 1' }, parameters: [] });
    expect((audit.after as { parameters: Row[] }).parameters.map((p) => p.shortname)).toEqual(['COL', 'CNT', 'PH', 'DATE', 'SOIL', 'GRAM']);
  });

  test('read: the activity and its active parameters in sequence order, in legacy names', async () => {
    const res = await call('getActivityParametersByid', { id: plating });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      activity: { id: plating, shortname: 'PLT', activityname: 'Plating', activitylevel: 'Level 1', sequence: null, activeStatus: 'Y' },
      actid: plating, activityID: plating, shortname: 'PLT', activityname: 'Plating', activitylevel: 'Level 1',
    });
    const list: Row[] = body.activeList;
    expect(list.map((p) => [p.sequence, p.shortname, p.type, p.unittype])).toEqual([
      [1, 'COL', 'Text', 'Character'], [2, 'CNT', 'Number', 'Integer'], [3, 'PH', 'Number', 'Float'],
      [4, 'DATE', 'Date-Control', 'Date'], [5, 'SOIL', 'Dropdown', 'MasterData'], [6, 'GRAM', 'Dropdown', 'Boolean'],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number), shortname: 'COL', parameterName: 'Colony Colour', type: 'Text', sequence: 1, mandatory: true, unittype: 'Character',
      userentry: 'User Entry', minlength: 2, maxlength: 20, maxlength1: 20, decimalplaces: null, allownegative: false, allownegativeforfloat: false,
      lessthncurrentdate: false, greatthncurrentdate: false, currentdate: false, booleanyes: null, booleanno: null, commonmastertype: null,
      commonmastertypeid: null, status: 'Y', min: null,
      validator: {
        mandatory: true, minlength: 2, maxlength: 20, minlength1: 2, maxlength1: 20, min: null, minforfloat: null, minforinteger: null,
        allownegative: false, allownegativeforfloat: false, lessthncurrentdate: false, greatthncurrentdate: false, currentdate: false, decimalplaces: null,
      },
      actid: plating, activityID: plating, activityname: 'Plating', activitylevel: 'Level 1', version: 1,
    });
    expect(list[1]).toMatchObject({ maxlength: 6, min: 0, validator: { minforinteger: 0 } });
    expect(list[2]).toMatchObject({ mandatory: false, decimalplaces: 1.5, maxlength1: 5, allownegative: true, allownegativeforfloat: true, min: null });
    expect(list[3]).toMatchObject({ lessthncurrentdate: true, validator: { lessthncurrentdate: true } });
    expect(list[4]).toMatchObject({ commonmastertype: 'Soil type', commonmastertypeid: soilType, userentry: 'User Selection' });
    expect(list[5]).toMatchObject({ booleanyes: 'Positive', booleanno: 'Negative' });
    // the other names answer the same; getParamconf adds the workflow's empty transaction fields
    expect((await call('getParameterByActivity', { id: String(plating) })).json()).toEqual(body);
    expect((await call('getActivityParametersByid', { actid: plating })).json()).toEqual(body);
    expect((await call('getParamconf', { id: plating, userID: 1, sequence: 1, samplenov: 'S-1', sampleno: 'S', activityname: 'Plating' })).json())
      .toEqual({ ...body, status: null, sampleInward: null });
  });

  test('what is read back validates to the same configuration and drives value validation', async () => {
    const list: Row[] = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    for (const row of list) expect(validateParameterRow(row).ok).toBe(true);
    const ph = validateParameterRow(list[2]);
    if (!ph.ok) throw new Error(ph.message);
    expect(validateParameterValue(ph.value, '6.25')).toEqual({ ok: true, value: { text: '6.3', number: 6.3, date: null } });
    expect(validateParameterValue(ph.value, '6.255')).toEqual({ ok: false, message: 'Please Check Decimal Values!' });
    const count = validateParameterRow(list[1]);
    if (!count.ok) throw new Error(count.message);
    expect(validateParameterValue(count.value, '')).toEqual({ ok: false, message: 'Colony Count is required.' });
    expect(validateParameterValue(count.value, '-3')).toEqual({ ok: false, message: 'Colony Count must not be negative.' });
  });

  test('replace: removed rows are made inactive (never deleted), kept rows keep their id, new rows are added, sequences move', async () => {
    const before = await paramRows(plating);
    const idOf = (sn: string) => before.find((r) => r.shortname === sn && r.active === 'Y')!.id;
    const set = initialSet();
    // remove DATE; change PH; swap COL and CNT; add TDS
    const next = [
      { ...set[1], sequence: 1 },
      { ...set[0], sequence: 2 },
      { ...set[2], parameterName: 'Soil pH (water)' },
      { ...set[4], sequence: 4 },
      { ...set[5], sequence: 5 },
      { shortname: 'tds', parameterName: 'Soil TDS', type: 'Number', sequence: 6, unittype: 'Float', decimalplaces: 2 },
      { ...set[3], status: 'N' },
    ];
    const res = await call('saveParameters', { activityID: String(plating), activeList: next });
    expect(res.json()).toMatchObject({ message: 'Success', actid: plating, count: 6 });
    const list: Row[] = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    expect(list.map((p) => [p.sequence, p.shortname])).toEqual([[1, 'CNT'], [2, 'COL'], [3, 'PH'], [4, 'SOIL'], [5, 'GRAM'], [6, 'TDS']]);
    const byName = Object.fromEntries(list.map((p) => [p.shortname, p]));
    expect(byName.CNT).toMatchObject({ id: idOf('CNT'), version: 2 });
    expect(byName.PH).toMatchObject({ id: idOf('PH'), version: 2, parameterName: 'Soil pH (water)' });
    // every kept row moved or changed here, so each has a new version
    expect(byName.GRAM).toMatchObject({ id: idOf('GRAM'), version: 2, sequence: 5 });
    const rows = await paramRows(plating);
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.id === idOf('DATE'))).toMatchObject({ active: 'N', shortname: 'DATE', version: 2 });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'activityParameters.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('added TDS; changed CNT, COL, PH, SOIL, GRAM; removed DATE');
    expect((audit.before as { parameters: Row[] }).parameters.map((p) => p.shortname)).toEqual(['COL', 'CNT', 'PH', 'DATE', 'SOIL', 'GRAM']);
    expect((audit.after as { parameters: Row[] }).parameters.map((p) => p.shortname)).toEqual(['CNT', 'COL', 'PH', 'SOIL', 'GRAM', 'TDS']);
  });

  test('a removed short name can come back (as a new row); saving the same set again changes nothing', async () => {
    const current: Row[] = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    const withDate = [...current, { shortname: 'DATE', parameterName: 'Plating Date', type: 'Date-Control', sequence: 7, unittype: 'Date', currentdate: true }];
    expect((await call('saveParameters', { actid: plating, activeList: withDate })).json().message).toBe('Success');
    const dates = (await paramRows(plating)).filter((r) => r.shortname === 'DATE');
    expect(dates.map((r) => [r.active, r.date_rule])).toEqual([['N', 'lessOrEqualToday'], ['Y', 'onlyToday']]);
    const again: Row[] = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    expect((await call('saveParameters', { actid: plating, activeList: again })).json().message).toBe('Success');
    const after: Row[] = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    expect(after).toEqual(again);
    const audit = await t.handle.db.selectFrom('audit_log').select('reason').where('action', '=', 'activityParameters.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('no change');
  });

  test("another activity's parameters are its own (the same short name is fine there)", async () => {
    const res = await call('saveParameters', { actid: other, activeList: [{ shortname: 'PH', parameterName: 'pH', type: 'Number', sequence: 1, unittype: 'Float' }] });
    expect(res.json().count).toBe(1);
    expect((await call('getActivityParametersByid', { id: other })).json().activeList.map((p: Row) => p.shortname)).toEqual(['PH']);
    expect((await call('getActivityParametersByid', { id: plating })).json().activeList).toHaveLength(7);
    // an empty list retires every parameter of the activity
    expect((await call('saveParameters', { actid: other, activeList: [] })).json()).toMatchObject({ message: 'Success', actid: other, count: 0 });
    expect((await call('getActivityParametersByid', { id: other })).json().activeList).toEqual([]);
    expect((await paramRows(other)).map((r) => r.active)).toEqual(['N']);
  });

  test('simultaneous saves of one activity are serialised: the set stays consistent', async () => {
    const a = [{ shortname: 'A1', parameterName: 'A', type: 'Text', sequence: 1, unittype: 'Character' }];
    const b = [{ shortname: 'B1', parameterName: 'B', type: 'Text', sequence: 1, unittype: 'Character' }, { shortname: 'B2', parameterName: 'B2', type: 'Text', sequence: 2, unittype: 'Character' }];
    const answers = await Promise.all([a, b, a, b].map((activeList) => call('saveParameters', { actid: other, activeList })));
    expect(answers.map((r) => r.json().message)).toEqual(['Success', 'Success', 'Success', 'Success']);
    const active = (await paramRows(other)).filter((r) => r.active === 'Y').map((r) => r.shortname).sort();
    expect([['A1'], ['B1', 'B2']]).toContainEqual(active);
  });
});

describe('no lost updates', () => {
  test('a save with the version as loaded goes through and moves it on; a stale one is 409 and changes nothing', async () => {
    const loaded = (await call('getActivityParametersByid', { id: other })).json();
    expect(loaded.version).toEqual(expect.any(Number));
    const first = await call('saveParameters', { actid: other, activeList: initialSet().slice(0, 2), version: loaded.version });
    expect([first.statusCode, first.json().version]).toEqual([200, loaded.version + 1]);
    const rows = await paramRows(other);
    const audits = await auditCount();
    // A second administrator saves the copy they loaded before the first save.
    const stale = await call('saveParameters', { actid: other, activeList: initialSet(), version: loaded.version });
    expect([stale.statusCode, stale.json()]).toEqual([409, {
      statusCode: 409, message: 'Error', version: loaded.version + 1,
      detail: 'Someone else changed the parameters of this activity since you opened it. Your changes are not saved: reload to see theirs.',
    }]);
    expect(await paramRows(other)).toEqual(rows);
    expect(await auditCount()).toBe(audits);
    expect((await call('getActivityParametersByid', { id: other })).json().version).toBe(loaded.version + 1);
  });
});

describe('refusals: 400 {message: Error, detail}; nothing changes', () => {
  const valid = () => [
    { shortname: 'X1', parameterName: 'One', type: 'Text', sequence: 1, unittype: 'Character' },
    { shortname: 'X2', parameterName: 'Two', type: 'Number', sequence: 2, unittype: 'Integer' },
  ];
  const cases: Array<[string, () => Row, string]> = [
    ['no activity', () => ({ activeList: valid() }), 'Please send the activity (actid).'],
    ['a bad activity id', () => ({ actid: 'abc', activeList: valid() }), 'The activity id (actid) must be a positive whole number.'],
    ['no list', () => ({ actid: plating }), 'Please send the parameters of the activity (activeList).'],
    ['short name over 6', () => ({ actid: plating, activeList: [{ ...valid()[0], shortname: 'SEVENCH' }, valid()[1]] }), 'Parameter 1 (SEVENCH): Short Name must be at most 6 characters.'],
    ['no short name', () => ({ actid: plating, activeList: [{ ...valid()[0], shortname: '' }, valid()[1]] }), 'Parameter 1: Please Enter Short Name!'],
    ['name over 100', () => ({ actid: plating, activeList: [valid()[0], { ...valid()[1], parameterName: 'n'.repeat(101) }] }), 'Parameter 2 (X2): Parameter Name must be at most 100 characters.'],
    ['negative min length', () => ({ actid: plating, activeList: [{ ...valid()[0], minlength: -1 }] }), 'Parameter 1 (X1): Min Length must be a whole number from 0 to 10000.'],
    ['max length not a number', () => ({ actid: plating, activeList: [{ ...valid()[0], maxlength: 'ten' }] }), 'Parameter 1 (X1): Max Length must be a whole number from 0 to 10000.'],
    ['min above max', () => ({ actid: plating, activeList: [{ ...valid()[0], minlength: 9, maxlength: 3 }] }), 'Parameter 1 (X1): Min Length must not be more than Max Length.'],
    ['decimal places not a multiple of 0.25', () => ({ actid: plating, activeList: [{ ...valid()[1], sequence: 1, unittype: 'Float', decimalplaces: 0.3 }] }),
      'Parameter 1 (X2): Decimal Places must be a multiple of 0.25 from 0 to 10.'],
    ['type and unit type', () => ({ actid: plating, activeList: [{ ...valid()[0], unittype: 'Integer' }] }),
      'Parameter 1 (X1): Unit type Integer cannot be used with type Text (allowed: Character).'],
    ['unknown type', () => ({ actid: plating, activeList: [{ ...valid()[0], type: 'Slider' }] }),
      'Parameter 1 (X1): Type must be one of: Text, Number, Dropdown, Get Data, Date-Control.'],
    ['dropdown without a master type', () => ({ actid: plating, activeList: [{ shortname: 'DD', parameterName: 'D', type: 'Dropdown', sequence: 1, unittype: 'MasterData' }] }),
      'Parameter 1 (DD): Please Select Common Master Type!'],
    ['an unknown master type', () => ({ actid: plating, activeList: [{ shortname: 'DD', parameterName: 'D', type: 'Dropdown', sequence: 1, unittype: 'MasterData', commonmastertype: 'Nope' }] }),
      'Parameter 1 (DD): there is no Common Master Type Nope.'],
    ['an unknown master type id', () => ({ actid: plating, activeList: [{ shortname: 'DD', parameterName: 'D', type: 'Dropdown', sequence: 1, unittype: 'MasterData', commonmastertype: 987654 }] }),
      'Parameter 1 (DD): there is no Common Master Type 987654.'],
    ['two date options', () => ({ actid: plating, activeList: [{ shortname: 'D', parameterName: 'D', type: 'Date-Control', sequence: 1, unittype: 'Date', lessthncurrentdate: true, currentdate: true }] }),
      'Parameter 1 (D): Please choose only one date option.'],
    ['a gap in the sequences', () => ({ actid: plating, activeList: [valid()[0], { ...valid()[1], sequence: 3 }] }), 'The sequences must be 1 to 2, each used once (they are 1, 3).'],
    ['a repeated sequence', () => ({ actid: plating, activeList: [valid()[0], { ...valid()[1], sequence: 1 }] }), 'The sequences must be 1 to 2, each used once (they are 1, 1).'],
    ['a repeated short name', () => ({ actid: plating, activeList: [valid()[0], { ...valid()[1], shortname: 'x1' }] }), 'Short Name X1 is used by parameters 1 and 2.'],
    ['a row that is not an object', () => ({ actid: plating, activeList: ['X1'] }), 'Parameter 1: Each parameter must be an object.'],
  ];

  test.each(cases)('%s', async (_name, body, detail) => {
    const rows = await paramRows(plating);
    const audits = await auditCount();
    const res = await call('saveParameters', body());
    expect({ status: res.statusCode, message: res.json().message, detail: res.json().detail }).toEqual({ status: 400, message: 'Error', detail });
    expect(await paramRows(plating)).toEqual(rows);
    expect(await auditCount()).toBe(audits);
  });

  test('an unknown activity is 404 Error', async () => {
    const res = await call('saveParameters', { actid: 987654, activeList: valid() });
    expect([res.statusCode, res.json()]).toEqual([404, { statusCode: 404, message: 'Error', detail: 'There is no Activity Type with id 987654.' }]);
    const read = await call('getActivityParametersByid', { id: 987654 });
    expect([read.statusCode, read.json().message]).toEqual([404, 'There is no Activity Type with id 987654.']);
    expect((await call('getParamconf', {})).statusCode).toBe(400);
    expect((await call('getParamconf', { id: 'x' })).statusCode).toBe(400);
  });

  test('a newly chosen master type must be active; one already configured may stay', async () => {
    const dd = { shortname: 'CC', parameterName: 'Colony colour', type: 'Get Data', sequence: 1, unittype: 'MasterData', commonmastertype: colour };
    expect((await call('saveParameters', { actid: other, activeList: [dd] })).json().message).toBe('Success');
    await call('changeStatusForCommonMasterType', { id: colour, activeStatus: 'N' });
    expect((await call('saveParameters', { actid: other, activeList: [{ ...dd, parameterName: 'Colony colours' }] })).json().message).toBe('Success');
    const res = await call('saveParameters', { actid: other, activeList: [{ ...dd, shortname: 'CC2' }] });
    expect([res.statusCode, res.json().detail]).toEqual([400, 'Parameter 1 (CC2): the Common Master Type Colony colour is inactive.']);
    await call('changeStatusForCommonMasterType', { id: colour, activeStatus: 'Y' });
  });

  test('the database refuses what validation would: bad unit types, lower-case short names, a decimal step, two active rows of one short name', async () => {
    const base = { activity_type_id: other, shortname: 'ZZ', parameter_name: 'Z', param_type: 'Text' as const, unit_type: 'Character' as const, user_entry: 'User Entry' as const, sequence: 50 };
    const insert = (over: Record<string, unknown>) => t.handle.db.insertInto('activity_parameter').values({ ...base, ...over } as typeof base).execute();
    await expect(insert({ unit_type: 'Colour' })).rejects.toThrow();
    await expect(insert({ shortname: 'zz' })).rejects.toThrow();
    await expect(insert({ decimal_places: 0.3 })).rejects.toThrow();
    await expect(insert({ min_length: 5, max_length: 2 })).rejects.toThrow();
    await insert({});
    await expect(insert({ sequence: 51 })).rejects.toThrow();
    await expect(insert({ shortname: 'YY' })).rejects.toThrow();
    await t.handle.db.deleteFrom('activity_parameter').where('activity_type_id', '=', other).where('shortname', '=', 'ZZ').execute();
  });
});

describe('permissions and documentation', () => {
  async function userWithRole(shortname: string, flags: { can_view?: boolean; can_edit?: boolean; can_add?: boolean }): Promise<LoginResponse> {
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

  test('reads need view; saves need edit', async () => {
    const viewer = await userWithRole('PVIEW', { can_view: true });
    const adder = await userWithRole('PADD', { can_add: true });
    const editor = await userWithRole('PEDIT', { can_edit: true });
    for (const name of ['getActivityParametersByid', 'getParameterByActivity', 'getParamconf']) {
      expect((await call(name, { id: plating }, viewer)).statusCode).toBe(200);
      expect((await call(name, { id: plating }, adder)).statusCode).toBe(403);
    }
    const list = (await call('getActivityParametersByid', { id: plating })).json().activeList;
    for (const s of [viewer, adder]) {
      const res = await call('saveParameters', { actid: plating, activeList: list }, s);
      expect([res.statusCode, res.json().message]).toEqual([403, "Your role does not allow this (it needs the 'edit' permission)."]);
    }
    expect((await call('saveParameters', { actid: plating, activeList: list }, editor)).json().message).toBe('Success');
    const audit = await t.handle.db.selectFrom('audit_log').select(['username']).where('action', '=', 'activityParameters.save').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.username).toBe('pedit');
  });

  test('every parameter route is documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of Object.values(PARAMETER_ENDPOINTS)) {
      const op = doc.paths[`/api/${e.group}/${e.name}`]?.post;
      expect({ name: e.name, summary: op?.summary, described: typeof op?.description === 'string' && op.description.length > 20 })
        .toEqual({ name: e.name, summary: e.summary, described: true });
    }
  });

  test('bad JSON and wrong shapes are 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/master/saveParameters', payload: '{"actid": ',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}`, token: admin.token, dbname: admin.dbName },
    });
    expect(res.statusCode).toBe(400);
    expect((await call('saveParameters', { actid: plating, activeList: 'x' })).statusCode).toBe(400);
    expect((await call('saveParameters', { actid: plating, activeList: [1, 2] })).statusCode).toBe(400);
  });
});
