import { branding } from '../../../shared/branding';
import type { MailMessage } from '../../mail/mailer';
import { formatDate } from '../../../shared/format';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type DigestItem = { name: string; date: Date; url: string; kind: 'task' | 'document_request' };
/** At most the digest's limit of items; `more` counts the rest. */
export type DigestSection = { items: DigestItem[]; more: number };
export type DigestContent = {
  overdue: DigestSection;
  dueThisWeek: DigestSection;
  newRequests: DigestSection;
  /** Set when the fundability score now differs from the one 7 days ago. */
  score: { now: number; before: number } | null;
};

export const hasNews = (c: DigestContent) =>
  Boolean(c.overdue.items.length || c.dueThisWeek.items.length || c.newRequests.items.length || c.score);

type Links = { app: string; unsubscribe: string; timeZone: string };

const label = (i: DigestItem) => (i.kind === 'document_request' ? `Document requested: ${i.name}` : i.name);
const sections = (c: DigestContent, tz: string) =>
  [
    { title: 'Overdue', s: c.overdue, when: (i: DigestItem) => `was due ${formatDate(i.date, tz)}` },
    { title: 'Due this week', s: c.dueThisWeek, when: (i: DigestItem) => `due ${formatDate(i.date, tz)}` },
    {
      title: 'New document requests',
      // The heading says what they are.
      s: { ...c.newRequests, items: c.newRequests.items.map((i) => ({ ...i, kind: 'task' as const })) },
      when: (i: DigestItem) => `requested ${formatDate(i.date, tz)}`,
    },
  ].filter((x) => x.s.items.length);

const scoreLine = (s: { now: number; before: number }) => {
  const diff = s.now - s.before;
  return `Your fundability score is ${s.now}, ${diff > 0 ? 'up' : 'down'} ${Math.abs(diff)} from ${s.before} a week ago.`;
};

/** The Monday digest: plain text and HTML, each with the one-click unsubscribe link (also in the headers). */
export function digestMail(to: string, name: string, c: DigestContent, links: Links): MailMessage {
  const intro = `Hello ${name || 'there'},`;
  const body = 'Here is your week at a glance.';
  const outro =
    'You receive this weekly digest because it is on in your notification preferences on My Account. ' +
    'To stop it, unsubscribe (no sign-in needed):';
  const list = sections(c, links.timeZone);
  const moreText = (n: number) => `and ${n} more: ${links.app}/compliance`;
  const text = [
    intro,
    body,
    ...list.map((x) =>
      [
        `${x.title}:`,
        ...x.s.items.map((i) => `- ${label(i)} - ${x.when(i)}: ${i.url}`),
        ...(x.s.more ? [`- ${moreText(x.s.more)}`] : []),
      ].join('\n'),
    ),
    c.score ? `${scoreLine(c.score)} ${links.app}/fundability` : '',
    `${outro} ${links.unsubscribe}`,
    `${branding.companyName} · ${branding.phone}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1f2937">`,
    `<h2 style="color:#1e3a8a">${esc(branding.productName)}</h2>`,
    `<p>${esc(intro)}</p>`,
    `<p>${esc(body)}</p>`,
    ...list.map(
      (x) =>
        `<h3 style="margin-bottom:4px">${esc(x.title)}</h3><ul>${x.s.items
          .map((i) => `<li><a href="${esc(i.url)}">${esc(label(i))}</a> - ${esc(x.when(i))}</li>`)
          .join('')}${
          x.s.more ? `<li><a href="${esc(`${links.app}/compliance`)}">and ${x.s.more} more</a></li>` : ''
        }</ul>`,
    ),
    c.score
      ? `<h3 style="margin-bottom:4px">Fundability score</h3><p><a href="${esc(`${links.app}/fundability`)}">${esc(scoreLine(c.score))}</a></p>`
      : '',
    `<p style="font-size:12px;color:#6b7280">${esc(outro)} <a href="${esc(links.unsubscribe)}">Unsubscribe from the weekly digest</a></p>`,
    `<p style="font-size:12px;color:#6b7280">${esc(branding.companyName)} · ${esc(branding.address)} · ${esc(branding.phone)}</p></div>`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to,
    subject: `${branding.productName} - Your week: ${summary(c)}`,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function summary(c: DigestContent) {
  const n = (s: DigestSection) => s.items.length + s.more;
  const parts = [
    n(c.overdue) ? `${n(c.overdue)} overdue` : '',
    n(c.dueThisWeek) ? `${n(c.dueThisWeek)} due this week` : '',
    n(c.newRequests) ? `${n(c.newRequests)} new document ${n(c.newRequests) === 1 ? 'request' : 'requests'}` : '',
    c.score ? 'fundability score changed' : '',
  ].filter(Boolean);
  return parts.join(', ');
}
