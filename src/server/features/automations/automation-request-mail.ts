import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Client = { id: string; email: string; name: string };
type Request = { type: string; description: string; priority: string };

/** To staff: a client requests an automation. Everything the client typed is escaped. */
export function automationRequestMail(to: string, client: Client, request: Request): MailMessage {
  const subject = `${branding.productName} - Automation request (${request.priority} priority)`;
  const rows: [string, string][] = [
    ['Client ID', client.id],
    ['Email', client.email],
    ['Name', client.name || '(not given)'],
    ['Type', request.type || '(not given)'],
    ['Priority', request.priority],
  ];
  const ask = 'Review it under Automations > Requests and move it along.';
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>A client has requested an automation.</p>`,
    `<table style="border-collapse:collapse">`,
    ...rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`),
    `</table>`,
    request.description ? `<p><strong>Description:</strong></p><p style="white-space:pre-wrap">${esc(request.description)}</p>` : '<p>The client gave no description.</p>',
    `<p><strong>${esc(ask)}</strong></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    'A client has requested an automation.',
    rows.map(([k, v]) => `${k}: ${v}`).join('\n'),
    request.description ? `Description:\n${request.description}` : 'The client gave no description.',
    ask,
  ].join('\n\n');
  return { to, subject, html, text };
}
