import { sql } from 'kysely';
import { createTestApp, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { seedDemoLab } from '../../../db/demo-lab';
import { DEMO_USERS } from '../../../db/demo-lab-data';
import type { LoginResponse } from '../../../../shared/contract/session';
import type { DashboardFigures } from '../../../../shared/dashboard/dashboard';

let t: TestApp;
let admin: LoginResponse;
let staff: LoginResponse;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const figures = async (): Promise<DashboardFigures> => {
  const res = await t.post('/api/transaction/getDashboard', {}, admin);
  expect(res.statusCode).toBe(200);
  return res.json();
};

test('an empty lab shows zeros and twelve empty months', async () => {
  const f = await figures();
  expect(f.totalSamples).toBe(0);
  expect(f.microbes).toEqual({ total: 0, bacteria: 0, fungi: 0, actinomycetes: 0, other: 0 });
  expect(f.traits).toHaveLength(8);
  expect(f.traits.every((x) => x.count === 0)).toBe(true);
  expect(f.samplesByMonth).toHaveLength(12);
  expect(f.samplesByMonth.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
});

describe('with the demo lab', () => {
  beforeAll(async () => {
    await seedDemoLab(t.handle.db, { tenant: 'soillims' });
    staff = await signInFully(t, DEMO_USERS.users[1].username, DEMO_USERS.password);
  });

  test('samples, zones, isolates, identified microbes and activity statuses come from the database', async () => {
    const f = await figures();
    expect(f.totalSamples).toBe(5);
    expect(f.agroZones).toBe(4); // Western Plateau (twice), Southern Plateau, Trans Gangetic, East Coast
    expect(f.isolates).toBe(4);
    expect(f.microbes.total).toBe(2);
    expect(f.microbes.bacteria + f.microbes.fungi + f.microbes.actinomycetes + f.microbes.other).toBe(2);
    expect(f.activities).toEqual({ notSubmitted: 1, submitted: 3, reverted: 1, approved: 5 });
    expect(f.samplesByMonth.reduce((s, m) => s + m.count, 0)).toBe(5);

    // A deactivated sample leaves the count.
    await t.handle.db.updateTable('sample_inward').set({ active: 'N' }).where('id', '=', sql<number>`(select min(id) from sample_inward)`).execute();
    expect((await figures()).totalSamples).toBe(4);
  });

  test('a trait counts isolates with an approved positive value, and only those', async () => {
    const db = t.handle.db;
    const nfix = async () => (await figures()).traits.find((x) => x.shortname === 'NFIX')!.count;
    const approvedPositive = await db
      .selectFrom('activity_value as v')
      .innerJoin('activity_parameter as p', 'p.id', 'v.parameter_id')
      .innerJoin('activity_transaction as a', 'a.id', 'v.transaction_id')
      .select(['v.id', 'v.transaction_id'])
      .where('p.shortname', '=', 'NFIX').where('a.status', '=', 'A').where('v.num_value', '=', 1)
      .execute();
    expect(approvedPositive.length).toBeGreaterThan(0);
    expect(await nfix()).toBe(approvedPositive.length);

    // Answered negative: no longer counted.
    await db.updateTable('activity_value').set({ num_value: 0, text_value: 'Negative' }).where('id', '=', approvedPositive[0].id).execute();
    expect(await nfix()).toBe(approvedPositive.length - 1);
    // A positive answer that is only submitted (not approved) does not count.
    await db.updateTable('activity_value').set({ num_value: 1, text_value: 'Positive' }).where('id', '=', approvedPositive[0].id).execute();
    await db.updateTable('activity_transaction').set({ status: 'S' }).where('id', '=', approvedPositive[0].transaction_id).execute();
    expect(await nfix()).toBe(approvedPositive.length - 1);

    const f = await figures();
    expect(f.biocontrol.total).toBe(f.biocontrol.antifungal + f.biocontrol.antibacterial + f.biocontrol.antimicrobial);
  });

  test('checkData (getAllSamples) pages the active samples for top-role users only', async () => {
    const res = await t.post('/api/transaction/getAllSamples', { pageno: 1, userID: admin.id }, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toHaveLength(4);
    expect(rows.map((r: { srno: number }) => r.srno)).toEqual([1, 2, 3, 4]);
    expect(rows[0]).toMatchObject({ totalItems: 4, sampleno: expect.any(String), statesofIndia: expect.any(String) });
    expect((await t.post('/api/transaction/getAllSamples', { pageno: 2 }, admin)).json()).toEqual([]);
    expect((await t.post('/api/transaction/getAllSamples', { pageno: 'x' }, admin)).statusCode).toBe(400);

    const refused = await t.post('/api/transaction/getAllSamples', { pageno: 1 }, staff);
    expect(refused.statusCode).toBe(403);
    // Staff still see the dashboard.
    expect((await t.post('/api/transaction/getDashboard', {}, staff)).statusCode).toBe(200);
  });
});
