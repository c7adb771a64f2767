// Fundability check: what stands between a client and funding. The rules are small pure
// functions over FundabilityFacts (fundability-checks.ts, comparing values as fundability-compare.ts
// normalises them); the server gathers the facts, the page and the dashboard show the result.
// Adding a check means adding one function to CHECKS.

import { CHECKS } from './fundability-checks';

export type CheckState = 'passed' | 'failed' | 'unknown';

/** The id of every check, in the order the page lists them. */
export const checkIds = [
  'name-consistent',
  'address-consistent',
  'phone-consistent',
  'business-phone-separate',
  'business-email-domain',
  'website-domain',
  'ein',
  'bank-account',
  'tasks-on-time',
  'dnb-tradelines',
  'capital-score-tier',
] as const;
export type CheckId = (typeof checkIds)[number];

/** Everything the checks read, gathered by the server for one client. Plain text, never secrets. */
export type FundabilityFacts = {
  profile: {
    businessName: string;
    businessAddress: string;
    businessPhone: string;
    /** Where business calls are forwarded: the owner's own phone. */
    forwardPhone: string;
    businessEmail: string;
    businessWebsite: string;
    /** Whether an EIN is stored (the value itself stays encrypted on the server). */
    hasEin: boolean;
  } | null;
  /** The owner's personal phone from their user account. */
  ownerPhone: string;
  /** Business presence accounts: their name and label/value details (labels like 'Address', 'Phone'). */
  presenceAccounts: { id: string; name: string; details: { label: string; value: string }[] }[];
  bankAccounts: { id: string; bankName: string; accountOwner: string; address: string; phone: string }[];
  tasks: { total: number; overdue: number };
  /** Tradelines reporting to Dun & Bradstreet, or null when the client has no tradeline records. */
  dnbTradelines: number | null;
  /** The latest CapitalScore, or null when none is recorded. */
  capitalScore: number | null;
};

/** Where the client fixes a check: a portal path and the words of the link. */
export type FixLink = { href: string; label: string };

export type CheckResult = {
  id: CheckId;
  title: string;
  state: CheckState;
  /** One sentence: why it passed, what differs, or what is missing. */
  reason: string;
  /** Points this check is worth; the weights of all checks add up to 100. */
  weight: number;
  fix: FixLink | null;
};

export type FundabilityResult = {
  /** 0-100: the weights of the passed checks. */
  score: number;
  checks: CheckResult[];
  /** The failed or not yet possible checks worth the most points, at most three. */
  topFixes: CheckResult[];
};

/** GET /api/clients/:clientId/fundability */
export type FundabilityAnswer = FundabilityResult & { computedAt: string };
/** One point of the score's history. */
export type FundabilityPoint = { score: number; computedAt: string };

const byWeight = (a: CheckResult, b: CheckResult) => b.weight - a.weight;

/** Runs every check: the score is the weight of the passed ones; the top fixes are failed, then unknown, heaviest first. */
export function evaluateFundability(facts: FundabilityFacts): FundabilityResult {
  const checks = CHECKS.map((check) => check(facts));
  const score = checks.filter((c) => c.state === 'passed').reduce((sum, c) => sum + c.weight, 0);
  const topFixes = [
    ...checks.filter((c) => c.state === 'failed').sort(byWeight),
    ...checks.filter((c) => c.state === 'unknown').sort(byWeight),
  ].slice(0, 3);
  return { score, checks, topFixes };
}
