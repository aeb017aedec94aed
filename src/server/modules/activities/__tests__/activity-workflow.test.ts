import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { tableDigests } from '../../../test-support/table-digests';
import { SIGNATURE_MSG } from '../../../../shared/contract/signatures';
import { ACTIVITY_MSG } from '../../../../shared/contract/activity-endpoints';
import { WORKFLOW_MSG } from '../../../../shared/workflow';
import { VALUE_MSG } from '../../../../shared/parameters';
import { asRefusal, insertIsolate, setupLab, signature, submitBody, type Isolate, type Lab, type User } from './activity-fixtures';

/** The status machine enforced by the server: every transition, every refusal, the race, the audit rows. */
let t: TestApp;
let lab: Lab;
beforeAll(async () => {
  t = await createTestApp();
  lab = await setupLab(t);
});
afterAll(() => t.close());

/** A refusal reads as the status and sentence it stands for (asRefusal); the legacy shape itself is tested below. */
const save = async (u: User, body: unknown, name = 'saveActivities') => asRefusal(await t.post(`/api/master/${name}`, body, u.session));
const txOf = (iso: Isolate, actId: number) =>
  t.handle.db.selectFrom('activity_transaction').selectAll().where('isolate_id', '=', iso.id).where('activity_type_id', '=', actId).where('plant_assessment_id', 'is', null).executeTakeFirst();
const valuesOf = (trnid: number) =>
  t.handle.db.selectFrom('activity_value').select(['parameter_id', 'text_value', 'num_value', 'date_value']).where('transaction_id', '=', trnid).orderBy('parameter_id').execute();
const auditsOf = (trnid: number) =>
  t.handle.db.selectFrom('audit_log').select(['action', 'reason', 'user_id', 'after']).where('entity', '=', 'activity_transaction').where('entity_id', '=', String(trnid)).orderBy('id').execute();
const decide = (u: User, iso: Isolate, actId: number, status: 'A' | 'R', remarks: string | null = null, extra: Record<string, unknown> = {}) =>
  save(u, { actid: actId, samplenov: iso.samplenov, status, remarks, activeList: [], ...signature(status), ...extra });

async function submitted(iso: Isolate, by: User = lab.staff) {
  const r = await save(by, submitBody(lab.l1, iso, { CD: '12.5', NOTE: 'round', DT: '2026-01-12' }));
  expect([r.statusCode, r.json()]).toEqual([200, { message: 'Success', status: 'S', trnid: expect.any(Number), version: expect.any(Number) }]);
  return r.json() as { trnid: number; version: number };
}

