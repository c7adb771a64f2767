import { formatMoneyWhole } from './format';

// The programs constants and rules without a zod schema: the web's first paint imports them from here,
// so it loads without zod. programs.ts re-exports them beside its schemas (one source for both sides).

export const programIds = ['standard', 'advanced', 'enterprise'] as const;
export type ProgramId = (typeof programIds)[number];

export type Program = {
  id: ProgramId;
  name: string;
  description: string;
  /** Per month, in dollars. */
  paymentAmount: number;
  /** Number of monthly payments. */
  payments: number;
  /** In dollars, as the original product gives it (not always paymentAmount x payments). */
  totalAmount: number;
  includedFeatures: string[];
};

// The fixed build-out programs, with the original product's figures as given.
export const programs: readonly Program[] = [
  {
    id: 'standard',
    name: 'Standard Business Build-Out Program',
    description:
      'Everything a new company needs to get formed, banked and compliant: 45 compliance services bundled in one program, valued at more than $5,800 if bought separately.',
    paymentAmount: 1600,
    payments: 2,
    totalAmount: 3200,
    includedFeatures: [
      '45 business compliance services, valued at more than $5,800 if bought separately',
      'Business entity formation and EIN registration',
      'Registered agent and business address setup',
      'Business bank account guidance',
      'Business phone and professional email setup',
      'Compliance task calendar with reminders',
      'Training videos and The Secret to Wealth, Volumes 1 & 2',
    ],
  },
  {
    id: 'advanced',
    name: 'Advanced Business Build-Out Program',
    description:
      'The Standard build-out plus web presence and business-credit building; the same services bought separately would exceed $12,400.',
    paymentAmount: 1635,
    payments: 3,
    totalAmount: 4900,
    includedFeatures: [
      'Everything in the Standard Business Build-Out Program',
      'Services that would exceed $12,400 if bought separately',
      'Business website and domain setup',
      'Business listings and social media profiles',
      'D-U-N-S number and business credit file setup',
      'First-step vendor accounts to start building business credit',
      'Priority support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise Plan Business Build-Out Program',
    description:
      'The complete build-out for growing companies: everything in Advanced, plus store and revolving credit, funding preparation and dedicated guidance.',
    paymentAmount: 3199,
    payments: 3,
    totalAmount: 9595,
    includedFeatures: [
      'Everything in the Advanced Business Build-Out Program',
      'Store credit and revolving credit account building',
      'Term loan, account receivable and purchase order financing preparation',
      'Social media automations',
      'CapitalScore monitoring',
      'A dedicated build-out specialist',
    ],
  },
];

export const programById = (id: string) => programs.find((p) => p.id === id);

/** '{monthly}/month for {n} months, TOTAL {total}', in whole dollars. */
export const planSummary = (p: Pick<Program, 'paymentAmount' | 'payments' | 'totalAmount'>) =>
  `${formatMoneyWhole(p.paymentAmount)}/month for ${p.payments} months, TOTAL ${formatMoneyWhole(p.totalAmount)}`;

export const PROGRAM_REQUEST_FAILED = 'Failed to send payment request. Please try again.';
