import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Tells a client that staff turned their paid membership on or off. */
export function membershipChangedMail(to: string, name: string, isPaid: boolean, link: string): MailMessage {
  const intro = `Hello ${name || 'there'},`;
  const body = isPaid
    ? 'Your membership is now active. Volumes 2 to 4 of The Secret to Wealth and every other members-only resource are open to you in the portal.'
    : 'Your membership has ended. You keep access to your account and to Volume 1 of The Secret to Wealth; see Business Programs to join again.';
  const outro = 'If you did not expect this change, please contact support.';
  const subject = `${branding.productName} - ${isPaid ? 'Your membership is active' : 'Your membership has ended'}`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    `<p><a href="${esc(link)}">${esc(link)}</a></p>`,
    `<p>${esc(outro)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [intro, body, link, outro, `${branding.companyName} · ${branding.phone}`].join('\n\n');
  return { to, subject, html, text };
}