describe('transitions', () => {
  test('none -> S: the owner submits; values are stored typed; the manager is the owner\'s reporting manager', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const { trnid } = await submitted(iso);
    const tx = await txOf(iso, lab.l1.id);
    expect(tx).toMatchObject({ id: trnid, status: 'S', owner_id: lab.staff.id, reporting_manager_id: lab.manager.id, level: 'Level 1', version: 1 });
    const [cd, note, dt] = lab.l1.params;
    expect(await valuesOf(trnid)).toEqual([
      { parameter_id: cd.id, text_value: '12.5', num_value: 12.5, date_value: null },
      { parameter_id: note.id, text_value: 'round', num_value: null, date_value: null },
      { parameter_id: dt.id, text_value: '2026-01-12', num_value: null, date_value: '2026-01-12' },
    ]);
  });

  test('S -> A: the reporting manager approves (with an optional comment)', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const { trnid } = await submitted(iso);
    const r = await decide(lab.manager, iso, lab.l1.id, 'A', 'Looks fine');
    expect([r.statusCode, r.json()]).toEqual([200, { message: 'Success', status: 'A', trnid, version: 2 }]);
    expect(await txOf(iso, lab.l1.id)).toMatchObject({ status: 'A', decided_by: lab.manager.id, remark: 'Looks fine' });
    // A is final: nobody moves it again.
    expect((await decide(lab.manager, iso, lab.l1.id, 'R', 'again')).statusCode).toBe(409);
    expect((await decide(lab.manager, iso, lab.l1.id, 'A')).statusCode).toBe(409);
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: 1 }))).statusCode).toBe(409);
  });

  test('S -> R with a remark, then R -> S: the owner fixes and resubmits; the manager approves', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const { trnid } = await submitted(iso);
    const r = await decide(lab.manager, iso, lab.l1.id, 'R', 'Please re-measure the diameter.');
    expect([r.statusCode, r.json().status]).toEqual([200, 'R']);
    expect(await txOf(iso, lab.l1.id)).toMatchObject({ status: 'R', remark: 'Please re-measure the diameter.' });
    const again = await save(lab.staff, submitBody(lab.l1, iso, { CD: '13.25' }, { version: 2 }));
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'Success', status: 'S', trnid, version: 3 }]);
    expect(await txOf(iso, lab.l1.id)).toMatchObject({ status: 'S', remark: null, reporting_manager_id: lab.manager.id });
    // The values were replaced: NOTE and DT were left empty this time.
    expect(await valuesOf(trnid)).toEqual([{ parameter_id: lab.l1.params[0].id, text_value: '13.25', num_value: 13.25, date_value: null }]);
    expect((await decide(lab.manager, iso, lab.l1.id, 'A', null, { version: 3 })).json().status).toBe('A');
  });

  test('a draft (status none, saved earlier) is submitted by its owner', async () => {
    const iso = await insertIsolate(t, lab.creator);
    await t.handle.db.insertInto('activity_transaction').values({ activity_type_id: lab.l1.id, level: 'Level 1', isolate_id: iso.id, owner_id: lab.staff.id }).execute();
    expect((await save(lab.staff2, submitBody(lab.l1, iso, { CD: 2 }))).statusCode).toBe(403);
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: 2 }))).json().status).toBe('S');
  });

  test('saveActivityParameters is the same save', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const r = await save(lab.staff, submitBody(lab.l1, iso, { CD: 4 }), 'saveActivityParameters');
    expect(r.json()).toMatchObject({ message: 'Success', status: 'S' });
  });
});

