import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';
import { formatDate } from '../../../shared/format';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type ReminderTask = { name: string; dueDate: Date; stage: 'due_soon' | 'overdue'; url: string };

const line = (t: ReminderTask) =>
  `${t.name} - ${t.stage === 'overdue' ? `overdue since ${formatDate(t.dueDate, 'UTC')}` : `due ${formatDate(t.dueDate, 'UTC')}`}`;

/** One message per client and run, listing each task with its own link. */
export function reminderMail(to: string, name: string, tasks: ReminderTask[], preferencesUrl: string): MailMessage {
  const overdue = tasks.filter((t) => t.stage === 'overdue');
  const soon = tasks.filter((t) => t.stage === 'due_soon');
  const intro = `Hello ${name || 'there'},`;
  const body = 'Some of your business compliance tasks need your attention:';
  const outro = `You receive these reminders because email alerts are on. You can turn them off on My Account: ${preferencesUrl}`;
  const section = (title: string, list: ReminderTask[]) =>
    list.length
      ? `<h3 style="margin-bottom:4px">${esc(title)}</h3><ul>${list.map((t) => `<li><a href="${esc(t.url)}">${esc(line(t))}</a></li>`).join('')}</ul>`
      : '';
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    section('Overdue', overdue),
    section('Due within 3 days', soon),
    `<p style="font-size:12px;color:#6b7280">${esc(outro)}</p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ].join('\n');
  const textSection = (title: string, list: ReminderTask[]) =>
    list.length ? [`${title}:`, ...list.map((t) => `- ${line(t)}: ${t.url}`)].join('\n') : '';
  const text = [
    intro,
    body,
    textSection('Overdue', overdue),
    textSection('Due within 3 days', soon),
    outro,
    `${branding.companyName} · ${branding.phone}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const subject = `${branding.productName} - Compliance reminder: ${overdue.length ? 'tasks overdue' : 'tasks due soon'}`;
  return { to, subject, html, text };
}
