import { formatDate, formatMoney } from './format';
import type { Program, ProgramId } from './programs-rules';

// The agreements and instalments constants and rules without zod (the web's first paint imports them).

/** Every program is priced in US dollars; the amount and currency of a charge come from here, never from a request. */
export const PROGRAM_CURRENCY = 'usd';

export const instalmentStatuses = ['due', 'paid', 'failed', 'waived', 'paid_outside', 'refunded'] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];
export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  due: 'Due',
  paid: 'Paid',
  failed: 'Failed',
  waived: 'Waived',
  paid_outside: 'Paid outside Stripe',
  refunded: 'Refunded',
};
/** What a client can still pay by card. */
export const isPayable = (s: InstalmentStatus) => s === 'due' || s === 'failed';

/**
 * The program's instalments in dollars: its monthly amount each, the last making up the program's
 * total (the original product's totals are not always monthly x payments: $4,900 is 1,635 + 1,635 + 1,630).
 */
export function instalmentAmounts(p: Pick<Program, 'paymentAmount' | 'payments' | 'totalAmount'>): number[] {
  const monthly = Math.round(p.paymentAmount * 100);
  const total = Math.round(p.totalAmount * 100);
  const amounts = Array.from({ length: p.payments }, (_, i) =>
    i < p.payments - 1 ? monthly : total - monthly * (p.payments - 1),
  );
  return amounts.map((c) => c / 100);
}

/** `iso` plus `months` calendar months (the day kept, or the month's last day when it has fewer). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The fee schedule as Markdown list lines: each instalment, its amount and when it is due. */
export function feeSchedule(p: Program, signedOn: string): string {
  return instalmentAmounts(p)
    .map(
      (amount, i) =>
        `- Payment ${i + 1} of ${p.payments}: ${formatMoney(amount)}, ${i === 0 ? 'due on signing' : `due ${formatDate(addMonths(signedOn, i))}`}`,
    )
    .join('\n');
}

export const AGREEMENT_PLACEHOLDERS = [
  '{{client_name}}',
  '{{program_name}}',
  '{{monthly_amount}}',
  '{{payments}}',
  '{{total_amount}}',
  '{{fee_schedule}}',
  '{{date}}',
] as const;

/** The template's text for one client and day: every placeholder filled in. */
export function fillAgreement(body: string, p: Program, clientName: string, onDay: string): string {
  const values: Record<(typeof AGREEMENT_PLACEHOLDERS)[number], string> = {
    '{{client_name}}': clientName,
    '{{program_name}}': p.name,
    '{{monthly_amount}}': formatMoney(p.paymentAmount),
    '{{payments}}': String(p.payments),
    '{{total_amount}}': formatMoney(p.totalAmount),
    '{{fee_schedule}}': feeSchedule(p, onDay),
    '{{date}}': formatDate(onDay),
  };
  return body.replace(/\{\{[a-z_]+\}\}/g, (m) => values[m as keyof typeof values] ?? m);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const inline = (s: string) =>
  escapeHtml(s)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');

/**
 * The small Markdown an agreement uses (headings, paragraphs, - and 1. lists, **bold**, *italic*)
 * as HTML: every character of the text escaped first, so the result holds only the tags made here;
 * it is passed through the shared sanitiser as well before anyone sees it.
 */
export function agreementHtml(md: string): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(inline).join(' ')}</p>`);
    para = [];
  };
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (const raw of md.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flush();
      closeList();
    } else if (heading) {
      flush();
      closeList();
      const level = heading[1].length + 1;
      out.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${inline((bullet ?? numbered)![1])}</li>`);
    } else {
      closeList();
      para.push(line);
    }
  }
  flush();
  closeList();
  return out.join('\n');
}

/** The agreement as plain text (the PDF's lines): Markdown marks taken out. */
export const agreementPlainText = (md: string) =>
  md
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/^#{1,3}\s+/, '')
        .replace(/\*\*(.+?)\*\*/g, '$1')
        .replace(/(^|[^*])\*([^*]+)\*/g, '$1$2'),
    )
    .join('\n');

export type AgreementTemplate = {
  id: number;
  programId: ProgramId;
  version: number;
  body: string;
  createdAt: string;
};

export type SignedAgreement = {
  id: number;
  programId: ProgramId;
  version: number;
  signedName: string;
  signedAt: string;
  ipAddress: string | null;
  userAgent: string;
  sha256: string;
  documentId: string | null;
};

/** GET .../programs/:programId/agreement: the newest version filled in for the client, and what they signed. */
export type ProgramAgreement = {
  template: { id: number; version: number; html: string };
  signed: SignedAgreement | null;
  /** Card payments are on (Stripe configured): without them "Make a Payment" is the e-mailed request. */
  onlinePayments: boolean;
};

export type Instalment = {
  id: number;
  agreementId: number;
  programId: ProgramId;
  number: number;
  of: number;
  amount: number;
  currency: string;
  dueDate: string;
  status: InstalmentStatus;
  paymentId: number | null;
};

export type RevenueRow = { programId: ProgramId; programName: string; paid: number; due: number; failed: number };

export const INSTALMENT_NOT_FOUND = 'Instalment not found.';
export const SIGN_FIRST = 'Please sign the service agreement for this program before paying.';
export const TEMPLATE_CHANGED =
  'The agreement has changed since you opened it. Please read the new version and sign again.';
export const ALREADY_SIGNED = 'You have already signed the agreement for this program.';
export const ONLY_CLIENT_SIGNS = 'Only the client can sign their agreement.';
export const ONLY_CLIENT_PAYS = 'Only the client can pay their instalments.';
export const PAYMENTS_OFF = 'Card payments are not set up. Use Make a Payment to ask for payment instructions.';
export const NOT_PAYABLE = 'This instalment is not open for payment.';
export const PAYMENT_SERVICE_FAILED = 'The payment service could not be reached. Please try again in a minute.';
