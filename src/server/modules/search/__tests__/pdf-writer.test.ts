import { PdfDocument } from '../pdf-writer';

/** Every xref entry must point at its object; the page count must match the pages. */
function checkStructure(pdf: string): { pages: number } {
  const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
  expect(pdf.slice(xref, xref + 5)).toBe('xref\n');
  const [, count] = /xref\n0 (\d+)\n/.exec(pdf.slice(xref))!;
  const entries = pdf.slice(xref).split('\n').slice(3, 2 + Number(count));
  entries.forEach((e, i) => {
    const offset = Number(e.slice(0, 10));
    expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf)![1]);
  expect((pdf.match(/\/Type \/Page /g) ?? []).length).toBe(pages);
  // Stream lengths are exact.
  for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
  return { pages };
}

test('a small document: one page, escaped text, non-Latin-1 characters replaced', () => {
  const pdf = new PdfDocument('footer').title('Title (1) \\ back').line('Temp 25\u00B0C \u{1F9A0} ok').toBuffer().toString('latin1');
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf).toContain('(Title \\(1\\) \\\\ back)');
  expect(pdf).toContain('(Temp 25\u00B0C ? ok)');
  expect(checkStructure(pdf).pages).toBe(1);
});

test('a long table breaks onto further pages, repeating its header', () => {
  const rows = Array.from({ length: 200 }, (_, i) => [`row ${i}`, 'x'.repeat(300)]);
  const pdf = new PdfDocument('f').heading('Big').table(['Name', 'Value'], rows).toBuffer().toString('latin1');
  const { pages } = checkStructure(pdf);
  expect(pages).toBeGreaterThan(2);
  expect((pdf.match(/\(Name\) Tj/g) ?? []).length).toBe(pages);
  expect(pdf).toContain('(row 199)');
  // Long cells are clipped to their column.
  expect(pdf).not.toContain('x'.repeat(100));
});
