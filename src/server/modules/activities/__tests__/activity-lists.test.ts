import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { ACTIVITY_MSG, pncodeOf } from '../../../../shared/contract/activity-endpoints';
import { WORKFLOW_MSG } from '../../../../shared/workflow';
import { forgetCachedAnswers } from '../../../lib/commit-cache';
import { insertIsolate, setupLab, submitBody, type Isolate, type Lab, type User, signature } from './activity-fixtures';
import { sql } from 'kysely';
import { listEntities, statesOfText, transactionsOn, type TransactionState } from '../activity-repository';

/** Lists and search, Level 2 plant assessments, the activity buttons, the parameter screen state, the approval queue. */
let t: TestApp;
let lab: Lab;
beforeAll(async () => {
  t = await createTestApp();
  lab = await setupLab(t);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const call = (u: User, path: string, body: unknown) => t.post(path, body, u.session);
const tr = (u: User, name: string, body: unknown) => call(u, `/api/transaction/${name}`, body);
const ms = (u: User, name: string, body: unknown) => call(u, `/api/master/${name}`, body);
const submit = async (u: User, iso: Isolate, actId = lab.l1.id) => {
  const a = actId === lab.l1.id ? lab.l1 : lab.l1b;
  const r = await ms(u, 'saveActivities', submitBody(a, iso, { CD: 3 }));
  expect(r.statusCode).toBe(200);
  return r.json() as { trnid: number; version: number };
};
const decide = (u: User, iso: Isolate, actId: number, status: 'A' | 'R', remarks = 'checked') =>
  ms(u, 'saveActivities', { actid: actId, samplenov: iso.samplenov, status, remarks, ...signature(status) });

describe('Level 1 list and search', () => {
  let isolates: Isolate[];
  beforeAll(async () => {
    isolates = [];
    for (let i = 0; i < 12; i++) isolates.push(await insertIsolate(t, lab.creator, 'TPAGE'));
  });

  test('10 per page, newest first, srno continues, totalItems counts the matches', async () => {
    const p1 = (await tr(lab.staff, 'getSearchForactitransaction', { pageno: 1, userID: lab.staff.id, searchText: 'tpage' })).json() as Row[];
    const p2 = (await tr(lab.staff, 'getSearchForactitransaction', { pageno: '2', searchText: 'TPAGE' })).json() as Row[];
    expect(p1).toHaveLength(10);
    expect(p2).toHaveLength(2);
    const ids = [...p1, ...p2].map((r) => r.id);
    expect(ids).toEqual([...isolates].reverse().map((i) => i.id));
    expect([...p1, ...p2].map((r) => r.srno)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set([...p1, ...p2].map((r) => r.totalItems))).toEqual(new Set([12]));
    const last = isolates[0];
    expect(p2[1]).toEqual({
      id: last.id, srno: 12, sampleno: last.sampleno, samplenov: last.samplenov, isolatecode: last.isolatecode, pncode: null,
      approvalStatus: null, status: 'Y', actid: lab.l1.id, totalItems: 12, amended: false,
    });
  });

  test('search matches sample code, sample code version or isolate code; wildcards are literal', async () => {
    const iso = isolates[3];
    for (const text of [iso.sampleno, iso.samplenov, iso.isolatecode.toLowerCase()]) {
      const rows = (await tr(lab.staff, 'getSearchForactitransaction', { pageno: 1, searchText: text })).json() as Row[];
      expect(rows.map((r) => r.id)).toContain(iso.id);
    }
    expect((await tr(lab.staff, 'getSearchForactitransaction', { pageno: 1, searchText: 'TPAGE%' })).json()).toEqual([]);
    const home = (await tr(lab.staff, 'getactitransctionhome', { pageno: 1 })).json() as Row[];
    expect(home).toHaveLength(10);
    expect(Number(home[0].totalItems)).toBeGreaterThanOrEqual(12);
  });

  test('approvalStatus: R if any reverted, else none if any not submitted, else S if any waits, else A', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TSUM');
    const status = async (u: User = lab.staff) => ((await tr(u, 'getSearchForactitransaction', { pageno: 1, searchText: iso.samplenov })).json() as Row[])[0];
    expect(await status()).toMatchObject({ approvalStatus: null, status: 'Y' });
    await submit(lab.staff, iso, lab.l1.id);
    expect(await status()).toMatchObject({ approvalStatus: null, status: 'Y' }); // TBIO not submitted yet
    await submit(lab.staff, iso, lab.l1b.id);
    expect(await status()).toMatchObject({ approvalStatus: 'S', status: 'S' });
    await decide(lab.manager, iso, lab.l1.id, 'R');
    expect(await status()).toMatchObject({ approvalStatus: 'R', status: 'R', actid: lab.l1.id });
    await submit(lab.staff, iso, lab.l1.id);
    await decide(lab.manager, iso, lab.l1.id, 'A');
    expect(await status()).toMatchObject({ approvalStatus: 'S' });
    // For the manager the row opens on the activity waiting for them.
    expect(await status(lab.manager)).toMatchObject({ approvalStatus: 'S', actid: lab.l1b.id });
    await decide(lab.manager, iso, lab.l1b.id, 'A');
    expect(await status()).toMatchObject({ approvalStatus: 'A', status: 'A' });
  });

  test('a manager without activity access sees only the isolates with activities submitted to them', async () => {
    const { insertRole, insertUser } = await import('./activity-fixtures');
    const role = await insertRole(t, 'TMGR2', { can_view: true, can_approve: true });
    const boss = await insertUser(t, 'tboss', { roleId: role, activities: [] });
    const worker = await insertUser(t, 'tworker', { roleId: role, managerId: boss.id, activities: [lab.l1.id] });
    expect((await tr(boss, 'getactitransctionhome', { pageno: 1 })).json()).toEqual([]);
    const iso = await insertIsolate(t, lab.creator, 'TBOSS');
    await submit(worker, iso);
    const rows = (await tr(boss, 'getactitransctionhome', { pageno: 1 })).json() as Row[];
    expect(rows.map((r) => [r.id, r.approvalStatus, r.actid, r.totalItems])).toEqual([[iso.id, 'S', lab.l1.id, 1]]);
    // Another such manager's first page is the same statement for another caller (compiled once): only their own.
    const boss2 = await insertUser(t, 'tbosb', { roleId: role, activities: [] });
    const worker2 = await insertUser(t, 'twrkb', { roleId: role, managerId: boss2.id, activities: [lab.l1.id] });
    const iso2 = await insertIsolate(t, lab.creator, 'TBOSS');
    await submit(worker2, iso2);
    expect(((await tr(boss2, 'getactitransctionhome', { pageno: 1 })).json() as Row[]).map((r) => r.id)).toEqual([iso2.id]);
    expect(((await tr(boss, 'getactitransctionhome', { pageno: 1 })).json() as Row[]).map((r) => r.id)).toEqual([iso.id]);
    // The outsider (no access, nothing submitted to them) sees nothing.
    expect((await tr(lab.outsider, 'getactitransctionhome', { pageno: 1 })).json()).toEqual([]);
  });

  test('list totals are kept between calls and follow the changes that move them at the next call', async () => {
    const { insertRole, insertUser } = await import('./activity-fixtures');
    const role = await insertRole(t, 'TMGR3', { can_view: true, can_approve: true });
    const boss = await insertUser(t, 'tboss3', { roleId: role, activities: [] });
    const worker = await insertUser(t, 'twork3', { roleId: role, managerId: boss.id, activities: [lab.l1.id] });
    const total = async (u: User, name = 'getactitransctionhome') => Number(((await tr(u, name, { pageno: 1 })).json() as Row[])[0]?.totalItems ?? 0);
    forgetCachedAnswers(t.handle.db); // the earlier tests' isolates were written behind the server's back too
    const [all, l2] = [await total(lab.staff), await total(lab.staff, 'getLevel2ActivityHome')];
    expect(await total(boss)).toBe(0);

    // Isolates written behind the server's back are counted once the kept totals are 5 s old ...
    const a = await insertIsolate(t, lab.creator, 'TTOT');
    const b = await insertIsolate(t, lab.creator, 'TTOT');
    expect(await total(lab.staff)).toBe(all);
    // ... or at once after a change through the server: a plant assessment (Level 1 and Level 2 lists) ...
    expect((await tr(lab.staff, 'saveLevel2ActivityPlantassisscode', { isolatecode: a.isolatecode })).statusCode).toBe(200);
    expect([await total(lab.staff), await total(lab.staff, 'getLevel2ActivityHome')]).toEqual([all + 2, l2 + 1]);
    // ... and, for a manager who sees only what waits for them, an activity submitted to them.
    await submit(worker, b);
    expect(await total(boss)).toBe(1);
    expect(await total(lab.staff)).toBe(all + 2);
  });

  test('a grant or revoke of activity access through the User Activity Access screen applies at the next call', async () => {
    const { insertRole, insertUser } = await import('./activity-fixtures');
    const admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
    const role = await insertRole(t, 'TACC', { can_view: true, can_add: true, can_edit: true });
    const u = await insertUser(t, 'taccess', { roleId: role, managerId: lab.manager.id, activities: [] });
    const home = async () => ((await tr(u, 'getactitransctionhome', { pageno: 1 })).json() as Row[]).length;
    const grant = async (activities: number[]) => {
      const body = { userid: admin.id, resourceId: u.id, roleid: role, reportingmanagerid: lab.manager.id, actAccesslst: activities.map((activityID) => ({ activityID, chkselect: true })) };
      expect((await t.post('/api/master/saveUserActivityAceess', body, admin)).json().status).toBe('Success');
    };
    expect(await home()).toBe(0); // no Level 1 access: only what waits for them, nothing
    await grant([lab.l1.id]);
    expect(await home()).toBe(10); // access to a Level 1 activity: every isolate
    await grant([lab.l2.id]);
    expect(await home()).toBe(0); // Level 1 revoked (Level 2 kept)
  });

  test('getacttransactionByid answers one row; 404 for an unknown id', async () => {
    const iso = isolates[0];
    const r = await ms(lab.staff, 'getacttransactionByid', { trnid: iso.id });
    expect(r.json()).toMatchObject({ id: iso.id, samplenov: iso.samplenov, sampleno: iso.sampleno, srno: 1, totalItems: 1 });
    expect((await ms(lab.staff, 'getacttransactionByid', { trnid: 99999999 })).statusCode).toBe(404);
    expect((await ms(lab.staff, 'getacttransactionByid', {})).statusCode).toBe(400);
  });
});

describe('Level 2: plant assessments', () => {
  test("the lookup previews the next code; the save takes it; 'Please Enter Isolate Code'; 404 for an unknown isolate", async () => {
    const iso = await insertIsolate(t, lab.creator, 'TPLANT');
    const empty = await tr(lab.staff, 'findisolaecodeforplantassesment', { isolatecode: '  ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, WORKFLOW_MSG.isolateRequired]);
    expect((await tr(lab.staff, 'findisolaecodeforplantassesment', { isolatecode: 'NOPE' })).statusCode).toBe(404);
    const preview = (await tr(lab.staff, 'findisolaecodeforplantassesment', { isolatecode: iso.isolatecode })).json();
    expect(preview).toEqual({ pncode: expect.stringMatching(/^PA\d{6}$/), sampleno: iso.sampleno, samplenov: iso.samplenov, isolatecode: iso.isolatecode });
    const saved = (await tr(lab.staff, 'saveLevel2ActivityPlantassisscode', { isolatecode: iso.isolatecode })).json();
    expect(saved).toEqual({ statuss: 'Success', message: preview.pncode, pncode: preview.pncode, id: expect.any(Number) });
    const audit = await t.handle.db.selectFrom('audit_log').select(['action', 'entity_id']).where('action', '=', 'plantAssessment.create').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toEqual({ action: 'plantAssessment.create', entity_id: String(saved.id) });
    const next = (await tr(lab.staff, 'findisolaecodeforplantassesment', { isolatecode: iso.isolatecode })).json();
    expect(next.pncode).toBe(pncodeOf(Number(preview.pncode.slice(2)) + 1));
    expect((await tr(lab.outsider, 'saveLevel2ActivityPlantassisscode', { isolatecode: '' })).statusCode).toBe(400);
  });

  test('concurrent saves get distinct codes', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TPCON');
    const answers = await Promise.all(Array.from({ length: 6 }, () => tr(lab.staff, 'saveLevel2ActivityPlantassisscode', { isolatecode: iso.isolatecode })));
    const codes = answers.map((a) => a.json().pncode);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(codes).size).toBe(6);
  });

  test('Level 2 list, search by plant assessment code, by id; submit, approve through saveLvl2Activities', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TL2');
    const { pncode, id } = (await tr(lab.staff, 'saveLevel2ActivityPlantassisscode', { isolatecode: iso.isolatecode })).json();
    const rows = (await tr(lab.staff, 'getSearchForLevel2actitransaction', { pageno: 1, searchText: pncode })).json() as Row[];
    expect(rows).toEqual([{ id, srno: 1, sampleno: iso.sampleno, samplenov: iso.samplenov, isolatecode: iso.isolatecode, pncode, approvalStatus: null, status: 'Y', actid: lab.l2.id, totalItems: 1, amended: false }]);
    expect((await tr(lab.staff, 'getLevel2ActivityHome', { pageno: 1 })).json()[0].id).toBe(id);
    expect((await ms(lab.staff, 'getLevel2ActivityByid', { trnid: id })).json()).toMatchObject({ id, pncode });

    const body = { ...submitBody(lab.l2, iso, { CD: '7.5' }), pncode };
    // refusals answer as the legacy client reads them: HTTP 200, message 'Error', the sentence in reason
    const onLevel1 = await ms(lab.staff, 'saveActivities', body);
    expect([onLevel1.statusCode, onLevel1.json()]).toEqual([200, { message: 'Error', reason: `${lab.l2.name} is a Level 2 activity.`, code: 400 }]);
    const wrongIso = await ms(lab.staff, 'saveLvl2Activities', { ...body, samplenov: 'OTHER-1' });
    expect([wrongIso.statusCode, wrongIso.json()]).toEqual([200, { message: 'Error', reason: expect.any(String), code: 400 }]);
    const s = await ms(lab.staff, 'saveLvl2Activities', body);
    expect(s.json()).toMatchObject({ message: 'Success', status: 'S' });
    const tx = await t.handle.db.selectFrom('activity_transaction').selectAll().where('id', '=', s.json().trnid).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ level: 'Level 2', plant_assessment_id: id, isolate_id: iso.id, status: 'S' });
    expect((await ms(lab.manager, 'saveLvl2Activities', { actid: lab.l2.id, pncode, status: 'R', ...signature('R') })).json())
      .toEqual({ message: 'Error', reason: WORKFLOW_MSG.remarkRequired, code: 400 });
    expect((await ms(lab.manager, 'saveLvl2Activities', { actid: lab.l2.id, pncode, status: 'A', ...signature('A') })).json()).toMatchObject({ status: 'A' });
    expect((await tr(lab.staff, 'getSearchForLevel2actitransaction', { pageno: 1, searchText: pncode })).json()[0]).toMatchObject({ approvalStatus: 'A', status: 'A' });
  });
});

