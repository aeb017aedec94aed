import { activityType, department, unitOfMeasure, workflowRole } from '../../../shared/resources';
import { FORM_ERROR_KEY, impliesAllLinks, initialValues, toSaveBody, validateValues, withDerived } from '../form-values';
import { pageWindow } from '../pagination';

describe('form values from a definition', () => {
  it('a new record: empty texts, unticked checkboxes and switches', () => {
    expect(initialValues(department)).toEqual({ departmentCode: '', departmentName: '' });
    expect(initialValues(activityType)).toEqual({ shortname: '', activityname: '', activitylevel: '', sequence: '', sequence1: false });
    expect(initialValues(workflowRole)).toMatchObject({ hierarchy: '', add: false, toprole: false, chkselect: false });
  });

  it('a loaded record: numbers as text, switches from the answer', () => {
    const record = { id: 5, shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: 3, sequence1: true, version: 2 };
    expect(initialValues(activityType, record)).toEqual({
      shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 1', sequence: '3', sequence1: true,
    });
    expect(initialValues(activityType, { ...record, sequence: null, sequence1: false })).toMatchObject({ sequence: '', sequence1: false });
  });

  it('the save body: trimmed text, integers, a switched-off field as null', () => {
    expect(toSaveBody(activityType, { shortname: ' ISO ', activityname: 'Isolation', activitylevel: 'Level 2', sequence: '7', sequence1: false })).toEqual({
      shortname: 'ISO', activityname: 'Isolation', activitylevel: 'Level 2', sequence: null, sequence1: false,
    });
    expect(toSaveBody(unitOfMeasure, { code: 'KG', unitmeasure: 'Kilogram', unittype: 'F' })).toEqual({ code: 'KG', unitmeasure: 'Kilogram', unittype: 'F' });
  });

  it('validation errors by field, the rules under their own key', async () => {
    expect(await validateValues(unitOfMeasure, initialValues(unitOfMeasure))).toEqual({
      code: 'Please select Code',
      unitmeasure: 'Please Enter Unit Of Measure!',
      unittype: 'Please Select One Checkbox',
    });
    const role = { ...initialValues(workflowRole), shortname: 'A', role: 'B', hierarchy: '5' };
    expect(await validateValues(workflowRole, role)).toEqual({ [FORM_ERROR_KEY]: 'Please select atleast one Activity!' });
    expect(await validateValues(workflowRole, { ...role, toprole: true })).toEqual({});
  });

  it("impliesAll links: Top Role ticks all; clearing one clears Top Role; chkselect follows", () => {
    const link = impliesAllLinks(workflowRole);
    const start = initialValues(workflowRole);
    const all = withDerived(workflowRole, link('toprole', { ...start, toprole: true }));
    expect(all).toMatchObject({ add: true, view: true, edit: true, approve: true, delete: true, microbe: true, toprole: true, chkselect: true });
    const cleared = withDerived(workflowRole, link('view', { ...all, view: false }));
    expect(cleared).toMatchObject({ view: false, toprole: false, chkselect: false, add: true });
    // No rule, no link.
    expect(impliesAllLinks(department)('departmentCode', { departmentCode: 'x' })).toEqual({ departmentCode: 'x' });
  });
});

describe('page window', () => {
  it('shows at most seven consecutive pages around the current one', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
