import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import type { LoginResponse } from '../../../../shared/contract/session';
import { IDENTIFICATION_MSG } from '../../../../shared/validation/microbe-identification';
import { ensureMicrobeTypes, insertIsolate, userWithRole, type MicrobeTypes } from './microbe-fixtures';

let t: TestApp;
let admin: LoginResponse;
let types: MicrobeTypes;
let microbeIds: { subtilis: number; niger: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  types = await ensureMicrobeTypes(t);
  const save = async (typeid: number, genus: string, species: string) =>
    (await t.post('/api/master/saveMicrobemaster', { typeid, genus, species }, admin)).json().id as number;
  microbeIds = { subtilis: await save(types.bacteria, 'Ybacillus', 'subtilis'), niger: await save(types.fungi, 'Yaspergillus', 'niger') };
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const tx = (name: string, body: unknown, s: S = admin) => t.post(`/api/transaction/${name}`, body, s);
const rows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from microbe_identification`.execute(t.handle.db)).rows[0].n);

const good = (samplenov: string, extra: Row = {}): Row => ({
  samplenov, bactid: types.bacteria, genus: 'Ybacillus', species: 'subtilis', percentageIdentification: 98.7, queryCoverage: '99.25',
  gramCharacter: 'Gram Positive', biosafetyLevel: 'BSL-1', userID: 1, ...extra,
});

describe('microbe identification', () => {
  test('an isolate without identification: its codes, id and version null', async () => {
    const iso = await insertIsolate(t);
    const res = await tx('getmicrobeidentificationByid', { id: 5, samplenov: iso.samplenov });
    expect(res.json()).toEqual({
      isolateid: iso.id, isolatecode: iso.isolatecode, samplenov: iso.samplenov, sampleno: iso.sampleno, id: null, bactid: null, typeid: null,
      microbeNmae: null, genus: null, species: null, percentageIdentification: null, queryCoverage: null, gramCharacter: null, biosafetyLevel: null, version: null,
      amendmentRequired: false, canEdit: true, createdBy: null, amendments: [],
    });
    expect((await tx('getmicrobeidentificationByid', { isolateid: iso.id })).json().isolatecode).toBe(iso.isolatecode);
    const missing = await tx('getmicrobeidentificationByid', { samplenov: 'NOPE-1' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no isolate with the sample code version NOPE-1.']);
    const none = await tx('getmicrobeidentificationByid', {});
    expect([none.statusCode, none.json().message]).toEqual([400, IDENTIFICATION_MSG.samplenov]);
  });

  test('create, read back, update with the version; each save audited', async () => {
    const iso = await insertIsolate(t);
    const created = await tx('savemicrobidentification', good(iso.samplenov, { version: 0 }));
    expect(created.json()).toEqual({ statuss: 'Success', message: 'Record Saved Successfully!', id: expect.any(Number), version: 1 });
    const rec = (await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov })).json();
    expect(rec).toMatchObject({
      id: created.json().id, bactid: types.bacteria, typeid: types.bacteria, microbeNmae: 'Bacteria', genus: 'Ybacillus', species: 'subtilis',
      percentageIdentification: 98.7, queryCoverage: 99.25, gramCharacter: 'Gram Positive', biosafetyLevel: 'BSL-1', version: 1,
    });
    const stored = await t.handle.db.selectFrom('microbe_identification').selectAll().where('isolate_id', '=', iso.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ microbe_id: microbeIds.subtilis, microbe_name: 'Bacteria' });
    const a1 = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'microbeIdentification.create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(a1).toMatchObject({ entity: 'microbe_identification', entity_id: String(created.json().id), username: 'admin', before: null });
    expect(a1.after).toMatchObject({ samplenov: iso.samplenov, genus: 'Ybacillus', percentageIdentification: 98.7, version: 1 });

    // update: another microbe (any case), the gram character by its short name, no biosafety level
    const upd = await tx('savemicrobidentification', good(iso.samplenov, {
      version: 1, bactid: String(types.fungi), genus: 'yaspergillus', species: 'NIGER', percentageIdentification: '100', queryCoverage: 0, gramCharacter: 'gneg', biosafetyLevel: '',
    }));
    expect(upd.json()).toEqual({ statuss: 'Success', message: 'Record Saved Successfully!', id: created.json().id, version: 2 });
    expect((await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov })).json()).toMatchObject({
      bactid: types.fungi, microbeNmae: 'Fungi', genus: 'Yaspergillus', species: 'niger', percentageIdentification: 100, queryCoverage: 0,
      gramCharacter: 'Gram Negative', biosafetyLevel: null, version: 2,
    });
    const a2 = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'microbeIdentification.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(a2.before).toMatchObject({ genus: 'Ybacillus', version: 1 });
    expect(a2.after).toMatchObject({ genus: 'Yaspergillus', version: 2 });

    // legacy clients send no version: no check
    expect((await tx('savemicrobidentification', good(iso.samplenov))).json().version).toBe(3);
  });

  test('stale saves answer 409 and change nothing', async () => {
    const iso = await insertIsolate(t);
    expect((await tx('savemicrobidentification', good(iso.samplenov, { version: 0 }))).statusCode).toBe(200);
    const audits = Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.handle.db)).rows[0].n);
    for (const version of [0, 2, '7']) {
      const res = await tx('savemicrobidentification', good(iso.samplenov, { version, percentageIdentification: 50 }));
      expect({ version, status: res.statusCode, message: res.json().message }).toEqual({ version, status: 409, message: IDENTIFICATION_MSG.stale });
    }
    expect((await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov })).json()).toMatchObject({ percentageIdentification: 98.7, version: 1 });
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.handle.db)).rows[0].n)).toBe(audits);
    // a save of a never-identified isolate naming version 1 is stale too
    const other = await insertIsolate(t);
    expect((await tx('savemicrobidentification', good(other.samplenov, { version: 1 }))).statusCode).toBe(409);
  });

  test('two first saves at once: one creates, the other is stale', async () => {
    const iso = await insertIsolate(t);
    const answers = await Promise.all([0, 1, 2].map(() => tx('savemicrobidentification', good(iso.samplenov, { version: 0 }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  test('every validation message, in form order; nothing stored', async () => {
    const iso = await insertIsolate(t);
    const before = await rows();
    const cases: Array<[Row, string]> = [
      [{ bactid: '' }, IDENTIFICATION_MSG.microbe],
      [{ bactid: 'abc' }, IDENTIFICATION_MSG.microbe],
      [{ genus: ' ' }, IDENTIFICATION_MSG.genus],
      [{ species: null }, IDENTIFICATION_MSG.species],
      [{ percentageIdentification: '' }, IDENTIFICATION_MSG.percentageRequired],
      [{ percentageIdentification: 98.75 }, IDENTIFICATION_MSG.percentage],
      [{ percentageIdentification: '100.1' }, IDENTIFICATION_MSG.percentage],
      [{ percentageIdentification: -1 }, IDENTIFICATION_MSG.percentage],
      [{ percentageIdentification: 'abc' }, IDENTIFICATION_MSG.percentage],
      [{ queryCoverage: undefined }, IDENTIFICATION_MSG.coverageRequired],
      [{ queryCoverage: '99.255' }, IDENTIFICATION_MSG.coverage],
      [{ queryCoverage: 101 }, IDENTIFICATION_MSG.coverage],
      [{ gramCharacter: 'x'.repeat(51) }, IDENTIFICATION_MSG.gram],
      [{ gramCharacter: 'Purple' }, IDENTIFICATION_MSG.gramNotInMaster],
      [{ biosafetyLevel: 'BSL-9' }, IDENTIFICATION_MSG.biosafety],
      [{ genus: 'Ybacillus', species: 'unknown' }, IDENTIFICATION_MSG.notInMaster],
      [{ bactid: types.fungi }, IDENTIFICATION_MSG.notInMaster],
    ];
    for (const [extra, message] of cases) {
      const res = await tx('savemicrobidentification', good(iso.samplenov, extra));
      expect({ extra, status: res.statusCode, message: res.json().message }).toEqual({ extra, status: 400, message });
    }
    const missing = await tx('savemicrobidentification', good('NOPE-1'));
    expect(missing.statusCode).toBe(404);
    expect((await tx('savemicrobidentification', { ...good(iso.samplenov), samplenov: '' })).statusCode).toBe(400);
    expect((await tx('savemicrobidentification', good(iso.samplenov, { version: -1 }))).statusCode).toBe(400);
    expect((await tx('savemicrobidentification', good(iso.samplenov, { genus: { a: 1 } }))).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  test('a microbe deactivated in the master stays on the identifications that name it, but cannot be newly chosen', async () => {
    const iso = await insertIsolate(t);
    const other = await insertIsolate(t);
    expect((await tx('savemicrobidentification', good(iso.samplenov))).statusCode).toBe(200);
    await t.post('/api/master/deletemicrobeStatus', { id: microbeIds.subtilis, activestatus: 'N' }, admin);
    expect((await tx('savemicrobidentification', good(iso.samplenov, { queryCoverage: 90 }))).json().statuss).toBe('Success');
    expect((await tx('savemicrobidentification', good(other.samplenov))).json().message).toBe(IDENTIFICATION_MSG.notInMaster);
    await t.post('/api/master/deletemicrobeStatus', { id: microbeIds.subtilis, activestatus: 'Y' }, admin);
  });

  test('both calls need the microbe flag', async () => {
    const iso = await insertIsolate(t);
    const plain = await userWithRole(t, 'IDPLAIN', { can_view: true, can_add: true, can_edit: true });
    const microbeUser = await userWithRole(t, 'IDMIC', { can_microbe: true });
    for (const name of ['getmicrobeidentificationByid', 'savemicrobidentification']) {
      const res = await tx(name, good(iso.samplenov), plain);
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({ name, status: 403, message: "Your role does not allow this (it needs the 'microbe' permission)." });
    }
    expect((await tx('savemicrobidentification', good(iso.samplenov), microbeUser)).json().statuss).toBe('Success');
    expect((await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov }, microbeUser)).json().genus).toBe('Ybacillus');
    const a = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'microbeIdentification.create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(a.username).toBe('idmic');
  });
});
