import { auditDiff, changesText, HIDDEN } from '../diff';

describe('auditDiff', () => {
  test('lists the changed fields only, in the order of the new snapshot', () => {
    expect(auditDiff({ code: 'D1', name: 'Old', version: 1 }, { code: 'D1', name: 'New', version: 2 })).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'version', before: '1', after: '2' },
    ]);
  });

  test('a create lists every field with no before; a removal has no after', () => {
    expect(auditDiff(null, { a: 1, b: true })).toEqual([{ field: 'a', before: null, after: '1' }, { field: 'b', before: null, after: 'true' }]);
    expect(auditDiff({ a: 'x' }, {})).toEqual([{ field: 'a', before: 'x', after: null }]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  test('nested objects become dotted fields; arrays are shown whole', () => {
    expect(auditDiff({ grants: [1, 2], m: { x: 1 } }, { grants: [1], m: { x: 2 } })).toEqual([
      { field: 'grants', before: '[1,2]', after: '[1]' },
      { field: 'm.x', before: '1', after: '2' },
    ]);
  });

  test('secrets are hidden by name and by value, even inside arrays, while the fact of a change stays', () => {
    expect(auditDiff({ password_hash: 'a' }, { password_hash: 'b' })).toEqual([{ field: 'password_hash', before: HIDDEN, after: HIDDEN }]);
    expect(auditDiff({ token_hash: 'same' }, { token_hash: 'same' })).toEqual([]);
    expect(auditDiff(null, { users: [{ name: 'a', password: 'p' }], note: '$argon2id$v=19$m=1$x$y' })).toEqual([
      { field: 'users', before: null, after: `[{"name":"a","password":"${HIDDEN}"}]` },
      { field: 'note', before: null, after: HIDDEN },
    ]);
  });

  test('changesText writes one line per change', () => {
    expect(changesText([{ field: 'a', before: null, after: '1' }, { field: 'b', before: 'x', after: 'y' }])).toBe('a: (none) -> 1\nb: x -> y');
  });
});
