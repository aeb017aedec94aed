/**
 * A minimal PDF 1.4 writer (no dependency): A4 pages, the standard Helvetica fonts (WinAnsi), text lines,
 * headings, key-value blocks and simple ruled tables, with page breaks. Enough for a printable record.
 */
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 40;
const BOTTOM = 50;

/** Approximate Helvetica advance (average glyph width ~0.5 em): used to clip and wrap text. */
const textWidth = (text: string, size: number) => text.length * size * 0.5;

/** Latin-1 text with PDF string escapes; characters outside Latin-1 become '?'. */
function pdfString(text: string): string {
  const latin = Array.from(text.normalize('NFC'))
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code < 32 || code === 127) return ' ';
      return code > 255 ? '?' : c;
    })
    .join('');
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function clip(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  const max = Math.max(1, Math.floor(width / (size * 0.5)) - 1);
  return `${text.slice(0, max)}...`;
}

function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * 0.5)));
  const out: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let line = '';
    for (const word of para.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (next.length <= max) line = next;
      else {
        if (line) out.push(line);
        line = word.length > max ? word.slice(0, max) : word;
      }
    }
    out.push(line);
  }
  return out;
}

export class PdfDocument {
  private pages: string[][] = [];
  private ops: string[] = [];
  private y = 0;

  constructor(private readonly footer: string) {
    this.newPage();
  }

  private newPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE_H - MARGIN;
  }

  private need(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  private text(x: number, y: number, text: string, size: number, bold = false): void {
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(text)} Tj ET`);
  }

  private rule(x1: number, y1: number, x2: number, y2: number): void {
    this.ops.push(`${x1.toFixed(2)} ${y1.toFixed(2)} m ${x2.toFixed(2)} ${y2.toFixed(2)} l S`);
  }

  title(text: string): this {
    for (const line of wrap(text, PAGE_W - 2 * MARGIN, 16)) {
      this.need(22);
      this.text(MARGIN, this.y - 16, line, 16, true);
      this.y -= 22;
    }
    this.y -= 4;
    return this;
  }

  heading(text: string): this {
    this.need(40);
    this.y -= 8;
    this.text(MARGIN, this.y - 12, clip(text, PAGE_W - 2 * MARGIN, 12), 12, true);
    this.y -= 16;
    this.rule(MARGIN, this.y, PAGE_W - MARGIN, this.y);
    this.y -= 4;
    return this;
  }

  line(text: string, size = 10): this {
    for (const l of wrap(text, PAGE_W - 2 * MARGIN, size)) {
      this.need(size + 4);
      this.text(MARGIN, this.y - size, l, size);
      this.y -= size + 4;
    }
    return this;
  }

  /** Label: value pairs, two per row. */
  keyValues(pairs: Array<[string, string]>): this {
    const colW = (PAGE_W - 2 * MARGIN) / 2;
    for (let i = 0; i < pairs.length; i += 2) {
      this.need(14);
      pairs.slice(i, i + 2).forEach(([k, v], j) => {
        const x = MARGIN + j * colW;
        const label = `${k}: `;
        this.text(x, this.y - 10, label, 9, true);
        this.text(x + textWidth(label, 9) + 4, this.y - 10, clip(v, colW - textWidth(label, 9) - 10, 9), 9);
      });
      this.y -= 14;
    }
    return this;
  }

  /** A ruled table; cells are clipped to their column; the header repeats on a new page. */
  table(headers: string[], rows: string[][]): this {
    const width = PAGE_W - 2 * MARGIN;
    const colW = width / Math.max(1, headers.length);
    const size = headers.length > 6 ? 7 : 8;
    const rowH = size + 7;
    const drawRow = (cells: string[], bold: boolean) => {
      cells.forEach((c, j) => this.text(MARGIN + j * colW + 2, this.y - size - 2, clip(c, colW - 4, size), size, bold));
      this.y -= rowH;
      this.rule(MARGIN, this.y, MARGIN + width, this.y);
    };
    this.need(rowH * 2);
    this.rule(MARGIN, this.y, MARGIN + width, this.y);
    drawRow(headers, true);
    for (const r of rows) {
      if (this.y - rowH < BOTTOM) {
        this.newPage();
        this.rule(MARGIN, this.y, MARGIN + width, this.y);
        drawRow(headers, true);
      }
      drawRow(r, false);
    }
    this.y -= 6;
    return this;
  }

  toBuffer(): Buffer {
    const objects: string[] = [];
    const add = (body: string) => objects.push(body) ;
    add('<< /Type /Catalog /Pages 2 0 R >>');
    add(''); // pages: filled in below
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const kids: number[] = [];
    this.pages.forEach((ops, i) => {
      const footer = `BT /F1 8 Tf ${MARGIN} 25 Td ${pdfString(`${this.footer} - page ${i + 1} of ${this.pages.length}`)} Tj ET`;
      const stream = ['0.5 w', ...ops, footer].join('\n');
      add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
      const contentId = objects.length;
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`);
      kids.push(objects.length);
    });
    objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

    let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(Buffer.byteLength(out, 'latin1'));
      out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    });
    const xref = Buffer.byteLength(out, 'latin1');
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(out, 'latin1');
  }
}
