import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { branding } from '../../../shared/branding';
import { outboxValues, type MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts a message in the outbox inside the caller's transaction, so it exists exactly when the change
 * it reports does (the mailer's retry loop delivers it). Receipts, signed agreements and failed
 * payments go whatever the notification preference: they are records of money and contracts.
 */
export async function queueMail(tx: Db, msg: MailMessage) {
  await tx.insert(mailOutbox).values(outboxValues(msg));
}

/** A short message to a client: greeting, lines, label/value rows and a button. */
export function clientMail(
  to: { email: string; name: string },
  m: { subject: string; lines: string[]; rows?: [string, string][]; action: { label: string; url: string } },
): MailMessage {
  const rows = m.rows ?? [];
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(`Hello ${to.name || 'there'},`)}</p>`,
    ...m.lines.map((l) => `<p>${esc(l)}</p>`),
    rows.length
      ? `<table style="border-collapse:collapse">${rows
          .map(
            ([k, v]) =>
              `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${esc(k)}</th><td style="padding:4px 0;word-break:break-all">${esc(v)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    `<p><a href="${esc(m.action.url)}" style="background:#1e3a8a;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(m.action.label)}</a></p>`,
    `<p style="font-size:12px;color:#6b7280">Or open this link: ${esc(m.action.url)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    `Hello ${to.name || 'there'},`,
    ...m.lines,
    ...rows.map(([k, v]) => `${k}: ${v}`),
    `${m.action.label}: ${m.action.url}`,
    `${branding.companyName} · ${branding.phone}`,
  ].join('\n\n');
  return { to: to.email, subject: `${branding.productName} - ${m.subject}`, html, text };
}
