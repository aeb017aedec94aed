import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import type { LoginResponse } from '../../../../shared/contract/session';
import { ISOLATE_MSG } from '../../../../shared/validation/isolate';
import { localToday } from '../../../../shared/validation/sample-inward';
import { mutate } from '../../../lib/audit';
import { insertSample, newOtp, type SampleColumns } from '../sample-repository';

let t: TestApp;
let admin: LoginResponse;
type Row = Record<string, unknown>;
const tx = (name: string, body: unknown) => t.post(`/api/transaction/${name}`, body, admin);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  const state = (await t.handle.db.insertInto('common_master_type').values({ code: 'STATE', type: 'States of India' }).returning('id').executeTakeFirstOrThrow()).id;
  const district = (await t.handle.db.insertInto('common_master_type').values({ code: 'DIST', type: 'District' }).returning('id').executeTakeFirstOrThrow()).id;
  const mh = (await t.handle.db.insertInto('common_master').values({ type_id: state, shortname: 'MH', value: 'Maharashtra' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.handle.db.insertInto('common_master').values({ type_id: district, shortname: 'PUNE', value: 'Pune', depends_on_id: mh }).execute();
});
afterAll(() => t.close());

async function newSample(): Promise<{ id: number; otp: string; sampleno: string }> {
  const today = localToday();
  const res = await tx('savesampleinverd', {
    samplingdate: today, samplecollectdate: today, sampledby: 'R. K', resourceName: 'Admin', statesofIndia: 'MH', district: 'PUNE',
    gpslocation: '18.5 N', source: 'Field', agroclimaticzone: 'WPH', minimumrainfall: 500, maximumrainfall: 700, temperature: '27', soiltype: 'Black', soilcolor: 'Brown',
  });
  const b = res.json();
  expect(b.status).toBe('Success');
  return { id: b.id, otp: b.message, sampleno: b.sampleno };
}

const measures = (over: Row = {}): Row => ({ sampletype: 'Rhizosphere soil', soilph: '7.25', soilec: 1.5, soiltds: 320, ...over });
const isolates = (sampleId: number) => t.handle.db.selectFrom('isolate').selectAll().where('sample_inward_id', '=', sampleId).orderBy('id').execute();
const seqNow = async () => Number((await sql<{ n: number }>`select last_value as n from isolate_code_seq`.execute(t.handle.db)).rows[0].n);

describe('create mode: OTP', () => {
  test('getOtpForIsolated lists the OTPs of active samples without an isolate; getoverwrightotp previews the next code', async () => {
    const s = await newSample();
    const otps: Row[] = (await tx('getOtpForIsolated', { userID: 1 })).json();
    expect(otps[0]).toEqual({ id: s.id, otp: s.otp, sampleno: s.sampleno, sampleinno: expect.stringMatching(/^SI-/) });
    const preview = (await tx('getoverwrightotp', { otp: s.otp })).json();
    expect(preview).toMatchObject({ id: s.id, sampleno: s.sampleno, samplenov: `${s.sampleno}-1`, organismtype: expect.stringMatching(/^ISO\d{6}$/), isolates: 0 });
    expect(preview.sampleInward).toMatchObject({ id: s.id, otp: s.otp, statesofIndia: 'Maharashtra', district: 'Pune' });
    // the preview takes no number
    expect((await tx('getoverwrightotp', { otp: s.otp })).json().organismtype).toBe(preview.organismtype);
    const blank = await tx('getoverwrightotp', { otp: '' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, ISOLATE_MSG.selectOtp]);
    const unknown = await tx('getoverwrightotp', { otp: '000000' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ISOLATE_MSG.unknownOtp]);
  });

  test("saveisolatecodereplacetootp: the first isolate '<sampleno>-1' with the previewed code; audited; the OTP is then used up", async () => {
    const s = await newSample();
    const preview = (await tx('getoverwrightotp', { otp: s.otp })).json();
    const audits = Number((await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).where('action', '=', 'isolate.create').executeTakeFirstOrThrow()).n);
    const res = await tx('saveisolatecodereplacetootp', { otp: s.otp, organismtype: preview.organismtype, ...measures() });
    expect(res.json()).toEqual({ statuss: 'Success', message: `${s.sampleno}-1`, samplenov: `${s.sampleno}-1`, isolatecode: preview.organismtype });
    expect(await isolates(s.id)).toEqual([
      expect.objectContaining({ samplenov: `${s.sampleno}-1`, isolatecode: preview.organismtype, sampletype: 'Rhizosphere soil', soilph: 7.25, soilec: 1.5, soiltds: 320, created_by: 1 }),
    ]);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'isolate.create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(Number((await t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).where('action', '=', 'isolate.create').executeTakeFirstOrThrow()).n)).toBe(audits + 1);
    expect(audit).toMatchObject({ entity: 'isolate', username: 'admin', before: null, after: expect.objectContaining({ samplenov: `${s.sampleno}-1`, isolatecode: preview.organismtype }) });

    const again = await tx('saveisolatecodereplacetootp', { otp: s.otp, ...measures() });
    expect(again.json()).toEqual({ statuss: 'Success1', rescoremessage: ISOLATE_MSG.alreadyIsolated });
    expect(((await tx('getOtpForIsolated', {})).json() as Row[]).some((o) => o.otp === s.otp)).toBe(false);
    expect((await tx('getoverwrightotp', { otp: s.otp })).statusCode).toBe(404);
    expect(await isolates(s.id)).toHaveLength(1);
  });

  test('refusals: unknown or deleted sample, missing OTP; the measures in the order of the spec', async () => {
    const s = await newSample();
    const seq = await seqNow();
    expect((await tx('saveisolatecodereplacetootp', { otp: '000000', ...measures() })).json()).toEqual({ statuss: 'Success1', rescoremessage: ISOLATE_MSG.unknownOtp });
    const noOtp = await tx('saveisolatecodereplacetootp', measures());
    expect([noOtp.statusCode, noOtp.json().message]).toEqual([400, ISOLATE_MSG.selectOtp]);
    const cases: Array<[Row, string]> = [
      [{ sampletype: '', soiltds: '', soilph: '', soilec: '' }, 'Please Select Sample Type!'],
      [{ soiltds: '', soilph: '', soilec: '' }, 'Please Select Soil TDS!'],
      [{ soilph: null, soilec: '' }, 'Please Select Soil pH!'],
      [{ soilec: undefined }, 'Please Select Soil EC!'],
      [{ soilph: 14.5 }, ISOLATE_MSG.phRange],
      [{ soilph: 7.123 }, ISOLATE_MSG.phRange],
      [{ soilec: -1 }, ISOLATE_MSG.ecRange],
      [{ soiltds: 'many' }, ISOLATE_MSG.tdsRange],
      [{ sampletype: 'x'.repeat(101) }, ISOLATE_MSG.sampleTypeLong],
    ];
    for (const [over, message] of cases) {
      const res = await tx('saveisolatecodereplacetootp', { otp: s.otp, ...measures(over) });
      expect({ over, status: res.statusCode, message: res.json().message }).toEqual({ over, status: 400, message });
    }
    await tx('changesampleinStatus', { id: s.id, active: 'N', reason: 'Test: deleted.' });
    expect((await tx('saveisolatecodereplacetootp', { otp: s.otp, ...measures() })).json()).toEqual({ statuss: 'Success1', rescoremessage: ISOLATE_MSG.unknownOtp });
    expect(((await tx('getOtpForIsolated', {})).json() as Row[]).some((o) => o.otp === s.otp)).toBe(false);
    expect(await isolates(s.id)).toEqual([]);
    expect(await seqNow()).toBe(seq);
  });
});

