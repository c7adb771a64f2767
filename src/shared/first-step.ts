import type { Bureau } from './credit';
import { JOIN_LINK_LABEL } from './membership-rules';

// First Step Accounts: the starter vendor accounts (net-30 tradelines) admins maintain,
// open to members and admins; a member marks one opened, and it becomes one of their tradelines.
// Inputs and the notice title are in src/shared/credit.ts.

export type FirstStepAccount = {
  id: string;
  vendor: string;
  sells: string;
  requirements: string;
  bureaus: Bureau[];
  applicationUrl: string;
  createdAt: string;
  updatedAt: string;
};

/** A member's opening of an account: its tradeline (the bureaus are copied from the account when opened). */
export type FirstStepOpening = { id: string; bureaus: Bureau[]; dateOpened: string; lastReported: string };

/** The list a client (or an admin for them) reads: each account with the client's opening, if any. */
export type FirstStepAccountForClient = FirstStepAccount & { opening: FirstStepOpening | null };

/** The original product's notice, and the server's 403 to a non-member (it points to Business Programs). */
export const MEMBERS_ONLY_TEXT = 'First Step Accounts are exclusive to registered members.';
export const MEMBERS_ONLY_ERROR = `${MEMBERS_ONLY_TEXT} See ${JOIN_LINK_LABEL} to become a member.`;

export const FIRST_STEP_MESSAGES = {
  notFound: 'First Step Account not found.',
  alreadyOpened: 'You have already marked this account as opened.',
  notOpened: 'This account is not marked as opened.',
} as const;
