import { branding } from '../../shared/branding';
import type { MailMessage } from './mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type StaffMail = {
  subject: string;
  /** What happened, one sentence. */
  intro: string;
  /** Label and value rows (the client's id, e-mail and name first). */
  rows: [string, string][];
  /** The client's own words, if the request carries any: shown as typed, or `none` when empty. */
  note?: { label: string; text: string; none: string };
  /** What staff should do. */
  ask: string;
};

/** To staff (STAFF_EMAIL): a client's request, everything the client typed escaped. */
export function staffMail(to: string, m: StaffMail): MailMessage {
  const { note } = m;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(m.intro)}</p>`,
    `<table style="border-collapse:collapse">`,
    ...m.rows.map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`,
    ),
    `</table>`,
    ...(note
      ? [
          note.text
            ? `<p><strong>${esc(note.label)}:</strong></p><p style="white-space:pre-wrap">${esc(note.text)}</p>`
            : `<p>${esc(note.none)}</p>`,
        ]
      : []),
    `<p><strong>${esc(m.ask)}</strong></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    m.intro,
    m.rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    ...(note ? [note.text ? `${note.label}:\n${note.text}` : note.none] : []),
    m.ask,
  ].join('\n\n');
  return { to, subject: m.subject, html, text };
}
