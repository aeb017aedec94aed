import { RESOURCE_LIST, fieldByName } from '..';
import { AUTH_ENDPOINTS, MASTER_ENDPOINTS } from '../../contract/endpoints';
import { ROUTES } from '../../contract/routes';

describe('resource definitions', () => {
  test('every endpoint name is used once in the whole contract', () => {
    const names = [...Object.values(AUTH_ENDPOINTS), ...MASTER_ENDPOINTS].map((e) => `${e.group}/${e.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  test('flags: reads need view, status needs delete, save needs add (new) or edit (existing)', () => {
    for (const e of MASTER_ENDPOINTS) {
      const expected = { list: 'view', search: 'view', byId: 'view', lookup: 'view', status: 'delete', save: 'add' }[e.role];
      expect({ name: e.name, permission: e.permission }).toEqual({ name: e.name, permission: expected });
      expect(e.permissionOnUpdate).toBe(e.role === 'save' ? 'edit' : undefined);
      expect(e.auth).toBe('session');
    }
  });

  test.each(RESOURCE_LIST.map((r) => [r.name, r] as const))('%s refers only to its own fields and to real routes', (_n, r) => {
    const answerFields = new Set([
      'id', 'srno', 'action', 'totalItems', ...r.fields.map((f) => f.name), ...(r.derived ?? []).map((d) => d.name), ...r.activeFields,
    ]);
    for (const c of r.list.columns) expect(answerFields).toContain(c.field);
    for (const n of [...r.list.searchFields, r.list.orderBy]) expect(fieldByName(r, n)).toBeDefined();
    for (const l of r.endpoints.lookups ?? []) {
      for (const x of l.fields) expect(answerFields).toContain(typeof x === 'string' ? x : x.field);
    }
    const paths = new Set<string>(ROUTES.map((x) => x.path));
    for (const p of [r.routes.home, r.routes.add, r.routes.edit, ...(r.list.rowActions ?? []).map((a) => a.route)]) expect(paths).toContain(p);
    for (const f of r.fields) {
      if (f.required) expect(f.required.length).toBeGreaterThan(0);
      if (f.kind === 'select' || f.kind === 'choice') expect(f.options?.length).toBeGreaterThan(0);
    }
    // One code, checked (and answered) first; more unique rules (a hierarchy, a sequence) after it, scoped by own fields
    const uniques = r.fields.filter((f) => f.unique);
    expect(uniques[0]?.kind).toBe('text');
    expect(uniques.slice(1).every((f) => f.kind === 'integer')).toBe(true);
    for (const f of uniques) if (f.unique!.within) expect(fieldByName(r, f.unique!.within)).toBeDefined();
  });
});
