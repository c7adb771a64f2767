import { z } from 'zod';
import { singleLine } from './text';
import { isIsoDate } from './fields';

export const paymentStatuses = ['completed', 'pending'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** What a row may also say once Stripe set it: a card payment that failed, or was refunded. */
export type PaymentRowStatus = PaymentStatus | 'failed' | 'refunded';
export const MAX_PAYMENT_AMOUNT = 1_000_000;
export const ONLY_ADMINS_ADD = 'Only administrators can add payments.';
export const ONLY_ADMINS_EDIT = 'Only administrators can edit payments.';

const fields = {
  description: z
    .string('Please enter a description.')
    .trim()
    .min(1, 'Please enter a description.')
    .max(200, 'The description can be at most 200 characters.')
    .check(singleLine('The description')),
  amount: z
    .number('Please enter an amount.')
    .refine((n) => n !== 0, 'The amount must not be zero.')
    .refine((n) => Math.abs(n) <= MAX_PAYMENT_AMOUNT, 'The amount can be at most $1,000,000.')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'The amount can have at most 2 decimals.'),
  date: z.string('Please enter a date.').refine(isIsoDate, 'Please enter a valid date (YYYY-MM-DD).'),
};

export const paymentInput = z
  .object({
    ...fields,
    status: z.enum(paymentStatuses, 'Status must be completed or pending.').default('completed'),
    included: z.boolean('Included must be true or false.').default(false),
  })
  .strict();
export type PaymentInput = z.input<typeof paymentInput>;

/** An edit sends the whole row back. */
export const paymentUpdate = z
  .object({
    ...fields,
    status: z.enum(paymentStatuses, 'Status must be completed or pending.'),
    included: z.boolean('Included must be true or false.'),
  })
  .strict();
export type PaymentUpdate = z.input<typeof paymentUpdate>;

export type Payment = {
  id: number;
  description: string;
  amount: number;
  date: string;
  status: PaymentRowStatus;
  included: boolean;
};