describe('refusals change nothing', () => {
  let iso: Isolate;
  beforeEach(async () => {
    iso = await insertIsolate(t, lab.creator);
  });

  test('409: illegal transitions (approve or revert before a submit, submit while S)', async () => {
    const a = await decide(lab.manager, iso, lab.l1.id, 'A');
    expect([a.statusCode, a.json().message]).toEqual([409, ACTIVITY_MSG.illegal(null, 'approve')]);
    expect((await decide(lab.manager, iso, lab.l1.id, 'R', 'why')).statusCode).toBe(409);
    expect(await txOf(iso, lab.l1.id)).toBeUndefined();
    await submitted(iso);
    const s = await save(lab.staff, submitBody(lab.l1, iso, { CD: 3 }));
    expect([s.statusCode, s.json().message]).toEqual([409, ACTIVITY_MSG.illegal('S', 'submit')]);
    expect((await txOf(iso, lab.l1.id))?.version).toBe(1);
  });

  test('409: a stale version', async () => {
    await submitted(iso);
    const r = await decide(lab.manager, iso, lab.l1.id, 'A', null, { version: 7 });
    expect([r.statusCode, r.json().message]).toEqual([409, ACTIVITY_MSG.stale]);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
  });

  test('403: not the owner (another staff member resubmits a reverted activity)', async () => {
    await submitted(iso);
    await decide(lab.manager, iso, lab.l1.id, 'R', 'recheck');
    const r = await save(lab.staff2, submitBody(lab.l1, iso, { CD: 5 }));
    expect([r.statusCode, r.json().message]).toEqual([403, ACTIVITY_MSG.notOwner]);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('R');
  });

  test('403: not the reporting manager (staff approves, a manager it was not submitted to)', async () => {
    await submitted(iso);
    const r = await decide(lab.staff2, iso, lab.l1.id, 'A');
    expect([r.statusCode, r.json().message]).toEqual([403, ACTIVITY_MSG.notManager]);
    const other = await decide(lab.self, iso, lab.l1.id, 'R', 'no');
    expect([other.statusCode, other.json().message]).toEqual([403, ACTIVITY_MSG.notManager]);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
  });

  test('403: approving or reverting one\'s own submission', async () => {
    await submitted(iso, lab.self);
    expect(await txOf(iso, lab.l1.id)).toMatchObject({ owner_id: lab.self.id, reporting_manager_id: lab.self.id });
    const r = await decide(lab.self, iso, lab.l1.id, 'A');
    expect([r.statusCode, r.json().message]).toEqual([403, ACTIVITY_MSG.ownSubmission]);
    expect((await decide(lab.self, iso, lab.l1.id, 'R', 'x')).statusCode).toBe(403);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
  });

  test('403: no access to the activity; access without the edit flag', async () => {
    const r = await save(lab.outsider, submitBody(lab.l1, iso, { CD: 1 }));
    expect([r.statusCode, r.json().message]).toEqual([403, ACTIVITY_MSG.noAccess]);
    const v = await save(lab.viewer, submitBody(lab.l1, iso, { CD: 1 }));
    expect([v.statusCode, v.json().message]).toEqual([403, ACTIVITY_MSG.noEdit]);
    expect(await txOf(iso, lab.l1.id)).toBeUndefined();
  });

  test('403: a reporting manager whose role lost the approve flag', async () => {
    await submitted(iso);
    const role = await t.handle.db.selectFrom('app_user').select('workflow_role_id').where('id', '=', lab.manager.id).executeTakeFirstOrThrow();
    await t.handle.db.updateTable('workflow_role').set({ can_approve: false }).where('id', '=', role.workflow_role_id as number).execute();
    try {
      const { insertUser } = await import('./activity-fixtures');
      // A fresh sign-in carries the role's current flags.
      const again = await insertUser(t, `tmgr${iso.id}`, { roleId: role.workflow_role_id as number, activities: [] });
      await t.handle.db.updateTable('activity_transaction').set({ reporting_manager_id: again.id }).where('isolate_id', '=', iso.id).execute();
      const r = await decide(again, iso, lab.l1.id, 'A');
      expect(r.statusCode).toBe(403);
      expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
    } finally {
      await t.handle.db.updateTable('workflow_role').set({ can_approve: true }).where('id', '=', role.workflow_role_id as number).execute();
    }
  });

  test("400: a revert without a remark is 'Please Write a Remark of Revert!'", async () => {
    await submitted(iso);
    for (const remarks of [null, '', '   ']) {
      const r = await decide(lab.manager, iso, lab.l1.id, 'R', remarks);
      expect([r.statusCode, r.json().message]).toEqual([400, WORKFLOW_MSG.remarkRequired]);
    }
    const long = await decide(lab.manager, iso, lab.l1.id, 'R', 'x'.repeat(201));
    expect([long.statusCode, long.json().message]).toEqual([400, ACTIVITY_MSG.remarkMax]);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
  });

  test('400: a value that breaks its configuration, with its own message; nothing stored', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ CD: '' }, VALUE_MSG.required('Colony Diameter')],
      [{ CD: '1.234' }, VALUE_MSG.decimals],
      [{ CD: '-1' }, VALUE_MSG.negative('Colony Diameter')],
      [{ CD: 'abc' }, VALUE_MSG.number('Colony Diameter')],
      [{ CD: 1, NOTE: 'x'.repeat(11) }, VALUE_MSG.maxLength('Note', 10)],
      [{ CD: 1, DT: '2999-01-01' }, VALUE_MSG.lessOrEqualToday('Read On')],
      [{ CD: 1, DT: '2026-02-30' }, VALUE_MSG.date('Read On')],
    ];
    for (const [values, message] of cases) {
      const r = await save(lab.staff, submitBody(lab.l1, iso, values));
      expect({ values, status: r.statusCode, message: r.json().message }).toEqual({ values, status: 400, message });
    }
    const unknown = await save(lab.staff, { ...submitBody(lab.l1, iso, { CD: 1 }), activeList: [{ shortname: 'NOPE', inputvalue: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(await txOf(iso, lab.l1.id)).toBeUndefined();
    // A resubmit with a bad value keeps the earlier values.
    const { trnid } = await submitted(iso);
    await decide(lab.manager, iso, lab.l1.id, 'R', 'recheck');
    const before = await valuesOf(trnid);
    expect((await save(lab.staff, submitBody(lab.l1, iso, { CD: '1.999' }))).statusCode).toBe(400);
    expect(await valuesOf(trnid)).toEqual(before);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('R');
  });

  test('400: a user without a reporting manager cannot submit', async () => {
    const r = await save(lab.orphan, submitBody(lab.l1, iso, { CD: 1 }));
    expect([r.statusCode, r.json().message]).toEqual([400, ACTIVITY_MSG.noReportingManager]);
    expect(await txOf(iso, lab.l1.id)).toBeUndefined();
  });

  test('400 / 404: bad bodies answer a plain sentence, never a 500', async () => {
    const bodies: unknown[] = [
      { actid: lab.l1.id, samplenov: iso.samplenov, status: 'X' },
      { actid: lab.l1.id, samplenov: iso.samplenov },
      { samplenov: iso.samplenov, status: 'S' },
      { actid: 'abc', samplenov: iso.samplenov, status: 'S' },
      { actid: lab.l1.id, status: 'S' },
      { actid: lab.l1.id, samplenov: iso.samplenov, status: 'S', activeList: 'no' },
      { actid: lab.l1.id, samplenov: iso.samplenov, status: 'S', activeList: [1] },
      { actid: lab.l1.id, samplenov: iso.samplenov, status: 'S', version: -1 },
      { actid: lab.l2.id, samplenov: iso.samplenov, status: 'S' },
      { actid: 999999, samplenov: iso.samplenov, status: 'S' },
      { actid: lab.l1.id, samplenov: 'NOPE-1', status: 'S' },
    ];
    for (const body of bodies) {
      const r = await save(lab.staff, body);
      expect({ body, ok: [400, 404].includes(r.statusCode), message: typeof r.json().message }).toEqual({ body, ok: true, message: 'string' });
    }
    expect(await txOf(iso, lab.l1.id)).toBeUndefined();
  });
});

