import type { Bureau, StoreCardSecret } from './credit';

// Store Credit and Revolving Credit cards as lists show them (the inputs are in ./credit.ts).
// Store cards' secrets never appear here: only whether each is on file and its mask.

/** What the tradeline section of a card shows and edits (written by the tradelines routes, not the card's). */
export type CardTradeline = { bureaus: Bureau[]; dateOpened: string; lastReported: string };

type CardBase = {
  id: string;
  clientId: string;
  issuer: string;
  cardType: string;
  creditLimit: number | null;
  apr: string;
  benefits: string;
  requirements: string;
  applicationUrl: string;
  tradeline: CardTradeline;
  createdAt: string;
  updatedAt: string;
};

export type StoreCard = CardBase & {
  kind: 'store';
  accountNumberMasked: string;
  usernameMasked: string;
  passwordMasked: string;
  hasAccountNumber: boolean;
  hasUsername: boolean;
  hasPassword: boolean;
};

export type RevolvingCredit = CardBase & { kind: 'revolving'; rewards: string; annualFee: number | null };

export type Card = StoreCard | RevolvingCredit;
/** The admins' all-clients lists name each card's client. */
export type WithClient<T> = T & { clientName: string; clientEmail: string };

/** The card secrets with their labels (reveal route segment -> label). */
export const STORE_CARD_SECRET_LABELS: Record<StoreCardSecret, string> = {
  'account-number': 'Account Number',
  username: 'Username',
  password: 'Password',
};

/** A stored password is never shown by its last letters: only dots. */
export const PASSWORD_MASK = '••••••••';
