import { formatTotal, totalForPaging } from '../results-table';

test('the total reads as counted: exact under the cap, "200+" when the server stopped counting, the exact count once known', () => {
  expect(formatTotal({ totalItems: 0 })).toBe('0');
  expect(formatTotal({ totalItems: 199, totalIsLowerBound: false })).toBe('199');
  expect(formatTotal({ totalItems: 201, totalIsLowerBound: true })).toBe('200+');
  expect(formatTotal({ totalItems: 1_001, totalIsLowerBound: true })).toBe('1,000+');
  // An answer from a server without the flag is exact.
  expect(formatTotal({ totalItems: 10_001 })).toBe('10,001');
  // countSearchData answered: the exact number, whatever the page said.
  expect(formatTotal({ totalItems: 1_001, totalIsLowerBound: true }, 29_186)).toBe('29,186');
  expect(totalForPaging({ totalItems: 1_001 }, null)).toBe(1_001);
  expect(totalForPaging({ totalItems: 1_001 }, 29_186)).toBe(29_186);
});