describe('refusals as the legacy client reads them', () => {
  const raw = (u: User, body: unknown, name: string) => t.post(`/api/master/${name}`, body, u.session);

  test("HTTP 200 {message: 'Error', reason, code, field?} on all three saves; nothing changes", async () => {
    const iso = await insertIsolate(t, lab.creator);
    const before = await tableDigests(t.handle.db);
    const cases: Array<[string, User, unknown, Record<string, unknown>]> = [
      ['saveActivities', lab.staff, submitBody(lab.l1, iso, { CD: 'abc' }), { reason: VALUE_MSG.number('Colony Diameter'), code: 400, field: 'CD' }],
      ['saveActivityParameters', lab.staff, submitBody(lab.l1, iso, { CD: '' }), { reason: VALUE_MSG.required('Colony Diameter'), code: 400, field: 'CD' }],
      ['saveActivities', lab.outsider, submitBody(lab.l1, iso, { CD: 1 }), { reason: ACTIVITY_MSG.noAccess, code: 403 }],
      ['saveActivities', lab.manager, { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [], ...signature('A') }, { reason: ACTIVITY_MSG.illegal(null, 'approve'), code: 409 }],
      ['saveActivities', lab.staff, { actid: 999999, samplenov: iso.samplenov, status: 'S' }, { reason: 'There is no Activity Type with id 999999.', code: 404 }],
      ['saveLvl2Activities', lab.staff, submitBody(lab.l1, iso, { CD: 1 }), { reason: expect.any(String), code: 400 }],
    ];
    for (const [name, u, body, refusal] of cases) {
      const r = await raw(u, body, name);
      expect({ name, status: r.statusCode, body: r.json() }).toEqual({ name, status: 200, body: { message: 'Error', ...refusal } });
    }
    expect(await tableDigests(t.handle.db)).toEqual(before);
    // a body of the wrong shape (no legacy client sends one) stays a 400 naming the field
    const shape = await raw(lab.staff, { ...submitBody(lab.l1, iso, { CD: 1 }), samplenov: 'x'.repeat(201) }, 'saveActivities');
    expect([shape.statusCode, shape.json().message]).toEqual([400, expect.stringContaining("'samplenov'")]);
  });

  test('a missing or wrong signature stays a 4xx with its sentence (only this product can sign)', async () => {
    const iso = await insertIsolate(t, lab.creator);
    await submitted(iso);
    const decideBody = { actid: lab.l1.id, samplenov: iso.samplenov, status: 'A', activeList: [] };
    const none = await raw(lab.manager, decideBody, 'saveActivities');
    expect([none.statusCode, none.json().message]).toEqual([400, SIGNATURE_MSG.required('approve')]);
    const meaning = await raw(lab.manager, { ...decideBody, ...signature('A'), signatureMeaning: 'OK' }, 'saveActivityParameters');
    expect([meaning.statusCode, meaning.json().message]).toEqual([400, SIGNATURE_MSG.meaning('approve')]);
    expect((await txOf(iso, lab.l1.id))?.status).toBe('S');
  });
});

