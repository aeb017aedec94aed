import { sql } from 'kysely';
import { createTestApp, TEST_TENANT, type TestApp } from '../../test-support/test-app';
import { bulkLoad, parseBulkArgs, type BulkProgress } from '../seed-bulk';
import { verifyAuditChain } from '../../lib/audit-verify';
import { insertIsolate, insertSample } from '../../modules/samples/sample-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string, where = sql`true`) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} as s where ${where}`.execute(t.handle.db)).rows[0].n);

describe('seed:bulk', () => {
  const progress: BulkProgress[] = [];
  let before: Record<string, number>;
  let counts: Awaited<ReturnType<typeof bulkLoad>>;

  beforeAll(async () => {
    await bulkLoad(t.handle.db, { samples: 1, tenant: TEST_TENANT, seed: 7 }); // creates the demo definitions first
    before = {
      sample_inward: await count('sample_inward'), isolate: await count('isolate'), audit: await count('audit_log'),
      activity_value: await count('activity_value'), activity_transaction: await count('activity_transaction'),
    };
    counts = await bulkLoad(t.handle.db, { samples: 60, tenant: TEST_TENANT, batch: 25, seed: 11, onProgress: (p) => progress.push(p) });
  }, 60_000);

  test('adds the samples it says, with 1-3 isolates each and every inward field', async () => {
    expect(counts.samples).toBe(60);
    expect(await count('sample_inward')).toBe(before.sample_inward + 60);
    expect(await count('isolate')).toBe(before.isolate + counts.isolates);
    expect(counts.isolates).toBeGreaterThanOrEqual(60);
    expect(counts.isolates).toBeLessThanOrEqual(180);
    expect(await count('activity_value')).toBe(before.activity_value + counts.values);
    const empty = await count('sample_inward', sql`state_id is null or district_id is null or district_name = '' or gpslocation = '' or soiltype = ''`);
    expect(empty).toBe(0);
    // districts belong to their state (the lookup dependency)
    expect(await count('sample_inward', sql`not exists (select 1 from common_master d where d.id = s.district_id and d.depends_on_id = s.state_id)`)).toBe(0);
  });

  test('activities in every status, on both levels, with typed values and identifications', async () => {
    const { rows } = await sql<{ level: string; status: string | null }>`select distinct level, status from activity_transaction`.execute(t.handle.db);
    const l1 = rows.filter((r) => r.level === 'Level 1').map((r) => r.status);
    expect(l1).toEqual(expect.arrayContaining([null, 'S', 'R', 'A']));
    expect(rows.some((r) => r.level === 'Level 2')).toBe(true);
    expect(await count('activity_transaction', sql`status = 'R' and remark is null`)).toBe(0);
    expect(await count('activity_value', sql`num_value is not null`)).toBeGreaterThan(0);
    expect(await count('activity_value', sql`date_value is not null`)).toBeGreaterThan(0);
    expect(counts.identifications).toBeGreaterThan(0);
  });

  test('one audit row for the whole load, and the chain still verifies', async () => {
    expect(await count('audit_log')).toBe(before.audit + 1);
    const last = await t.handle.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ action: 'seed.bulk', username: 'system', user_id: null });
    expect(last.after).toMatchObject({ samples: 60, isolates: counts.isolates, values: counts.values });
    expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);
  });

  test('sequences moved past the load: a later save gets the next numbers and ids', async () => {
    const maxCode = (await sql<{ m: string }>`select max(sampleno) as m from sample_inward`.execute(t.handle.db)).rows[0].m;
    const admin = (await t.handle.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const { sample, isolate } = await t.handle.db.transaction().execute(async (trx) => {
      const s = await insertSample(trx, {
        sampling_date: '2026-01-01', inward_date: '2026-01-02', sampledby: 'X', resource_name: 'X', resource_id: null, state_id: null, state_name: 'S',
        district_id: null, district_name: 'D', gpslocation: 'G', source: 'S', agroclimaticzone: 'Z', minimumrainfall: 1, maximumrainfall: 2,
        temperature: 'T', soiltype: 'S', soilcolor: 'C',
      }, admin);
      const i = await insertIsolate(trx, s, { sampletype: 'Bulk soil', soilph: 7, soilec: 1, soiltds: 1 }, admin);
      return { sample: s, isolate: i };
    });
    expect(sample.sampleno > maxCode).toBe(true);
    expect(isolate.id).toBeGreaterThan(before.isolate + counts.isolates - 1);
    for (const table of ['sample_inward', 'isolate', 'plant_assessment', 'activity_transaction', 'activity_value', 'microbe_identification']) {
      const { rows } = await sql<{ ok: boolean }>`select (select coalesce(max(id), 0) from ${sql.table(table)}) <= (select last_value from ${sql.table(`${table}_id_seq`)}) as ok`.execute(t.handle.db);
      expect({ table, ok: rows[0].ok }).toEqual({ table, ok: true });
    }
  });

  test('reports progress per batch up to the total', () => {
    expect(progress.map((p) => p.done)).toEqual([25, 50, 60]);
    expect(progress.at(-1)!.rows).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
  });
});

test('with a trail: one audit row per sample by its owner, the chain verifies, and the Activity Log counts them', async () => {
  const auditBefore = await count('audit_log');
  const samplesBefore = await count('sample_inward');
  const loaded = await bulkLoad(t.handle.db, { samples: 40, tenant: TEST_TENANT, batch: 15, seed: 5, trail: true });
  expect(await count('audit_log')).toBe(auditBefore + 40 + 1);
  const { rows } = await sql<{ n: number; owners: number; named: number }>`
    select count(*)::int as n, count(distinct a.user_id)::int as owners, count(*) filter (where a.username = u.username)::int as named
    from audit_log a join sample_inward s on s.id::text = a.entity_id join app_user u on u.id = s.resource_id
    where a.action = 'sampleInward.create' and a.entity = 'sample_inward' and a.user_id = s.resource_id and a.after->>'sampleno' = s.sampleno`.execute(t.handle.db);
  expect(rows[0]).toMatchObject({ n: loaded.samples, named: loaded.samples });
  expect(rows[0].owners).toBeGreaterThan(1);
  expect(await count('sample_inward')).toBe(samplesBefore + 40);
  expect((await verifyAuditChain(t.handle.db)).ok).toBe(true);
  const { rows: [kept] } = await sql<{ n: string }>`select sum(n) as n from list_total where list = 'audit'`.execute(t.handle.db);
  expect(Number(kept.n)).toBe(await count('audit_log'));
});

test('arguments: --samples is required and checked; one database target at most', () => {
  expect(parseBulkArgs([])).toBe('--samples is required.');
  expect(parseBulkArgs(['--samples', '0'])).toMatch(/--samples must be a whole number/);
  expect(parseBulkArgs(['--samples', '100_000', '--data-dir', 'x'])).toMatchObject({ samples: 100000, dataDir: 'x', batch: 1000, trail: false });
  expect(parseBulkArgs(['--samples', '5', '--trail'])).toMatchObject({ samples: 5, trail: true });
  expect(parseBulkArgs(['--samples', '5', '--data-dir', 'x', '--database-url', 'y'])).toBe('Give either --data-dir or --database-url, not both.');
});
