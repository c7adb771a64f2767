import fs from 'node:fs';
import path from 'node:path';
import type { ReceivedUpload } from '../uploads/upload';
import { projectRoot } from '../lib/paths';

/**
 * A small valid PDF of one A4-sized page with a title and a few lines of text, made here so the
 * demo ships no document files: the cross-reference table's byte offsets are computed, so viewers
 * open it without repairing it.
 */
export function demoPdf(title: string, lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = [
    `BT /F1 20 Tf 72 770 Td (${esc(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 11 Tf 72 ${730 - i * 18} Td (${esc(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The PDF as the upload parser hands a received file to the services. */
export const pdfUpload = (name: string, title: string, lines: string[]): ReceivedUpload => ({
  name,
  ext: 'pdf',
  contentType: 'application/pdf',
  bytes: demoPdf(title, lines),
  fields: {},
});

/**
 * The sample training video (6 s VP8 WebM, 12 KB, made once with ffmpeg's test source; the same
 * file as the end-to-end fixture) and its thumbnail, shipped next to this file.
 */
const mediaDir = path.join(projectRoot, 'src/server/demo/media');
export const demoMedia = {
  video: () => fs.readFileSync(path.join(mediaDir, 'sample.webm')),
  thumbnail: () => fs.readFileSync(path.join(mediaDir, 'thumbnail.png')),
};
