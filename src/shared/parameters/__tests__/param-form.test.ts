import {
  addParameterRow, describeParameter, editParameterRow, emptyParameterForm, nextSequence, removeParameterRow, selectType, selectUnitType,
  setAllowNegative, showsOption, shortnameInput, toggleDateRule, unitTypesFor, validateParameterSet, type ParameterForm,
} from '..';

const filled = (over: Partial<ParameterForm> = {}): ParameterForm => ({
  ...selectUnitType({ ...emptyParameterForm(1), shortname: 'ph', parameterName: 'pH', type: 'Number' }, 'Float'),
  ...over,
});

describe('parameter configuration form (spec 000 section 4)', () => {
  test('an empty form has Mandatory ticked and the given sequence', () => {
    expect(emptyParameterForm(3)).toMatchObject({ sequence: 3, mandatory: true, shortname: '', unittype: '' });
  });

  test('picking a unit type resets the other options (boolean, date, negative flags) and sets User Entry / Selection', () => {
    const form: ParameterForm = {
      ...emptyParameterForm(1), unittype: 'Integer', allownegative: true, allownegativeforfloat: true, lessthncurrentdate: true,
      booleanyes: 'Pos', booleanno: 'Neg', decimalplaces: 2, minlength: 1, maxlength: 4, commonmastertype: 5,
      shortname: 'KEEP', parameterName: 'Kept', mandatory: false,
    };
    const next = selectUnitType(form, 'Boolean');
    expect(next).toMatchObject({
      unittype: 'Boolean', userentry: 'User Selection', allownegative: false, allownegativeforfloat: false, lessthncurrentdate: false,
      booleanyes: '', booleanno: '', decimalplaces: '', minlength: '', maxlength: '', commonmastertype: '',
      shortname: 'KEEP', parameterName: 'Kept', mandatory: false,
    });
    expect(selectUnitType(form, 'Date').userentry).toBe('User Entry');
  });

  test('picking a type keeps a fitting unit type and clears one that does not fit', () => {
    const f = filled();
    expect(selectType(f, 'Number').unittype).toBe('Float');
    expect(selectType(f, 'Text')).toMatchObject({ type: 'Text', unittype: '' });
    expect(unitTypesFor('Dropdown')).toEqual(['MasterData', 'Boolean']);
    expect(unitTypesFor('')).toHaveLength(7);
    expect(showsOption(f, 'decimalPlaces')).toBe(true);
    expect(showsOption(f, 'dateRule')).toBe(false);
  });

  test('date options are exclusive; the negative flag is one for both number kinds', () => {
    let f = selectUnitType(emptyParameterForm(1), 'Date');
    f = toggleDateRule(f, 'lessOrEqualToday');
    expect([f.lessthncurrentdate, f.greatthncurrentdate, f.currentdate]).toEqual([true, false, false]);
    f = toggleDateRule(f, 'onlyToday');
    expect([f.lessthncurrentdate, f.greatthncurrentdate, f.currentdate]).toEqual([false, false, true]);
    f = toggleDateRule(f, 'onlyToday');
    expect([f.lessthncurrentdate, f.greatthncurrentdate, f.currentdate]).toEqual([false, false, false]);
    expect(setAllowNegative(filled(), true)).toMatchObject({ allownegative: true, allownegativeforfloat: true });
  });

  test('Add appends a row (short name in capitals); the sequence goes up by one and the form resets', () => {
    const first = addParameterRow([], filled({ mandatory: false }));
    expect(first.rows).toHaveLength(1);
    expect(first.rows[0]).toMatchObject({ shortname: 'PH', sequence: 1, mandatory: false });
    expect(first.form).toEqual(emptyParameterForm(2));
    const second = addParameterRow(first.rows, { ...filled(), shortname: 'ec', parameterName: 'EC', sequence: first.form.sequence });
    expect(second.rows.map((r) => [r.shortname, r.sequence])).toEqual([['PH', 1], ['EC', 2]]);
    expect(second.form).toMatchObject({ sequence: 3, mandatory: true, shortname: '' });
    expect(shortnameInput('abc')).toBe('ABC');
  });

  test('Add while editing replaces the row and keeps its id', () => {
    const rows = [{ ...filled(), shortname: 'PH', id: 11 }, { ...filled(), shortname: 'EC', sequence: 2 }];
    const edited = editParameterRow(rows, 0);
    expect(edited).not.toHaveProperty('id');
    const res = addParameterRow(rows, { ...edited, parameterName: 'Soil pH' }, 0);
    expect(res.rows[0]).toMatchObject({ id: 11, parameterName: 'Soil pH', sequence: 1 });
    expect(res.rows).toHaveLength(2);
    expect(res.form.sequence).toBe(3);
  });

  test('removing a row lowers the counter by one and keeps the sequences 1..n (the server accepts the set)', () => {
    let rows = addParameterRow([], filled()).rows;
    rows = addParameterRow(rows, { ...filled(), shortname: 'ec', sequence: 2 }).rows;
    rows = addParameterRow(rows, { ...filled(), shortname: 'tds', sequence: 3 }).rows;
    expect(nextSequence(rows)).toBe(4);
    const res = removeParameterRow(rows, 1);
    expect(res.sequence).toBe(3);
    expect(res.rows.map((r) => [r.shortname, r.sequence])).toEqual([['PH', 1], ['TDS', 2]]);
    expect(validateParameterSet(res.rows).ok).toBe(true);
    expect(removeParameterRow(res.rows, 9).rows).toHaveLength(2);
  });

  test('the Configuration and Validations columns', () => {
    expect(describeParameter({ ...filled(), maxlength1: 5, decimalplaces: 2 })).toEqual({
      configuration: 'Number / Float / User Entry', validations: 'Mandatory, Max length 5, Decimal places 2, No negatives',
    });
    const dd = { ...selectUnitType(emptyParameterForm(1), 'MasterData'), type: 'Dropdown' as const, mandatory: false, commonmastertypename: 'Soil type' };
    expect(describeParameter(dd)).toEqual({ configuration: 'Dropdown / MasterData / User Selection / Soil type', validations: 'Optional' });
    const date = toggleDateRule({ ...selectUnitType(emptyParameterForm(1), 'Date'), type: 'Date-Control' }, 'lessOrEqualToday');
    expect(describeParameter(date).validations).toBe('Mandatory, Before or equal to the current date');
  });
});
