// The credit constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. credit.ts re-exports them beside its schemas (one source for both sides).

export const CARD_KINDS = ['store', 'revolving'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The original product's card messages, verbatim. */
export const CARD_MESSAGES = {
  added: 'Card added successfully!',
  addFailed: 'Failed to add card.',
  updated: 'Card updated successfully!',
  updateFailed: 'Failed to update card.',
  userNotFound: 'User not found',
  deleted: { store: 'Store Credit Deleted Successfully', revolving: 'Revolving Credit Deleted Successfully' },
} as const;

export const STORE_CARD_SECRETS = ['account-number', 'username', 'password'] as const;
export type StoreCardSecret = (typeof STORE_CARD_SECRETS)[number];

export const BUREAUS = [
  { key: 'dnb', label: 'Dun & Bradstreet' },
  { key: 'experian', label: 'Experian Business' },
  { key: 'equifax', label: 'Equifax Business' },
] as const;
export type Bureau = (typeof BUREAUS)[number]['key'];
export const BUREAU_KEYS = BUREAUS.map((b) => b.key) as [Bureau, ...Bureau[]];
export const bureauLabel = (key: Bureau) => BUREAUS.find((b) => b.key === key)?.label ?? key;

/** A tradeline not reported for this many days is stale (and its client is told once per stale period). */
export const TRADELINE_STALE_DAYS = 45;
/** PAYDEX needs at least this many trade experiences reported to Dun & Bradstreet. */
export const PAYDEX_MIN_TRADELINES = 3;

export const TRADELINE_SOURCES = ['store', 'revolving', 'first-step'] as const;
export type TradelineSource = (typeof TRADELINE_SOURCES)[number];

export const MEMBERS_ONLY_TITLE = 'Members Only Access';