describe('races', () => {
  test('approve and revert racing on one activity: exactly one wins, the other gets 409', async () => {
    for (let i = 0; i < 8; i++) {
      const iso = await insertIsolate(t, lab.creator);
      const { version } = await submitted(iso);
      const [a, r] = await Promise.all([
        decide(lab.manager, iso, lab.l1.id, 'A', null, { version }),
        decide(lab.manager, iso, lab.l1.id, 'R', 'Recheck please', i % 2 ? {} : { version }),
      ]);
      const codes = [a.statusCode, r.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'A' : 'R';
      const tx = await txOf(iso, lab.l1.id);
      expect(tx).toMatchObject({ status: winner, version: 2 });
      expect((await auditsOf(tx!.id)).map((x) => x.action)).toEqual(['activity.submit', winner === 'A' ? 'activity.approve' : 'activity.revert']);
    }
  });

  test('two first submits of one activity on one isolate: one creates it, the other gets 409', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const [a, b] = await Promise.all([save(lab.staff, submitBody(lab.l1, iso, { CD: 1 })), save(lab.staff2, submitBody(lab.l1, iso, { CD: 2 }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('audit', () => {
  test('every transition writes an audit row with its remark and actor', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const { trnid } = await submitted(iso);
    await decide(lab.manager, iso, lab.l1.id, 'R', 'Colony diameter looks off.');
    await save(lab.staff, submitBody(lab.l1, iso, { CD: 9 }));
    await decide(lab.manager, iso, lab.l1.id, 'A', 'OK now');
    const rows = await auditsOf(trnid);
    expect(rows.map((r) => [r.action, r.reason, r.user_id])).toEqual([
      ['activity.submit', null, lab.staff.id],
      ['activity.revert', 'Colony diameter looks off.', lab.manager.id],
      ['activity.submit', null, lab.staff.id],
      ['activity.approve', 'OK now', lab.manager.id],
    ]);
    expect(rows[0].after).toMatchObject({ status: 'S', activity: 'TCOL', samplenov: iso.samplenov });
  });

  test('a refused save writes no audit row', async () => {
    const iso = await insertIsolate(t, lab.creator);
    const before = await t.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await save(lab.staff, submitBody(lab.l1, iso, { CD: '' }));
    await decide(lab.manager, iso, lab.l1.id, 'A');
    const after = await t.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
