import { z } from 'zod';
import { httpUrlMessage, isHttpUrl } from './urls';
import { singleLine } from './text';

// The Credit & Loans Directory: one grid every signed-in user reads; an offer is
// changed or deleted only by its author or an admin (docs/architecture.md, "Where we differ from the original product").

const text = (label: string, max: number, required = true) => {
  // A missing field reads as missing, not as "must be text".
  const s = z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim().max(max, `${label} can be at most ${max} characters.`).check(singleLine(label));
  return required ? s.min(1, `${label} is required.`) : s.default('');
};

export const loanInput = z
  .object({
    title: text('Title', 200),
    aprRange: text('APR range', 100, false),
    loanAmount: text('Loan amount', 100, false),
    termLength: text('Term length', 100, false),
    applyUrl: z
      .string('Apply URL must be text.')
      .trim()
      .max(2048, 'Apply URL can be at most 2048 characters.')
      .check(singleLine('Apply URL'))
      .refine((s) => s === '' || isHttpUrl(s), httpUrlMessage('Apply URL'))
      .default(''),
  })
  .strict();
export type LoanInput = z.infer<typeof loanInput>;

export type Loan = LoanInput & {
  id: string;
  createdAt: string;
  /**
   * Who added it. A client never learns another client's name from the shared directory: `name`
   * is given to admins, for staff's offers and for the asker's own; otherwise null.
   */
  author: { name: string | null; isAdmin: boolean; isYou: boolean } | null;
  /** Whether the asker may edit and delete it (author or admin). */
  canEdit: boolean;
};

export const LOAN_MESSAGES = {
  added: 'Loan added successfully',
  updated: 'Loan updated successfully',
  deleted: 'Loan deleted successfully',
  notFound: 'Loan offer not found.',
  notYours: 'Only the person who added this offer, or an admin, can change it.',
  empty: 'No loan offers yet',
} as const;
