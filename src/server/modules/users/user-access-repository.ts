import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { flagsOf } from '../../lib/permissions';

/**
 * Per-user activity access (spec 000 sections 2, 4, 6): the activity types a user works on, each with
 * the flags of the user's workflow role copied when it was granted. Plain functions over a Kysely
 * instance or transaction (DESIGN.md section 6).
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The flags an access row carries (the role's, copied at grant time; approve is decided by the workflow). */
export interface AccessFlags {
  add: boolean;
  edit: boolean;
  view: boolean;
  delete: boolean;
  microbe: boolean;
  toprole: boolean;
}

export interface AccessibleActivity {
  activityId: number;
  shortname: string;
  activityName: string;
  level: 'Level 1' | 'Level 2';
  sequence: number | null;
  /** The role whose flags were copied. */
  roleId: number | null;
  flags: AccessFlags;
  grantedAt: Date;
}

const flagsOfRow = (r: { can_add: boolean; can_edit: boolean; can_view: boolean; can_delete: boolean; can_microbe: boolean; is_toprole: boolean }): AccessFlags => ({
  add: r.can_add, edit: r.can_edit, view: r.can_view, delete: r.can_delete, microbe: r.can_microbe, toprole: r.is_toprole,
});

/**
 * The activities a user works on ("saved access decides which activities that user works on"): the granted
 * activity types that are active, for an active user, in screen order (level, sequence, short name).
 * Empty for an inactive or unknown user.
 */
export async function activitiesAccessibleTo(db: Db, userId: number, opts: { level?: 'Level 1' | 'Level 2' } = {}): Promise<AccessibleActivity[]> {
  let q = db
    .selectFrom('user_activity_access as x')
    .innerJoin('activity_type as a', 'a.id', 'x.activity_type_id')
    .innerJoin('app_user as u', 'u.id', 'x.user_id')
    .select([
      'a.id', 'a.shortname', 'a.name', 'a.level', 'a.sequence', 'x.role_id', 'x.granted_at',
      'x.can_add', 'x.can_edit', 'x.can_view', 'x.can_delete', 'x.can_microbe', 'x.is_toprole',
    ])
    .where('x.user_id', '=', userId)
    .where('a.active', '=', 'Y')
    .where('u.active', '=', 'Y');
  if (opts.level) q = q.where('a.level', '=', opts.level);
  const rows = await q
    .orderBy('a.level')
    .orderBy(sql`a.sequence nulls last`)
    .orderBy(sql`lower(a.shortname)`)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    activityId: r.id, shortname: r.shortname, activityName: r.name, level: r.level, sequence: r.sequence,
    roleId: r.role_id, flags: flagsOfRow(r), grantedAt: r.granted_at,
  }));
}

/** The flags a user holds on one activity type, or undefined when it is not granted (or inactive). */
export async function accessToActivity(db: Db, userId: number, activityTypeId: number): Promise<AccessFlags | undefined> {
  const r = await db
    .selectFrom('user_activity_access as x')
    .innerJoin('activity_type as a', 'a.id', 'x.activity_type_id')
    .innerJoin('app_user as u', 'u.id', 'x.user_id')
    .select(['x.can_add', 'x.can_edit', 'x.can_view', 'x.can_delete', 'x.can_microbe', 'x.is_toprole'])
    .where('x.user_id', '=', userId)
    .where('x.activity_type_id', '=', activityTypeId)
    .where('a.active', '=', 'Y')
    .where('u.active', '=', 'Y')
    .executeTakeFirst();
  return r ? flagsOfRow(r) : undefined;
}

