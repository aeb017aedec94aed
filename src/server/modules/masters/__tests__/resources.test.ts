import { sql } from 'kysely';
import { createTestApp, enc, signInFully, TEST_ADMIN_PASSWORD, type TestApp, allScreensGroupId } from '../../../test-support/test-app';
import { hashPassword } from '../../../lib/passwords';
import type { LoginResponse } from '../../../../shared/contract/session';
import { MASTER_ENDPOINTS } from '../../../../shared/contract/endpoints';
import {
  PAGE_SIZE, RESOURCE_LIST, RESOURCE_MSG, RESOURCES, duplicateAnswerOf, fieldByName, uniqueField, type FieldDef, type ResourceDef,
} from '../../../../shared/resources';

/**
 * One suite, run over every simple-master definition: whatever a definition says (fields, limits,
 * messages, endpoint names, answers) is what the server must do.
 */
let t: TestApp;
let admin: LoginResponse;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInFully(t, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const url = (name: string) => `/api/master/${name}`;
const call = (name: string, body: unknown, s: Pick<LoginResponse, 'accessToken' | 'token' | 'dbName'> = admin) => t.post(url(name), body, s);

const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.handle.db)).rows[0].n);
const auditCount = async (action?: string) => {
  let q = t.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n'));
  if (action) q = q.where('action', '=', action);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** The unique code of test row i: mixed case, so that the order must ignore case. */
const codeOf = (i: number) => (i % 2 ? 'ZQ' : 'zq') + String(i).padStart(2, '0');

/** A valid value of a field for test row i. */
function validValue(r: ResourceDef, f: FieldDef, i: number): unknown {
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return f.unique ? codeOf(i) : `Name ${r.name} ${i}`.slice(0, f.maxLength ?? 50);
    case 'select':
    case 'choice':
      return f.options![i % f.options!.length].value;
    case 'integer':
      // A unique number (hierarchy, sequence) clear of the seeded roles' (1, 10, 20)
      return Math.min(f.max ?? 1000, (f.min ?? 1) + (f.unique ? 30 : 0) + i);
    case 'boolean':
      return true;
  }
}

function validBody(r: ResourceDef, i: number): Row {
  const body: Row = { userID: 999 };
  for (const f of r.fields) {
    body[f.name] = validValue(r, f, i);
    if (f.enabledBy) body[f.enabledBy] = true;
  }
  return body;
}

/** What the stored row answers for a saved body (text trimmed; switches and derived fields as computed). */
function expectedFields(r: ResourceDef, body: Row): Row {
  const out: Row = {};
  for (const f of r.fields) out[f.name] = body[f.name];
  return out;
}

async function allRows(r: ResourceDef): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await call(r.endpoints.list, { pageno: page, userID: 1 });
    expect(res.statusCode).toBe(200);
    const batch: Row[] = res.json();
    rows.push(...batch);
    if (batch.length < PAGE_SIZE) return rows;
  }
}