describe('other mode: sample code', () => {
  test("getfindisolate: 'Please Enter Sample Code' when empty; finds by sample code or version; the next version", async () => {
    const s = await newSample();
    for (const body of [{ sampleno: '' }, {}, { searchText: '  ' }]) {
      const res = await tx('getfindisolate', body);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please Enter Sample Code']);
    }
    expect((await tx('getfindisolate', { sampleno: s.sampleno.toLowerCase() })).json()).toMatchObject({ samplenov: `${s.sampleno}-1`, isolates: 0 });
    await tx('saveisolatecodereplacetootp', { otp: s.otp, ...measures() });
    const found = (await tx('getfindisolate', { sampleno: `${s.sampleno}-1` })).json();
    expect(found).toMatchObject({ id: s.id, sampleno: s.sampleno, samplenov: `${s.sampleno}-2`, isolates: 1, organismtype: expect.stringMatching(/^ISO/) });
    const unknown = await tx('getfindisolate', { sampleno: 'SC999999' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ISOLATE_MSG.unknownSample]);
  });

  test('saveisolatecode adds the next version; refusals', async () => {
    const s = await newSample();
    const first = (await tx('saveisolatecode', { sampleno: s.sampleno, ...measures() })).json();
    expect(first).toEqual({ statuss: 'Success', message: `${s.sampleno}-1`, samplenov: `${s.sampleno}-1`, isolatecode: expect.stringMatching(/^ISO\d{6}$/) });
    const second = (await tx('saveisolatecode', { sampleno: s.sampleno, ...measures({ sampletype: 'Bulk soil' }) })).json();
    expect(second).toMatchObject({ statuss: 'Success', message: `${s.sampleno}-2` });
    expect(second.isolatecode).not.toBe(first.isolatecode);
    const noCode = await tx('saveisolatecode', measures());
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, 'Please Check Next Isolate Code!']);
    const noType = await tx('saveisolatecode', { sampleno: s.sampleno, ...measures({ sampletype: ' ' }) });
    expect([noType.statusCode, noType.json().message]).toEqual([400, 'Please Select Sample Type!']);
    expect((await tx('saveisolatecode', { sampleno: 'SC999999', ...measures() })).json()).toEqual({ statuss: 'Success1', rescoremessage: ISOLATE_MSG.unknownSample });
    expect(await isolates(s.id)).toHaveLength(2);
  });

  test('20 concurrent saves on one sample get consecutive versions and distinct isolate codes', async () => {
    const s = await newSample();
    const answers = (await Promise.all(Array.from({ length: 20 }, () => tx('saveisolatecode', { sampleno: s.sampleno, ...measures() })))).map((r) => r.json());
    expect(answers.every((a) => a.statuss === 'Success')).toBe(true);
    expect(answers.map((a) => a.samplenov).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `${s.sampleno}-${i + 1}`).sort());
    expect(new Set(answers.map((a) => a.isolatecode)).size).toBe(20);
  });

  test('getSamplingData: by sample code version (with the isolate) or by sample code', async () => {
    const s = await newSample();
    const saved = (await tx('saveisolatecode', { sampleno: s.sampleno, ...measures() })).json();
    const byVersion = (await tx('getSamplingData', { sampleno: s.sampleno, samplenov: saved.samplenov })).json();
    expect(byVersion).toMatchObject({ id: s.id, sampleno: s.sampleno, otp: s.otp, samplenov: saved.samplenov, isolatecode: saved.isolatecode, sampletype: 'Rhizosphere soil', soilph: 7.25, soilec: 1.5, soilTDS: 320 });
    expect((await tx('getSamplingData', { sampleno: s.sampleno })).json()).toMatchObject({ id: s.id, samplenov: null, isolatecode: null });
    expect((await tx('getSamplingData', { samplenov: 'SC999999-1' })).statusCode).toBe(404);
    expect((await tx('getSamplingData', {})).statusCode).toBe(400);
  });
});

