import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { tableDigests } from '../../../test-support/table-digests';
import type { LoginResponse } from '../../../../shared/contract/session';
import { AMENDMENT_MSG } from '../../../../shared/contract/amendments';
import { ACTIVITY_MSG } from '../../../../shared/contract/activity-endpoints';
import { localToday } from '../../../../shared/validation/sample-inward';
import { setupLab, signature, submitBody, type Isolate, type Lab, type User } from '../../activities/__tests__/activity-fixtures';
import { ensureMicrobeTypes, type MicrobeTypes } from '../../microbes/__tests__/microbe-fixtures';

/**
 * Approved means locked: the sample inward record and the microbe identification that submitted or approved
 * results rest on change only as amendments (with a reason, kept and shown, the approvals marked for their
 * manager), only by the user who recorded them or a Top Role user; a sample is deleted and restored with a reason.
 * Every refusal changes nothing (row digests before and after).
 */
let t: TestApp;
let lab: Lab;
let admin: LoginResponse;
let types: MicrobeTypes;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
type Row = Record<string, unknown>;
const tx = (name: string, body: unknown, s: S) => t.post(`/api/transaction/${name}`, body, s);

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return localToday(d);
};
const inward = (over: Row = {}): Row => ({
  samplingdate: daysAgo(3), samplecollectdate: daysAgo(1), sampledby: 'R. Kulkarni', resourceName: 'Vikram Patil', statesofIndia: 'Maharashtra',
  district: 'Pune', gpslocation: '18.5204 N, 73.8567 E', source: 'Farm field', agroclimaticzone: 'Western Plateau', minimumrainfall: 600,
  maximumrainfall: 750, temperature: '28 C', soiltype: 'Black Cotton', soilcolor: 'Dark brown', ...over,
});
const identification = (samplenov: string, over: Row = {}): Row => ({
  samplenov, bactid: types.bacteria, genus: 'Zbacillus', species: 'subtilis', percentageIdentification: 98.7, queryCoverage: 99, gramCharacter: 'Gram Positive', ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  lab = await setupLab(t);
  types = await ensureMicrobeTypes(t);
  await t.post('/api/master/saveMicrobemaster', { typeid: types.bacteria, genus: 'Zbacillus', species: 'subtilis' }, admin);
  await t.post('/api/master/saveMicrobemaster', { typeid: types.bacteria, genus: 'Zbacillus', species: 'cereus' }, admin);
  const state = (await t.handle.db.insertInto('common_master_type').values({ code: 'STATE', type: 'States of India' }).returning('id').executeTakeFirstOrThrow()).id;
  const district = (await t.handle.db.insertInto('common_master_type').values({ code: 'DIST', type: 'District' }).returning('id').executeTakeFirstOrThrow()).id;
  const mh = (await t.handle.db.insertInto('common_master').values({ type_id: state, shortname: 'MH', value: 'Maharashtra' }).returning('id').executeTakeFirstOrThrow()).id;
  await t.handle.db.insertInto('common_master').values({ type_id: district, shortname: 'PUNE', value: 'Pune', depends_on_id: mh }).execute();
  // The staff may delete samples and identify microbes (their role's flags): restore, not delete, needs the Top Role.
  await t.handle.db.updateTable('workflow_role').set({ can_delete: true, can_microbe: true }).where('shortname', '=', 'TSTAFF').execute();
  for (const u of [lab.staff, lab.staff2]) Object.assign(u.session, (await t.post('/api/auth/signin', { username: u.username, password: enc('Perm@12345') })).json());
});
afterAll(() => t.close());

/** A sample registered through the API by `by`, with one isolate (created directly: the isolate screen is not under test). */
async function registered(by: User): Promise<{ id: number; iso: Isolate }> {
  const r = await tx('savesampleinverd', inward(), by.session);
  expect(r.statusCode).toBe(200);
  const id = r.json().id as number;
  const s = await t.handle.db.selectFrom('sample_inward').select(['sampleno']).where('id', '=', id).executeTakeFirstOrThrow();
  const samplenov = `${s.sampleno}-1`;
  const iso = await t.handle.db.insertInto('isolate').values({
    sample_inward_id: id, samplenov, isolatecode: `ZI${id}`, sampletype: 'Soil', soilph: 7, soilec: 1, soiltds: 100, created_by: by.id,
  }).returning('id').executeTakeFirstOrThrow();
  return { id, iso: { id: iso.id, samplenov, isolatecode: `ZI${id}`, sampleno: s.sampleno } };
}

