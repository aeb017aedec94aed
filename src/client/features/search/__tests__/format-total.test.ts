import { formatTotal } from '../results-table';

test('the total reads as counted: exact under the cap, "10,000+" when the server stopped counting', () => {
  expect(formatTotal({ totalItems: 0 })).toBe('0');
  expect(formatTotal({ totalItems: 9999, totalIsLowerBound: false })).toBe('9999');
  expect(formatTotal({ totalItems: 10_001, totalIsLowerBound: true })).toBe('10,000+');
  // An answer from a server without the flag is exact.
  expect(formatTotal({ totalItems: 10_001 })).toBe('10001');
});