describe.each(RESOURCE_LIST.map((r) => [r.name, r] as const))('master %s', (_name, r) => {
  const unique = uniqueField(r)!;
  const created: Array<{ id: number; body: Row }> = [];
  const save = (body: unknown, s?: LoginResponse) => call(r.endpoints.save, body, s);

  test('create: Record Saved Successfully!, audited with legacy names', async () => {
    const auditsBefore = await auditCount(`${r.name}.create`);
    // created out of order, so that the list order is the server's
    for (const i of [5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6]) {
      const body = validBody(r, i);
      const res = await save(body);
      expect({ i, status: res.statusCode, body: res.json() }).toEqual({ i, status: 200, body: { ...r.answers.saved, id: expect.any(Number) } });
      created.push({ id: res.json().id, body });
    }
    expect(await auditCount(`${r.name}.create`)).toBe(auditsBefore + 12);
    const last = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', `${r.name}.create`).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ entity: r.table, entity_id: String(created[11].id), username: 'admin', before: null });
    expect(last.after).toMatchObject({ id: created[11].id, ...expectedFields(r, created[11].body), [r.activeFields[0]]: 'Y', version: 1 });
  });

  test('list: ten rows a page, srno and totalItems, stable case-insensitive order, active and inactive', async () => {
    const total = await count(r.table);
    expect(total).toBeGreaterThanOrEqual(12);
    const p1: Row[] = (await call(r.endpoints.list, { pageno: 1, userID: 1 })).json();
    const p2: Row[] = (await call(r.endpoints.list, { pageno: '2', userID: 1 })).json();
    expect(p1).toHaveLength(10);
    expect(p2).toHaveLength(Math.min(10, total - 10));
    expect(p1.map((x) => x.srno)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(p2[0].srno).toBe(11);
    for (const row of [...p1, ...p2]) expect(row.totalItems).toBe(total);
    // every column of the list is in the rows
    for (const c of r.list.columns) if (c.field !== 'action') expect(Object.keys(p1[0])).toContain(c.field);
    // missing or invalid page numbers mean page 1
    for (const pageno of [undefined, 0, -3, 'x', 1.5, null]) {
      expect((await call(r.endpoints.list, { pageno, userID: 1 })).json()).toEqual(p1);
    }
    expect((await call(r.endpoints.list, { pageno: 1000 })).json()).toEqual([]);

    const rows = await allRows(r);
    expect(rows).toHaveLength(total);
    const key = (x: Row) => String(x[r.list.orderBy]).toLowerCase();
    const sorted = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id) - Number(b.id)));
    expect(rows.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
    const mine = rows.filter((x) => created.some((c) => c.id === x.id));
    expect(mine.map((x) => x[unique.name])).toEqual(Array.from({ length: 12 }, (_, i) => codeOf(i)));
  });

  test('search: case-insensitive substring over the search fields; wildcards are literal; blank text refused', async () => {
    const hit = await call(r.endpoints.search, { searchText: ' q07 ', pageno: 1, userID: 1 });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual([expect.objectContaining({ id: created.find((c) => c.body[unique.name] === 'ZQ07')!.id, srno: 1, totalItems: 1, [unique.name]: 'ZQ07' })]);
    const nameField = r.list.searchFields.find((n) => n !== unique.name)!;
    const byName = (await call(r.endpoints.search, { searchText: `NAME ${r.name} 1`.slice(0, r.list.searchMaxLength), pageno: 1 })).json();
    if (fieldByName(r, nameField)!.kind === 'text') expect(byName.length).toBeGreaterThanOrEqual(1);
    const all = (await call(r.endpoints.search, { searchText: 'zq', pageno: 2 })).json();
    expect(all.map((x: Row) => x.srno)).toEqual([11, 12]);
    expect(all[0].totalItems).toBe(12);
    for (const miss of ['nothing-like-it', '%', '_', '\\']) {
      const res = await call(r.endpoints.search, { searchText: miss, pageno: 1 });
      expect({ miss, status: res.statusCode, body: res.json() }).toEqual({ miss, status: 200, body: [] });
    }
    for (const searchText of ['', '   ', undefined, null]) {
      const res = await call(r.endpoints.search, { searchText, pageno: 1, userID: 1 });
      expect([res.statusCode, res.json().message]).toEqual([400, RESOURCE_MSG.emptySearch]);
    }
    const long = await call(r.endpoints.search, { searchText: 'x'.repeat(r.list.searchMaxLength + 1) });
    expect(long.statusCode).toBe(400);
  });

  test('byId (id or trnid) answers the row in legacy names with its version; 404 when missing', async () => {
    const c = created[0];
    const res = await call(r.endpoints.byId, { id: c.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, ...expectedFields(r, c.body), version: 1 });
    for (const name of r.activeFields) expect(res.json()[name]).toBe('Y');
    expect((await call(r.endpoints.byId, { trnid: String(c.id) })).json()).toEqual(res.json());
    for (const alias of r.endpoints.aliases?.byId ?? []) expect((await call(alias, { trnid: c.id })).json()).toEqual(res.json());
    const missing = await call(r.endpoints.byId, { id: 987654 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, `There is no ${r.title} with id 987654.`]);
    expect((await call(r.endpoints.byId, {})).statusCode).toBe(400);
    expect((await call(r.endpoints.byId, { id: 'abc' })).statusCode).toBe(400);
  });

  test('update: saved, version bumped, audited with before and after', async () => {
    const c = created[1];
    const body: Row = { ...c.body, id: c.id, version: 1 };
    const text = r.fields.find((f) => f.kind === 'text' && !f.unique)!;
    body[text.name] = 'Renamed';
    const res = await save(body);
    expect(res.json()).toEqual({ ...r.answers.saved, id: c.id });
    const row = (await call(r.endpoints.byId, { id: c.id })).json();
    expect(row).toMatchObject({ [text.name]: 'Renamed', version: 2 });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', `${r.name}.update`).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ id: c.id, [text.name]: c.body[text.name], version: 1 });
    expect(audit.after).toMatchObject({ id: c.id, [text.name]: 'Renamed', version: 2 });
    c.body = body;
    // an update of a missing id is 404 and stores nothing
    const missing = await save({ ...validBody(r, 40), id: 987654 });
    expect(missing.statusCode).toBe(404);
  });

  test('a stale version answers 409 and changes nothing', async () => {
    const c = created[2];
    const stale = await save({ ...c.body, id: c.id, version: 7 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, RESOURCE_MSG.stale]);
    expect((await call(r.endpoints.byId, { id: c.id })).json().version).toBe(1);
    // without a version the save is last-writer-wins, as legacy clients expect
    expect((await save({ ...c.body, id: c.id })).json().status).toBe('Success');
    expect((await call(r.endpoints.byId, { id: c.id })).json().version).toBe(2);
  });

  test('a duplicate code (any case) is refused with the legacy answer; nothing stored, nothing audited', async () => {
    const rows = await count(r.table);
    const audits = await auditCount();
    const dupBody = { ...validBody(r, 30), [unique.name]: codeOf(3).toLowerCase() }; // 'ZQ03' exists
    const res = await save(dupBody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...r.answers.duplicate, rescoremessage: unique.unique!.message });
    expect(res.json()).toEqual(duplicateAnswerOf(r, unique));
    expect(res.json()).toMatchObject({ status1: 'Success1' });
    if (r.name === 'activityType') expect(res.json().status2).toBe('Success1');
    // renaming another row to an existing code is refused too
    const c = created[4];
    const taken = created.find((x) => x.id !== c.id)!.body[unique.name] as string;
    const upd = await save({ ...c.body, id: c.id, [unique.name]: taken.toUpperCase() });
    expect(upd.json().rescoremessage).toBe(unique.unique!.message);
    expect(await count(r.table)).toBe(rows);
    expect(await auditCount()).toBe(audits);
    expect((await call(r.endpoints.byId, { id: c.id })).json()[unique.name]).toBe(c.body[unique.name]);
  });

  const requiredFields = r.fields.filter((f) => f.required);
  const limitedFields = r.fields.filter((f) => f.maxLength != null);
  test.each(requiredFields.map((f) => [f.name, f] as const))('required %s: the definition\'s exact message, nothing stored', async (_f, f) => {
    const rows = await count(r.table);
    for (const missing of [undefined, '', '   ', null]) {
      const body = { ...validBody(r, 50), [f.name]: missing };
      const res = await save(body);
      expect({ missing, status: res.statusCode, message: res.json().message }).toEqual({ missing, status: 400, message: f.required });
    }
    expect(await count(r.table)).toBe(rows);
  });
  test.each(limitedFields.map((f) => [f.name, f] as const))('max length of %s: the definition\'s message, nothing stored', async (_f, f) => {
    const rows = await count(r.table);
    const max = f.maxLength!;
    const tooLong = f.kind === 'integer' ? '1'.repeat(max + 1) : 'x'.repeat(max + 1);
    const res = await save({ ...validBody(r, 51), [f.name]: tooLong });
    expect([res.statusCode, res.json().message]).toEqual([400, f.messages?.maxLength ?? `${f.title ?? f.label} must be at most ${max} characters.`]);
    if (f.kind !== 'integer') {
      // exactly the maximum is fine (on an update, so the code stays unique)
      const c = created[6];
      const ok = await save({ ...c.body, id: c.id, [f.name]: f.unique ? `${'y'.repeat(max - 2)}${'ab'}` : 'x'.repeat(max) });
      expect(ok.json().status).toBe('Success');
      c.body = (await call(r.endpoints.byId, { id: c.id })).json();
    }
    expect(await count(r.table)).toBe(rows);
  });

  test('validation reports the first failing field in form order', async () => {
    const res = await save({});
    const first = r.fields.find((f) => f.required && !f.enabledBy)!;
    expect(res.json().message).toBe(first.required);
  });

  test('deactivate (N) and reactivate (Y): legacy answers, listed with the flag, version bumped, audited', async () => {
    const c = created[7];
    const v = (await call(r.endpoints.byId, { id: c.id })).json().version;
    const off = await call(r.endpoints.status, { id: c.id, activeStatus: 'N', userID: 1 });
    expect(off.json()).toEqual(r.answers.deactivated);
    expect(off.json()).toEqual({ status: 'Success', message: 'Record Deleted Successfully!' });
    const listed = (await allRows(r)).find((x) => x.id === c.id)!;
    for (const name of r.activeFields) expect(listed[name]).toBe('N');
    expect((await call(r.endpoints.byId, { id: c.id })).json().version).toBe(v + 1);
    // inactive rows are not offered by the lookups
    for (const l of r.endpoints.lookups ?? []) {
      const items: Row[] = (await call(l.name, {})).json();
      expect(items.map((x) => x.id)).not.toContain(c.id);
    }
    // the legacy alias `status` and every status alias work
    const on = await call(r.endpoints.status, { id: c.id, status: 'Y' });
    expect(on.json()).toEqual({
      status: 'Success2', status1: 'Success2', message: 'Deleted Record Successfully Recovered!', rescoremessage: 'Deleted Record Successfully Recovered!',
    });
    expect((await allRows(r)).find((x) => x.id === c.id)![r.activeFields[0]]).toBe('Y');
    for (const alias of r.endpoints.aliases?.status ?? []) {
      expect((await call(alias, { id: c.id, activeStatus: 'N' })).json()).toEqual(r.answers.deactivated);
      expect((await call(alias, { id: c.id, activeStatus: 'Y' })).json()).toEqual(r.answers.reactivated);
    }
    const actions = (await t.handle.db.selectFrom('audit_log').select('action').where('entity', '=', r.table).where('entity_id', '=', String(c.id)).orderBy('id').execute()).map((x) => x.action);
    expect(actions.slice(-2 - 2 * (r.endpoints.aliases?.status?.length ?? 0)).slice(0, 2)).toEqual([`${r.name}.deactivate`, `${r.name}.reactivate`]);

    expect((await call(r.endpoints.status, { id: c.id, activeStatus: 'X' })).statusCode).toBe(400);
    expect((await call(r.endpoints.status, { id: 987654, activeStatus: 'N' })).statusCode).toBe(404);
    const stale = await call(r.endpoints.status, { id: c.id, activeStatus: 'N', version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  test('lookups: every active row, unpaged, in the lookup order and shape', async () => {
    for (const l of r.endpoints.lookups ?? []) {
      const res = await call(l.name, { userID: 1 });
      expect(res.statusCode).toBe(200);
      const items: Row[] = res.json();
      const active = (await allRows(r)).filter((x) => x[r.activeFields[0]] === 'Y');
      expect(items).toHaveLength(active.length);
      const names = l.fields.map((x) => (typeof x === 'string' ? x : x.as));
      for (const it of items) expect(Object.keys(it).sort()).toEqual([...names].sort());
      const orderKey = typeof l.fields.find((x) => typeof x !== 'string' && x.field === l.orderBy) === 'object'
        ? (l.fields.find((x) => typeof x !== 'string' && x.field === l.orderBy) as { as: string }).as
        : l.orderBy;
      const keys = items.map((x) => String(x[orderKey]).toLowerCase());
      expect(keys).toEqual([...keys].sort());
    }
  });

  test('wrong types and bad JSON are 400, never 500', async () => {
    for (const body of [{ ...validBody(r, 60), [unique.name]: { $ne: 1 } }, { ...validBody(r, 61), id: 'abc' }, { ...validBody(r, 62), version: -1 }, [1, 2]]) {
      const res = await save(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    for (const name of [r.endpoints.list, r.endpoints.search, r.endpoints.byId, r.endpoints.save, r.endpoints.status]) {
      const res = await t.app.inject({
        method: 'POST', url: url(name), payload: '{"pageno": ',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}`, token: admin.token, dbname: admin.dbName },
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
    }
  });
});

describe('permissions', () => {
  async function userWithRole(shortname: string, flags: { can_view?: boolean; can_edit?: boolean }) {
    const role = await t.handle.db
      .insertInto('workflow_role')
      .values({ shortname, role: shortname, hierarchy: 50, ...flags })
      .returning('id')
      .executeTakeFirstOrThrow();
    const username = shortname.toLowerCase();
    await t.handle.db
      .insertInto('app_user')
      .values({ employee_code: shortname.slice(0, 7), first_name: 'P', username, password_hash: await hashPassword('Perm@12345'), must_change_password: false, workflow_role_id: role.id, user_group_id: await allScreensGroupId(t) })
      .execute();
    const s = (await t.post('/api/auth/signin', { username, password: enc('Perm@12345') })).json();
    expect(s.message).toBe('SUCCESS');
    return s as LoginResponse;
  }

  test.each(RESOURCE_LIST.map((r) => [r.name, r] as const))('%s: view-only may read, not add, edit or change status; edit may update only', async (_n, r) => {
    const viewer = await userWithRole(`V${r.name.slice(0, 6).toUpperCase()}`, { can_view: true });
    const editor = await userWithRole(`E${r.name.slice(0, 6).toUpperCase()}`, { can_view: true, can_edit: true });
    const row = (await call(r.endpoints.list, { pageno: 1 })).json()[0];
    expect((await call(r.endpoints.list, { pageno: 1 }, viewer)).statusCode).toBe(200);
    expect((await call(r.endpoints.byId, { id: row.id }, viewer)).statusCode).toBe(200);
    const full = (await call(r.endpoints.byId, { id: row.id })).json();
    const rows = await count(r.table);
    const audits = await auditCount();

    const add = await call(r.endpoints.save, validBody(r, 70), viewer);
    expect([add.statusCode, add.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' or 'edit' permission)."]);
    expect((await call(r.endpoints.save, { ...full, id: row.id }, viewer)).statusCode).toBe(403);
    const st = await call(r.endpoints.status, { id: row.id, activeStatus: 'N' }, viewer);
    expect([st.statusCode, st.json().message]).toEqual([403, "Your role does not allow this (it needs the 'delete' permission)."]);

    const editorAdd = await call(r.endpoints.save, validBody(r, 71), editor);
    expect([editorAdd.statusCode, editorAdd.json().message]).toEqual([403, "Your role does not allow this (it needs the 'add' permission)."]);
    expect(await count(r.table)).toBe(rows);
    expect(await auditCount()).toBe(audits);
    const editorUpdate = await call(r.endpoints.save, { ...full, id: row.id }, editor);
    expect(editorUpdate.json()).toEqual({ ...r.answers.saved, id: row.id });
    expect((await auditCount(`${r.name}.update`))).toBeGreaterThan(0);
  });

  test('every master endpoint names a flag; the payload userID is never trusted', async () => {
    for (const e of MASTER_ENDPOINTS) expect(e.permission).toBeDefined();
    const res = await call(RESOURCES.department.endpoints.save, { departmentCode: 'UIDX', departmentName: 'Who', userID: 424242 });
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('entity_id', '=', String(res.json().id)).where('entity', '=', 'department').executeTakeFirstOrThrow();
    expect([audit.user_id, audit.username]).toEqual([admin.id, 'admin']);
  });
});

describe('workflow role rules', () => {
  const r = RESOURCES.workflowRole;
  const base = { shortname: 'RULES', role: 'Rules', hierarchy: 5, add: false, view: true, edit: false, approve: false, delete: false, microbe: false, toprole: false };

  test('hierarchy must be a whole number from 1 to 99', async () => {
    for (const hierarchy of [0, 100, -1, 'abc', 1.5, '', null]) {
      const res = await call(r.endpoints.save, { ...base, hierarchy });
      expect({ hierarchy, status: res.statusCode, message: res.json().message }).toEqual({ hierarchy, status: 400, message: 'Please Check Hierarchy!' });
    }
    const top = await call(r.endpoints.save, { ...base, shortname: 'H99', hierarchy: '99' });
    expect(top.json().status).toBe('Success');
    // 1 is a valid hierarchy, but the seeded Administrator role holds it
    const one = await call(r.endpoints.save, { ...base, shortname: 'H1', hierarchy: 1 });
    expect([one.statusCode, one.json()]).toEqual([200, { status: 'Failed', status1: 'Success1', rescoremessage: 'This Hierarchy Is Already Present!' }]);
  });

  test('a hierarchy another role holds (active or not) is refused with the legacy answer; nothing stored, nothing audited', async () => {
    const first = (await call(r.endpoints.save, { ...base, shortname: 'HIER1', hierarchy: 77 })).json();
    expect(first.status).toBe('Success');
    const second = (await call(r.endpoints.save, { ...base, shortname: 'HIER2', hierarchy: 78 })).json();
    const roles = await count('workflow_role');
    const audits = await auditCount();
    const refused = { status: 'Failed', status1: 'Success1', rescoremessage: 'This Hierarchy Is Already Present!' };
    // a new role, and another role moved onto it (as text, as the legacy form sends it)
    expect((await call(r.endpoints.save, { ...base, shortname: 'HIER3', hierarchy: '77' })).json()).toEqual(refused);
    expect((await call(r.endpoints.save, { ...base, shortname: 'HIER2', id: second.id, hierarchy: 77 })).json()).toEqual(refused);
    expect((await call('workflowtdelstatus', { id: first.id, activeStatus: 'N' })).json().status).toBe('Success');
    expect((await call(r.endpoints.save, { ...base, shortname: 'HIER3', hierarchy: 77 })).json()).toEqual(refused);
    expect(await count('workflow_role')).toBe(roles);
    expect(await auditCount()).toBe(audits + 1);
    // a role keeps its own hierarchy on an update
    expect((await call(r.endpoints.save, { ...base, shortname: 'HIER1', id: first.id, hierarchy: 77, role: 'Renamed' })).json().status).toBe('Success');
  });

  test('simultaneous saves of one new hierarchy: exactly one is stored', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => call(r.endpoints.save, { ...base, shortname: `HRACE${i}`, hierarchy: 66 })));
    expect(answers.map((a) => a.json().status).sort()).toEqual(['Failed', 'Failed', 'Failed', 'Success']);
    expect(await t.handle.db.selectFrom('workflow_role').select('id').where('hierarchy', '=', 66).execute()).toHaveLength(1);
  });

  test('at least one permission', async () => {
    const res = await call(r.endpoints.save, { ...base, view: false });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Please select atleast one Activity!']);
    // the field rules come first
    expect((await call(r.endpoints.save, { ...base, view: false, role: '' })).json().message).toBe('Please Enter Role!');
  });

  test('Top Role turns on every permission; chkselect follows; the lookup offers the band', async () => {
    const res = await call(r.endpoints.save, { ...base, shortname: 'TOP', view: false, toprole: true });
    expect(res.json().status).toBe('Success');
    expect(res.json().status).toBe('Success');
    const row = (await call(r.endpoints.byId, { id: res.json().id })).json();
    expect(row).toMatchObject({ add: true, view: true, edit: true, approve: true, delete: true, microbe: true, toprole: true, chkselect: true });
    const db = await t.handle.db.selectFrom('workflow_role').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(db).toMatchObject({ can_add: true, can_view: true, can_edit: true, can_approve: true, can_delete: true, can_microbe: true, is_toprole: true });
    const plain = (await call(r.endpoints.byId, { id: (await call(r.endpoints.save, { ...base, shortname: 'PLAIN', hierarchy: 6 })).json().id })).json();
    expect(plain).toMatchObject({ view: true, add: false, chkselect: false, toprole: false });
    const bands = (await call('getbandForTask', {})).json();
    expect(bands).toContainEqual({ id: row.id, bandname: 'Rules', shortname: 'TOP', hierarchy: 5 });
  });
});

describe('unit of measure type', () => {
  const r = RESOURCES.unitOfMeasure;
  test('exactly one of C, F, N, D, B; the answer names it', async () => {
    for (const unittype of [undefined, '', 'X', 'CF', 'c ', 7]) {
      const res = await call(r.endpoints.save, { code: 'KG', unitmeasure: 'Kilogram', unittype });
      expect({ unittype, status: res.statusCode, message: res.json().message }).toEqual({ unittype, status: 400, message: 'Please Select One Checkbox' });
    }
    const names: Record<string, string> = { C: 'Character', F: 'Decimal', N: 'Integer', D: 'Date', B: 'Boolean' };
    for (const [code, name] of Object.entries(names)) {
      const res = await call(r.endpoints.save, { code: `U${code}`, unitmeasure: `Unit ${code}`, unittype: code });
      expect(res.json().status).toBe('Success');
      expect((await call(r.endpoints.byId, { id: res.json().id })).json()).toMatchObject({ unittype: code, unittypename: name });
    }
  });
});

describe('activity type sequence', () => {
  const r = RESOURCES.activityType;
  test('the Sequence checkbox: unticked clears it, ticked requires it; level is Level 1 or Level 2', async () => {
    const base = { shortname: 'SEQ', activityname: 'Sequenced', activitylevel: 'Level 2' };
    const off = await call(r.endpoints.save, { ...base, sequence1: false, sequence: 4 });
    expect(off.json().status).toBe('Success');
    expect((await call(r.endpoints.byId, { id: off.json().id })).json()).toMatchObject({ sequence: null, sequence1: false, status: 'Y', activitylevel: 'Level 2' });
    const on = await call(r.endpoints.save, { ...base, shortname: 'SEQ2', sequence1: true, sequence: '3' });
    expect((await call(r.endpoints.byId, { id: on.json().id })).json()).toMatchObject({ sequence: 3, sequence1: true });
    const missing = await call(r.endpoints.save, { ...base, shortname: 'SEQ3', sequence1: true });
    expect(missing.json().message).toBe('Please enter the Sequence.');
    const legacy = await call(r.endpoints.save, { ...base, shortname: 'SEQ4' });
    expect(legacy.json().status).toBe('Success');
    const badLevel = await call(r.endpoints.save, { ...base, shortname: 'SEQ5', activitylevel: 'Level 3' });
    expect(badLevel.json().message).toBe('Activity Level must be Level 1 or Level 2.');
    expect((await call(r.endpoints.save, { ...base, shortname: 'SEQ6', sequence: 0 })).json().message).toBe('Sequence must be a whole number from 1 to 2147483647.');
  });

  test('a sequence already used on the same level is refused with status3 Success3 and rescoremessage3; other levels may use it', async () => {
    const base = { activityname: 'Ordered', sequence1: true };
    const l1 = (await call(r.endpoints.save, { ...base, shortname: 'ORD1', activitylevel: 'Level 1', sequence: 57 })).json();
    expect(l1.status).toBe('Success');
    const rows = await count('activity_type');
    const audits = await auditCount();
    const refused = { status: 'Failed', status3: 'Success3', rescoremessage3: 'This Sequence Is Already Present!' };
    expect((await call(r.endpoints.save, { ...base, shortname: 'ORD2', activitylevel: 'Level 1', sequence: '57' })).json()).toEqual(refused);
    expect(await count('activity_type')).toBe(rows);
    expect(await auditCount()).toBe(audits);
    // the same number on Level 2 is another level's; no sequence at all is never a duplicate
    const l2 = (await call(r.endpoints.save, { ...base, shortname: 'ORD2', activitylevel: 'Level 2', sequence: 57 })).json();
    expect(l2.status).toBe('Success');
    expect((await call(r.endpoints.save, { ...base, shortname: 'ORD3', activitylevel: 'Level 2', sequence1: false })).json().status).toBe('Success');
    expect((await call(r.endpoints.save, { ...base, shortname: 'ORD4', activitylevel: 'Level 2', sequence1: false })).json().status).toBe('Success');
    // moving the Level 2 one to Level 1 meets ORD1; keeping its own number is fine
    expect((await call(r.endpoints.save, { ...base, id: l2.id, shortname: 'ORD2', activitylevel: 'Level 1', sequence: 57 })).json()).toEqual(refused);
    expect((await call(r.endpoints.save, { ...base, id: l2.id, shortname: 'ORD2', activitylevel: 'Level 2', sequence: 57, activityname: 'Renamed' })).json().status).toBe('Success');
    // a duplicate short name is still answered first, the legacy way
    expect((await call(r.endpoints.save, { ...base, shortname: 'ord1', activitylevel: 'Level 1', sequence: 57 })).json())
      .toEqual({ status: 'Failed', status1: 'Success1', status2: 'Success1', rescoremessage: 'Activity Short Name Already Exists!' });
  });
});

describe('getAllactivityByid', () => {
  const r = RESOURCES.activityType;
  test('the activity type and activitylstById: the active types of its level by sequence; 400 / 404 otherwise', async () => {
    const make = async (shortname: string, activitylevel: string, sequence?: number) => {
      const res = await call(r.endpoints.save, { shortname, activityname: `All ${shortname}`, activitylevel, sequence1: sequence !== undefined, sequence });
      expect(res.json().status).toBe('Success');
      return res.json().id as number;
    };
    const late = await make('ALL9', 'Level 2', 1009);
    const none = await make('ALLN', 'Level 2');
    const early = await make('ALL1', 'Level 2', 1001);
    const off = await make('ALLOFF', 'Level 2', 1005);
    const other = await make('ALLL1', 'Level 1', 1003);
    expect((await call(r.endpoints.status, { id: off, activeStatus: 'N' })).json().status).toBe('Success');

    const res = await call('getAllactivityByid', { id: String(early), userID: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const { activitylstById, ...record } = body;
    expect(record).toEqual((await call(r.endpoints.byId, { id: early })).json());
    const ids = activitylstById.map((x: Row) => x.id);
    expect(ids).toEqual(expect.arrayContaining([late, none, early]));
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(other);
    expect(activitylstById.find((x: Row) => x.id === late)).toEqual({ id: late, shortname: 'ALL9', activityname: 'All ALL9', activitylevel: 'Level 2', sequence: 1009 });
    for (const x of activitylstById) expect(x.activitylevel).toBe('Level 2');
    // by sequence, the ones without a sequence last
    const seqs = activitylstById.map((x: Row) => x.sequence as number | null);
    const numbered = seqs.filter((n: number | null) => n !== null);
    expect(seqs).toEqual([...[...numbered].sort((a, b) => a - b), ...seqs.filter((n: number | null) => n === null)]);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    // trnid works too; an inactive type answers with its level's active ones
    expect((await call('getAllactivityByid', { trnid: off })).json()).toMatchObject({ id: off, status: 'N', activitylstById });

    const missing = await call('getAllactivityByid', { id: 987654 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'There is no Activity Type with id 987654.']);
    for (const bad of [{}, { id: 'abc' }, { id: -1 }, { id: '1.5' }]) {
      expect({ bad, status: (await call('getAllactivityByid', bad)).statusCode }).toEqual({ bad, status: 400 });
    }
  });
});

describe('definitions and the database agree; concurrency; OpenAPI', () => {
  test.each(RESOURCE_LIST.map((r) => [r.name, r] as const))('%s: every field column exists and text columns hold exactly maxLength', async (_n, r) => {
    const cols = await sql<{ column_name: string; character_maximum_length: number | null }>`
      select column_name, character_maximum_length from information_schema.columns where table_name = ${r.table}`.execute(t.handle.db);
    const byName = new Map(cols.rows.map((c) => [c.column_name, c.character_maximum_length]));
    for (const col of ['id', 'active', 'version', 'created_at', 'updated_at']) expect(byName.has(col)).toBe(true);
    for (const f of r.fields) {
      expect(byName.has(f.column)).toBe(true);
      if (f.maxLength != null && f.kind !== 'integer') expect({ f: f.name, max: byName.get(f.column) }).toEqual({ f: f.name, max: f.maxLength });
    }
  });

  test('simultaneous saves of one new code: exactly one is stored, the others get the duplicate answer', async () => {
    const r = RESOURCES.department;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call(r.endpoints.save, { departmentCode: 'RACE', departmentName: `Race ${i}` })),
    );
    const statuses = answers.map((a) => [a.statusCode, a.json().status]);
    expect(statuses.filter(([, s]) => s === 'Success')).toHaveLength(1);
    expect(statuses.filter(([c, s]) => c === 200 && s === 'Failed')).toHaveLength(4);
    expect(await auditCount('department.create')).toBeGreaterThan(0);
    const rows = await t.handle.db.selectFrom('department').select('id').where(sql`lower(code)`, '=', 'race').execute();
    expect(rows).toHaveLength(1);
  });

  test('the OpenAPI document describes every master route with its summary and answer shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const e of MASTER_ENDPOINTS) {
      const op = doc.paths[`/api/master/${e.name}`]?.post;
      expect({ name: e.name, summary: op?.summary, hasDescription: typeof op?.description === 'string' && op.description.length > 20 })
        .toEqual({ name: e.name, summary: e.summary, hasDescription: true });
    }
  });
});
