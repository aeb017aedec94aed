import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import { writeAudit } from '../../../lib/audit';
import { matchesText } from '../sample-repository';
import { JOINED_SAMPLE_TEXT } from '../../../test-support/sample-text';
import type { LoginResponse } from '../../../../shared/contract/session';
import { SAMPLE_ENDPOINTS } from '../../../../shared/contract/endpoints';
import { SAMPLE_INWARD_LABELS, SAMPLE_INWARD_MSG, localToday } from '../../../../shared/validation/sample-inward';

let t: TestApp;
let admin: LoginResponse;
type S = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
type Row = Record<string, unknown>;
const tx = (name: string, body: unknown, s: S = admin) => t.post(`/api/transaction/${name}`, body, s);

const ids: Record<string, number> = {};
async function masterType(code: string, type: string, entries: Array<[string, string, string?]>) {
  const typeId = (await t.handle.db.insertInto('common_master_type').values({ code, type }).returning('id').executeTakeFirstOrThrow()).id;
  for (const [shortname, value, dependsOn] of entries) {
    ids[shortname] = (await t.handle.db
      .insertInto('common_master')
      .values({ type_id: typeId, shortname, value, depends_on_id: dependsOn ? ids[dependsOn] : null })
      .returning('id').executeTakeFirstOrThrow()).id;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  await masterType('STATE', 'States of India', [['MH', 'Maharashtra'], ['KA', 'Karnataka'], ['GOA', 'Goa']]);
  await masterType('DIST', 'District', [['PUNE', 'Pune', 'MH'], ['NSK', 'Nashik', 'MH'], ['BLR', 'Bengaluru Rural', 'KA']]);
  await t.handle.db.updateTable('common_master').set({ active: 'N' }).where('id', '=', ids.NSK).execute();
});
afterAll(() => t.close());

const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return localToday(d);
};

const valid = (over: Row = {}): Row => ({
  samplingdate: daysAgo(3),
  samplecollectdate: daysAgo(1),
  sampledby: 'R. Kulkarni',
  resourceName: 'Asha Verma',
  resourceID: 1,
  statesofIndia: 'Maharashtra',
  district: 'Pune',
  gpslocation: '18.5204 N, 73.8567 E',
  source: 'Farm field',
  agroclimaticzone: 'Western Plateau and Hills',
  minimumrainfall: 600,
  maximumrainfall: '750.5',
  temperature: '28 C',
  soiltype: 'Black Cotton',
  soilcolor: 'Dark brown',
  userID: 1,
  ...over,
});

const count = async (table: 'sample_inward' | 'audit_log', action?: string) => {
  let q = t.handle.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n'));
  if (action) q = (q as typeof q).where(sql.ref('action'), '=', action);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

async function userWithRole(shortname: string, flags: Partial<Record<'can_view' | 'can_add' | 'can_edit' | 'can_delete', boolean>>): Promise<LoginResponse> {
  const role = await t.handle.db.insertInto('workflow_role').values({ shortname, role: shortname, hierarchy: 50, ...flags }).returning('id').executeTakeFirstOrThrow();
  const username = shortname.toLowerCase();
  await t.handle.db
    .insertInto('app_user')
    .values({ employee_code: shortname.slice(0, 7), first_name: 'P', username, password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t) })
    .execute();
  const s = (await t.post('/api/auth/signin', { username, password: enc('Perm@12345') })).json();
  expect(s.message).toBe('SUCCESS');
  return s;
}

async function create(over: Row = {}): Promise<Row> {
  const res = await tx('savesampleinverd', valid(over));
  expect([res.statusCode, res.json().status]).toEqual([200, 'Success']);
  return res.json();
}

