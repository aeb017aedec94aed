import { formatDisplayDate, greeting } from '../greeting';

const at = (h: number, m = 0, s = 0) => new Date(2026, 10, 22, h, m, s);

describe('greeting boundaries', () => {
  test.each([
    [at(0), 'Good Evening'],
    [at(4, 59, 59), 'Good Evening'],
    [at(5), 'Good Morning'],
    [at(11, 59, 59), 'Good Morning'],
    [at(12), 'Good Afternoon'],
    [at(17, 59, 59), 'Good Afternoon'],
    [at(18), 'Good Evening'],
    [at(23, 59, 59), 'Good Evening'],
  ])('%s -> %s', (when, expected) => {
    expect(greeting(when)).toBe(expected);
  });
});

describe('date as dd-MMM-yyyy', () => {
  test.each([
    [new Date(2026, 0, 1), '01-Jan-2026'],
    [new Date(2026, 2, 5), '05-Mar-2026'],
    [new Date(2026, 10, 22), '22-Nov-2026'],
    [new Date(1999, 11, 31), '31-Dec-1999'],
  ])('%s -> %s', (d, expected) => {
    expect(formatDisplayDate(d)).toBe(expected);
  });
});
