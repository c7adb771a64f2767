import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * "Support has replied": no message text (the mail may be read where the portal's sign-in is not),
 * only the link to the conversation.
 */
export function supportReplyMail(to: string, name: string, supportUrl: string, preferencesUrl: string): MailMessage {
  const intro = `Hello ${name || 'there'},`;
  const body = `${branding.supportAgent.name} has replied to your message in Support Chat. Open the conversation to read it and answer:`;
  const outro = `You receive these alerts because email alerts are on. You can turn them off on My Account: ${preferencesUrl}`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    `<p><a href="${esc(supportUrl)}">Open Support Chat</a></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(outro)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    intro,
    body,
    `Open Support Chat: ${supportUrl}`,
    outro,
    `${branding.companyName} · ${branding.phone}`,
  ].join('\n\n');
  return { to, subject: `${branding.productName} - Support has replied to your message`, html, text };
}