const sampleValues = (): SampleColumns => ({
    sampling_date: localToday(), inward_date: localToday(), sampledby: 'X', resource_name: 'Y', resource_id: null, state_id: null, state_name: 'S',
    district_id: null, district_name: 'D', gpslocation: 'G', source: 'S', agroclimaticzone: 'A', minimumrainfall: 1, maximumrainfall: 2, temperature: 'T', soiltype: 'S', soilcolor: 'C',
});
const insertAsAdmin = (otpOf?: (attempt: number) => string) =>
  mutate(t.handle.db, { userId: 1, username: 'admin', tenant: 't', ip: null }, (trx) => insertSample(trx, sampleValues(), 1, otpOf));

test('an OTP taken by another sample is skipped: the insert retries with a new one', async () => {
  const s = await newSample();
  const offered = [s.otp, s.otp, '246813'];
  const row = await insertAsAdmin(() => offered.shift()!);
  expect(row.otp).toBe('246813');
  expect(offered).toEqual([]);
});

test('OTPs widen when the six-digit ones run out: every fifth clash draws one digit more, and the sample is saved', async () => {
  // A draw that always gives the smallest number of its width stands for a full six-digit space: the first
  // sample takes 100000, the next clashes five times and gets 1000000, the one after that 10000000.
  const smallest = (attempt: number) => newOtp(attempt, (min) => min);
  expect(await t.handle.db.selectFrom('sample_inward').select('otp').where('otp', 'in', ['100000', '1000000', '10000000']).execute()).toEqual([]);
  const otps: string[] = [];
  for (let i = 0; i < 3; i++) otps.push((await insertAsAdmin(smallest)).otp);
  expect(otps).toEqual(['100000', '1000000', '10000000']);
  const stored = await t.handle.db.selectFrom('sample_inward').select('otp').where('otp', 'in', otps).execute();
  expect(stored.map((r) => r.otp).sort()).toEqual([...otps].sort());
  // Real draws: six digits first, ten at the 25th attempt (the column holds twelve).
  for (let i = 0; i < 200; i++) expect(newOtp()).toMatch(/^[1-9]\d{5}$/);
  expect(newOtp(5)).toMatch(/^[1-9]\d{6}$/);
  expect(newOtp(24)).toMatch(/^[1-9]\d{9}$/);
});