describe('the parameter screens', () => {
  test('getactivityforparamconf: the caller\'s activities in screen order with status, names and mode', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TBTN');
    const before = (await ms(lab.staff, 'getactivityforparamconf', { samplenov: iso.samplenov, activitylevel: 'Level 1', userID: lab.staff.id })).json() as Row[];
    expect(before.map((b) => b.shortname).filter((s) => s === 'TCOL' || s === 'TBIO')).toEqual(['TCOL', 'TBIO']);
    expect(before.find((b) => b.shortname === 'TCOL')).toEqual({
      id: lab.l1.id, shortname: 'TCOL', sequence: 1, status: null, activityname: 'Test TCOL', activitylevel: 'Level 1',
      reportingmanager: 'Anita Rao', reportingmanagerid: lab.manager.id, username: 'Vikram Patil', userid: lab.staff.id,
      trnid: null, version: null, remarks: null, mode: 'owner', amended: false,
    });
    const { trnid } = await submit(lab.staff, iso);
    const forManager = (await ms(lab.manager, 'getactivityforparamconf', { samplenov: iso.samplenov, activitylevel: 'Level 1' })).json() as Row[];
    expect(forManager.find((b) => b.id === lab.l1.id)).toMatchObject({ status: 'S', reportingmanagerid: lab.manager.id, username: 'Vikram Patil', trnid, mode: 'manager' });
    const forOther = (await ms(lab.staff2, 'getactivityforparamconf', { samplenov: iso.samplenov, activitylevel: 'Level 1' })).json() as Row[];
    expect(forOther.find((b) => b.id === lab.l1.id)).toMatchObject({ status: 'S', mode: 'view' });
    expect((await ms(lab.staff, 'getactivityforparamconf', { samplenov: 'NOPE-1' })).statusCode).toBe(404);
    expect((await ms(lab.staff, 'getactivityforparamconf', { samplenov: iso.samplenov, activitylevel: 'Level 2' })).statusCode).toBe(400);
  });

  test('getParamconf with a samplenov: configuration, recorded values and state; without, the configuration alone', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TPC');
    const body = { id: lab.l1.id, userID: lab.staff.id, sequence: 1, samplenov: iso.samplenov, sampleno: iso.sampleno, activityname: 'Test TCOL' };
    const fresh = (await ms(lab.staff, 'getParamconf', body)).json();
    expect(fresh).toMatchObject({
      actid: lab.l1.id, status: null, trnid: null, version: null, mode: 'owner', allowed: ['submit'], canEdit: true,
      sampleInward: { sampleno: iso.sampleno, samplenov: iso.samplenov, pncode: null, isolatecode: iso.isolatecode },
      reportingmanager: 'Anita Rao', reportingmanagerid: lab.manager.id, username: 'Vikram Patil',
    });
    expect(fresh.activeList.map((p: Row) => [p.shortname, p.inputvalue, p.mandatory])).toEqual([['CD', null, true], ['NOTE', null, false], ['DT', null, false]]);
    await ms(lab.staff, 'saveActivities', submitBody(lab.l1, iso, { CD: '4.5', NOTE: 'ok', DT: '2026-01-02' }));
    const mine = (await ms(lab.staff, 'getParamconf', body)).json();
    expect(mine).toMatchObject({ status: 'S', version: 1, mode: 'view', allowed: [], canEdit: false });
    expect(mine.activeList.map((p: Row) => p.inputvalue)).toEqual([4.5, 'ok', '2026-01-02']);
    const mgr = (await ms(lab.manager, 'getParamconf', body)).json();
    expect(mgr).toMatchObject({ status: 'S', mode: 'manager', allowed: ['approve', 'revert'] });
    await decide(lab.manager, iso, lab.l1.id, 'R', 'Again please');
    expect((await ms(lab.staff, 'getParamconf', body)).json()).toMatchObject({ status: 'R', remarks: 'Again please', mode: 'owner', allowed: ['submit'] });
    expect((await ms(lab.outsider, 'getParamconf', body)).statusCode).toBe(403);
    // Without a samplenov: exactly the configuration answer.
    const plain = (await ms(lab.staff, 'getParamconf', { id: lab.l1.id })).json();
    expect(plain).toMatchObject({ actid: lab.l1.id, status: null, sampleInward: null });
    expect(plain.activeList[0]).not.toHaveProperty('inputvalue');
    expect(plain).not.toHaveProperty('mode');
  });

  test('getLvl2Paramconf and getlvl2activityforparamconf name the plant assessment', async () => {
    const iso = await insertIsolate(t, lab.creator, 'TPC2');
    const { pncode } = (await tr(lab.staff, 'saveLevel2ActivityPlantassisscode', { isolatecode: iso.isolatecode })).json();
    const conf = (await ms(lab.staff, 'getLvl2Paramconf', { id: lab.l2.id, samplenov: iso.samplenov, sampleno: iso.sampleno, pncode })).json();
    expect(conf).toMatchObject({ actid: lab.l2.id, activitylevel: 'Level 2', status: null, sampleInward: { pncode, samplenov: iso.samplenov } });
    const btns = (await ms(lab.staff, 'getlvl2activityforparamconf', { samplenov: iso.samplenov, activitylevel: 'Level 2', pncode })).json() as Row[];
    expect(btns.map((b) => b.id)).toContain(lab.l2.id);
    expect((await ms(lab.staff, 'getLvl2Paramconf', { id: lab.l2.id, samplenov: iso.samplenov })).json().message).toBe(ACTIVITY_MSG.pncode);
    expect((await ms(lab.staff, 'getLvl2Paramconf', { id: lab.l1.id, pncode })).statusCode).toBe(400);
  });
});

