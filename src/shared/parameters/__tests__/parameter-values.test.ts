import { parameterValuesSchema, validateParameterValue, valueSchemaFor, VALUE_MSG, type ParameterRule } from '..';

const base: ParameterRule = {
  parameterName: 'Colony Count',
  unitType: 'Character',
  mandatory: true,
  minLength: null,
  maxLength: null,
  decimalPlaces: null,
  allowNegative: false,
  dateRule: null,
  booleanYes: null,
  booleanNo: null,
};
const rule = (over: Partial<ParameterRule>): ParameterRule => ({ ...base, ...over });
const ok = (text: string, number: number | null = null, date: string | null = null) => ({ ok: true, value: { text, number, date } });
const bad = (message: string) => ({ ok: false, message });

describe('mandatory and empty values', () => {
  test.each(['Character', 'Integer', 'Float', 'Date', 'Boolean', 'MasterData', 'MicrobeIdentification'] as const)(
    '%s: empty is "{parameterName} is required." when mandatory, null otherwise',
    (unitType) => {
      for (const empty of [undefined, null, '', '   ', { shortname: '' }]) {
        expect(validateParameterValue(rule({ unitType }), empty)).toEqual(bad('Colony Count is required.'));
        expect(validateParameterValue(rule({ unitType, mandatory: false }), empty)).toEqual({ ok: true, value: null });
      }
    },
  );
  test('the exact spec texts', () => {
    expect(VALUE_MSG.required('Soil pH')).toBe('Soil pH is required.');
    expect(VALUE_MSG.decimals).toBe('Please Check Decimal Values!');
    expect(VALUE_MSG.mandatoryFields).toBe('Please fill all mandatory fields!');
  });
});

describe('Character', () => {
  const p = rule({ unitType: 'Character', minLength: 2, maxLength: 5 });
  test('trimmed text within the lengths', () => {
    expect(validateParameterValue(p, '  abc ')).toEqual(ok('abc'));
    expect(validateParameterValue(p, 'ab')).toEqual(ok('ab'));
    expect(validateParameterValue(p, 'abcde')).toEqual(ok('abcde'));
    expect(validateParameterValue(p, 12)).toEqual(ok('12'));
  });
  test('min and max length', () => {
    expect(validateParameterValue(p, 'a')).toEqual(bad('Colony Count must be at least 2 characters.'));
    expect(validateParameterValue(p, 'abcdef')).toEqual(bad('Colony Count must be at most 5 characters.'));
  });
  test('not text', () => {
    expect(validateParameterValue(p, ['a'])).toEqual(bad('Colony Count must be text.'));
  });
});

describe('Integer', () => {
  const p = rule({ unitType: 'Integer' });
  test('whole numbers, as numbers or text', () => {
    expect(validateParameterValue(p, '42')).toEqual(ok('42', 42));
    expect(validateParameterValue(p, 7)).toEqual(ok('7', 7));
    expect(validateParameterValue(p, '+05')).toEqual(ok('5', 5));
    expect(validateParameterValue(p, '0')).toEqual(ok('0', 0));
    expect(validateParameterValue(p, '3.00')).toEqual(ok('3', 3));
  });
  test('not whole, not a number', () => {
    expect(validateParameterValue(p, '3.5')).toEqual(bad('Colony Count must be a whole number.'));
    expect(validateParameterValue(p, 'abc')).toEqual(bad('Colony Count must be a number.'));
    expect(validateParameterValue(p, '1e3')).toEqual(bad('Colony Count must be a number.'));
    expect(validateParameterValue(p, '.')).toEqual(bad('Colony Count must be a number.'));
    expect(validateParameterValue(p, '99999999999999999999')).toEqual(bad('Colony Count must be a whole number.'));
  });
  test('no negatives unless allowed (minimum 0)', () => {
    expect(validateParameterValue(p, '-1')).toEqual(bad('Colony Count must not be negative.'));
    expect(validateParameterValue(p, '-0')).toEqual(ok('0', 0));
    expect(validateParameterValue(rule({ unitType: 'Integer', allowNegative: true }), '-12')).toEqual(ok('-12', -12));
  });
  test('length of the typed text', () => {
    const q = rule({ unitType: 'Integer', minLength: 2, maxLength: 3 });
    expect(validateParameterValue(q, '5')).toEqual(bad('Colony Count must be at least 2 characters.'));
    expect(validateParameterValue(q, '1234')).toEqual(bad('Colony Count must be at most 3 characters.'));
    expect(validateParameterValue(q, '123')).toEqual(ok('123', 123));
  });
});

