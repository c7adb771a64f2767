import { z } from 'zod';
import { multiLine, singleLine } from './text';
import { pageFields } from './paging';
import { programIds } from './programs-rules';

export * from './billing-rules';

const programId = z.enum(programIds, 'Please select a program.');

/** POST /api/agreement-templates: a new version of a program's agreement. */
export const agreementTemplateInput = z
  .object({
    programId,
    body: z
      .string('Please enter the agreement text.')
      .trim()
      .min(1, 'Please enter the agreement text.')
      .max(20_000, 'The agreement can be at most 20,000 characters.')
      .check(multiLine('The agreement')),
  })
  .strict();
export type AgreementTemplateInput = z.input<typeof agreementTemplateInput>;

export const agreementTemplateQuery = z.object({ programId, ...pageFields(20) }).strict();

/** GET /api/clients/:clientId/agreement?programId=: the agreement a client is about to sign. */
export const agreementQuery = z.object({ programId }).strict();

/** POST /api/clients/:clientId/checkout: pay the program's next instalment (the amount is the program's). */
export const checkoutInput = z.object({ programId }).strict();
export type CheckoutInput = z.input<typeof checkoutInput>;

/** POST /api/clients/:clientId/agreements: the client signs the version they read. */
export const signAgreementInput = z
  .object({
    programId,
    templateId: z.number('The agreement version is missing.').int().min(1).max(2_147_483_647),
    fullName: z
      .string('Please type your full name.')
      .trim()
      .min(2, 'Please type your full name.')
      .max(200, 'Your name can be at most 200 characters.')
      .check(singleLine('Your name')),
    consent: z.literal(true, 'Please tick the box to agree.'),
  })
  .strict();
export type SignAgreementInput = z.input<typeof signAgreementInput>;

/** POST .../instalments/:instalmentId/settle (administrators): waived, or paid another way. */
export const settleInstalmentInput = z
  .object({
    outcome: z.enum(['waived', 'paid_outside'], 'Outcome must be waived or paid_outside.'),
    note: z
      .string()
      .trim()
      .max(500, 'The note can be at most 500 characters.')
      .check(singleLine('The note'))
      .default(''),
  })
  .strict();
export type SettleInstalmentInput = z.input<typeof settleInstalmentInput>;
