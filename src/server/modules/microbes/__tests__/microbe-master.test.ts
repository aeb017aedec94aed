import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import type { LoginResponse } from '../../../../shared/contract/session';
import {
  AUTH_ENDPOINTS, COMMON_MASTER_ENDPOINTS, EMPLOYEE_ENDPOINTS, MASTER_ENDPOINTS, MICROBE_ENDPOINTS, PARAMETER_ENDPOINTS, USER_ACCESS_ENDPOINTS,
} from '../../../../shared/contract/endpoints';
import { MICROBE_MSG, microbe } from '../../../../shared/resources';
import { ensureMicrobeTypes, userWithRole, type MicrobeTypes } from './microbe-fixtures';

let t: TestApp;
let admin: LoginResponse;
let types: MicrobeTypes;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  types = await ensureMicrobeTypes(t);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const call = (name: string, body: unknown, s: S = admin) => t.post(`/api/master/${name}`, body, s);
const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from microbe`.execute(t.handle.db)).rows[0].n);
const lastAudit = (action: string) =>
  t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').limit(1).executeTakeFirst();

async function create(typeid: number, genus: string, species: string): Promise<number> {
  const res = await call('saveMicrobemaster', { typeid, genus, species, userID: 1 });
  expect({ genus, species, body: res.json() }).toEqual({ genus, species, body: { status: 'Success', message: 'Record Saved Successfully!', id: expect.any(Number) } });
  return res.json().id;
}

describe('microbe master', () => {
  const ids: Record<string, number> = {};

  test('save: Record Saved Successfully!, audited with the legacy names', async () => {
    ids.subtilis = await create(types.bacteria, ' Zbacillus ', 'subtilis');
    ids.cereus = await create(types.bacteria, 'Zbacillus', 'cereus');
    ids.niger = await create(types.fungi, 'Zaspergillus', 'niger');
    const a = await lastAudit('microbe.create');
    expect(a).toMatchObject({ entity: 'microbe', entity_id: String(ids.niger), username: 'admin', before: null });
    expect(a!.after).toEqual({
      id: ids.niger, typeid: types.fungi, bactid: types.fungi, microbeTypename: 'Fungi', genus: 'Zaspergillus', species: 'niger', activestatus: 'Y', version: 1,
    });
  });

  test("the spec's messages, in form order; nothing stored", async () => {
    const before = await count();
    const cases: Array<[Row, string]> = [
      [{ genus: 'G', species: 'S' }, MICROBE_MSG.type],
      [{ typeid: '', genus: '', species: '' }, MICROBE_MSG.type],
      [{ typeid: 'x', genus: 'G', species: 'S' }, MICROBE_MSG.type],
      [{ typeid: types.bacteria, species: 'S' }, 'Please Enter  Genus  !'],
      [{ typeid: types.bacteria, genus: '   ', species: 'S' }, 'Please Enter  Genus  !'],
      [{ typeid: types.bacteria, genus: 'G' }, 'Please Enter species !'],
      [{ typeid: types.bacteria, genus: 'G'.repeat(101), species: 'S' }, 'Genus must be at most 100 characters.'],
      [{ typeid: types.bacteria, genus: 'G', species: 'S'.repeat(101) }, 'Species must be at most 100 characters.'],
      // an entry of another master type is not a microbe type
      [{ typeid: types.gramType === types.typeMaster ? -1 : (await t.handle.db.selectFrom('common_master').select('id').where('type_id', '=', types.gramType).executeTakeFirstOrThrow()).id, genus: 'G', species: 'S' }, MICROBE_MSG.typeNotMicrobe],
      [{ typeid: 999999, genus: 'G', species: 'S' }, MICROBE_MSG.typeNotMicrobe],
    ];
    for (const [body, message] of cases) {
      const res = await call('saveMicrobemaster', body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({ body, status: 400, message });
    }
    expect(await count()).toBe(before);
  });

  test('the same type, genus and species (any case) is refused with a rescoremessage; another type is fine', async () => {
    const before = await count();
    const audits = (await lastAudit('microbe.create'))!.id;
    const dup = await call('saveMicrobemaster', { typeid: types.bacteria, genus: 'ZBACILLUS', species: ' Subtilis ' });
    expect([dup.statusCode, dup.json()]).toEqual([200, expect.objectContaining({ status: 'Failed', status1: 'Success1', rescoremessage: MICROBE_MSG.duplicate })]);
    expect(await count()).toBe(before);
    expect((await lastAudit('microbe.create'))!.id).toBe(audits);
    // editing another row into the same key is refused too
    const edit = await call('saveMicrobemaster', { id: ids.cereus, typeid: types.bacteria, genus: 'zbacillus', species: 'SUBTILIS' });
    expect(edit.json()).toMatchObject({ status1: 'Success1', rescoremessage: MICROBE_MSG.duplicate });
    ids.actSubtilis = await create(types.actinomycetes, 'Zbacillus', 'subtilis');
  });

  test('list and search: ten a page with srno, the type name, activestatus and totalItems; search over genus and species', async () => {
    const rows: Row[] = (await call('getmicrobemasterhome', { pageno: 1, userID: 1 })).json();
    const mine = rows.find((r) => r.id === ids.subtilis)!;
    expect(mine).toEqual({
      id: ids.subtilis, srno: expect.any(Number), typeid: types.bacteria, bactid: types.bacteria, microbeTypename: 'Bacteria',
      genus: 'Zbacillus', species: 'subtilis', activestatus: 'Y', totalItems: await count(),
    });
    for (const c of microbe.list.columns) if (c.field !== 'action') expect(Object.keys(mine)).toContain(c.field);
    const hit: Row[] = (await call('getSearchForMicrobemaster', { searchText: 'ZBACILL', pageno: 1 })).json();
    expect(hit.map((r) => r.id).sort()).toEqual([ids.subtilis, ids.cereus, ids.actSubtilis].sort());
    expect(hit.map((r) => r.srno)).toEqual([1, 2, 3]);
    const bySpecies: Row[] = (await call('getSearchForMicrobemaster', { searchText: 'nige', pageno: 1 })).json();
    expect(bySpecies.map((r) => r.id)).toContain(ids.niger);
    const empty = await call('getSearchForMicrobemaster', { searchText: '  ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Please Enter Some Text To Search!']);
  });

  test('byId, update with version, stale update 409', async () => {
    const rec = (await call('getmicrobemasterById', { id: ids.cereus })).json();
    expect(rec).toMatchObject({ id: ids.cereus, typeid: types.bacteria, microbeTypename: 'Bacteria', genus: 'Zbacillus', species: 'cereus', activestatus: 'Y', version: 1 });
    const upd = await call('saveMicrobemaster', { id: ids.cereus, version: 1, typeid: types.bacteria, genus: 'Zbacillus', species: 'thuringiensis' });
    expect(upd.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!', id: ids.cereus });
    const stale = await call('saveMicrobemaster', { id: ids.cereus, version: 1, typeid: types.bacteria, genus: 'Zbacillus', species: 'other' });
    expect(stale.statusCode).toBe(409);
    expect((await call('getmicrobemasterById', { id: ids.cereus })).json()).toMatchObject({ species: 'thuringiensis', version: 2 });
    expect((await call('getmicrobemasterById', { id: 987654 })).statusCode).toBe(404);
  });

  test('deletemicrobeStatus (id, activestatus): deactivate and reactivate, Record Saved Successfully!, audited', async () => {
    const off = await call('deletemicrobeStatus', { id: ids.niger, activestatus: 'N', userID: 1 });
    expect(off.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!' });
    expect((await call('getmicrobemasterById', { id: ids.niger })).json().activestatus).toBe('N');
    expect((await lastAudit('microbe.deactivate'))!.after).toMatchObject({ id: ids.niger, activestatus: 'N' });
    // an inactive microbe is not offered by the lookups
    expect((await call('getCommonMastermicrobeforGenus', { bactid: types.fungi })).json()).not.toContainEqual(expect.objectContaining({ genus: 'Zaspergillus' }));
    const on = await call('deletemicrobeStatus', { id: ids.niger, activestatus: 'Y' });
    expect(on.json()).toEqual({ status: 'Success', message: 'Record Saved Successfully!' });
    expect((await lastAudit('microbe.reactivate'))!.after).toMatchObject({ id: ids.niger, activestatus: 'Y' });
    // the generic name works too; a bad flag is a 400
    expect((await call('deletemicrobeStatus', { id: ids.niger, activeStatus: 'Y' })).statusCode).toBe(200);
    expect((await call('deletemicrobeStatus', { id: ids.niger, activestatus: 'X' })).statusCode).toBe(400);
    expect((await call('deletemicrobeStatus', { id: 987654, activestatus: 'N' })).statusCode).toBe(404);
  });

  test('lookups: the type master, the microbe types, genera of a type, species of a genus, all genera and species', async () => {
    expect((await call('getCommasterTypeformicrobe', {})).json()).toEqual([expect.objectContaining({ id: types.typeMaster, type: 'Microbe Type' })]);
    const kinds: Row[] = (await call('getCommonMastermicrobe', {})).json();
    expect(kinds).toEqual(expect.arrayContaining([{ id: types.bacteria, shortname: 'BAC', value: 'Bacteria', microbeTypename: 'Bacteria' }]));
    expect(kinds.map((k) => k.value)).toEqual(expect.arrayContaining(['Bacteria', 'Fungi', 'Actinomycetes']));
    const genera: Row[] = (await call('getCommonMastermicrobeforGenus', { bactid: types.bacteria })).json();
    expect(genera.filter((g) => g.genus === 'Zbacillus')).toEqual([{ genus: 'Zbacillus', shortname: 'Zbacillus' }]);
    expect(genera.some((g) => g.genus === 'Zaspergillus')).toBe(false);
    const species: Row[] = (await call('getCommonMasterforspecies', { typeid: String(types.bacteria), genus: 'zbacillus' })).json();
    expect(species).toEqual([
      { id: ids.subtilis, genus: 'Zbacillus', species: 'subtilis', shortname: 'subtilis' },
      { id: ids.cereus, genus: 'Zbacillus', species: 'thuringiensis', shortname: 'thuringiensis' },
    ]);
    expect((await call('getallGenus', { message: 'zasper' })).json()).toEqual([{ genus: 'Zaspergillus', shortname: 'Zaspergillus' }]);
    expect((await call('getallSpecies', { genus: 'Zbacillus' })).json().map((x: Row) => x.species)).toEqual(['subtilis', 'thuringiensis']);
    for (const [name, body, message] of [
      ['getCommonMastermicrobeforGenus', {}, MICROBE_MSG.type],
      ['getCommonMasterforspecies', { bactid: types.bacteria }, MICROBE_MSG.genus],
      ['getCommonMasterforspecies', { bactid: 'abc', genus: 'x' }, MICROBE_MSG.type],
    ] as const) {
      const res = await call(name, body);
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({ name, status: 400, message });
    }
  });
});

describe('permissions and contract', () => {
  test('reads need view; a new microbe needs add, an edit needs edit; the status needs delete', async () => {
    const viewer = await userWithRole(t, 'MBVIEW', { can_view: true });
    const adder = await userWithRole(t, 'MBADD', { can_add: true });
    const nobody = await userWithRole(t, 'MBNONE', {});
    expect((await call('getmicrobemasterhome', { pageno: 1 }, viewer)).statusCode).toBe(200);
    expect((await call('getCommonMastermicrobe', {}, viewer)).statusCode).toBe(200);
    for (const name of ['getmicrobemasterhome', 'getSearchForMicrobemaster', 'getmicrobemasterById', 'getCommonMastermicrobe', 'getallGenus', 'deletemicrobeStatus']) {
      const res = await call(name, { searchText: 'z', id: 1, activestatus: 'N' }, nobody);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 403 });
    }
    const viewSave = await call('saveMicrobemaster', { typeid: types.fungi, genus: 'Zpenicillium', species: 'notatum' }, viewer);
    expect([viewSave.statusCode, viewSave.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' or 'edit' permission)."]);
    expect((await call('saveMicrobemaster', { typeid: types.fungi, genus: 'Zpenicillium', species: 'notatum' }, adder)).json().status).toBe('Success');
    const row = (await call('getSearchForMicrobemaster', { searchText: 'Zpenicillium' })).json()[0];
    const addEdit = await call('saveMicrobemaster', { id: row.id, typeid: types.fungi, genus: 'Zpenicillium', species: 'chrysogenum' }, adder);
    expect([addEdit.statusCode, addEdit.json().message]).toEqual([403, "Your role does not allow this (it needs the 'edit' permission)."]);
    expect((await call('deletemicrobeStatus', { id: row.id, activestatus: 'N' }, viewer)).statusCode).toBe(403);
  });

  test('every endpoint name is used once across the contract; every microbe route is registered, guarded and documented', async () => {
    const all = [
      ...Object.values(AUTH_ENDPOINTS), ...MASTER_ENDPOINTS, ...EMPLOYEE_ENDPOINTS, ...Object.values(USER_ACCESS_ENDPOINTS),
      ...Object.values(COMMON_MASTER_ENDPOINTS), ...Object.values(PARAMETER_ENDPOINTS), ...MICROBE_ENDPOINTS,
    ];
    const names = all.map((e) => `${e.group}/${e.name}`);
    expect(new Set(names).size).toBe(names.length);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of MICROBE_ENDPOINTS) {
      const route = t.app.apiRoutes.find((r) => r.url === `/api/${e.group}/${e.name}`);
      expect({ name: e.name, guarded: route?.endpoint?.permission }).toEqual({ name: e.name, guarded: e.permission });
      expect(doc.paths[`/api/${e.group}/${e.name}`]?.post?.summary).toBe(e.summary);
      // without a session nothing is answered
      expect((await t.post(`/api/${e.group}/${e.name}`, {})).statusCode).toBe(401);
    }
  });

  test('bad JSON and wrong types are 400, never 500', async () => {
    for (const name of ['saveMicrobemaster', 'getCommonMasterforspecies', 'deletemicrobeStatus']) {
      const res = await t.app.inject({
        method: 'POST', url: `/api/master/${name}`, payload: '{"typeid": ',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}`, token: admin.token, dbname: admin.dbName },
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
    }
    expect((await call('saveMicrobemaster', { typeid: { $ne: 1 }, genus: 'A', species: 'B' })).statusCode).toBe(400);
    expect((await call('getallGenus', { message: ['x'] })).statusCode).toBe(400);
  });
});