describe('savesampleinverd: create', () => {
  test('numbers, sample code and OTP are generated in the save; the OTP is the message; audited', async () => {
    const audits = await count('audit_log', 'sampleInward.create');
    const answer = await create();
    const year = new Date().getUTCFullYear();
    expect(answer).toEqual({ status: 'Success', message: expect.stringMatching(/^\d{6}$/), id: expect.any(Number), sampleinno: expect.stringMatching(new RegExp(`^SI-${year}-\\d{6}$`)), sampleno: expect.stringMatching(/^SC\d{6}$/) });
    const row = await t.handle.db.selectFrom('sample_inward').selectAll().where('id', '=', answer.id as number).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      otp: answer.message, sampleinno: answer.sampleinno, sampleno: answer.sampleno, state_id: ids.MH, state_name: 'Maharashtra',
      district_id: ids.PUNE, district_name: 'Pune', minimumrainfall: 600, maximumrainfall: 750.5, typedataof: 'I', active: 'Y', resource_id: 1, version: 1,
    });
    expect(await count('audit_log', 'sampleInward.create')).toBe(audits + 1);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'sampleInward.create').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'sample_inward', entity_id: String(answer.id), username: 'admin', before: null });
    expect(audit.after).toMatchObject({ sampleno: answer.sampleno, otp: answer.message, statesofIndia: 'Maharashtra' });
  });

  test('state and district by short name or id; the stored names are the master values', async () => {
    const a = await create({ statesofIndia: 'ka', district: 'BLR' });
    const row = await t.handle.db.selectFrom('sample_inward').selectAll().where('id', '=', a.id as number).executeTakeFirstOrThrow();
    expect([row.state_name, row.district_name]).toEqual(['Karnataka', 'Bengaluru Rural']);
    const b = await create({ statesofIndia: 'Karnataka', statesofIndiaId: ids.KA, district: 'Bengaluru Rural', districtId: ids.BLR });
    expect((await tx('getsapleivertById', { id: b.id })).json()).toMatchObject({ statesofIndiaId: ids.KA, districtId: ids.BLR });
  });

  test('20 concurrent saves get distinct numbers, sample codes and OTPs', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => tx('savesampleinverd', valid({ sampledby: `Parallel ${i}` }))));
    const bodies = answers.map((r) => r.json());
    expect(bodies.every((b) => b.status === 'Success')).toBe(true);
    for (const key of ['message', 'sampleinno', 'sampleno', 'id']) expect(new Set(bodies.map((b) => b[key])).size).toBe(20);
    const rows = await t.handle.db.selectFrom('sample_inward').select(['otp', 'sampleno']).where('sampledby', 'like', 'Parallel %').execute();
    expect(rows).toHaveLength(20);
  });

  const missing: Array<[string, unknown]> = [
    ['samplingdate', ''], ['samplecollectdate', undefined], ['sampledby', '  '], ['resourceName', null], ['statesofIndia', ''], ['district', ''],
    ['gpslocation', ''], ['source', ''], ['agroclimaticzone', ''], ['minimumrainfall', ''], ['maximumrainfall', null], ['temperature', ''],
    ['soiltype', ''], ['soilcolor', ''],
  ];
  test.each(missing)('missing %s: "<label> is required.", nothing stored', async (field, value) => {
    const before = await count('sample_inward');
    const res = await tx('savesampleinverd', valid({ [field]: value }));
    expect([res.statusCode, res.json().message, res.json().field]).toEqual([400, `${SAMPLE_INWARD_LABELS[field as keyof typeof SAMPLE_INWARD_LABELS]} is required.`, field]);
    expect(await count('sample_inward')).toBe(before);
  });

  test('the date rules answer the exact warnings', async () => {
    const tomorrowFar = daysAgo(-3);
    const cases: Array<[Row, string]> = [
      [{ samplingdate: tomorrowFar, samplecollectdate: tomorrowFar }, SAMPLE_INWARD_MSG.samplingDateFuture],
      [{ samplecollectdate: tomorrowFar }, SAMPLE_INWARD_MSG.inwardDate],
      [{ samplingdate: daysAgo(2), samplecollectdate: daysAgo(5) }, SAMPLE_INWARD_MSG.inwardDate],
      [{ samplingdate: '2026-02-30' }, SAMPLE_INWARD_MSG.samplingDateFuture],
    ];
    for (const [over, message] of cases) {
      const res = await tx('savesampleinverd', valid(over));
      expect({ over, status: res.statusCode, message: res.json().message }).toEqual({ over, status: 400, message });
    }
    expect(SAMPLE_INWARD_MSG.samplingDateFuture).toBe('Please Select Less Than Current Date !');
    expect(SAMPLE_INWARD_MSG.inwardDate).toBe('Please Select Less Than Current Date Or Greter Than Sampling Date!');
    // the same day for both is fine
    await create({ samplingdate: daysAgo(0), samplecollectdate: daysAgo(0) });
  });

  test('numbers, lengths, rainfall order, state and district are checked', async () => {
    const before = await count('sample_inward');
    const cases: Array<[Row, string]> = [
      [{ minimumrainfall: 'lots' }, 'Minimum Rainfall must be a number.'],
      [{ minimumrainfall: -1 }, 'Minimum Rainfall must not be negative.'],
      [{ maximumrainfall: 1.234 }, 'Maximum Rainfall may have at most 2 decimal places.'],
      [{ minimumrainfall: 800 }, SAMPLE_INWARD_MSG.rainfall],
      [{ sampledby: 'x'.repeat(101) }, 'Sampled By must be at most 100 characters.'],
      [{ statesofIndia: 'Atlantis' }, "'Atlantis' is not an active entry of States of India."],
      [{ district: 'Bengaluru Rural' }, "'Bengaluru Rural' is not an active District of Maharashtra."],
      [{ district: 'Nashik' }, "'Nashik' is not an active District of Maharashtra."],
      [{ statesofIndia: 'Goa', district: 'Pune' }, "'Pune' is not an active District of Goa."],
    ];
    for (const [over, message] of cases) {
      const res = await tx('savesampleinverd', valid(over));
      expect({ over, status: res.statusCode, message: res.json().message }).toEqual({ over, status: 400, message });
    }
    expect((await tx('savesampleinverd', valid({ id: 'abc' }))).statusCode).toBe(400);
    expect((await tx('savesampleinverd', [])).statusCode).toBe(400);
    expect(await count('sample_inward')).toBe(before);
  });
});

