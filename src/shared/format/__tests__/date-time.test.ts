import { formatDay, formatUtcDateTime } from '../date-time';

test('a day reads dd-MMM-yyyy; what is no day is shown as it is', () => {
  expect(formatDay('2026-01-10')).toBe('10-Jan-2026');
  expect(formatDay('2025-12-31')).toBe('31-Dec-2025');
  // a timestamp's day part (no time zone shift: the day is the one written)
  expect(formatDay('2026-03-01T23:30:00.000Z')).toBe('01-Mar-2026');
  expect(formatDay('')).toBe('');
  expect(formatDay(null)).toBe('');
  expect(formatDay('2026-13-01')).toBe('2026-13-01');
  expect(formatDay('10/01/2026')).toBe('10/01/2026');
});

test('a recorded moment reads dd-MMM-yyyy HH:mm UTC', () => {
  expect(formatUtcDateTime('2026-11-20T09:05:00.000Z')).toBe('20-Nov-2026 09:05 UTC');
  expect(formatUtcDateTime('not a date')).toBe('not a date');
});
