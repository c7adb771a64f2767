import { z } from 'zod';
import { httpUrlField } from './urls';
import { isIsoDate, textField } from './fields';

// Business Bank Accounts: the reference feature (docs/architecture.md, "How to add an area").
// Written by hand rather than derived from the table: the numbers are shown masked and sent only when changed.

export const MAX_MONTHLY_FEES = 1_000_000;

/** Account and routing numbers: digits, dashes and spaces (no other format check, as in the original product). Omitted = keep; '' = remove. */
const bankNumber = (label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(34, `${label} can be at most 34 characters.`)
    .regex(/^[0-9\- ]*$/, `${label} may contain only digits, dashes and spaces.`)
    .optional();

export const MONTHLY_FEES_NOT_A_NUMBER = 'Enter the monthly fees as a number, like 25 or 25.00.';
export const BANK_NAME_REQUIRED = 'Enter the bank name.';

/** Monthly fees: a number or numeric text ('$' and ',' allowed), empty = 0; never negative; cents. */
export const monthlyFeesField = z
  .union(
    [
      z.number(MONTHLY_FEES_NOT_A_NUMBER),
      z.string(MONTHLY_FEES_NOT_A_NUMBER).trim().max(20, MONTHLY_FEES_NOT_A_NUMBER),
    ],
    MONTHLY_FEES_NOT_A_NUMBER,
  )
  .optional()
  .transform((v) => (v === undefined ? 0 : typeof v === 'number' ? v : v === '' ? 0 : Number(v.replace(/[$,\s]/g, ''))))
  .pipe(
    z
      // Text that is no number ('ten') arrives as NaN: say so in words, not zod's "received NaN".
      .number(MONTHLY_FEES_NOT_A_NUMBER)
      .refine((n) => Number.isFinite(n), MONTHLY_FEES_NOT_A_NUMBER)
      .refine((n) => n >= 0, 'Monthly fees cannot be negative.')
      .refine((n) => n <= MAX_MONTHLY_FEES, 'Monthly fees can be at most $1,000,000.')
      .transform((n) => Math.round(n * 100) / 100),
  );

export const bankAccountFlags = [
  { key: 'isDebitCard', label: 'Debit Card' },
  { key: 'isCreditCard', label: 'Credit Card' },
  { key: 'isCdAccount', label: 'CD Account' },
  { key: 'isSavings', label: 'Savings' },
] as const;

const flag = (label: string) => z.boolean(`${label} must be true or false.`).default(false);

/** POST and PATCH bodies (an edit sends the whole card back; numbers only when changed). */
export const bankAccountInput = z
  .object({
    // Required: a card without a bank name is a card of dashes.
    bankName: textField(100, 'Bank name').refine((s) => s !== '', BANK_NAME_REQUIRED),
    accountNumber: bankNumber('Account number'),
    routingNumber: bankNumber('Routing number'),
    accountOwner: textField(200, 'Account owner'),
    // What the bank has on file: the fundability check compares them with the profile's.
    // A postal address may span lines (street, then city and ZIP), as the fundability check reads it.
    address: textField(300, 'Address on the account', 'many'),
    phone: textField(40, 'Phone on the account'),
    dateOpened: z
      .string('Date opened must be text.')
      .trim()
      .refine((s) => s === '' || isIsoDate(s), 'Please enter a valid date opened (YYYY-MM-DD).')
      .default(''),
    notes: textField(2000, 'Notes', 'many'),
    businessAccountUrl: httpUrlField('Business Url'),
    monthlyFees: monthlyFeesField,
    isDebitCard: flag('Debit card'),
    isCreditCard: flag('Credit card'),
    isCdAccount: flag('CD account'),
    isSavings: flag('Savings'),
  })
  .strict();
export type BankAccountInput = z.input<typeof bankAccountInput>;
export type BankAccountValues = z.output<typeof bankAccountInput>;

export const bankNumberFields = ['account-number', 'routing-number'] as const;
export type BankNumberField = (typeof bankNumberFields)[number];

/** A bank account as lists show it: numbers masked, never in clear. */
export type BankAccount = {
  id: string;
  clientId: string;
  bankName: string;
  accountOwner: string;
  address: string;
  phone: string;
  dateOpened: string;
  notes: string;
  businessAccountUrl: string;
  monthlyFees: number;
  isDebitCard: boolean;
  isCreditCard: boolean;
  isCdAccount: boolean;
  isSavings: boolean;
  accountNumberMasked: string;
  routingNumberMasked: string;
  hasAccountNumber: boolean;
  hasRoutingNumber: boolean;
  createdAt: string;
  updatedAt: string;
};
/** The admin's list of every client's accounts carries the client's name. */
export type BankAccountWithClient = BankAccount & { clientName: string; clientEmail: string };

export const USER_NOT_AUTHENTICATED = 'User not authenticated';