/** A user with their role, for the access screen. */
export function findUserWithRole(db: Db, userId: number, opts: { forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('app_user as u')
    .leftJoin('workflow_role as r', 'r.id', 'u.workflow_role_id')
    .select([
      'u.id', 'u.first_name', 'u.middle_name', 'u.last_name', 'u.workflow_role_id', 'u.reporting_manager_id', 'u.active', 'u.version',
      'u.access_version', 'r.role as role_name',
    ])
    .where('u.id', '=', userId);
  if (opts.forUpdate) q = q.forUpdate('u');
  return q.executeTakeFirst();
}

/**
 * The version of what the access screen shows and saves: the user's activity access and their employee
 * record (role, reporting manager). Both counters only grow, so their sum grows with every change of either.
 */
export const accessVersionOf = (u: { version: number; access_version: number }): number => u.version + u.access_version;

/** Counts a change of the user's activity access; answers the new access-screen version. */
export async function bumpAccessVersion(trx: Transaction<Database>, userId: number): Promise<number> {
  const u = await trx
    .updateTable('app_user')
    .set((eb) => ({ access_version: eb('access_version', '+', 1) }))
    .where('id', '=', userId)
    .returning(['version', 'access_version'])
    .executeTakeFirstOrThrow();
  return accessVersionOf(u);
}

export function findRole(db: Db, roleId: number) {
  return db
    .selectFrom('workflow_role')
    .select(['id', 'role', 'active', 'can_add', 'can_edit', 'can_view', 'can_delete', 'can_approve', 'can_microbe', 'is_toprole'])
    .where('id', '=', roleId)
    .executeTakeFirst();
}

/** Every active activity type with the user's grant (if any), in screen order. */
export function activityGrid(db: Db, userId: number) {
  return db
    .selectFrom('activity_type as a')
    .leftJoin('user_activity_access as x', (j) => j.onRef('x.activity_type_id', '=', 'a.id').on('x.user_id', '=', userId))
    .select([
      'a.id', 'a.shortname', 'a.name', 'a.level', 'a.sequence',
      'x.id as access_id', 'x.role_id', 'x.can_add', 'x.can_edit', 'x.can_view', 'x.can_delete', 'x.can_microbe', 'x.is_toprole',
    ])
    .where('a.active', '=', 'Y')
    .orderBy('a.level')
    .orderBy(sql`a.sequence nulls last`)
    .orderBy(sql`lower(a.shortname)`)
    .orderBy('a.id')
    .execute();
}

/** Ids of the user's granted activity types (active or not), ascending. */
export async function grantedActivityIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_activity_access').select('activity_type_id').where('user_id', '=', userId).orderBy('activity_type_id').execute();
  return rows.map((r) => r.activity_type_id);
}

/** Which of `ids` are active activity types. */
export async function activeActivityIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('activity_type').select('id').where('id', 'in', [...ids]).where('active', '=', 'Y').execute();
  return new Set(rows.map((r) => r.id));
}

/** Replaces the user's access rows with `activityIds`, each with the role's flags (Top Role implies all). */
export async function replaceAccess(
  trx: Transaction<Database>,
  userId: number,
  role: NonNullable<Awaited<ReturnType<typeof findRole>>>,
  activityIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('user_activity_access').where('user_id', '=', userId).execute();
  if (activityIds.length === 0) return;
  const f = flagsOf(role);
  await trx
    .insertInto('user_activity_access')
    .values(activityIds.map((activityId) => ({
      user_id: userId, activity_type_id: activityId, role_id: role.id,
      can_add: f.add, can_edit: f.edit, can_view: f.view, can_delete: f.delete, can_microbe: f.microbe, is_toprole: f.toprole,
    })))
    .execute();
}

/** Active users holding a role: the reporting-manager candidates, by name. */
export async function activeUsersOfRole(db: Db, roleId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'first_name', 'middle_name', 'last_name'])
    .where('workflow_role_id', '=', roleId)
    .where('active', '=', 'Y')
    .orderBy(sql`lower(first_name)`)
    .orderBy(sql`lower(coalesce(last_name, ''))`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: fullName(r) }));
}

