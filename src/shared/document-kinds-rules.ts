// What a lender calls a business document, and how old it may be: zod-free, for the web's first paint.

/**
 * The kinds of document lenders ask for. `maxAgeDays`: past it, lenders ask for a newer one (a
 * good-standing certificate a month, statements and proof of address three months); null: no age
 * limit. `recommended`: a funding packet lists it as missing when the client has none.
 */
export const documentKinds = [
  { kind: 'articles', label: 'Articles of organization / incorporation', maxAgeDays: null, recommended: true },
  { kind: 'ein_letter', label: 'EIN confirmation letter', maxAgeDays: null, recommended: true },
  { kind: 'operating_agreement', label: 'Operating agreement / bylaws', maxAgeDays: null, recommended: true },
  { kind: 'good_standing', label: 'Certificate of good standing', maxAgeDays: 30, recommended: true },
  { kind: 'business_license', label: 'Business license', maxAgeDays: null, recommended: true },
  { kind: 'bank_statement', label: 'Bank statement', maxAgeDays: 90, recommended: true },
  { kind: 'proof_of_address', label: 'Utility bill / proof of address', maxAgeDays: 90, recommended: true },
  { kind: 'tax_return', label: 'Tax return', maxAgeDays: null, recommended: false },
  { kind: 'other', label: 'Other', maxAgeDays: null, recommended: false },
] as const;

export type DocumentKind = (typeof documentKinds)[number]['kind'];
export const documentKindIds = documentKinds.map((k) => k.kind) as [DocumentKind, ...DocumentKind[]];

export const kindInfo = (kind: string | null | undefined) => documentKinds.find((k) => k.kind === kind) ?? null;
export const kindLabel = (kind: string | null | undefined) => kindInfo(kind)?.label ?? 'No type';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A document's age in whole days, counted from its upload: the portal knows when a file arrived,
 * not the date printed on it, so a file uploaded today is today's as far as the flag goes.
 */
export const ageInDays = (since: string | Date, now: Date = new Date()) =>
  Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS));

/** Whether a document of this kind is older than lenders accept. */
export function isOutOfDate(kind: string | null | undefined, since: string | Date, now: Date = new Date()) {
  const max = kindInfo(kind)?.maxAgeDays;
  return max != null && ageInDays(since, now) > max;
}

/** The words beside a document past its age. */
export const outOfDateText = (kind: string | null | undefined) =>
  `Older than ${kindInfo(kind)?.maxAgeDays ?? 0} days: lenders ask for a newer one.`;

export type VerificationStatus = 'verified' | 'rejected';

/** Staff's check of a document, as the client sees it. */
export type DocumentVerification = {
  status: VerificationStatus;
  reason: string | null;
  byName: string | null;
  at: string;
};
