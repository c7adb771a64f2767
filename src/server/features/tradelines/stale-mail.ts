import { branding } from '../../../shared/branding';
import { TRADELINE_STALE_DAYS } from '../../../shared/credit';
import { formatDate } from '../../../shared/format';
import type { MailMessage } from '../../mail/mailer';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type StaleLine = { name: string; since: string };

const line = (t: StaleLine) => `${t.name} - last reported ${formatDate(t.since)}`;

/** One message per client and pass, listing the tradelines that went stale. */
export function staleTradelinesMail(
  to: string,
  name: string,
  lines: StaleLine[],
  summaryUrl: string,
  preferencesUrl: string,
): MailMessage {
  const intro = `Hello ${name || 'there'},`;
  const body = `These tradelines have not been reported to the business credit bureaus for more than ${TRADELINE_STALE_DAYS} days. Ask each creditor to report your payments, then update the last reported date in the portal:`;
  const outro = `You receive these alerts because email alerts are on. You can turn them off on My Account: ${preferencesUrl}`;
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    `<ul>${lines.map((t) => `<li>${esc(line(t))}</li>`).join('')}</ul>`,
    `<p><a href="${esc(summaryUrl)}">See your tradelines</a></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(outro)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const text = [
    intro,
    body,
    lines.map((t) => `- ${line(t)}`).join('\n'),
    `See your tradelines: ${summaryUrl}`,
    outro,
    `${branding.companyName} · ${branding.phone}`,
  ].join('\n\n');
  const subject = `${branding.productName} - ${lines.length === 1 ? 'A tradeline is' : `${lines.length} tradelines are`} not being reported`;
  return { to, subject, html, text };
}
