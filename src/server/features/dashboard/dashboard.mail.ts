import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type SupportClient = { id: string; name: string; email: string; phone: string } | undefined;

/** Tells the staff address that a client pressed Contact Support on their dashboard. */
export function contactSupportMail(to: string, client: SupportClient, appUrl: string): MailMessage {
  const fields: [string, string][] = [
    ['Name', client?.name || '-'],
    ['Email', client?.email || '-'],
    ['Phone', client?.phone || '-'],
    ['Client ID', client?.id || '-'],
  ];
  const intro = 'A client asked to be contacted by the support team from their dashboard (Contact Support task).';
  const subject = `${branding.productName} - Contact Support request from ${client?.name || client?.email || 'a client'}`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<table style="border-collapse:collapse">`,
    ...fields.map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${esc(k)}</td><td style="padding:4px 0">${esc(v)}</td></tr>`,
    ),
    `</table>`,
    `<p><a href="${esc(appUrl)}">${esc(appUrl)}</a></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [intro, ...fields.map(([k, v]) => `${k}: ${v}`), appUrl].join('\n');
  return { to, subject, html, text };
}
