import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** The user with everything the login response names: role flags, department, designation, group. */
export function findUserForSignIn(db: Db, username: string) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('workflow_role as r', (j) => j.onRef('r.id', '=', 'u.workflow_role_id').on('r.active', '=', 'Y'))
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .leftJoin('designation as g', 'g.id', 'u.designation_id')
    .select([
      'u.id', 'u.username', 'u.employee_code', 'u.first_name', 'u.middle_name', 'u.last_name', 'u.password_hash',
      'u.must_change_password', 'u.failed_signins', 'u.locked_until', 'u.active', 'u.user_group_id',
      'u.reporting_manager_id', 'u.version',
      'r.role as role_name', 'r.can_add', 'r.can_edit', 'r.can_view', 'r.can_delete', 'r.can_approve', 'r.can_microbe', 'r.is_toprole',
      'd.name as department_name', 'g.name as designation_name',
      sql<boolean>`exists (select 1 from app_user m where m.reporting_manager_id = u.id and m.active = 'Y')`.as('is_reporting'),
      sql<boolean>`coalesce(u.locked_until > now(), false)`.as('is_locked'),
      sql<number>`ceil(extract(epoch from (u.locked_until - now())) / 60)::int`.as('locked_minutes'),
    ])
    .where(sql`lower(u.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export type SignInUser = NonNullable<Awaited<ReturnType<typeof findUserForSignIn>>>;

export async function recordFailedSignIn(db: Db, userId: number, maxFailures: number, lockMinutes: number) {
  return db
    .updateTable('app_user')
    .set({
      failed_signins: sql`failed_signins + 1`,
      locked_until: sql`case when failed_signins + 1 >= ${maxFailures}::int then now() + make_interval(mins => ${lockMinutes}::int) else locked_until end`,
    })
    .where('id', '=', userId)
    .returning(['failed_signins', 'locked_until'])
    .executeTakeFirstOrThrow();
}

export async function recordSuccessfulSignIn(db: Db, userId: number) {
  await db.updateTable('app_user').set({ failed_signins: 0, locked_until: null }).where('id', '=', userId).execute();
}

export function fullName(u: { first_name: string; middle_name: string | null; last_name: string | null }): string {
  return [u.first_name, u.middle_name, u.last_name].filter((p) => p && p.trim()).join(' ');
}
