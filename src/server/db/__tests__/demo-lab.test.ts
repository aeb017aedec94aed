import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { seedDemoLab } from '../demo-lab';
import { DEMO_LAB, DEMO_USERS } from '../demo-lab-data';
import { verifyAuditChain } from '../../lib/audit-verify';
import { verifyPassword } from '../../lib/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the demo lab seeds lookups, microbes, activities, users and samples in every status, once', async () => {
  const db = t.handle.db;
  expect(await seedDemoLab(db, { tenant: 'soillims' })).toBe(true);

  const districts = await db
    .selectFrom('common_master as d')
    .innerJoin('common_master_type as t', 't.id', 'd.type_id')
    .innerJoin('common_master as s', 's.id', 'd.depends_on_id')
    .select(['d.value as district', 's.value as state'])
    .where('t.type', '=', 'District')
    .execute();
  expect(districts).toContainEqual({ district: 'Pune', state: 'Maharashtra' });
  expect(districts).toHaveLength(6);

  const microbes = await db.selectFrom('microbe').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  expect(microbes.n).toBe(DEMO_LAB.microbes.length);

  const params = await db
    .selectFrom('activity_parameter as p')
    .innerJoin('activity_type as a', 'a.id', 'p.activity_type_id')
    .select(['a.level', sql<number>`count(*)`.as('n')])
    .groupBy('a.level')
    .orderBy('a.level')
    .execute();
  expect(params).toEqual([{ level: 'Level 1', n: 17 }, { level: 'Level 2', n: 3 }]);

  // Staff report to the manager, must change the known password at first sign-in, and may work on every activity.
  const users = await db.selectFrom('app_user').selectAll().where('username', 'in', DEMO_USERS.users.map((u) => u.username)).execute();
  expect(users).toHaveLength(3);
  const manager = users.find((u) => u.username === 'manager')!;
  for (const u of users.filter((x) => x.username !== 'manager')) expect(u.reporting_manager_id).toBe(manager.id);
  expect(users.every((u) => u.must_change_password)).toBe(true);
  expect(await verifyPassword(users[0].password_hash, DEMO_USERS.password)).toBe(true);
  const access = await db.selectFrom('user_activity_access').select(sql<number>`count(*)`.as('n')).where('user_id', 'in', users.map((u) => u.id)).executeTakeFirstOrThrow();
  expect(access.n).toBe(3 * DEMO_LAB.activities.length);

  const statuses = await db.selectFrom('activity_transaction').select(['status', 'level', 'remark', 'reporting_manager_id']).execute();
  expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['A', 'S', 'R', null]));
  expect(statuses.find((s) => s.status === 'R')?.remark).toBeTruthy();
  expect(statuses.filter((s) => s.level === 'Level 2')).toHaveLength(1);
  expect(statuses.every((s) => s.reporting_manager_id === (s.status ? manager.id : null))).toBe(true);

  const samples = await db.selectFrom('sample_inward').select(['sampleno', 'otp', 'sampleinno']).execute();
  expect(samples).toHaveLength(DEMO_LAB.samples.length);
  expect(new Set(samples.map((s) => s.otp)).size).toBe(samples.length);
  const values = await db.selectFrom('activity_value').select(['num_value', 'date_value', 'text_value']).execute();
  expect(values.some((v) => v.num_value === 3.25)).toBe(true);
  expect(values.some((v) => v.date_value === '2026-10-15')).toBe(true);

  // Once per database, audited, and the chain still verifies.
  expect(await seedDemoLab(db, { tenant: 'soillims' })).toBe(false);
  expect((await db.selectFrom('sample_inward').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n).toBe(DEMO_LAB.samples.length);
  const audit = await db.selectFrom('audit_log').select('entity').where('reason', 'like', 'demo data%').execute();
  expect(audit.map((a) => a.entity)).toEqual(expect.arrayContaining(['common_master', 'microbe', 'activity_type', 'user', 'sample_inward']));
  expect((await verifyAuditChain(db)).ok).toBe(true);
});
