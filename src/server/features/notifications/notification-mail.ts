import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A notification's e-mail when its feature has no wording of its own: what happened, and a link to it. */
export function notificationMail(
  to: string,
  name: string,
  n: { title: string; body: string; url: string },
): MailMessage {
  const paragraphs = [`Hello ${name || 'there'},`, n.title, ...(n.body ? [n.body] : [])];
  const why = 'You get this email because email notifications are on; you can turn them off in My Account.';
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    ...paragraphs.map((p) => `<p>${esc(p)}</p>`),
    `<p><a href="${esc(n.url)}" style="background:#1e3a8a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open in the portal</a></p>`,
    `<p style="font-size:12px;color:#6b7280">Or open this link: ${esc(n.url)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(why)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [...paragraphs, `Open in the portal: ${n.url}`, why, `${branding.companyName} · ${branding.phone}`].join(
    '\n\n',
  );
  // Titles hold text staff typed (a payment's description): one line in the subject.
  return { to, subject: `${branding.productName} - ${n.title.replace(/\s+/g, ' ').slice(0, 150)}`, html, text };
}