/**
 * Who may approve: an active user whose workflow role is active and has Approve (or Top Role, which implies
 * it). `u` and `r` are the user's and the role's aliases. The one definition of the lists below.
 */
const approves = (u: string, r: string) =>
  sql<boolean>`(${sql.ref(`${u}.active`)} = 'Y' and ${sql.ref(`${r}.active`)} = 'Y' and (${sql.ref(`${r}.can_approve`)} or ${sql.ref(`${r}.is_toprole`)}))`;

/** The reporting managers a user may have: every user who may approve, but the user, by name. */
export async function approversFor(db: Db, userId: number | null): Promise<Array<{ id: number; name: string; rolename: string }>> {
  let q = db
    .selectFrom('app_user as u')
    .innerJoin('workflow_role as r', 'r.id', 'u.workflow_role_id')
    .select(['u.id', 'u.first_name', 'u.middle_name', 'u.last_name', 'r.role'])
    .where(approves('u', 'r'));
  if (userId !== null) q = q.where('u.id', '<>', userId);
  const rows = await q
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(coalesce(u.last_name, ''))`)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: fullName(r), rolename: r.role }));
}

export type ApproverProblem = 'none' | 'inactive' | 'cannotApprove';

/**
 * Active users with at least one active activity granted whose reporting manager cannot approve what they
 * submit: none set (or themselves), inactive, or in a role without Approve. By employee code.
 */
export async function employeesWithoutApprover(db: Db): Promise<Array<{
  id: number; employee_code: string; name: string; manager_id: number | null; manager_name: string; problem: ApproverProblem;
}>> {
  const rows = await db
    .selectFrom('app_user as u')
    .leftJoin('app_user as m', (j) => j.onRef('m.id', '=', 'u.reporting_manager_id').onRef('m.id', '<>', 'u.id'))
    .leftJoin('workflow_role as mr', 'mr.id', 'm.workflow_role_id')
    .select([
      'u.id', 'u.employee_code', 'u.first_name', 'u.middle_name', 'u.last_name',
      'm.id as m_id', 'm.first_name as m_first', 'm.middle_name as m_middle', 'm.last_name as m_last', 'm.active as m_active',
    ])
    .where('u.active', '=', 'Y')
    .where(({ exists, selectFrom }) => exists(
      selectFrom('user_activity_access as x').innerJoin('activity_type as a', 'a.id', 'x.activity_type_id')
        .select('x.id').whereRef('x.user_id', '=', 'u.id').where('a.active', '=', 'Y'),
    ))
    .where(sql<boolean>`not coalesce(${approves('m', 'mr')}, false)`)
    .orderBy(sql`lower(u.employee_code)`)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    employee_code: r.employee_code,
    name: fullName(r),
    manager_id: r.m_id,
    manager_name: r.m_id === null ? '' : fullName({ first_name: r.m_first ?? '', middle_name: r.m_middle, last_name: r.m_last }),
    problem: r.m_id === null ? 'none' : r.m_active !== 'Y' ? 'inactive' : 'cannotApprove',
  }));
}

export async function isActiveUser(db: Db, userId: number): Promise<boolean> {
  return (await db.selectFrom('app_user').select('id').where('id', '=', userId).where('active', '=', 'Y').executeTakeFirst()) !== undefined;
}

export async function setReportingManager(trx: Transaction<Database>, userId: number, managerId: number | null): Promise<void> {
  await trx
    .updateTable('app_user')
    .set((eb) => ({ reporting_manager_id: managerId, version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', userId)
    .execute();
}

export async function activeUserGroups(db: Db): Promise<Array<{ usergroupid: number; usergroup: string }>> {
  return db
    .selectFrom('user_group')
    .select(['id as usergroupid', 'name as usergroup'])
    .where('active', '=', 'Y')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function fullName(u: { first_name: string; middle_name: string | null; last_name: string | null }): string {
  return [u.first_name, u.middle_name, u.last_name].filter((p) => p && p.trim()).join(' ');
}