const record = async (id: number, s: S = lab.staff.session) => (await tx('getsapleivertById', { id }, s)).json();
const approveFlow = async (iso: Isolate) => {
  expect((await t.post('/api/master/saveActivities', submitBody(lab.l1, iso, { CD: '12.5' }), lab.staff.session)).json().status).toBe('S');
  expect((await t.post('/api/master/saveActivities', { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A') }, lab.manager.session)).json().status).toBe('A');
};
const txOf = (iso: Isolate) => t.handle.db.selectFrom('activity_transaction').selectAll().where('isolate_id', '=', iso.id).where('activity_type_id', '=', lab.l1.id).executeTakeFirstOrThrow();

describe('the sample inward record under approved results', () => {
  test('before any submit it is a plain update; after an approval a change needs a reason and is kept as an amendment', async () => {
    const { id, iso } = await registered(lab.staff);
    let rec = await record(id);
    expect(rec).toMatchObject({ amendmentRequired: false, canEdit: true, createdBy: 'Vikram Patil', amendments: [], statusChange: null });
    expect((await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Orchard' }), lab.staff.session)).statusCode).toBe(200);

    await approveFlow(iso);
    rec = await record(id);
    expect(rec.amendmentRequired).toBe(true);

    // Without a reason: a plain 400 that says so, and nothing changes.
    const before = await tableDigests(t.handle.db);
    const refused = await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Vineyard' }), lab.staff.session);
    expect([refused.statusCode, refused.json()]).toEqual([400, { statusCode: 400, message: AMENDMENT_MSG.reasonRequired('sample'), field: 'amendmentReason', amendmentRequired: true }]);
    for (const blank of ['', '   ', null]) {
      expect((await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Vineyard', amendmentReason: blank }), lab.staff.session)).statusCode).toBe(400);
    }
    expect((await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Vineyard', amendmentReason: 'x'.repeat(501) }), lab.staff.session)).json().message)
      .toBe(AMENDMENT_MSG.reasonTooLong);
    expect(await tableDigests(t.handle.db)).toEqual(before);

    // With a reason: saved, the amendment kept, the approval marked for the manager.
    const ok = await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Vineyard', amendmentReason: 'Source misread from the field sheet.' }), lab.staff.session);
    expect(ok.statusCode).toBe(200);
    rec = await record(id);
    expect(rec.source).toBe('Vineyard');
    expect(rec.amendments).toEqual([{ by: 'Vikram Patil', username: 'tstaff', at: expect.stringMatching(/Z$/), reason: 'Source misread from the field sheet.' }]);
    expect(await txOf(iso)).toMatchObject({ status: 'A', amended_at: expect.anything() });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'sampleInward.amend').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('Source misread from the field sheet.');
    expect(audit.after).toMatchObject({ source: 'Vineyard', activitiesMarkedAmended: [(await txOf(iso)).id] });

    // A save that changes nothing needs no reason and writes nothing.
    const same = await tableDigests(t.handle.db);
    expect((await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Vineyard' }), lab.staff.session)).statusCode).toBe(200);
    expect(await tableDigests(t.handle.db)).toEqual(same);
  });

  test('the manager sees the marked approval in the queue and the lists, and approves it again (or reverts it)', async () => {
    const { id, iso } = await registered(lab.staff);
    await approveFlow(iso);
    const rec = await record(id);
    await tx('savesampleinverd', inward({ id, version: rec.version, soilcolor: 'Grey', amendmentReason: 'Colour recorded wrongly.' }), lab.staff.session);

    const queue = (await t.post('/api/transaction/getApprovalQueue', {}, lab.manager.session)).json() as Row[];
    expect(queue.find((q) => q.samplenov === iso.samplenov)).toMatchObject({ amended: true, actid: lab.l1.id });
    // The Level 1 list reads its rows' transaction states with the page: the row says it waits again.
    const level1 = (await t.post('/api/transaction/getactitransctionhome', { pageno: 1 }, lab.manager.session)).json() as Row[];
    expect(level1.find((r) => r.samplenov === iso.samplenov)).toMatchObject({ amended: true, actid: lab.l1.id });
    expect((await t.post('/api/transaction/getApprovalCounts', {}, lab.manager.session)).json().level1).toBeGreaterThan(0);
    const buttons = (await t.post('/api/master/getactivityforparamconf', { samplenov: iso.samplenov }, lab.manager.session)).json() as Row[];
    expect(buttons.find((b) => b.id === lab.l1.id)).toMatchObject({ status: 'A', amended: true, mode: 'manager' });
    // Staff cannot decide it; the owner cannot resubmit it while it is approved.
    expect((await t.post('/api/master/saveActivities', { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A') }, lab.staff2.session)).json())
      .toMatchObject({ message: 'Error', code: 403 });
    const tx1 = await txOf(iso);
    const again = await t.post('/api/master/saveActivities', { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A'), version: tx1.version }, lab.manager.session);
    expect([again.statusCode, again.json().status]).toEqual([200, 'A']);
    expect(await txOf(iso)).toMatchObject({ status: 'A', amended_at: null });
    // Settled: no longer waiting, and A is final again.
    expect(((await t.post('/api/transaction/getApprovalQueue', {}, lab.manager.session)).json() as Row[]).some((q) => q.samplenov === iso.samplenov)).toBe(false);
    const final = await t.post('/api/master/saveActivities', { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A') }, lab.manager.session);
    expect([final.statusCode, final.json()]).toEqual([200, { message: 'Error', reason: ACTIVITY_MSG.illegal('A', 'approve'), code: 409 }]);

    // Amended again: this time the manager reverts it for rechecking.
    const rec2 = await record(id);
    await tx('savesampleinverd', inward({ id, version: rec2.version, soilcolor: 'Black', amendmentReason: 'Second look.' }), lab.staff.session);
    const reverted = await t.post('/api/master/saveActivities', { actid: lab.l1.id, samplenov: iso.samplenov, status: 'R', remarks: 'Recheck with the new colour.', activeList: [], ...signature('R') }, lab.manager.session);
    expect(reverted.json().status).toBe('R');
    expect(await txOf(iso)).toMatchObject({ status: 'R', amended_at: null });
  });

  test('only the user who registered it, or a Top Role user, may change it', async () => {
    const { id } = await registered(lab.staff);
    const rec = await record(id);
    const before = await tableDigests(t.handle.db);
    const other = await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Tea garden' }), lab.staff2.session);
    expect([other.statusCode, other.json().message]).toEqual([403, AMENDMENT_MSG.notOwner('sample', 'Vikram Patil')]);
    expect(await tableDigests(t.handle.db)).toEqual(before);
    expect((await record(id, lab.staff2.session)).canEdit).toBe(false);
    expect((await tx('savesampleinverd', inward({ id, version: rec.version, source: 'Tea garden' }), admin)).statusCode).toBe(200);
  });
});

describe('the microbe identification under approved results', () => {
  test('a change after approval is an amendment with a reason; only its recorder or a Top Role user may change it', async () => {
    const { iso } = await registered(lab.staff);
    const created = await tx('savemicrobidentification', identification(iso.samplenov, { version: 0 }), lab.staff.session);
    expect(created.statusCode).toBe(200);
    await approveFlow(iso);
    let rec = (await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov }, lab.staff.session)).json();
    expect(rec).toMatchObject({ amendmentRequired: true, canEdit: true, createdBy: 'Vikram Patil', amendments: [] });

    const before = await tableDigests(t.handle.db);
    const other = await tx('savemicrobidentification', identification(iso.samplenov, { species: 'cereus', version: rec.version, amendmentReason: 'x' }), lab.staff2.session);
    expect([other.statusCode, other.json().message]).toEqual([403, AMENDMENT_MSG.notOwner('identification', 'Vikram Patil')]);
    const noReason = await tx('savemicrobidentification', identification(iso.samplenov, { species: 'cereus', version: rec.version }), lab.staff.session);
    expect([noReason.statusCode, noReason.json()]).toEqual([400, { statusCode: 400, message: AMENDMENT_MSG.reasonRequired('identification'), field: 'amendmentReason', amendmentRequired: true }]);
    expect(await tableDigests(t.handle.db)).toEqual(before);

    const ok = await tx('savemicrobidentification', identification(iso.samplenov, { species: 'cereus', version: rec.version, amendmentReason: '16S rRNA re-run.' }), lab.staff.session);
    expect(ok.statusCode).toBe(200);
    rec = (await tx('getmicrobeidentificationByid', { samplenov: iso.samplenov }, lab.staff.session)).json();
    expect(rec).toMatchObject({ species: 'cereus', amendments: [{ by: 'Vikram Patil', reason: '16S rRNA re-run.' }] });
    expect(await txOf(iso)).toMatchObject({ amended_at: expect.anything() });

    // The detailed record and its PDF show the amendment and the marked approval.
    const detail = (await t.post('/api/transaction/postSearchmicBySamplenov', { samplenov: iso.samplenov }, admin)).json();
    expect(detail.amendments).toEqual([expect.objectContaining({ record: 'Microbe Identification', reason: '16S rRNA re-run.' })]);
    expect(detail.activityList[0]).toMatchObject({ status: 'A', amended: true });
  });
});

describe('deleting a sample', () => {
  test('needs a reason; the row shows who, when and why; only a Top Role user restores it, with a reason', async () => {
    const { id } = await registered(lab.staff);
    const before = await tableDigests(t.handle.db);
    for (const body of [{ id, active: 'N' }, { id, active: 'N', reason: '  ' }]) {
      const r = await tx('changesampleinStatus', body, lab.staff.session);
      expect(r.statusCode).toBe(400);
    }
    expect((await tx('changesampleinStatus', { id, active: 'N' }, lab.staff.session)).json().message).toBe(AMENDMENT_MSG.deleteReasonRequired);
    expect(await tableDigests(t.handle.db)).toEqual(before);

    const del = await tx('changesampleinStatus', { id, active: 'N', reason: 'Duplicate registration of SC sample.' }, lab.staff.session);
    expect(del.json()).toMatchObject({ status: 'Success' });
    const rows = (await tx('getsamphome', { pageno: 1 }, admin)).json() as Row[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ active: 'N', statusChange: { by: 'Vikram Patil', at: expect.stringMatching(/Z$/), reason: 'Duplicate registration of SC sample.' } });
    expect(await t.handle.db.selectFrom('audit_log').select(['reason']).where('action', '=', 'sampleInward.delete').where('entity_id', '=', String(id)).executeTakeFirstOrThrow())
      .toEqual({ reason: 'Duplicate registration of SC sample.' });

    // Restoring: Top Role only, with a reason.
    const mid = await tableDigests(t.handle.db);
    const notTop = await tx('changesampleinStatus', { id, active: 'Y', reason: 'Mistake' }, lab.staff.session);
    expect([notTop.statusCode, notTop.json().message]).toEqual([403, AMENDMENT_MSG.restoreTopRoleOnly]);
    expect((await tx('changesampleinStatus', { id, active: 'Y' }, admin)).json().message).toBe(AMENDMENT_MSG.restoreReasonRequired);
    expect(await tableDigests(t.handle.db)).toEqual(mid);
    const back = await tx('changesampleinStatus', { id, active: 'Y', reason: 'Deleted by mistake: it is not a duplicate.' }, admin);
    expect(back.json()).toMatchObject({ status: 'Success' });
    expect(await record(id, admin)).toMatchObject({ active: 'Y', statusChange: { by: expect.any(String), reason: 'Deleted by mistake: it is not a duplicate.' } });
    const audits = await sql<{ action: string; reason: string }>`select action, reason from audit_log where entity = 'sample_inward' and entity_id = ${String(id)} and action like 'sampleInward.%' order by id`.execute(t.handle.db);
    expect(audits.rows.map((a) => a.action)).toEqual(['sampleInward.create', 'sampleInward.delete', 'sampleInward.reactivate']);
  });
});
