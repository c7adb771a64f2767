import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** One block of the packet's own pages: a heading and its lines (a line is a row of cells). */
export type PdfSection = { heading: string; intro?: string; rows: string[][]; widths?: number[] };

const PAGE = { width: 612, height: 792, margin: 54 };
const SIZE = 10;
const LINE = 14;

// The standard fonts write WinAnsi only: anything else (an emoji in a business name, Cyrillic)
// becomes '?', rather than failing the whole packet.
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
const pdfSafe = (text: string) =>
  Array.from(text.replace(/[\r\n\t]+/g, ' '))
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
    })
    .join('');

/** Cuts a cell's text to its column, with an ellipsis. */
function fit(font: PDFFont, text: string, width: number) {
  const safe = pdfSafe(text);
  if (font.widthOfTextAtSize(safe, SIZE) <= width) return safe;
  let cut = safe;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, SIZE) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Breaks a paragraph into lines of the page's width. */
function wrap(font: PDFFont, text: string, width: number, size = SIZE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of pdfSafe(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes pages top to bottom, adding a page when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  room(lines: number) {
    if (this.y - lines * LINE < PAGE.margin) this.newPage();
  }
  text(text: string, opts: { size?: number; bold?: boolean; color?: [number, number, number] } = {}) {
    const size = opts.size ?? SIZE;
    const font = opts.bold ? this.bold : this.font;
    for (const line of wrap(font, text, PAGE.width - 2 * PAGE.margin, size)) {
      this.room(1);
      this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font, color: rgb(...(opts.color ?? [0, 0, 0])) });
      this.y -= size + 4;
    }
  }
  gap(n = 1) {
    this.y -= LINE * n;
  }
  row(cells: string[], widths: number[], bold = false) {
    this.room(1);
    let x = PAGE.margin;
    const font = bold ? this.bold : this.font;
    const usable = PAGE.width - 2 * PAGE.margin;
    cells.forEach((cell, i) => {
      const w = (widths[i] ?? 1 / cells.length) * usable;
      this.page.drawText(fit(font, cell, w - 6), { x, y: this.y, size: SIZE, font });
      x += w;
    });
    this.y -= LINE;
  }
}

/**
 * The packet's own pages: a cover, then each section (the index, the fundability result, the
 * tradeline ledger, the scores). The documents are appended after these by the caller.
 */
export async function packetPages(cover: { title: string; lines: string[] }, sections: PdfSection[]) {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(cover.title));
  doc.setCreator('Total Business Build-Out');
  doc.setProducer('Total Business Build-Out');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold);
  w.gap(8);
  w.text(cover.title, { size: 24, bold: true });
  w.gap();
  for (const line of cover.lines) w.text(line, { size: 13 });
  for (const section of sections) {
    w.newPage();
    w.text(section.heading, { size: 16, bold: true });
    w.gap(0.5);
    if (section.intro) {
      w.text(section.intro, { color: [0.25, 0.25, 0.25] });
      w.gap(0.5);
    }
    const [head, ...rows] = section.rows;
    if (!head) continue;
    const widths = section.widths ?? head.map(() => 1 / head.length);
    w.row(head, widths, true);
    for (const r of rows) {
      if (w.y - LINE < PAGE.margin) {
        w.newPage();
        w.row(head, widths, true);
      }
      w.row(r, widths);
    }
  }
  return doc;
}

/** Appends a stored PDF's pages; throws when its bytes are no PDF pdf-lib can read. */
export async function appendPdf(doc: PDFDocument, bytes: Uint8Array) {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = await doc.copyPages(source, source.getPageIndices());
  for (const p of pages) doc.addPage(p);
  return pages.length;
}
