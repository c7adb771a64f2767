import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type EmailChange = { label: string; from: string; to: string };

/** Tells a client that staff changed a contact e-mail on their profile (old and new value). */
export function contactEmailChangedMail(to: string, name: string, changes: EmailChange[]): MailMessage {
  const show = (v: string) => v || '(none)';
  const lines = changes.map((c) => `${c.label}: changed from ${show(c.from)} to ${show(c.to)}`);
  const intro = `Hello ${name || 'there'},`;
  const body = 'A member of our staff changed the contact email on file for your business owner profile:';
  const outro = 'If you did not expect this change, please contact support.';
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
    `<p>${esc(outro)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [intro, body, ...lines.map((l) => `- ${l}`), outro, `${branding.companyName} · ${branding.phone}`].join(
    '\n\n',
  );
  return { to, subject: `${branding.productName} - Your contact email was changed`, html, text };
}
