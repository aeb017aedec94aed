import { schemaFor, validateResource } from '..';
import { RESOURCES, RESOURCE_LIST, type ResourceDef } from '../../resources';

const { department, unitOfMeasure, workflowRole, activityType } = RESOURCES;

describe('schemas built from the definitions', () => {
  test('first failing field in form order, with the exact spec messages', () => {
    expect(validateResource(department, {})).toEqual({ ok: false, message: 'Please Enter Department Code!', field: 'departmentCode' });
    expect(validateResource(department, { departmentCode: 'A' })).toMatchObject({ message: 'Please Enter Department Name!' });
    expect(validateResource(department, { departmentCode: 'A'.repeat(21), departmentName: '' })).toMatchObject({
      message: 'Department Code must be at most 20 characters.',
    });
    expect(validateResource(unitOfMeasure, { code: 'ABCDEF', unitmeasure: 'x', unittype: 'C' })).toMatchObject({ message: 'Please select Code' });
    expect(validateResource(unitOfMeasure, { code: 'KG', unitmeasure: 'Kilogram' })).toMatchObject({ message: 'Please Select One Checkbox' });
    expect(validateResource(workflowRole, { shortname: 'A', role: 'B', hierarchy: 3 })).toMatchObject({ message: 'Please select atleast one Activity!', field: null });
    expect(validateResource(workflowRole, { shortname: 'A', role: 'B', hierarchy: 300, add: true })).toMatchObject({ message: 'Please Check Hierarchy!' });
  });

  test('values are trimmed, blank is missing, and only the definition fields come back', () => {
    const r = validateResource(department, { departmentCode: '  QC ', departmentName: ' Quality ', userID: 5, extra: 'x' });
    expect(r).toEqual({ ok: true, values: { departmentCode: 'QC', departmentName: 'Quality' } });
    expect(validateResource(department, { departmentCode: '   ', departmentName: 'x' })).toMatchObject({ message: 'Please Enter Department Code!' });
  });

  test('Top Role implies every permission; checkbox-revealed fields; integers as text', () => {
    const r = validateResource(workflowRole, { shortname: 'T', role: 'Top', hierarchy: '1', toprole: 'true' });
    expect(r).toEqual({
      ok: true,
      values: { shortname: 'T', role: 'Top', hierarchy: 1, add: true, view: true, edit: true, approve: true, delete: true, microbe: true, toprole: true },
    });
    const base = { shortname: 'S', activityname: 'A', activitylevel: 'Level 1' };
    expect(validateResource(activityType, { ...base, sequence1: false, sequence: 'junk' })).toMatchObject({ ok: true, values: { sequence: null } });
    expect(validateResource(activityType, { ...base, sequence1: true })).toMatchObject({ message: 'Please enter the Sequence.' });
    expect(validateResource(activityType, { ...base, sequence: '0x10' })).toMatchObject({ message: 'Sequence must be a whole number.' });
    expect(validateResource(activityType, { ...base, sequence: ' 12 ' })).toMatchObject({ ok: true, values: { sequence: 12 } });
  });

  test('uppercase fields are stored in capitals; unknown options refused with a plain sentence', () => {
    const r: ResourceDef = {
      ...department,
      name: 'synthetic',
      fields: [
        { ...department.fields[0], uppercase: true },
        { name: 'kind', column: 'kind', label: 'Kind', kind: 'select', options: [{ value: 'A', label: 'A' }] },
      ],
    };
    expect(validateResource(r, { departmentCode: ' ab ' })).toEqual({ ok: true, values: { departmentCode: 'AB', kind: null } });
    expect(validateResource(r, { departmentCode: 'ab', kind: 'B' })).toMatchObject({ message: 'Kind must be one of: A.' });
  });

  test.each(RESOURCE_LIST.map((r) => [r.name, r] as const))('%s: the yup object schema works for Formik (all errors by field)', async (_n, r) => {
    const err = await schemaFor(r).validate({}, { abortEarly: false }).catch((e: { inner: Array<{ path: string; message: string }> }) => e);
    const byField = Object.fromEntries((err as { inner: Array<{ path: string; message: string }> }).inner.map((e) => [e.path, e.message]));
    for (const f of r.fields) if (f.required && !f.enabledBy) expect(byField[f.name]).toBe(f.required);
  });
});