describe('approval queue and counts', () => {
  test('lists what waits for the caller, oldest first, by level; counts for the badge', async () => {
    const { insertRole, insertUser } = await import('./activity-fixtures');
    const role = await insertRole(t, 'TQMGR', { can_view: true, can_approve: true, can_edit: true, can_add: true });
    const qm = await insertUser(t, 'tqmgr', { roleId: role, activities: [] });
    const qs = await insertUser(t, 'tqstaff', { roleId: role, managerId: qm.id, activities: [lab.l1.id, lab.l1b.id, lab.l2.id], first: 'Queue', last: 'Staff' });
    expect((await tr(qm, 'getApprovalCounts', {})).json()).toEqual({ level1: 0, level2: 0, total: 0 });
    const a = await insertIsolate(t, lab.creator, 'TQ');
    const b = await insertIsolate(t, lab.creator, 'TQ');
    const t1 = await submit(qs, a);
    const t2 = await submit(qs, b);
    await submit(qs, a, lab.l1b.id);
    const { pncode } = (await tr(qs, 'saveLevel2ActivityPlantassisscode', { isolatecode: a.isolatecode })).json();
    await ms(qs, 'saveLvl2Activities', { ...submitBody(lab.l2, a, { CD: 1 }), pncode });
    expect((await tr(qm, 'getApprovalCounts', {})).json()).toEqual({ level1: 3, level2: 1, total: 4 });
    const all = (await tr(qm, 'getApprovalQueue', { pageno: 1 })).json() as Row[];
    expect(all).toHaveLength(4);
    expect(all[0]).toEqual({
      trnid: t1.trnid, srno: 1, actid: lab.l1.id, shortname: 'TCOL', activityname: 'Test TCOL', activitylevel: 'Level 1', sequence: 1,
      sampleno: a.sampleno, samplenov: a.samplenov, isolatecode: a.isolatecode, pncode: null, submitterid: qs.id, submitter: 'Queue Staff',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), version: 1, totalItems: 4, amended: false,
    });
    expect(all[1].trnid).toBe(t2.trnid);
    const l2 = (await tr(qm, 'getApprovalQueue', { pageno: 1, level: 'Level 2' })).json() as Row[];
    expect(l2.map((r) => [r.pncode, r.totalItems])).toEqual([[pncode, 1]]);
    await decide(qm, a, lab.l1.id, 'A');
    await decide(qm, b, lab.l1.id, 'R', 'redo');
    expect((await tr(qm, 'getApprovalCounts', {})).json()).toEqual({ level1: 1, level2: 1, total: 2 });
    // Nothing waits for the staff member.
    expect((await tr(qs, 'getApprovalQueue', { pageno: 1 })).json()).toEqual([]);
  });
});

