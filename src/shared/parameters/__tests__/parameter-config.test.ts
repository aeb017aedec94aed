import {
  PARAMETER_MSG, parameterRowSchema, toLegacyParameter, validateParameterRow, validateParameterSet, type ParameterConfig,
} from '..';

const text = { shortname: 'col', parameterName: 'Colony Colour', type: 'Text', sequence: 1, unittype: 'Character', minlength: 1, maxlength: 20 };

describe('one configuration row', () => {
  test('a valid row becomes a configuration: short name in capitals, user entry derived, mandatory by default', () => {
    expect(validateParameterRow(text)).toEqual({
      ok: true,
      value: {
        shortname: 'COL', parameterName: 'Colony Colour', type: 'Text', unitType: 'Character', userEntry: 'User Entry', sequence: 1,
        mandatory: true, minLength: 1, maxLength: 20, decimalPlaces: null, allowNegative: false, dateRule: null,
        booleanYes: null, booleanNo: null, commonMasterTypeId: null, commonMasterType: null,
      },
    });
  });

  test('required fields and limits, in form order', () => {
    expect(validateParameterRow({})).toEqual({ ok: false, message: PARAMETER_MSG.shortname, field: 'shortname' });
    expect(validateParameterRow({ ...text, shortname: 'TOOLONG' })).toMatchObject({ message: 'Short Name must be at most 6 characters.' });
    expect(validateParameterRow({ ...text, shortname: 'A B' })).toMatchObject({ message: PARAMETER_MSG.shortnameChars });
    expect(validateParameterRow({ ...text, parameterName: ' ' })).toMatchObject({ message: 'Please Enter Parameter Name!' });
    expect(validateParameterRow({ ...text, parameterName: 'x'.repeat(101) })).toMatchObject({ message: 'Parameter Name must be at most 100 characters.' });
    expect(validateParameterRow({ ...text, parameterName: 'x'.repeat(100) }).ok).toBe(true);
    expect(validateParameterRow({ ...text, type: '' })).toMatchObject({ message: 'Please Select Type!', field: 'type' });
    expect(validateParameterRow({ ...text, type: 'Slider' })).toMatchObject({ message: 'Type must be one of: Text, Number, Dropdown, Get Data, Date-Control.' });
    expect(validateParameterRow({ ...text, sequence: '' })).toMatchObject({ message: 'Please Enter Sequence!' });
    for (const sequence of [0, -1, 1.5, 'x']) expect(validateParameterRow({ ...text, sequence })).toMatchObject({ message: 'Sequence must be a whole number from 1.' });
    expect(validateParameterRow({ ...text, unittype: undefined })).toMatchObject({ message: 'Please Select Unit Type!' });
    expect(validateParameterRow({ ...text, unittype: 'Colour' })).toMatchObject({ field: 'unittype' });
    expect(validateParameterRow({ ...text, userentry: 'Robot' })).toMatchObject({ message: 'Parameters must be User Entry or User Selection.' });
  });

  test('min and max length: whole numbers from 0, min not above max', () => {
    for (const minlength of [-1, 1.5, 'a']) expect(validateParameterRow({ ...text, minlength })).toMatchObject({ message: PARAMETER_MSG.minLength });
    expect(validateParameterRow({ ...text, maxlength: -2 })).toMatchObject({ message: PARAMETER_MSG.maxLength });
    expect(validateParameterRow({ ...text, minlength: 5, maxlength: 4 })).toMatchObject({ message: 'Min Length must not be more than Max Length.', field: null });
    expect(validateParameterRow({ ...text, minlength: 0, maxlength: 0 }).ok).toBe(true);
    expect(validateParameterRow({ ...text, minlength: '', maxlength: '' })).toMatchObject({ ok: true, value: { minLength: null, maxLength: null } });
  });

  test('decimal places: a multiple of 0.25', () => {
    const float = { shortname: 'PH', parameterName: 'pH', type: 'Number', sequence: 2, unittype: 'Float' };
    for (const decimalplaces of [0, 0.25, '1.5', 2.75, 10]) expect(validateParameterRow({ ...float, decimalplaces }).ok).toBe(true);
    for (const decimalplaces of [0.1, -0.25, 10.25, 'two']) expect(validateParameterRow({ ...float, decimalplaces })).toMatchObject({ message: PARAMETER_MSG.decimalPlaces });
    expect(validateParameterRow({ ...float, decimalplaces: 1.5, maxlength1: 6, allownegativeforfloat: true })).toMatchObject({
      ok: true, value: { decimalPlaces: 1.5, maxLength: 6, allowNegative: true, userEntry: 'User Entry' },
    });
  });

  test('type and unit type must fit; user entry must fit the unit type', () => {
    expect(validateParameterRow({ ...text, type: 'Number' })).toMatchObject({
      message: 'Unit type Character cannot be used with type Number (allowed: Integer, Float).', field: null,
    });
    expect(validateParameterRow({ ...text, userentry: 'User Selection' })).toMatchObject({
      message: 'Unit type Character is a User Entry parameter, not User Selection.',
    });
    expect(validateParameterRow({ ...text, type: 'date-control', unittype: 'date' })).toMatchObject({ ok: true, value: { type: 'Date-Control', unitType: 'Date' } });
    expect(validateParameterRow({ ...text, type: 'GetData', unittype: 'MicrobeIdentification' })).toMatchObject({
      ok: true, value: { type: 'Get Data', userEntry: 'User Selection', minLength: null, maxLength: null },
    });
  });

  test('a MasterData dropdown needs a common master type (id or name)', () => {
    const dd = { shortname: 'ST', parameterName: 'Soil type', type: 'Dropdown', sequence: 3, unittype: 'MasterData' };
    expect(validateParameterRow(dd)).toMatchObject({ message: 'Please Select Common Master Type!', field: 'commonmastertype' });
    expect(validateParameterRow({ ...dd, commonmastertype: 0 })).toMatchObject({ message: 'Please Select Common Master Type!' });
    expect(validateParameterRow({ ...dd, commonmastertype: '12' })).toMatchObject({ ok: true, value: { commonMasterTypeId: 12, commonMasterType: null } });
    expect(validateParameterRow({ ...dd, commonmastertype: 'Soil type' })).toMatchObject({ ok: true, value: { commonMasterTypeId: null, commonMasterType: 'Soil type' } });
    // other unit types ignore (and clear) it
    expect(validateParameterRow({ ...text, commonmastertype: 5 })).toMatchObject({ ok: true, value: { commonMasterTypeId: null } });
  });

  test('date options: at most one; Boolean labels differ and default to Yes / No', () => {
    const date = { shortname: 'DT', parameterName: 'Date', type: 'Date-Control', sequence: 1, unittype: 'Date' };
    expect(validateParameterRow({ ...date, lessthncurrentdate: true, currentdate: 'true' })).toMatchObject({ message: 'Please choose only one date option.' });
    expect(validateParameterRow({ ...date, greatthncurrentdate: 'Y' })).toMatchObject({ ok: true, value: { dateRule: 'onOrAfterToday' } });
    const bool = { shortname: 'GP', parameterName: 'Gram', type: 'Dropdown', sequence: 1, unittype: 'Boolean' };
    expect(validateParameterRow(bool)).toMatchObject({ ok: true, value: { booleanYes: 'Yes', booleanNo: 'No', userEntry: 'User Selection' } });
    expect(validateParameterRow({ ...bool, booleanyes: 'Pos', booleanno: 'pos' })).toMatchObject({ message: 'The two Boolean labels must differ.' });
    expect(validateParameterRow({ ...bool, booleanyes: 'x'.repeat(51) })).toMatchObject({ message: PARAMETER_MSG.booleanLabel });
  });

  test('picking a unit type clears the other options', () => {
    const row = {
      ...text, decimalplaces: 2, allownegative: true, lessthncurrentdate: true, booleanyes: 'Y1', commonmastertype: 3,
    };
    expect(validateParameterRow(row)).toMatchObject({
      ok: true, value: { decimalPlaces: null, allowNegative: false, dateRule: null, booleanYes: null, commonMasterTypeId: null, minLength: 1 },
    });
  });

  test('flags: true/false, Y/N, 1/0; anything else refused', () => {
    expect(validateParameterRow({ ...text, mandatory: 'N' })).toMatchObject({ ok: true, value: { mandatory: false } });
    expect(validateParameterRow({ ...text, mandatory: 'maybe' })).toMatchObject({ message: 'Mandatory must be true or false.' });
    expect(validateParameterRow('row')).toMatchObject({ ok: false, message: 'Each parameter must be an object.' });
  });

  test('the yup schema works for Formik (all errors by field)', async () => {
    const err = await parameterRowSchema.validate({}, { abortEarly: false }).catch((e: { inner: Array<{ path: string; message: string }> }) => e);
    const byField = Object.fromEntries((err as { inner: Array<{ path: string; message: string }> }).inner.map((e) => [e.path, e.message]));
    expect(byField).toMatchObject({
      shortname: 'Please Enter Short Name!', parameterName: 'Please Enter Parameter Name!', type: 'Please Select Type!',
      sequence: 'Please Enter Sequence!', unittype: 'Please Select Unit Type!',
    });
  });
});

