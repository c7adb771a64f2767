import { branding } from '../../../shared/branding';
import { formatBytes, formatDate } from '../../../shared/format';
import type { PacketItem } from '../../../shared/packets';
import { packetItemStatus } from '../../../shared/packets-rules';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A plain page of its own: a lender opens it from a link, signed in nowhere, and it must not need the app.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${esc(title)} - ${esc(branding.productName)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#1f2937;line-height:1.5"><main><h1 style="font-size:1.4rem">${esc(title)}</h1>${body}</main></body></html>`;

export const notFoundPage = () =>
  page(
    'This link does not work',
    '<p>The address is incomplete or was changed. Ask the business that shared it with you for a new link.</p>',
  );

export const expiredPage = (revoked: boolean) =>
  page(
    revoked ? 'This link was revoked' : 'This link has expired',
    `<p>${revoked ? 'The business that shared this funding packet has withdrawn the link.' : 'Links to a funding packet last a limited time.'} Nothing can be opened or downloaded through it. Ask the business for a new link.</p>`,
  );

const checkText = (i: PacketItem) =>
  i.verification === 'verified'
    ? 'Verified by staff'
    : i.verification === 'rejected'
      ? 'Rejected by staff'
      : i.verification === 'unchecked'
        ? 'Not checked'
        : '';

export function sharePage(
  token: string,
  link: { expiresAt: Date; pdfSize: number | null; pdfSha256: string | null; items: unknown; packetCreatedAt: Date },
) {
  const items = link.items as PacketItem[];
  const base = `/api/packet-share/${encodeURIComponent(token)}`;
  const rows = items
    .map(
      (i) =>
        `<li style="padding:8px 0;border-bottom:1px solid #e5e7eb"><strong>${esc(i.title)}</strong><br><span style="font-size:.9rem;color:#374151">${esc(
          [
            i.source,
            i.date ? formatDate(i.date) : '',
            i.ageDays !== null ? `${i.ageDays} days old` : '',
            checkText(i),
            packetItemStatus(i),
          ]
            .filter(Boolean)
            .join(' · '),
        )}</span></li>`,
    )
    .join('');
  const button =
    'display:inline-block;margin:4px 8px 4px 0;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600';
  return page(
    'Funding packet',
    `<p>Prepared ${esc(formatDate(link.packetCreatedAt))}. This read-only link works until ${esc(formatDate(link.expiresAt))}; each visit and download is recorded for the business that shared it.</p>` +
      `<p><a href="${base}/packet.pdf" style="${button};background:#1d4ed8;color:#fff">Download the packet (PDF${link.pdfSize ? `, ${esc(formatBytes(link.pdfSize))}` : ''})</a>` +
      `<a href="${base}/manifest.json" style="${button};border:1px solid #1d4ed8;color:#1d4ed8">Download the manifest (SHA-256 of each item)</a></p>` +
      (link.pdfSha256
        ? `<p style="font-size:.85rem;color:#374151;overflow-wrap:anywhere">SHA-256 of the PDF: <code>${esc(link.pdfSha256)}</code></p>`
        : '') +
      `<h2 style="font-size:1.1rem">What the packet holds</h2><ul style="list-style:none;padding:0">${rows}</ul>`,
  );
}
