/** lib/csv.ts: the cell rule of the exports (RFC 4180 quoting and the formula-injection guard), at its edges. */
import { csvCell, csvLine } from '../csv';

test('formula-like text gets a leading quote; text with a comma, quote or line break is quoted; null is empty', () => {
  const cases: Array<[string | number | null | undefined, string]> = [
    ['', ''], ['plain', 'plain'], ['N/A', 'N/A'], ['12.5', '12.5'], ['-5', "'-5"], ['+91 98', "'+91 98"], ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['@cmd', "'@cmd"], ['\tTab first', "'\tTab first"], ['\rCR first', `"'\rCR first"`], ['a,b', '"a,b"'], ['say "hi"', '"say ""hi"""'],
    ['"', '""""'], ['line\nbreak', '"line\nbreak"'], ['crlf\r\nend', '"crlf\r\nend"'], ['=a,"b"', `"'=a,""b"""`], [' leading', ' leading'],
    ['देवनागरी', 'देवनागरी'], [null, ''], [undefined, ''], [-5, '-5'], [3, '3'],
  ];
  expect(cases.map(([value]) => csvCell(value))).toEqual(cases.map(([, cell]) => cell));
  expect(csvLine([1, 'a,b', null, '=x'])).toBe(`1,"a,b",,'=x\r\n`);
});