describe('a parameter set', () => {
  const row = (i: number, over: Record<string, unknown> = {}) => ({ ...text, shortname: `P${i}`, parameterName: `Param ${i}`, sequence: i, ...over });

  test('sequences exactly 1..n; returned in sequence order; status N rows left out', () => {
    const res = validateParameterSet([row(2), row(1), row(3), { ...row(9), status: 'N' }]);
    expect(res.ok && res.parameters.map((p) => p.shortname)).toEqual(['P1', 'P2', 'P3']);
    expect(validateParameterSet([])).toEqual({ ok: true, parameters: [] });
    expect(validateParameterSet([row(1), row(3)])).toMatchObject({ ok: false, message: 'The sequences must be 1 to 2, each used once (they are 1, 3).' });
    expect(validateParameterSet([row(1), row(2, { sequence: 1 })])).toMatchObject({ ok: false, message: 'The sequences must be 1 to 2, each used once (they are 1, 1).' });
  });

  test('short names unique (any case); a bad row is named', () => {
    expect(validateParameterSet([row(1), row(2, { shortname: 'p1' })])).toMatchObject({ ok: false, message: 'Short Name P1 is used by parameters 1 and 2.', index: 1 });
    expect(validateParameterSet([row(1), row(2, { parameterName: '' })])).toMatchObject({
      ok: false, message: 'Parameter 2 (P2): Please Enter Parameter Name!', index: 1, field: 'parameterName',
    });
    expect(validateParameterSet([row(1, { shortname: '' })])).toMatchObject({ message: 'Parameter 1: Please Enter Short Name!' });
  });
});