describe('the states a list page carries', () => {
  const pick = (s: TransactionState) => ({ ...s });
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

  test('equal the transactions read on their own, on both levels (statuses, no manager, amended, plant assessments)', async () => {
    // The lists above left submitted, approved and rejected transactions on both levels; one without a manager and one
    // approved and amended since are written here, so every field takes each of its forms.
    const iso = await insertIsolate(t, lab.creator, 'TSTATE');
    const { trnid } = await submit(lab.staff, iso);
    await sql`update activity_transaction set reporting_manager_id = null, status = null where id = ${trnid}`.execute(t.handle.db);
    const other = await insertIsolate(t, lab.creator, 'TSTATE');
    const second = await submit(lab.staff, other);
    await sql`update activity_transaction set status = 'A', amended_at = now() where id = ${second.trnid}`.execute(t.handle.db);
    forgetCachedAnswers(t.handle.db);
    let forms = 0;
    for (const level of ['Level 1', 'Level 2'] as const) {
      const page = await listEntities(t.handle.db, { level, callerId: lab.staff.id, seesAll: true, limit: 100, offset: 0 });
      const read = await transactionsOn(t.handle.db, level, page.map((e) => e.id));
      const own = read.map(({ id, activityTypeId, isolateId, plantAssessmentId, status, ownerId, reportingManagerId, amended }) =>
        ({ id, activityTypeId, isolateId, plantAssessmentId, status, ownerId, reportingManagerId, amended }));
      const carried = page.flatMap((e) => e.states).map(pick);
      expect(carried.sort(byId)).toEqual(own.sort(byId));
      forms += own.length;
      if (level === 'Level 1') {
        expect(own.find((s) => s.id === trnid)).toMatchObject({ status: null, reportingManagerId: null, plantAssessmentId: null });
        expect(own.find((s) => s.id === second.trnid)).toMatchObject({ status: 'A', amended: true });
      } else {
        expect(own.length).toBeGreaterThan(0);
        expect(own.every((s) => s.plantAssessmentId !== null)).toBe(true);
      }
    }
    expect(forms).toBeGreaterThan(5);
  });

  test('the text form reads empty fields as null and nothing as no states', () => {
    expect(statesOfText(null)).toEqual([]);
    expect(statesOfText('')).toEqual([]);
    expect(statesOfText('7,2,3,,,4,,0;8,2,3,9,A,4,5,1')).toEqual([
      { id: 7, activityTypeId: 2, isolateId: 3, plantAssessmentId: null, status: null, ownerId: 4, reportingManagerId: null, amended: false },
      { id: 8, activityTypeId: 2, isolateId: 3, plantAssessmentId: 9, status: 'A', ownerId: 4, reportingManagerId: 5, amended: true },
    ]);
  });
});
