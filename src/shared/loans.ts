import { z } from 'zod';
import { httpUrlMessage, isHttpUrl } from './urls';
import { singleLine } from './text';
import { pageFields } from './paging';

// The Credit & Loans Directory: one grid every signed-in user reads; an offer is
// changed or deleted only by its author or an admin (docs/architecture.md, "Where we differ from the original product").
// A client's offer is shown to others only once staff approve it: a directory every client trusts
// must not carry phishing links. Its author sees it at once, marked as waiting.

/** Where an offer stands with staff. Staff's own offers are approved when added. */
export const loanReviewStates = ['pending', 'approved', 'rejected'] as const;
export type LoanReviewState = (typeof loanReviewStates)[number];
export const LOAN_REVIEW_LABELS: Record<LoanReviewState, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Not approved',
};

const text = (label: string, max: number, required = true) => {
  // A missing field reads as missing, not as "must be text".
  const s = z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .check(singleLine(label));
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

/** GET /api/loans: a page, optionally of one review state (staff's queue: pending). */
export const loanListQuery = z
  .object({
    ...pageFields(),
    review: z.enum(loanReviewStates, { error: `Review must be one of: ${loanReviewStates.join(', ')}.` }).optional(),
  })
  .strict();

export const LOAN_REJECT_REASON_MAX = 500;
/** POST /api/loans/:loanId/review (admins): approve, or reject with an optional reason the author reads. */
export const loanReviewInput = z
  .object({
    state: z.enum(['approved', 'rejected'], { error: 'State must be approved or rejected.' }),
    reason: z
      .string('Reason must be text.')
      .trim()
      .max(LOAN_REJECT_REASON_MAX, `Reason can be at most ${LOAN_REJECT_REASON_MAX} characters.`)
      .default(''),
  })
  .strict();
export type LoanReviewInput = z.infer<typeof loanReviewInput>;

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
  /** Others only ever receive approved offers; the author and staff see every state. */
  review: LoanReviewState;
  /** Staff's reason when rejected (the author and staff only). */
  rejectReason: string;
};

export const LOAN_MESSAGES = {
  added: 'Loan added successfully',
  updated: 'Loan updated successfully',
  deleted: 'Loan deleted successfully',
  notFound: 'Loan offer not found.',
  notYours: 'Only the person who added this offer, or an admin, can change it.',
  empty: 'No loan offers yet',
  noneWaiting: 'No offers are waiting for review',
  approved: 'Offer approved: everyone now sees it',
  rejected: 'Offer rejected: its author has been told',
  alreadyReviewed: (state: 'approved' | 'rejected') => `This offer is already ${state}.`,
} as const;
