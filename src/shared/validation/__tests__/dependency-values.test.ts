import {
  DEPENDENCY_FORMAT_MSG, DEPENDENCY_VALUES_PATTERN, checkDependencyPairs, dependencyPairSchema, dependencyValuesFormat, dependencyValuesSchema,
  parseDependencyValues,
} from '..';

describe('the Values format of the dependency form (spec 000 sections 2 and 5)', () => {
  test('the exact screen texts', () => {
    expect(DEPENDENCY_FORMAT_MSG).toEqual({
      correct: 'Correct Format.',
      incorrect: 'Incorrect Format ! String Must Be Same As Per The Given Format',
      empty: 'Please Fill Values!',
    });
  });

  test.each([
    'PN:Pune',
    'PN:Pune,MU:Mumbai',
    'shortcode:value,shortname:value',
    ' PN : Pune , MU:Mumbai City ',
    'A1:B',
  ])('correct: %j', (text) => {
    expect(dependencyValuesFormat(text)).toEqual({ ok: true, message: 'Correct Format.' });
  });

  test.each([
    'PN', 'PN:', ':Pune', 'PN:Pune,', ',PN:Pune', 'PN:Pune,,MU:Mumbai', 'PN:Pune:X', 'PN:Pune;MU:Mumbai', 'PN:Pune,MU', ' :Pune', 'PN: ',
  ])('incorrect: %j', (text) => {
    expect(dependencyValuesFormat(text)).toEqual({ ok: false, message: DEPENDENCY_FORMAT_MSG.incorrect });
  });

  test('empty text asks for values', () => {
    for (const t of ['', '   ', undefined, null]) expect(dependencyValuesFormat(t)).toEqual({ ok: false, message: 'Please Fill Values!' });
  });

  test('matching is linear (no catastrophic backtracking on long wrong input)', () => {
    const long = `${'a'.repeat(19000)}`;
    const start = Date.now();
    expect(DEPENDENCY_VALUES_PATTERN.test(long)).toBe(false);
    expect(DEPENDENCY_VALUES_PATTERN.test(`${'a:b,'.repeat(4000)}x`)).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });

  test('parse: trimmed pairs in order, or null', () => {
    expect(parseDependencyValues(' PN : Pune , MU:Mumbai City ')).toEqual([
      { depenshortname: 'PN', depenname: 'Pune' },
      { depenshortname: 'MU', depenname: 'Mumbai City' },
    ]);
    expect(parseDependencyValues('PN-Pune')).toBeNull();
  });

  test('pairs: short name 1-5, name 1-50, no short name twice', () => {
    expect(checkDependencyPairs([{ depenshortname: 'PN', depenname: 'Pune' }])).toEqual({ ok: true, pairs: [{ depenshortname: 'PN', depenname: 'Pune' }] });
    expect(checkDependencyPairs([{ depenshortname: 'TOOLNG', depenname: 'x' }])).toMatchObject({ ok: false, index: 0, message: 'The Short Name of row 1 must be at most 5 characters.' });
    expect(checkDependencyPairs([{ depenshortname: 'A', depenname: 'x' }, { depenshortname: 'B', depenname: 'y'.repeat(51) }])).toMatchObject({
      ok: false, index: 1, message: 'The Name of row 2 must be at most 50 characters.', duplicate: false,
    });
    expect(checkDependencyPairs([{ depenshortname: ' ', depenname: 'x' }])).toMatchObject({ message: 'Please fill the Short Name of row 1.' });
    expect(checkDependencyPairs([{ depenshortname: 'A' }])).toMatchObject({ message: 'Please fill the Name of row 1.' });
    expect(checkDependencyPairs([{ depenshortname: 'PN', depenname: 'a' }, { depenshortname: 'pn', depenname: 'b' }])).toEqual({
      ok: false, index: 1, duplicate: true, message: 'Short Name pn is given twice (rows 1 and 2).',
    });
  });

  test('yup schemas for the form', async () => {
    await expect(dependencyValuesSchema.validate('')).rejects.toThrow('Please Fill Values!');
    await expect(dependencyValuesSchema.validate('PN-Pune')).rejects.toThrow(DEPENDENCY_FORMAT_MSG.incorrect);
    await expect(dependencyValuesSchema.validate('PN:Pune')).resolves.toBe('PN:Pune');
    await expect(dependencyPairSchema.validate({ depenshortname: 'ABCDEF', depenname: 'x' })).rejects.toThrow('The Short Name must be at most 5 characters.');
  });
});
