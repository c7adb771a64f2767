import { branding } from '../../../shared/branding';
import { planSummary, type Program } from '../../../shared/programs';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Client = { id: string; email: string; name: string };

/** To staff: a client asks for payment instructions for a program. */
export function programRequestMail(to: string, client: Client, program: Program, note: string): MailMessage {
  const subject = `${branding.productName} - Payment Request for ${program.name}`;
  const rows: [string, string][] = [
    ['Client ID', client.id],
    ['Email', client.email],
    ['Name', client.name || '(not given)'],
    ['Program', program.name],
    ['Description', program.description],
    ['Plan', planSummary(program)],
  ];
  const ask = 'Please contact the client with payment instructions.';
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>A client has requested a payment for a build-out program.</p>`,
    `<table style="border-collapse:collapse">`,
    ...rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`),
    `</table>`,
    note ? `<p><strong>Client note:</strong></p><p style="white-space:pre-wrap">${esc(note)}</p>` : '<p>The client left no note.</p>',
    `<p><strong>${esc(ask)}</strong></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    'A client has requested a payment for a build-out program.',
    rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    note ? `Client note:\n${note}` : 'The client left no note.',
    ask,
  ].join('\n\n');
  return { to, subject, html, text };
}
