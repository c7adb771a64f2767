import { branding } from '../../../shared/branding';

/** Splits text into lines that fit `width` at the font's size. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

// The standard PDF fonts encode WinAnsi only: anything else (a name in another script) is shown as '?'
// in the PDF. The stored text and its SHA-256 keep every character.
const winAnsi = (s: string) =>
  s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022]/g, '?');

export type AgreementPdfInput = {
  title: string;
  /** The agreement as plain text, paragraphs split by newlines. */
  text: string;
  /** The signature block's lines (name, time, address, browser). */
  signature: string[];
  sha256: string;
  signedAt: Date;
};

/** The signed agreement as a PDF: its text, the signature block and the SHA-256 of the text (pdf-lib, loaded on first use). */
export async function renderAgreementPdf(a: AgreementPdfInput): Promise<Buffer> {
  // pdf-lib is CommonJS: loaded from the built (ESM) server its exports sit on `default`.
  const mod = await import('pdf-lib');
  const { PDFDocument, StandardFonts, rgb } =
    'PDFDocument' in mod && mod.PDFDocument ? mod : (mod as unknown as { default: typeof mod }).default;
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(a.title));
  doc.setAuthor(branding.companyName);
  doc.setProducer(branding.productName);
  doc.setCreator(branding.productName);
  doc.setCreationDate(a.signedAt);
  doc.setModificationDate(a.signedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const margin = 60;
  const width = 612 - margin * 2;
  let page = doc.addPage([612, 792]);
  let y = 792 - margin;
  const line = (text: string, f = font, size = 11, gap = 15) => {
    if (y < margin + gap) {
      page = doc.addPage([612, 792]);
      y = 792 - margin;
    }
    page.drawText(text, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
    y -= gap;
  };
  const paragraph = (text: string, f = font, size = 11) => {
    const clean = winAnsi(text);
    if (!clean.trim()) {
      y -= 8;
      return;
    }
    for (const l of wrap(clean, width, (s) => f.widthOfTextAtSize(s, size))) line(l, f, size, size + 4);
  };
  paragraph(a.title, bold, 15);
  y -= 6;
  for (const p of a.text.split('\n')) paragraph(p);
  y -= 12;
  paragraph('Signature', bold, 12);
  for (const s of a.signature) paragraph(s);
  y -= 8;
  paragraph('SHA-256 of the agreement text:', bold, 10);
  line(a.sha256, mono, 8.5, 12);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