describe('Float', () => {
  const p = rule({ unitType: 'Float', parameterName: 'Soil pH' });
  test('up to 2 decimal places', () => {
    expect(validateParameterValue(p, '6.5')).toEqual(ok('6.5', 6.5));
    expect(validateParameterValue(p, '6.55')).toEqual(ok('6.55', 6.55));
    expect(validateParameterValue(p, 7)).toEqual(ok('7', 7));
    expect(validateParameterValue(p, '.5')).toEqual(ok('0.5', 0.5));
    expect(validateParameterValue(p, '5.')).toEqual(ok('5', 5));
  });
  test("more than 2 decimals: 'Please Check Decimal Values!'", () => {
    expect(validateParameterValue(p, '6.555')).toEqual(bad('Please Check Decimal Values!'));
    expect(validateParameterValue(p, 1.005)).toEqual(bad('Please Check Decimal Values!'));
  });
  test('rounded to the configured decimal places (half away from zero, exactly)', () => {
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 1 }), '1.15')).toEqual(ok('1.2', 1.2));
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 1 }), '1.25')).toEqual(ok('1.3', 1.3));
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 0 }), '2.5')).toEqual(ok('3', 3));
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 0.75 }), '2.49')).toEqual(ok('2', 2));
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 1.5, allowNegative: true }), '-1.25')).toEqual(ok('-1.3', -1.3));
    expect(validateParameterValue(rule({ unitType: 'Float', decimalPlaces: 4 }), '1.25')).toEqual(ok('1.25', 1.25));
  });
  test('no negatives unless allowed', () => {
    expect(validateParameterValue(p, '-0.5')).toEqual(bad('Soil pH must not be negative.'));
    expect(validateParameterValue(rule({ unitType: 'Float', allowNegative: true }), '-0.5')).toEqual(ok('-0.5', -0.5));
  });
  test('not a number', () => {
    expect(validateParameterValue(p, '6,5')).toEqual(bad('Soil pH must be a number.'));
    expect(validateParameterValue(p, Infinity)).toEqual(bad('Soil pH must be text.'));
  });
});

describe('Date', () => {
  const today = '2026-11-22';
  const p = (dateRule: ParameterRule['dateRule']) => rule({ unitType: 'Date', parameterName: 'Plating Date', dateRule });
  test('YYYY-MM-DD of a real day', () => {
    expect(validateParameterValue(p(null), '2026-02-28', { today })).toEqual(ok('2026-02-28', null, '2026-02-28'));
    expect(validateParameterValue(p(null), ' 2024-02-29 ', { today })).toEqual(ok('2024-02-29', null, '2024-02-29'));
    for (const wrong of ['2026-02-30', '2026-13-01', '22-11-2026', '2026/11/22', 'today', 20261122]) {
      expect(validateParameterValue(p(null), wrong, { today })).toEqual(bad('Plating Date must be a date (YYYY-MM-DD).'));
    }
    expect(validateParameterValue(p(null), new Date(2026, 10, 3), { today })).toEqual(ok('2026-11-03', null, '2026-11-03'));
  });
  test('before or equal to today', () => {
    expect(validateParameterValue(p('lessOrEqualToday'), '2026-11-22', { today }).ok).toBe(true);
    expect(validateParameterValue(p('lessOrEqualToday'), '2026-01-01', { today }).ok).toBe(true);
    expect(validateParameterValue(p('lessOrEqualToday'), '2026-11-23', { today })).toEqual(bad('Plating Date must be on or before today.'));
  });
  test('on or after today', () => {
    expect(validateParameterValue(p('onOrAfterToday'), '2026-11-22', { today }).ok).toBe(true);
    expect(validateParameterValue(p('onOrAfterToday'), '2027-01-01', { today }).ok).toBe(true);
    expect(validateParameterValue(p('onOrAfterToday'), '2026-11-21', { today })).toEqual(bad('Plating Date must be on or after today.'));
  });
  test('only today', () => {
    expect(validateParameterValue(p('onlyToday'), '2026-11-22', { today }).ok).toBe(true);
    expect(validateParameterValue(p('onlyToday'), '2026-11-21', { today })).toEqual(bad("Plating Date must be today's date."));
    expect(validateParameterValue(p('onlyToday'), '2026-11-23', { today: new Date(2026, 10, 22) })).toEqual(bad("Plating Date must be today's date."));
  });
  test('today defaults to the local date', () => {
    const d = new Date();
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(validateParameterValue(p('onlyToday'), local).ok).toBe(true);
  });
});

