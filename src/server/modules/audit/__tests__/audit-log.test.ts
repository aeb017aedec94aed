import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp } from '../../../test-support/test-app';
import { mutate } from '../../../lib/audit';
import type { LoginResponse } from '../../../../shared/contract/session';
import type { AuditEntryRow, AuditFilterOptions } from '../../../../shared/contract/audit-endpoints';
import { auditCsvChunks, EXPORT_BATCH } from '../audit-repository';
import { parseFilter } from '../audit-filter';

/** The Activity Log's calls (issue 6 item 4) against the real database. */
const SLOW = 60_000;
let t: TestApp;
let admin: LoginResponse;
let staff: LoginResponse;
let staffPassword = '';
type Session = Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'>;
const ids: Record<string, number> = {};

const audit = (name: string, body: unknown, s: Session = admin) => t.post(`/api/audit/${name}`, body, s);
const list = async (body: Record<string, unknown>, s: Session = admin): Promise<AuditEntryRow[]> => {
  const res = await audit('getAuditLog', body, s);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  return res.json();
};
const saveDept = async (body: Record<string, unknown>) => {
  const res = await t.post('/api/master/savedepartment', body, admin);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number };
};
const auditCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.handle.db)).rows[0].n);
/** Minimal CSV parser (RFC 4180) for checking the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
  const db = t.handle.db;
  const dept = (await db.selectFrom('department').select('id').where('code', '=', 'MICRO').executeTakeFirstOrThrow()).id;
  const desig = (await db.selectFrom('designation').select('id').where('code', '=', 'SCI').executeTakeFirstOrThrow()).id;
  const role = (await db.selectFrom('workflow_role').select('id').where('shortname', '=', 'STAFF').executeTakeFirstOrThrow()).id;
  const group = (await db.selectFrom('user_group').select('id').where('name', '=', 'Laboratory Staff').executeTakeFirstOrThrow()).id;
  const res = await t.post('/api/master/saveemployeemaster', {
    employeecode: 'AUD01', salutation: 'Ms.', gender: 'Female', firstname: 'Asha', lastname: 'Rao', address: '12 Lab Road',
    mobile1: enc('9876543210'), email: 'asha.rao@lab.example.org', tbdepartment: dept, tbdesignation: desig, tbband: role,
    selfaccessforuser: 'user_aud01', usergroupid: group, selfactive: 'Y',
  }, admin);
  expect(res.statusCode).toBe(200);
  ids.staffUser = res.json().id;
  staffPassword = res.json().initialPassword;
  staff = await signInFully(t, 'user_aud01', staffPassword, 'Staff-Soil-Lab-2026');

  ids.d1 = (await saveDept({ departmentCode: 'AUDA', departmentName: 'Audit Alpha' })).id;
  ids.d2 = (await saveDept({ departmentCode: 'AUDB', departmentName: 'Audit Beta' })).id;
  await saveDept({ id: ids.d1, departmentCode: 'AUDA', departmentName: 'Audit Alpha Renamed' });
  expect((await t.post('/api/master/departmentdelstatus', { id: ids.d1, activeStatus: 'N' }, admin)).statusCode).toBe(200);
}, SLOW);
afterAll(() => t.close());

describe('the filtered, paged list', () => {
  test('filters by entity and action, newest first, each row with totalItems and field-level changes', async () => {
    const rows = await list({ entity: 'department', user: 'admin', pageno: 1, pageSize: 10 }); // the seed's departments have no user
    expect(rows.map((r) => r.action)).toEqual(['department.deactivate', 'department.update', 'department.create', 'department.create']);
    expect(rows.every((r) => r.totalItems === 4 && r.entity === 'department')).toBe(true);
    expect(rows.map((r) => r.srno)).toEqual([1, 2, 3, 4]);
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(rows[1]).toMatchObject({ entityId: String(ids.d1), username: 'admin', userId: admin.id });
    expect(rows[1].changes).toEqual(expect.arrayContaining([{ field: 'departmentName', before: 'Audit Alpha', after: 'Audit Alpha Renamed' }]));
    expect(rows[1].changes.find((c) => c.field === 'departmentCode')).toBeUndefined(); // unchanged fields are not listed
    expect(rows[0].changes).toEqual(expect.arrayContaining([{ field: 'activeStatus', before: 'Y', after: 'N' }]));
    // A create lists every field with no before.
    expect(rows[3].changes).toEqual(expect.arrayContaining([{ field: 'departmentName', before: null, after: 'Audit Alpha' }]));
    // No raw before/after in the answer.
    expect(Object.keys(rows[0]).sort()).toEqual(['action', 'at', 'changes', 'entity', 'entityId', 'id', 'ip', 'reason', 'srno', 'totalItems', 'userId', 'username']);

    const creates = await list({ entity: 'department', action: 'department.create' });
    expect(creates.every((r) => r.action === 'department.create')).toBe(true);
    expect(creates.map((r) => r.entityId)).toEqual([String(ids.d2), String(ids.d1)]);
  });

  test('filters by user id or username, and by text over the record id and the reason', async () => {
    const byStaff = await list({ user: ids.staffUser, pageSize: 25 });
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((r) => r.userId === ids.staffUser)).toBe(true);
    expect((await list({ user: 'USER_AUD01', pageSize: 25 })).map((r) => r.id)).toEqual(byStaff.map((r) => r.id));
    expect((await list({ user: String(ids.staffUser), pageSize: 25 })).map((r) => r.id)).toEqual(byStaff.map((r) => r.id));
    expect(await list({ user: 'nobody-here' })).toEqual([]);

    const byId = await list({ entity: 'department', text: String(ids.d2) });
    expect(byId.map((r) => r.entityId)).toEqual([String(ids.d2)]);
    const byReason = await list({ text: 'INITIAL ADMIN' });
    expect(byReason.length).toBe(1);
    expect(byReason[0].reason).toContain('initial administrator');
    // LIKE wildcards are taken literally.
    expect(await list({ text: '%' })).toEqual([]);
  });

  test('filters by calendar days in the given time zone', async () => {
    const newest = (await list({ entity: 'department', user: 'admin' }))[0];
    const at = new Date(newest.at);
    const dayIn = (tz: string, d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
    for (const timeZone of ['Asia/Kolkata', 'America/Los_Angeles', 'UTC']) {
      const today = dayIn(timeZone, at);
      const tomorrow = dayIn(timeZone, new Date(at.getTime() + 86_400_000 + 3_600_000));
      const yesterday = dayIn(timeZone, new Date(at.getTime() - 86_400_000 - 3_600_000));
      expect((await list({ entity: 'department', user: 'admin', fromDate: today, toDate: today, timeZone })).length).toBe(4);
      expect(await list({ entity: 'department', user: 'admin', fromDate: tomorrow, timeZone })).toEqual([]);
      expect(await list({ entity: 'department', user: 'admin', toDate: yesterday, timeZone })).toEqual([]);
    }
    // Just before and after an entry: the day boundary is the zone's midnight, not UTC's.
    const f = parseFilter({ fromDate: '2026-11-22', toDate: '2026-11-22', timeZone: 'Asia/Kolkata' });
    expect(f.from?.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(f.to?.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    const ny = parseFilter({ fromDate: '2026-03-08', toDate: '2026-03-08', timeZone: 'America/New_York' }); // DST starts that day
    expect(ny.from?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(ny.to?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  test('pages of 10 or 25', async () => {
    const total = await auditCount();
    const p1 = await list({ pageno: 1, pageSize: 10 });
    const p2 = await list({ pageno: 2, pageSize: 10 });
    expect(p1).toHaveLength(10);
    expect(p1[0].totalItems).toBe(total);
    expect(p2[0].srno).toBe(11);
    expect(p2[0].id).toBeLessThan(p1[9].id);
    const big = await list({ pageno: 1, pageSize: 25 });
    expect(big.length).toBe(Math.min(25, total));
    expect(big.slice(0, 20).map((r) => r.id)).toEqual([...p1, ...p2].map((r) => r.id));
  });

  test('bad filters answer 400 with a plain sentence', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ pageSize: 7 }, 'The page size must be 10 or 25.'],
      [{ pageno: 0 }, 'The page number must be a whole number from 1.'],
      [{ fromDate: '2026-02-30' }, 'The from date must be a date written YYYY-MM-DD.'],
      [{ toDate: 'yesterday' }, 'The to date must be a date written YYYY-MM-DD.'],
      [{ fromDate: '2026-11-22', toDate: '2026-11-01' }, 'The from date must not be after the to date.'],
      [{ timeZone: 'Mars/Olympus' }, "The time zone 'Mars/Olympus' is not known; send a name such as Asia/Kolkata."],
      [{ user: { id: 1 } }, "The field 'user' must be text."],
      [{ text: 'x'.repeat(201) }, 'The search filter must be at most 200 characters.'],
      [{ timeZone: 42 }, "The field 'timeZone' must be text."],
    ];
    for (const [body, message] of cases) {
      const res = await audit('getAuditLog', body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({ body, status: 400, message });
      const exp = await audit('exportAuditLog', body);
      if (!('pageSize' in body) && !('pageno' in body)) expect({ body, status: exp.statusCode, message: exp.json().message }).toEqual({ body, status: 400, message });
    }
    expect((await audit('getAuditLog', [1, 2])).statusCode).toBe(400);
    // A NUL character (which PostgreSQL cannot store) is refused, never a 500.
    for (const body of [{ text: 'a\u0000b' }, { entity: 'x\u0000' }]) {
      const res = await audit('getAuditLog', body);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: expect.stringMatching(/NUL character/) });
    }
    expect((await audit('getRecordHistory', { entity: 'department', entityId: 'a\u0000' })).statusCode).toBe(400);
  });

  test('reading the log is not itself audited', async () => {
    const before = await auditCount();
    await list({});
    await audit('getAuditFilters', {});
    await audit('getRecordHistory', { entity: 'department', entityId: ids.d1 });
    expect(await auditCount()).toBe(before);
  });
});

test('the filter choices are the distinct users, entities and actions of the trail', async () => {
  const res = await audit('getAuditFilters', {});
  expect(res.statusCode).toBe(200);
  const o: AuditFilterOptions = res.json();
  expect(o.users).toEqual(expect.arrayContaining([{ id: admin.id, username: 'admin' }, { id: ids.staffUser, username: 'user_aud01' }]));
  expect(o.entities).toEqual(expect.arrayContaining(['department', 'user', 'session']));
  expect(o.actions).toEqual(expect.arrayContaining(['department.create', 'department.update', 'signin']));
  expect(new Set(o.actions).size).toBe(o.actions.length);
});

test("an activity's parameter values read by parameter name, before and after, master codes with their values; in the list, the history and the CSV", async () => {
  const db = t.handle.db;
  const a = await db.insertInto('activity_type').values({ shortname: 'AUDACT', name: 'Audit Activity', level: 'Level 1', sequence: 71 }).returning('id').executeTakeFirstOrThrow();
  const param = async (shortname: string, parameter_name: string, sequence: number) => (await db.insertInto('activity_parameter').values({
    activity_type_id: a.id, shortname, parameter_name, param_type: 'Text', unit_type: 'Character', user_entry: 'User Entry', max_length: 20, mandatory: false, sequence,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const diam = await param('DIAM', 'Colony Diameter (mm)', 1);
  // a lab's parameter named like a secret ('salt') is still shown: only stored secrets are hidden
  const salt = await param('SALT', 'Salt Tolerance', 2);
  // a master data parameter stores the entry's code: the log reads 'Circular (CIRC)'
  const shapes = await db.insertInto('common_master_type').values({ code: 'AUDSHP', type: 'Audit Colony Shape' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('common_master').values([{ type_id: shapes.id, shortname: 'CIRC', value: 'Circular' }, { type_id: shapes.id, shortname: 'IRR', value: 'Irregular' }]).execute();
  const shape = (await db.insertInto('activity_parameter').values({
    activity_type_id: a.id, shortname: 'SHAPE', parameter_name: 'Colony Shape', param_type: 'Text', unit_type: 'MasterData', user_entry: 'User Selection',
    common_master_type_id: shapes.id, max_length: 20, mandatory: false, sequence: 3,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await mutate(db, { userId: admin.id, username: 'admin', tenant: 'soillims', ip: null }, async (_trx, write) => {
    await write({ action: 'activity.submit', entity: 'activity_transaction', entityId: 'audtx1', after: { status: 'S', values: [{ parameterId: diam, value: '12.5' }, { parameterId: salt, value: '4%' }, { parameterId: shape, value: 'CIRC' }] } });
    await write({
      action: 'activity.submit', entity: 'activity_transaction', entityId: 'audtx1',
      before: { status: 'R', values: [{ parameterId: diam, value: '12.5' }, { parameterId: salt, value: '4%' }, { parameterId: shape, value: 'CIRC' }] },
      after: { status: 'S', values: [{ parameterId: diam, value: '13.25' }, { parameterId: salt, value: '4%' }, { parameterId: shape, value: 'IRR' }, { parameterId: 987654, value: 'x' }] },
    });
  });
  const [resubmit, submit] = await list({ entity: 'activity_transaction', text: 'audtx1' });
  expect(submit.changes).toEqual([
    { field: 'status', before: null, after: 'S' },
    { field: 'Parameter: Colony Diameter (mm)', before: null, after: '12.5' },
    { field: 'Parameter: Salt Tolerance', before: null, after: '4%' },
    { field: 'Parameter: Colony Shape', before: null, after: 'Circular (CIRC)' },
  ]);
  // only what changed, by name; an id that is no parameter keeps its number
  expect(resubmit.changes).toEqual([
    { field: 'status', before: 'R', after: 'S' },
    { field: 'Parameter: Colony Diameter (mm)', before: '12.5', after: '13.25' },
    { field: 'Parameter: Colony Shape', before: 'Circular (CIRC)', after: 'Irregular (IRR)' },
    { field: 'Parameter: #987654', before: null, after: 'x' },
  ]);
  for (const e of [submit, resubmit]) expect(JSON.stringify(e.changes)).not.toContain('parameterId');
  const history = (await audit('getRecordHistory', { entity: 'activity_transaction', entityId: 'audtx1' })).json() as AuditEntryRow[];
  expect(history.map((h) => h.changes)).toEqual([submit.changes, resubmit.changes]);
  const rows = parseCsv((await audit('exportAuditLog', { entity: 'activity_transaction', text: 'audtx1' })).body.slice(1));
  expect(rows[1][rows[0].indexOf('Changes')]).toBe('status: R -> S\nParameter: Colony Diameter (mm): 12.5 -> 13.25\nParameter: Colony Shape: Circular (CIRC) -> Irregular (IRR)\nParameter: #987654: (none) -> x');
});

test('the history of one record is its entries, oldest first', async () => {
  const res = await audit('getRecordHistory', { entity: 'department', entityId: ids.d1 });
  expect(res.statusCode).toBe(200);
  const rows: AuditEntryRow[] = res.json();
  expect(rows.map((r) => r.action)).toEqual(['department.create', 'department.update', 'department.deactivate']);
  expect(rows[1].changes).toContainEqual({ field: 'departmentName', before: 'Audit Alpha', after: 'Audit Alpha Renamed' });
  expect((await audit('getRecordHistory', { entity: 'department', entityId: '999999' })).json()).toEqual([]);
  expect((await audit('getRecordHistory', { entity: '', entityId: 1 })).statusCode).toBe(400);
  expect((await audit('getRecordHistory', { entity: 'department' })).json().message).toBe('Please say which record (entityId) to show the history of.');
});

test('secrets never reach the client: password hashes and initial passwords are hidden', async () => {
  const answers = [
    (await audit('getAuditLog', { entity: 'user', pageSize: 25 })).body,
    (await audit('getRecordHistory', { entity: 'user', entityId: ids.staffUser })).body,
    (await audit('getRecordHistory', { entity: 'user', entityId: admin.id })).body,
    (await audit('exportAuditLog', {})).body,
  ];
  for (const body of answers) {
    expect(body).not.toMatch(/\$argon2/);
    expect(body).not.toContain(staffPassword);
    expect(body).not.toContain('Staff-Soil-Lab-2026');
  }
  // The initial administrator's creation shows that a password was set, without its hash.
  const seeded = (await audit('getRecordHistory', { entity: 'user', entityId: admin.id })).json() as AuditEntryRow[];
  const created = seeded.find((r) => r.action === 'seed.create')!;
  expect(created.changes).toContainEqual({ field: 'password_hash', before: null, after: '[hidden]' });
  // Even a hash written under an innocent name is hidden.
  await mutate(t.handle.db, { userId: null, username: 'system', tenant: 'soillims', ip: null }, (_trx, write) =>
    write({ action: 'test.leak', entity: 'probe', entityId: 'p1', after: { note: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', nested: { apiKey: 'k-123' } } }),
  );
  const probe = (await list({ entity: 'probe' }))[0];
  expect(probe.changes).toEqual([{ field: 'note', before: null, after: '[hidden]' }, { field: 'nested.apiKey', before: null, after: '[hidden]' }]);
});

test('only Top Role users may read the log (403 otherwise)', async () => {
  for (const name of ['getAuditLog', 'getAuditFilters', 'getRecordHistory', 'exportAuditLog']) {
    const res = await audit(name, { entity: 'department', entityId: 1 }, staff);
    expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
      name, status: 403, message: "Your role does not allow this (it needs the 'toprole' permission).",
    });
    expect((await t.post(`/api/audit/${name}`, {})).statusCode).toBe(401);
  }
});

describe('CSV export', () => {
  const BULK = 2 * EXPORT_BATCH + 150;
  beforeAll(async () => {
    // More rows than two database batches and past 1,000 (the list's deep pages), plus rows with awkward text.
    const actor = { userId: admin.id, username: 'admin', tenant: 'soillims', ip: '127.0.0.1' };
    await mutate(t.handle.db, actor, async (_trx, write) => {
      for (let i = 0; i < BULK; i++) await write({ action: 'bulk.create', entity: 'bulk', entityId: `b${i}`, after: { n: i } });
      await write({ action: 'odd.create', entity: 'odd', entityId: '=HYPERLINK("http://evil","x")', reason: 'Sample "A", line one\nline two' });
      await write({ action: 'odd.create', entity: 'odd', entityId: '+1', reason: '@SUM(A1:A2)' });
      await write({ action: 'odd.create', entity: 'odd', entityId: '-5', reason: 'plain' });
    });
  }, SLOW);

  test('every match, newest first, as an attachment; the row count equals the match count and the export is audited', async () => {
    const res = await audit('exportAuditLog', { entity: 'bulk', timeZone: 'Asia/Kolkata' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{8}-\d{6}\.csv"$/);
    expect(res.headers['x-total-count']).toBe(String(BULK));
    expect(res.body.startsWith('\uFEFFEntry,When (UTC),When (Asia/Kolkata),User ID,User,Action')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows).toHaveLength(1 + BULK);
    expect(rows[1][7]).toBe(`b${BULK - 1}`);
    expect(rows.at(-1)![7]).toBe('b0');
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(BULK);
    expect(rows[1][9]).toBe(`n: (none) -> ${BULK - 1}`);

    const logged = (await list({ action: 'audit.export' }))[0];
    expect(logged).toMatchObject({ username: 'admin', entity: 'audit_log', reason: 'Activity Log exported to CSV' });
    expect(logged.changes).toEqual(expect.arrayContaining([{ field: 'rows', before: null, after: String(BULK) }, { field: 'filters.entity', before: null, after: 'bulk' }]));
  });

  test('the list pages past 1,000 entries: a deep page continues the one before it, the last one ends at the first entry', async () => {
    const pages = Math.ceil(BULK / 25);
    const last = await list({ entity: 'bulk', pageno: pages, pageSize: 25 });
    expect(last[0].totalItems).toBe(BULK);
    expect(last).toHaveLength(BULK - (pages - 1) * 25);
    expect(last.at(-1)).toMatchObject({ entityId: 'b0', srno: BULK });
    const before = await list({ entity: 'bulk', pageno: pages - 1, pageSize: 25 });
    expect(before.at(-1)!.id).toBeGreaterThan(last[0].id);
    expect(last[0].srno).toBe(before.at(-1)!.srno + 1);
  });

  test('in UTC (no time zone, or a name of UTC) one When column: the header never repeats When (UTC)', async () => {
    for (const timeZone of [undefined, 'UTC', 'Etc/UTC']) {
      const rows = parseCsv((await audit('exportAuditLog', { entity: 'odd', timeZone })).body.slice(1));
      expect({ timeZone, header: rows[0] }).toEqual({
        timeZone, header: ['Entry', 'When (UTC)', 'User ID', 'User', 'Action', 'Entity', 'Record ID', 'Reason / Remark', 'Changes', 'IP', 'Hash'],
      });
      expect(new Set(rows[0]).size).toBe(rows[0].length);
      for (const r of rows) expect(r).toHaveLength(rows[0].length);
    }
    const local = parseCsv((await audit('exportAuditLog', { entity: 'odd', timeZone: 'Asia/Kolkata' })).body.slice(1));
    expect(local[0].slice(0, 3)).toEqual(['Entry', 'When (UTC)', 'When (Asia/Kolkata)']);
    for (const r of local) expect(r).toHaveLength(12);
  });

  test('quotes commas, quotes and line breaks, and guards cells that start like a formula', async () => {
    const res = await audit('exportAuditLog', { entity: 'odd' });
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(res.body).toContain('"Sample ""A"", line one\nline two"');
    const rows = parseCsv(res.body.slice(1));
    const [recordId, reason] = [rows[0].indexOf('Record ID'), rows[0].indexOf('Reason / Remark')];
    expect(rows.slice(1).map((r) => [r[recordId], r[reason]])).toEqual([
      ["'-5", 'plain'],
      ["'+1", "'@SUM(A1:A2)"],
      ['\'=HYPERLINK("http://evil","x")', 'Sample "A", line one\nline two'],
    ]);
  });

  test('the CSV is read from the database in keyset batches', async () => {
    const f = parseFilter({ entity: 'bulk' });
    const chunks: string[] = [];
    for await (const c of auditCsvChunks(t.handle.db, f, Number.MAX_SAFE_INTEGER - 1, 100)) chunks.push(c);
    expect(chunks).toHaveLength(1 + Math.ceil(BULK / 100)); // the header, then one chunk per batch
    expect(chunks.slice(1).every((c) => parseCsv(c).length <= 100)).toBe(true);
    expect(chunks.slice(1).reduce((n, c) => n + parseCsv(c).length, 0)).toBe(BULK);
  });

  test('an export matching nothing is just the header', async () => {
    const res = await audit('exportAuditLog', { entity: 'no-such-entity' });
    expect(res.headers['x-total-count']).toBe('0');
    expect(parseCsv(res.body.slice(1))).toHaveLength(1);
  });
});

test('the database refuses UPDATE, DELETE and TRUNCATE on audit rows', async () => {
  const db = t.handle.db;
  const n = await auditCount();
  await expect(sql`update audit_log set reason = 'forged' where id = 1`.execute(db)).rejects.toThrow(/append-only: UPDATE is not allowed/);
  await expect(sql`delete from audit_log where id = 1`.execute(db)).rejects.toThrow(/append-only: DELETE is not allowed/);
  await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only: TRUNCATE is not allowed/);
  expect(await auditCount()).toBe(n);
});
