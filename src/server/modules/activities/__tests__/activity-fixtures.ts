import type { TestApp } from '../../../test-support/test-app';
import { enc, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SIGNATURE_MEANING } from '../../../../shared/contract/signatures';

/**
 * Test data of the activity workflow tests, written straight into the database: activity types with
 * parameters, workflow roles, users (with reporting managers and activity access) and isolates
 * (a sample_inward row, then an isolate row). The demo lab is in the template too; names here start with
 * T so they never clash with it.
 */

let serial = 0;
const tag = () => `${process.pid % 1000}${++serial}`;

export interface Isolate { id: number; samplenov: string; isolatecode: string; sampleno: string }

/** A sample inward row and one isolate of it; `prefix` starts the sample code (for search tests). */
export async function insertIsolate(t: TestApp, createdBy: number, prefix = 'TSC'): Promise<Isolate> {
  const n = tag();
  const sampleno = `${prefix}${n}`;
  const sample = await t.handle.db
    .insertInto('sample_inward')
    .values({
      sampleinno: `TSI-${prefix}-${n}`, sampleno, otp: `8${n}${prefix.length}`.slice(0, 12), sampling_date: '2026-01-10', inward_date: '2026-01-11',
      sampledby: 'Tester', resource_name: 'Tester', state_name: 'Maharashtra', district_name: 'Pune', gpslocation: '18.5,73.8',
      source: 'Field', agroclimaticzone: 'Western Plateau', minimumrainfall: 500, maximumrainfall: 900, temperature: '25',
      soiltype: 'Black', soilcolor: 'Dark', created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const samplenov = `${sampleno}-1`;
  const isolatecode = `TISO${prefix}${n}`;
  const iso = await t.handle.db
    .insertInto('isolate')
    .values({ sample_inward_id: sample.id, samplenov, isolatecode, sampletype: 'Soil', soilph: 7.1, soilec: 0.5, soiltds: 300, created_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: iso.id, samplenov, isolatecode, sampleno };
}

export interface Activity { id: number; shortname: string; name: string; params: { id: number; shortname: string }[] }

/** An activity type with three parameters: CD (Float, mandatory, 2 places), NOTE (Character, optional, max 10), DT (Date, optional). */
export async function insertActivity(t: TestApp, shortname: string, level: 'Level 1' | 'Level 2', sequence: number): Promise<Activity> {
  const name = `Test ${shortname}`;
  const a = await t.handle.db.insertInto('activity_type').values({ shortname, name, level, sequence }).returning('id').executeTakeFirstOrThrow();
  const rows = [
    { shortname: 'CD', parameter_name: 'Colony Diameter', param_type: 'Number' as const, unit_type: 'Float' as const, decimal_places: 2, mandatory: true, sequence: 1 },
    { shortname: 'NOTE', parameter_name: 'Note', param_type: 'Text' as const, unit_type: 'Character' as const, max_length: 10, mandatory: false, sequence: 2 },
    { shortname: 'DT', parameter_name: 'Read On', param_type: 'Date-Control' as const, unit_type: 'Date' as const, date_rule: 'lessOrEqualToday' as const, mandatory: false, sequence: 3 },
  ];
  const params = [];
  for (const r of rows) {
    const p = await t.handle.db
      .insertInto('activity_parameter')
      .values({ activity_type_id: a.id, user_entry: 'User Entry', ...r })
      .returning(['id', 'shortname'])
      .executeTakeFirstOrThrow();
    params.push(p);
  }
  return { id: a.id, shortname, name, params };
}

type RoleFlags = Partial<Record<'can_add' | 'can_edit' | 'can_view' | 'can_delete' | 'can_approve' | 'can_microbe' | 'is_toprole', boolean>>;

export async function insertRole(t: TestApp, shortname: string, flags: RoleFlags): Promise<number> {
  return (await t.handle.db.insertInto('workflow_role').values({ shortname, role: shortname, hierarchy: 50, ...flags }).returning('id').executeTakeFirstOrThrow()).id;
}

export interface User { id: number; username: string; session: LoginResponse }

/** A signed-in user with a role, a reporting manager and access to some activities (access flags given). */
export async function insertUser(
  t: TestApp,
  username: string,
  opts: { roleId: number; managerId?: number | null; activities?: number[]; access?: { can_edit?: boolean; can_add?: boolean }; first?: string; last?: string },
): Promise<User> {
  const u = await t.handle.db
    .insertInto('app_user')
    .values({
      employee_code: username.slice(0, 7).toUpperCase(), first_name: opts.first ?? username, last_name: opts.last ?? 'Tester', username,
      password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: opts.roleId, user_group_id: await allScreensGroupId(t),
      reporting_manager_id: opts.managerId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const a of opts.activities ?? []) {
    await t.handle.db
      .insertInto('user_activity_access')
      .values({ user_id: u.id, activity_type_id: a, role_id: opts.roleId, can_view: true, can_edit: opts.access?.can_edit ?? true, can_add: opts.access?.can_add ?? true })
      .execute();
  }
  const session = (await t.post('/api/auth/signin', { username, password: enc('Perm@12345') })).json();
  if (session.message !== 'SUCCESS') throw new Error(`sign-in of ${username}: ${JSON.stringify(session)}`);
  return { id: u.id, username, session };
}

export interface Lab {
  l1: Activity;
  l1b: Activity;
  l2: Activity;
  manager: User;
  staff: User;
  staff2: User;
  viewer: User;
  outsider: User;
  orphan: User;
  self: User;
  creator: number;
}

/**
 * Two Level 1 activities and one Level 2; a manager (approve flag, access to all); two staff reporting to
 * the manager; a viewer (access without edit); an outsider (no access); an orphan (no reporting manager);
 * `self`, a manager who reports to themself.
 */
export async function setupLab(t: TestApp): Promise<Lab> {
  const l1 = await insertActivity(t, 'TCOL', 'Level 1', 1);
  const l1b = await insertActivity(t, 'TBIO', 'Level 1', 2);
  const l2 = await insertActivity(t, 'TPGP', 'Level 2', 1);
  const all = [l1.id, l1b.id, l2.id];
  const mgrRole = await insertRole(t, 'TMGR', { can_add: true, can_edit: true, can_view: true, can_approve: true });
  const staffRole = await insertRole(t, 'TSTAFF', { can_add: true, can_edit: true, can_view: true });
  const manager = await insertUser(t, 'tmanager', { roleId: mgrRole, activities: all, first: 'Anita', last: 'Rao' });
  const staff = await insertUser(t, 'tstaff', { roleId: staffRole, managerId: manager.id, activities: all, first: 'Vikram', last: 'Patil' });
  const staff2 = await insertUser(t, 'tstaff2', { roleId: staffRole, managerId: manager.id, activities: all, first: 'Meera', last: 'Iyer' });
  const viewer = await insertUser(t, 'tviewer', { roleId: staffRole, managerId: manager.id, activities: all, access: { can_edit: false } });
  const outsider = await insertUser(t, 'toutsider', { roleId: staffRole, managerId: manager.id, activities: [] });
  const orphan = await insertUser(t, 'torphan', { roleId: staffRole, managerId: null, activities: all });
  const self = await insertUser(t, 'tself', { roleId: mgrRole, activities: all });
  await t.handle.db.updateTable('app_user').set({ reporting_manager_id: self.id }).where('id', '=', self.id).execute();
  return { l1, l1b, l2, manager, staff, staff2, viewer, outsider, orphan, self, creator: manager.id };
}

/** A save body submitting values for the test activity (CD, NOTE, DT). */
export function submitBody(a: Activity, iso: Isolate, values: { CD?: unknown; NOTE?: unknown; DT?: unknown }, extra: Record<string, unknown> = {}) {
  return {
    actid: a.id, samplenov: iso.samplenov, sampleno: iso.sampleno, activityname: a.name, status: 'S',
    activeList: a.params.map((p) => ({ id: p.id, shortname: p.shortname, inputvalue: values[p.shortname as 'CD' | 'NOTE' | 'DT'] ?? '' })),
    ...extra,
  };
}

/** The electronic signature an approval ('A') or reversion ('R') carries: the fixture users' password and the meaning. */
export function signature(status: 'A' | 'R', password = 'Perm@12345') {
  return { signaturePassword: enc(password), signatureMeaning: SIGNATURE_MEANING[status === 'A' ? 'approve' : 'revert'] };
}

/** What a test reads of an answer: its HTTP status and its JSON. */
export interface Outcome { statusCode: number; json(): Record<string, unknown> & { message?: unknown } }

/**
 * An activity save's outcome as the refusal it stands for: a refusal is answered HTTP 200 {message: 'Error',
 * reason, code, field?} (the legacy client's reading); here it reads as status `code` with `reason` as its
 * message, after checking that shape, so that the tests state each refusal plainly.
 */
export function asRefusal(r: { statusCode: number; json(): unknown }): Outcome {
  const body = r.json() as Record<string, unknown>;
  if (r.statusCode !== 200 || body.message !== 'Error') return { statusCode: r.statusCode, json: () => body };
  const { message: _m, reason, code, ...rest } = body;
  if (typeof reason !== 'string' || reason === '' || typeof code !== 'number' || code < 400 || code >= 500) {
    throw new Error(`not a refusal as the legacy client reads it: ${JSON.stringify(body)}`);
  }
  expect(Object.keys(rest).every((k) => k === 'field')).toBe(true);
  return { statusCode: code, json: () => ({ ...rest, message: reason }) };
}
