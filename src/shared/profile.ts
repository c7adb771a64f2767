import { z } from 'zod';
import { usStateNames } from './us-states';

export const AGREEMENT_TEXT = 'I AGREE';
export const AGREEMENT_MESSAGE = 'You must type "I AGREE" exactly to proceed';
export const MULTIPLE_OWNERS_HINT = 'Please enter 2 or more for multiple owners.';
export const businessStructureValues = ['sole_proprietorship', 'general_partnership', 'llc', 's_corp', 'c_corp', 'professional_corp'] as const;
export const secretProfileFields = ['ssn', 'dob'] as const;
export type SecretProfileField = (typeof secretProfileFields)[number];

const text = (max: number) => z.string().trim().max(max).default('');
const email = z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Please enter a valid email address'))]).default('');

// The Business Owner Profile form. SSN and DOB are optional on save: left out, the stored values stay.
export const profileInput = z
  .object({
    businessName: text(200),
    businessWebsite: text(300),
    ownerFirstName: text(100),
    ownerLastName: text(100),
    ownerSsn: z.string().trim().max(20).regex(/^[0-9\- ]*$/, 'SSN may contain only digits and dashes').optional(),
    ownerDob: z.string().trim().max(60).optional(),
    creditProfile: z.union([z.literal(''), z.enum(usStateNames as unknown as [string, ...string[]])]).default(''),
    businessStructure: z.union([z.literal(''), z.enum(businessStructureValues)]).default(''),
    businessPhone: text(40),
    forwardPhone: text(40),
    businessAddress: text(300),
    ownerHomeAddress: text(300),
    businessEmail: email,
    forwardEmail: email,
    ownerType: z.enum(['sole', 'multiple']).default('sole'),
    numberOfOwners: z.coerce.number().int().min(1).max(1000).default(1),
    agreement: z.string().refine((v) => v.trim().toUpperCase() === AGREEMENT_TEXT, AGREEMENT_MESSAGE),
  })
  .strict()
  .refine((p) => p.ownerType === 'sole' || p.numberOfOwners >= 2, { message: MULTIPLE_OWNERS_HINT, path: ['numberOfOwners'] });
export type ProfileInput = z.input<typeof profileInput>;