describe('legacy answer rows', () => {
  test('number options copied to their legacy twins; min 0 without negatives; the validator', () => {
    const p: ParameterConfig = {
      shortname: 'PH', parameterName: 'pH', type: 'Number', unitType: 'Float', userEntry: 'User Entry', sequence: 1, mandatory: true,
      minLength: null, maxLength: 5, decimalPlaces: 2, allowNegative: false, dateRule: null, booleanYes: null, booleanNo: null,
      commonMasterTypeId: null, commonMasterType: null,
    };
    const legacy = toLegacyParameter({ ...p, id: 4, version: 2 }, { id: 9, shortname: 'ACT', activityname: 'Plating', activitylevel: 'Level 1' });
    expect(legacy).toMatchObject({
      id: 4, shortname: 'PH', unittype: 'Float', maxlength: 5, maxlength1: 5, allownegative: false, allownegativeforfloat: false, min: 0,
      lessthncurrentdate: false, status: 'Y', actid: 9, activityID: 9, activityname: 'Plating', activitylevel: 'Level 1', version: 2,
      validator: { mandatory: true, maxlength1: 5, min: 0, minforfloat: 0, minforinteger: null, decimalplaces: 2 },
    });
    // a legacy row read back validates to the same configuration
    expect(validateParameterRow(legacy)).toEqual({ ok: true, value: p });
  });
});
