import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type NewClient = { id: string; name: string; email: string; phone: string };

/** Tells the staff address that a client finished first-login setup. */
export function newClientMail(to: string, client: NewClient): MailMessage {
  const fields: [string, string][] = [
    ['Name', client.name || '-'],
    ['Email', client.email],
    ['Phone', client.phone || '-'],
    ['Client ID', client.id],
  ];
  const subject = `${branding.productName} - New client signed up: ${client.name || client.email}`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>A new client has signed up and their account has been set up.</p>`,
    `<table style="border-collapse:collapse">`,
    ...fields.map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${esc(k)}</td><td style="padding:4px 0">${esc(v)}</td></tr>`,
    ),
    `</table>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    'A new client has signed up and their account has been set up.',
    ...fields.map(([k, v]) => `${k}: ${v}`),
  ].join('\n');
  return { to, subject, html, text };
}
