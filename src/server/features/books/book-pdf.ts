import type { BookInfo } from '../../../shared/books';
import { branding } from '../../../shared/branding';

// Fixed dates keep the generated files byte-for-byte the same on every start.
const EDITION_DATE = new Date('2024-01-01T00:00:00Z');
const COVER_COLOURS: Record<number, [number, number, number]> = {
  1: [0.12, 0.23, 0.54],
  2: [0.02, 0.37, 0.27],
  3: [0.45, 0.2, 0.05],
  4: [0.33, 0.13, 0.5],
};

/** Splits text into lines that fit `width` at the given size. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The generated edition of one book: a title page and a few pages of text (pdf-lib, loaded on first use). */
export async function generateBookPdf(book: BookInfo): Promise<Uint8Array> {
  // pdf-lib is CommonJS: loaded from the built (ESM) server its exports sit on `default`.
  const mod = await import('pdf-lib');
  const { PDFDocument, StandardFonts, rgb } =
    'PDFDocument' in mod && mod.PDFDocument ? mod : (mod as unknown as { default: typeof mod }).default;
  const doc = await PDFDocument.create();
  doc.setTitle(book.title);
  doc.setAuthor(branding.companyName);
  doc.setProducer(branding.productName);
  doc.setCreator(branding.productName);
  doc.setCreationDate(EDITION_DATE);
  doc.setModificationDate(EDITION_DATE);
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [r, g, b] = COVER_COLOURS[book.volume] ?? [0.12, 0.23, 0.54];

  const cover = doc.addPage([612, 792]);
  cover.drawRectangle({ x: 0, y: 0, width: 612, height: 792, color: rgb(r, g, b) });
  cover.drawText('THE SECRET TO WEALTH', { x: 72, y: 600, size: 30, font: bold, color: rgb(1, 1, 1) });
  cover.drawText(`Volume ${book.volume}`, { x: 72, y: 555, size: 22, font: bold, color: rgb(1, 1, 1) });
  wrap(book.subtitle, 468, (s) => serif.widthOfTextAtSize(s, 24)).forEach((line, i) =>
    cover.drawText(line, { x: 72, y: 500 - i * 30, size: 24, font: serif, color: rgb(1, 1, 1) }),
  );
  cover.drawText(branding.companyName, { x: 72, y: 90, size: 14, font: serif, color: rgb(1, 1, 1) });

  book.pages.forEach((text, i) => {
    const page = doc.addPage([612, 792]);
    page.drawText(`Chapter ${i + 1}`, { x: 72, y: 700, size: 18, font: bold, color: rgb(r, g, b) });
    wrap(text, 468, (s) => serif.widthOfTextAtSize(s, 13)).forEach((line, n) =>
      page.drawText(line, { x: 72, y: 660 - n * 19, size: 13, font: serif, color: rgb(0.1, 0.1, 0.1) }),
    );
    page.drawText(`${book.subtitle} - page ${i + 2}`, {
      x: 72,
      y: 50,
      size: 9,
      font: serif,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return doc.save({ useObjectStreams: false });
}
