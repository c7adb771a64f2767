// The scores constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. scores.ts re-exports them beside its schemas (one source for both sides).

// CapitalScore and PAYDEX (the original product's CapitalScore page). Admins set a client's
// scores, each save a history row; the client's own marker is a what-if explorer (docs/architecture.md, "Where we differ
// from the original product") and is never saved.

export const CAPITAL_SCORE = { min: 500, max: 1000, default: 500, sliderDefault: 750 } as const;
export const PAYDEX_SCORE = { min: 0, max: 100 } as const;
/** The marks under the Score Range bar. */
export const CAPITAL_SCORE_MARKS = [500, 625, 750, 875, 1000] as const;

export type TierName = 'Foundational' | 'Emerging' | 'Established' | 'Prime';
export type Tier = { name: TierName; min: number; max: number; description: string[]; fundingPotential: string };

/** The four tiers, lowest first. */
export const TIERS: readonly Tier[] = [
  {
    name: 'Foundational',
    min: 500,
    max: 624,
    description: [
      'Business entity formed and registered with the state',
      'Fewer than 25% of the 45 compliance points completed',
      'No or few trade lines reporting to the business bureaus',
    ],
    fundingPotential: 'Starter vendor accounts and secured business cards; little unsecured funding yet.',
  },
  {
    name: 'Emerging',
    min: 625,
    max: 749,
    description: [
      'About 25-50% of the 45 compliance points completed',
      'Business bank account open with regular deposits',
      'First net-30 vendor accounts reporting on-time payments',
    ],
    fundingPotential: 'Store credit cards and small revolving lines, typically $5,000 to $25,000.',
  },
  {
    name: 'Established',
    min: 750,
    max: 874,
    description: [
      'About 50-85% of the 45 compliance points completed',
      'Paydex above 75-80 with several trade lines reporting',
      'Consistent business revenue and bank history',
    ],
    fundingPotential: 'Unsecured business credit cards and term loans, typically $25,000 to $100,000.',
  },
  {
    name: 'Prime',
    min: 875,
    max: 1000,
    description: [
      '85%+ of the 45 compliance points completed',
      'Strong Paydex and a long record of on-time payments',
      'Full business credit profile across the bureaus',
    ],
    fundingPotential: 'Large credit lines, SBA and bank loans, typically $100,000 and more.',
  },
];

/** The tier of a CapitalScore: Prime at 875 and above, Established at 750, Emerging at 625, otherwise Foundational. */
export function tierFor(score: number): Tier {
  return [...TIERS].reverse().find((t) => score >= t.min) ?? TIERS[0]!;
}

export type PaydexColour = 'green' | 'yellow' | 'red';
/** Green at 80 and above, yellow at 50 and above, otherwise red. */
export const paydexColour = (score: number): PaydexColour => (score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red');

export type PaydexRisk = 'Low risk' | 'Medium risk' | 'High risk';
/** Risk bands 1-49 high, 50-79 medium, 80-100 low (0, below the bands, counts as high). */
export const paydexRisk = (score: number): PaydexRisk =>
  score >= 80 ? 'Low risk' : score >= 50 ? 'Medium risk' : 'High risk';

/** The PAYDEX card's three static texts. */
export const PAYDEX_STATIC_TEXTS = [
  { label: 'Payment Behavior', text: 'Payments made on terms' },
  { label: 'Score Trend', text: 'Stable over last 3 months' },
  { label: 'Recommendation', text: 'Maintain current payment patterns' },
] as const;

/** The reference table: PAYDEX scores from 100 down to 1 and the payment habit each stands for. */
export const PAYDEX_REFERENCE: readonly { score: string; payment: string }[] = [
  { score: '100', payment: 'Pays 30 days sooner than terms (anticipates)' },
  { score: '90', payment: 'Pays 20 days sooner than terms (discounts)' },
  { score: '80', payment: 'Pays on terms (prompt)' },
  { score: '70', payment: 'Pays 15 days beyond terms' },
  { score: '60', payment: 'Pays 22 days beyond terms' },
  { score: '50', payment: 'Pays 30 days beyond terms' },
  { score: '40', payment: 'Pays 60 days beyond terms' },
  { score: '30', payment: 'Pays 90 days beyond terms' },
  { score: '20', payment: 'Pays 120 days beyond terms' },
  { score: '1-19', payment: 'Pays more than 120 days beyond terms' },
];

export const SCORE_LINKS = {
  learnMore: 'https://www.dnb.com/resources/business-credit-scores.html',
  fullReport: 'https://www.dnb.com/',
} as const;

export const SCORE_MESSAGES = {
  loadFailed: 'Failed to load scores',
  capitalSaved: 'CapitalScore updated successfully',
  capitalFailed: 'Failed to update CapitalScore',
  paydexSaved: 'PAYDEX score updated successfully',
  paydexFailed: 'Failed to update PAYDEX score',
  noPaydex: 'No PAYDEX score yet',
} as const;

/** How many history rows of each score one response carries (the newest). */
export const SCORE_HISTORY_LIMIT = 100;

export type ScorePoint = { score: number; lastUpdatedAt: string };
/** GET /api/clients/:clientId/scores. Histories oldest first; `latest` is the newest row or null. */
export type ScoresResponse = {
  capital: { latest: ScorePoint | null; history: ScorePoint[] };
  paydex: { latest: ScorePoint | null; history: ScorePoint[] };
};

/** The client's notification text when a score changes. */
export const scoreChangedText = (name: 'CapitalScore' | 'PAYDEX score', from: number | null, to: number) =>
  from === null ? `Your ${name} is now ${to}` : `Your ${name} changed from ${from} to ${to}`;