describe('Boolean', () => {
  const p = rule({ unitType: 'Boolean', parameterName: 'Gram Positive', booleanYes: 'Positive', booleanNo: 'Negative' });
  test('the labels, or true/false, give the label and 1/0', () => {
    expect(validateParameterValue(p, 'positive')).toEqual(ok('Positive', 1));
    expect(validateParameterValue(p, 'Negative')).toEqual(ok('Negative', 0));
    expect(validateParameterValue(p, true)).toEqual(ok('Positive', 1));
    expect(validateParameterValue(p, 'N')).toEqual(ok('Negative', 0));
    expect(validateParameterValue(p, 0)).toEqual(ok('Negative', 0));
  });
  test('default labels Yes / No; anything else refused', () => {
    const q = rule({ unitType: 'Boolean' });
    expect(validateParameterValue(q, 'yes')).toEqual(ok('Yes', 1));
    expect(validateParameterValue(q, 'maybe')).toEqual(bad('Colony Count must be Yes or No.'));
    expect(validateParameterValue(p, 'Yes!')).toEqual(bad('Gram Positive must be Positive or Negative.'));
  });
});

describe('MasterData and MicrobeIdentification', () => {
  test('the chosen entry as text (shortname, or an item)', () => {
    const p = rule({ unitType: 'MasterData', parameterName: 'Soil type' });
    expect(validateParameterValue(p, 'LOAM')).toEqual(ok('LOAM'));
    expect(validateParameterValue(p, { id: 4, shortname: 'CLAY', value: 'Clay' })).toEqual(ok('CLAY'));
    expect(validateParameterValue(rule({ unitType: 'MicrobeIdentification' }), 'Bacillus')).toEqual(ok('Bacillus'));
  });
});

describe('yup schemas for Formik', () => {
  test('valueSchemaFor reports the same message', async () => {
    const s = valueSchemaFor(rule({ unitType: 'Float', parameterName: 'EC' }));
    await expect(s.validate('1.234')).rejects.toThrow('Please Check Decimal Values!');
    await expect(s.validate('')).rejects.toThrow('EC is required.');
    await expect(s.validate(null)).rejects.toThrow('EC is required.');
    await expect(valueSchemaFor(rule({ mandatory: false })).validate(null)).resolves.toBeNull();
    await expect(s.validate('1.23')).resolves.toBe('1.23');
  });
  test('parameterValuesSchema keys the form by short name', async () => {
    const s = parameterValuesSchema([
      { ...rule({ unitType: 'Integer', parameterName: 'Count' }), shortname: 'CNT' },
      { ...rule({ unitType: 'Date', parameterName: 'When', mandatory: false, dateRule: 'lessOrEqualToday' }), shortname: 'WHEN' },
    ], { today: '2026-11-22' });
    const err = await s.validate({ CNT: '', WHEN: '2030-01-01' }, { abortEarly: false }).catch((e: { inner: Array<{ path: string; message: string }> }) => e);
    const byField = Object.fromEntries((err as { inner: Array<{ path: string; message: string }> }).inner.map((e) => [e.path, e.message]));
    expect(byField).toEqual({ CNT: 'Count is required.', WHEN: 'When must be on or before today.' });
  });
});
