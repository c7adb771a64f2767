import { z } from 'zod';
import { isIsoDate, textField } from './fields';
import { httpUrlField } from './urls';
import { BUREAUS, BUREAU_KEYS, type Bureau, type TradelineSource } from './credit-rules';
export {
  type CardKind,
  CARD_MESSAGES,
  STORE_CARD_SECRETS,
  type StoreCardSecret,
  type Bureau,
  TRADELINE_STALE_DAYS,
  TRADELINE_SOURCES,
  type TradelineSource,
} from './credit-rules';

// Store Credit Building, Revolving Credit, First Step Accounts and tradeline tracking.
// The tables are in src/server/db/schema/credit.ts.

/** An optional amount of money: a number or numeric text ('$' and ',' allowed); '' or null = none. */
export const optionalMoneyField = (label: string, max: number) => {
  const message = `Enter the ${label.toLowerCase()} as a number, like 2500 or 2500.00.`;
  return z
    .union([z.number(message), z.string(message).trim().max(20, message), z.null()], message)
    .optional()
    .transform((v) =>
      v === undefined || v === null || v === '' ? null : typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, '')),
    )
    .pipe(
      z
        .number(message)
        .refine((n) => Number.isFinite(n), message)
        .refine((n) => n >= 0, `${label} cannot be negative.`)
        .refine((n) => n <= max, `${label} can be at most $${max.toLocaleString('en-US')}.`)
        .transform((n) => Math.round(n * 100) / 100)
        .nullable(),
    );
};

/** Card secrets (store cards): omitted = keep, '' = remove. Never in list responses. */
const secretField = (label: string, max: number) =>
  z
    .string(`${label} must be text.`)
    .max(max, `${label} can be at most ${max} characters.`)
    .refine((s) => !s.includes('\u0000'), `${label} contains a character that is not allowed.`)
    .optional();

const cardFields = {
  issuer: textField(200, 'Issuer').refine((s) => s !== '', 'Enter the issuer.'),
  cardType: textField(100, 'Card type'),
  creditLimit: optionalMoneyField('Credit limit', 100_000_000),
  apr: textField(100, 'APR'),
  benefits: textField(2000, 'Benefits', 'many'),
  requirements: textField(2000, 'Requirements', 'many'),
  applicationUrl: httpUrlField('Application URL'),
};

export const storeCardInput = z
  .object({
    ...cardFields,
    accountNumber: secretField('Account number', 64),
    username: secretField('Username', 200),
    password: secretField('Password', 200),
  })
  .strict();
export const revolvingCreditInput = z
  .object({
    ...cardFields,
    rewards: textField(2000, 'Rewards', 'many'),
    annualFee: optionalMoneyField('Annual fee', 1_000_000),
  })
  .strict();
export type StoreCardInput = z.input<typeof storeCardInput>;
export type RevolvingCreditInput = z.input<typeof revolvingCreditInput>;

// ---- Tradelines ----

const optionalDate = (label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .refine((s) => s === '' || isIsoDate(s), `Please enter a valid ${label.toLowerCase()} (YYYY-MM-DD).`)
    .default('');

const bureausField = z
  .array(
    z.enum(BUREAU_KEYS, 'Choose bureaus from Dun & Bradstreet, Experian Business and Equifax Business.'),
    'Bureaus must be a list.',
  )
  .max(BUREAUS.length, 'Choose each bureau at most once.')
  .refine((a) => new Set(a).size === a.length, 'Choose each bureau at most once.')
  .default([]);

export const tradelineInput = z
  .object({
    bureaus: bureausField,
    dateOpened: optionalDate('Date opened'),
    lastReported: optionalDate('Last reported date'),
  })
  .strict()
  .refine((t) => !t.dateOpened || !t.lastReported || t.lastReported >= t.dateOpened, {
    message: 'The last reported date cannot be before the date opened.',
    path: ['lastReported'],
  });
export type TradelineInput = z.input<typeof tradelineInput>;

export type Tradeline = {
  source: TradelineSource;
  /** The card's or the opening's id. */
  id: string;
  name: string;
  bureaus: Bureau[];
  dateOpened: string;
  lastReported: string;
};

// ---- First Step Accounts ----

export const firstStepAccountInput = z
  .object({
    vendor: textField(200, 'Vendor').refine((s) => s !== '', 'Enter the vendor.'),
    sells: textField(1000, 'What it sells', 'many'),
    requirements: textField(2000, 'Requirements', 'many'),
    bureaus: bureausField,
    applicationUrl: httpUrlField('Application URL'),
  })
  .strict();
export type FirstStepAccountInput = z.input<typeof firstStepAccountInput>;

export const firstStepOpenInput = z
  .object({ dateOpened: optionalDate('Date opened').refine((s) => s !== '', 'Enter the date you opened it.') })
  .strict();