describe('list, search, by id', () => {
  test('getsamphome: ten a page, newest first, srno and totalItems', async () => {
    const total = await count('sample_inward');
    const p1: Row[] = (await tx('getsamphome', { pageno: 1, userID: 1 })).json();
    const p2: Row[] = (await tx('getsamphome', { pageno: '2', userID: 1 })).json();
    expect(p1).toHaveLength(10);
    expect(p1.map((r) => r.srno)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p2[0].srno).toBe(11);
    expect(p1[0].totalItems).toBe(total);
    expect(Object.keys(p1[0]).sort()).toEqual(['active', 'district', 'id', 'resourceName', 'sampledby', 'samplecollectdate', 'sampleinno', 'sampleno', 'samplingdate', 'srno', 'statesofIndia', 'statusChange', 'totalItems', 'typedataof'].sort());
    expect((p1[0].id as number) > (p1[9].id as number)).toBe(true);
  });

  test('totals are kept between calls and follow every save, edit and delete at the next call', async () => {
    const total = async (body: Row) => Number(((await tx(body.searchText ? 'getSearchForsampleinward' : 'getsamphome', { pageno: 1, ...body })).json() as Row[])[0]?.totalItems ?? 0);
    const all = await total({});
    expect(await total({ searchText: 'Quillon' })).toBe(0);
    const a = await create({ sampledby: 'Quillon Marsh' });
    expect([await total({}), await total({ searchText: 'quillon' })]).toEqual([all + 1, 1]);
    // An edit that takes the text away, then the delete (kept in the list, with active N).
    const rec = (await tx('getsapleivertById', { id: a.id })).json();
    expect((await tx('savesampleinverd', valid({ id: a.id, version: rec.version, sampledby: 'Someone Else' }))).json().status).toBe('Success');
    expect([await total({}), await total({ searchText: 'quillon' })]).toEqual([all + 1, 0]);
    await create({ resourceName: 'Quillon Deputy' });
    expect(await total({ searchText: 'QUILLON' })).toBe(1);
    // A sample written behind the server's back (SQL, no audit row) is counted within a minute; a save through the server counts it at once.
    const copyOf = (id: number, n: number, sampledby: string, audited: boolean) => t.handle.db.transaction().execute(async (trx) => {
      await sql`create temp table copy_of_sample on commit drop as select * from sample_inward where id = ${id}`.execute(trx);
      await sql`alter table copy_of_sample drop column search_text`.execute(trx); // computed by the insert
      await sql`update copy_of_sample set id = id + ${100000 * n}, sampleinno = ${`SI-SQL-${n}`}, sampleno = ${`SCSQL${n}`}, otp = ${`00000${n}`}, sampledby = ${sampledby}`.execute(trx);
      await sql`insert into sample_inward overriding system value select * from copy_of_sample`.execute(trx);
      // Another server process's save: its audit row moves the trail (no commit listener of this process hears it).
      if (audited) await writeAudit(trx, { userId: null, username: 'other process', tenant: 'test', ip: null }, { action: 'sampleinward.create', entity: 'sample_inward', entityId: id + 100000 * n });
    });
    await copyOf(a.id as number, 1, 'Quillon SQL', false);
    expect(await total({ searchText: 'QUILLON' })).toBe(1);
    await create({ source: 'Quillon field' });
    expect(await total({ searchText: 'quillon' })).toBe(3);
    expect(await total({})).toBe(await count('sample_inward'));
    // Another process's save. A list that ends on its page (this search) takes its total from the page: exact as
    // soon as the page is read again (lib/paging.ts). A longer one (all samples) keeps its total: the old one
    // at once once it is 5 s old, the new one next.
    const allBefore = await total({});
    await copyOf(a.id as number, 2, 'Quillon Other', true);
    expect([await total({ searchText: 'quillon' }), await total({})]).toEqual([3, allBefore]);
    // The page itself is kept for 2 s too (lib/kept-answers.ts): the clock moves on 100 ms a call.
    let now = Date.now() + 6_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect([await total({ searchText: 'quillon' }), await total({})]).toEqual([4, allBefore]);
      let seen = 0;
      for (let i = 0; i < 50 && seen !== allBefore + 1; i++) {
        await new Promise((r) => setTimeout(r, 20));
        now += 100;
        seen = await total({});
      }
      expect(seen).toBe(allBefore + 1);
    } finally {
      clock.mockRestore();
    }
  });

  test('a search whose matches end on its page takes its total from the page; a longer one is counted (lib/paging.ts)', async () => {
    const search = async (pageno: number) => (await tx('getSearchForsampleinward', { searchText: 'Yarrowby', pageno })).json() as Row[];
    const shown = async (pageno: number) => (await search(pageno)).map((r) => [r.srno, r.totalItems]);
    for (let k = 0; k < 10; k++) await create({ sampledby: `Yarrowby ${k}` });
    // Exactly a page: ten rows, total 10 (the eleventh row read to tell is not there).
    expect(await shown(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [n, 10]));
    await create({ sampledby: 'Yarrowby 10' });
    expect(await shown(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => [n, 11]));
    expect(await shown(2)).toEqual([[11, 11]]);
    expect(await shown(3)).toEqual([]);
    const page1 = await search(1);
    expect(page1[0].sampledby).toBe('Yarrowby 10');
  });

  test("getSearchForsampleinward: by text; blank: 'Please Enter Some Text To Search!'", async () => {
    const one = await create({ sampledby: 'Zebediah Unique' });
    const hit: Row[] = (await tx('getSearchForsampleinward', { searchText: 'zebediah', pageno: 1 })).json();
    expect(hit.map((r) => r.sampleno)).toEqual([one.sampleno]);
    expect(hit[0]).toMatchObject({ srno: 1, totalItems: 1, active: 'Y', typedataof: 'I' });
    expect((await tx('getSearchForsampleinward', { searchText: one.sampleno })).json()).toHaveLength(1);
    expect((await tx('getSearchForsampleinward', { searchText: '%' })).json()).toEqual([]);
    for (const searchText of ['', ' ', null, undefined]) {
      const res = await tx('getSearchForsampleinward', { searchText, pageno: 1 });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please Enter Some Text To Search!']);
    }
  });

  test('the text search matches any of the eight columns, never across two, and uses the trigram index of its expression', async () => {
    const one = await create({ sampledby: 'Ysolde Amberwick', resourceName: 'Ysolde Resource', source: 'Amberwick Farm' });
    const found = async (searchText: string) => ((await tx('getSearchForsampleinward', { searchText, pageno: 1 })).json() as Row[]).map((r) => r.sampleno);
    for (const text of ['ysolde amber', 'YSOLDE RESOURCE', 'amberwick farm', one.sampleno as string]) expect(await found(text)).toEqual([one.sampleno]);
    // The end of one column and the start of the next are not one text.
    expect(await found('Amberwick Ysolde')).toEqual([]);
    expect(await found('Resource Amberwick')).toEqual([]);
    expect(await found('Amberwick\nYsolde')).toEqual([]);
    expect(await found('Ysolde\nAmberwick')).toEqual([one.sampleno]); // a pasted line break is a space
    const plan = await t.handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return (await sql<{ 'QUERY PLAN': string }>`explain select count(*) from sample_inward where ${matchesText('%ysolde%')}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('sample_inward_search_text_trgm_idx');
  });

  test('the stored, lower-cased search text matches exactly what ilike on the eight columns matches, for any letters', async () => {
    const texts = ['Ærøskøbing Farm', 'STRASSE Straße', 'İzmir ıspanak', 'ΣΊΣΥΦΟΣ σίσυφος', 'Ǆemal ǅemal', 'Café CAFÉ', 'naïve NAÏVE', '100% soil_sample \\ back'];
    const made = [];
    for (const source of texts) made.push(await create({ source, sampledby: source.toUpperCase() }));
    const ids = made.map((r) => Number(r.id));
    const patterns = ['%ærø%', '%ÆRØ%', '%strasse%', '%STRASSE%', '%straße%', '%STRAẞE%', '%izmir%', '%İZMİR%', '%ispanak%', '%ISPANAK%', '%σίσυφος%', '%ΣΊΣΥΦΟΣ%', '%ǆemal%', '%Ǆ%', '%café%', '%CAFE%', '%naïve%', '%100\\%%', '%l\\_s%', '%\\\\%', '%a_m%'];
    for (const pattern of patterns) {
      const stored = await t.handle.db.selectFrom('sample_inward').select('id').where('id', 'in', ids).where(matchesText(pattern)).orderBy('id').execute();
      const joined = await t.handle.db.selectFrom('sample_inward').select('id').where('id', 'in', ids).where(JOINED_SAMPLE_TEXT, 'ilike', pattern).orderBy('id').execute();
      expect({ pattern, ids: stored.map((r) => r.id) }).toEqual({ pattern, ids: joined.map((r) => r.id) });
    }
    // Some of them match something (the comparison is not of two empty lists).
    expect((await t.handle.db.selectFrom('sample_inward').select('id').where('id', 'in', ids).where(matchesText('%STRASSE%')).execute()).length).toBe(1);
    // An edit recomputes it.
    await t.handle.db.updateTable('sample_inward').set({ source: 'Quillwort Meadow' }).where('id', '=', ids[0]).execute();
    expect((await t.handle.db.selectFrom('sample_inward').select('search_text').where('id', '=', ids[0]).executeTakeFirstOrThrow()).search_text).toContain('quillwort meadow');
  });

  test('getsapleivertById: the record in legacy names; 404 and 400', async () => {
    const a = await create();
    const rec = (await tx('getsapleivertById', { id: a.id })).json();
    expect(rec).toEqual({
      ...valid(),
      userID: undefined,
      id: a.id, sampleinno: a.sampleinno, sampleno: a.sampleno, otp: a.message, maximumrainfall: 750.5, statesofIndiaId: ids.MH, districtId: ids.PUNE,
      typedataof: 'I', active: 'Y', version: 1,
      // What the record says about its integrity (lib/amendments.ts).
      amendmentRequired: false, canEdit: true, createdBy: 'System Administrator', amendments: [], statusChange: null,
    });
    expect((await tx('getsapleivertById', { id: 999999 })).statusCode).toBe(404);
    expect((await tx('getsapleivertById', {})).statusCode).toBe(400);
  });
});

describe('update and delete', () => {
  test('update keeps numbers and OTP, bumps the version, audits; a stale version is 409', async () => {
    const a = await create();
    const res = await tx('savesampleinverd', valid({ id: a.id, version: 1, sampledby: 'Changed', statesofIndia: 'Karnataka', district: 'Bengaluru Rural' }));
    expect(res.json()).toEqual({ status: 'Success', message: a.message, id: a.id, sampleinno: a.sampleinno, sampleno: a.sampleno });
    const rec = (await tx('getsapleivertById', { id: a.id })).json();
    expect(rec).toMatchObject({ sampledby: 'Changed', statesofIndia: 'Karnataka', district: 'Bengaluru Rural', version: 2, otp: a.message });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'sampleInward.update').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect([(audit.before as Row).sampledby, (audit.after as Row).sampledby]).toEqual(['R. Kulkarni', 'Changed']);
    const stale = await tx('savesampleinverd', valid({ id: a.id, version: 1 }));
    expect([stale.statusCode, stale.json().message]).toEqual([409, SAMPLE_INWARD_MSG.stale]);
    expect((await tx('savesampleinverd', valid({ id: 999999 }))).statusCode).toBe(404);
  });

  test('a district that does not belong to the state is refused (400, a plain sentence), by id or by name, on create and on update', async () => {
    const a = await create();
    const before = await count('sample_inward');
    const cases: Array<[Row, string]> = [
      // the client sends the chosen entries' ids: a district id of another state
      [{ statesofIndiaId: ids.MH, districtId: ids.BLR }, "'Pune' is not an active District of Maharashtra."],
      [{ statesofIndia: 'Karnataka', statesofIndiaId: ids.KA, district: 'Pune', districtId: ids.PUNE }, "'Pune' is not an active District of Karnataka."],
      // the state changed, the district kept from the other state
      [{ id: a.id, version: 1, statesofIndia: 'Karnataka' }, "'Pune' is not an active District of Karnataka."],
      [{ id: a.id, version: 1, statesofIndiaId: ids.KA, statesofIndia: 'Karnataka', districtId: ids.PUNE }, "'Pune' is not an active District of Karnataka."],
    ];
    for (const [over, message] of cases) {
      const res = await tx('savesampleinverd', valid(over));
      expect({ over, status: res.statusCode, body: res.json() }).toEqual({ over, status: 400, body: expect.objectContaining({ message, field: 'district' }) });
    }
    expect(await count('sample_inward')).toBe(before);
    const rec = (await tx('getsapleivertById', { id: a.id })).json();
    expect(rec).toMatchObject({ statesofIndia: 'Maharashtra', district: 'Pune', version: 1 });
  });

  test('changesampleinStatus sets active N (audited); an inactive sample cannot be edited or deleted again', async () => {
    const a = await create();
    const audits = await count('audit_log', 'sampleInward.delete');
    const res = await tx('changesampleinStatus', { id: a.id, active: 'N', reason: 'Registered twice.' });
    expect(res.json()).toEqual({ status: 'Success', message: 'Sample Deleted Successfully!' });
    expect((await t.handle.db.selectFrom('sample_inward').select('active').where('id', '=', a.id as number).executeTakeFirstOrThrow()).active).toBe('N');
    expect(await count('audit_log', 'sampleInward.delete')).toBe(audits + 1);
    expect((await tx('changesampleinStatus', { id: a.id, active: 'N', reason: 'Again.' })).json()).toEqual({ status: 'Success1', rescoremessage: 'This sample is already deleted.' });
    expect((await tx('savesampleinverd', valid({ id: a.id }))).json()).toEqual({ status: 'Success1', message: SAMPLE_INWARD_MSG.inactive });
    const listed: Row[] = (await tx('getSearchForsampleinward', { searchText: a.sampleno })).json();
    expect(listed[0]).toMatchObject({ active: 'N' });
    expect((await tx('changesampleinStatus', { id: a.id, active: 'Y', reason: 'Not a duplicate after all.' })).json()).toEqual({ status: 'Success', message: 'Sample Reactivated Successfully!' });
    expect((await tx('changesampleinStatus', { id: a.id, active: 'X', reason: 'x' })).statusCode).toBe(400);
    expect((await tx('changesampleinStatus', { id: 999999, reason: 'x' })).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  test('reads need view, creates add, updates edit, delete the delete flag', async () => {
    const viewer = await userWithRole('VIEWER', { can_view: true });
    const adder = await userWithRole('ADDER', { can_view: true, can_add: true });
    const nobody = await userWithRole('NOBODY', {});
    const a = await create();
    const before = await count('sample_inward');
    for (const name of ['getsamphome', 'getsapleivertById', 'getOtpForIsolated', 'getfindisolate']) {
      expect({ name, status: (await tx(name, { id: a.id, sampleno: a.sampleno }, nobody)).statusCode }).toEqual({ name, status: 403 });
      expect({ name, status: (await tx(name, { id: a.id, sampleno: a.sampleno }, viewer)).statusCode }).toEqual({ name, status: 200 });
    }
    const refused = await tx('savesampleinverd', valid(), viewer);
    expect([refused.statusCode, refused.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' or 'edit' permission)."]);
    expect((await tx('savesampleinverd', valid(), adder)).json().status).toBe('Success');
    const upd = await tx('savesampleinverd', valid({ id: a.id }), adder);
    expect([upd.statusCode, upd.json().message]).toEqual([403, "Your role does not allow this (it needs the 'edit' permission)."]);
    expect((await tx('changesampleinStatus', { id: a.id, active: 'N' }, adder)).statusCode).toBe(403);
    expect((await tx('saveisolatecode', { sampleno: a.sampleno, sampletype: 'Soil', soilph: 7, soilec: 1, soiltds: 1 }, viewer)).statusCode).toBe(403);
    expect(await count('sample_inward')).toBe(before + 1);
    expect((await t.post('/api/transaction/getsamphome', {})).statusCode).toBe(401);
  });

  test('every sample endpoint is registered and guarded by the table', () => {
    for (const e of Object.values(SAMPLE_ENDPOINTS)) {
      const route = t.app.apiRoutes.find((r) => r.url === `/api/${e.group}/${e.name}`);
      expect({ name: e.name, guarded: route?.endpoint?.permission }).toEqual({ name: e.name, guarded: e.permission });
    }
  });
});
