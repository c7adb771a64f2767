import { z } from 'zod';
import { usStateNames } from './us-states';
import { httpUrlField } from './urls';
import { singleLine } from './text';

export const AGREEMENT_TEXT = 'I AGREE';
export const AGREEMENT_MESSAGE = 'You must type "I AGREE" exactly to proceed';
export const MULTIPLE_OWNERS_HINT = 'Please enter 2 or more for multiple owners.';
export const businessStructureValues = [
  'sole_proprietorship',
  'general_partnership',
  'llc',
  's_corp',
  'c_corp',
  'professional_corp',
] as const;
export const secretProfileFields = ['ssn', 'dob', 'ein'] as const;
export type SecretProfileField = (typeof secretProfileFields)[number];

export const EIN_MESSAGE = 'Please enter the EIN as NN-NNNNNNN';
/** An EIN as the IRS writes it: 9 digits as NN-NNNNNNN (digits alone are accepted and formatted); '' clears it. */
export const einField = z
  .string(EIN_MESSAGE)
  .trim()
  .max(20, EIN_MESSAGE)
  .refine((s) => s === '' || /^\d{2}-?\d{7}$/.test(s.replace(/\s+/g, '')), EIN_MESSAGE)
  .transform((s) => {
    const digits = s.replace(/\D/g, '');
    return digits === '' ? '' : `${digits.slice(0, 2)}-${digits.slice(2)}`;
  });

const text = (max: number, label: string) => z.string().trim().max(max).check(singleLine(label)).default('');
const email = z
  .union([z.literal(''), z.string().trim().max(254).pipe(z.email('Please enter a valid email address'))])
  .default('');

// The Business Owner Profile form. SSN, DOB and EIN are optional on save: left out, the stored values stay.
export const profileInput = z
  .object({
    businessName: text(200, 'Business Name'),
    businessWebsite: httpUrlField('Business Website', 300),
    ownerFirstName: text(100, 'Owner First Name'),
    ownerLastName: text(100, 'Owner Last Name'),
    ownerSsn: z
      .string()
      .trim()
      .max(20)
      .regex(/^[0-9\- ]*$/, 'SSN may contain only digits and dashes')
      .optional(),
    ownerDob: z.string().trim().max(60).check(singleLine('Date of Birth')).optional(),
    ein: einField.optional(),
    creditProfile: z.union([z.literal(''), z.enum(usStateNames as unknown as [string, ...string[]])]).default(''),
    businessStructure: z.union([z.literal(''), z.enum(businessStructureValues)]).default(''),
    businessPhone: text(40, 'Business Phone'),
    forwardPhone: text(40, 'Forward Phone'),
    businessAddress: text(300, 'Business Address'),
    ownerHomeAddress: text(300, 'Owner Home Address'),
    businessEmail: email,
    forwardEmail: email,
    ownerType: z.enum(['sole', 'multiple']).default('sole'),
    numberOfOwners: z.coerce.number().int().min(1).max(1000).default(1),
    agreement: z.string().refine((v) => v.trim().toUpperCase() === AGREEMENT_TEXT, AGREEMENT_MESSAGE),
  })
  .strict()
  .refine((p) => p.ownerType === 'sole' || p.numberOfOwners >= 2, {
    message: MULTIPLE_OWNERS_HINT,
    path: ['numberOfOwners'],
  });
export type ProfileInput = z.input<typeof profileInput>;

/** The fields the completion rule needs filled (as the original product does); SSN and DOB count when stored. */
export const requiredProfileFields = [
  'businessName',
  'businessWebsite',
  'ownerFirstName',
  'ownerLastName',
  'ownerSsn',
  'ownerDob',
  'creditProfile',
  'businessStructure',
  'businessPhone',
  'forwardPhone',
  'businessAddress',
  'ownerHomeAddress',
  'businessEmail',
  'forwardEmail',
  'ownerType',
] as const;
export type CompletionFields = Record<(typeof requiredProfileFields)[number], string | null | undefined>;
const validEmail = z.email();

/** Whether a saved profile completes the 'Complete Your My Account Section' task. */
export function isProfileComplete(p: CompletionFields): boolean {
  return (
    requiredProfileFields.every((k) => (p[k] ?? '').trim() !== '') &&
    validEmail.safeParse((p.businessEmail ?? '').trim()).success &&
    validEmail.safeParse((p.forwardEmail ?? '').trim()).success
  );
}

/** The owner-count input: non-numeric becomes 1, below 1 becomes 1. */
export function normalizeOwnerCount(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/** Choosing sole sets the count to 1; choosing multiple raises it to 2 if lower. */
export const ownersForType = (type: 'sole' | 'multiple', current: number) =>
  type === 'sole' ? 1 : Math.max(2, current);

export const COMPLETE_PROFILE_TASK = 'Complete Your My Account Section';

/** Notification Preferences (the original product's users.push_alert_enabled / email_alert_enabled). */
// weeklyDigestEnabled: the Monday digest e-mail (clients only); optional in a save so a form without it keeps it.
export const preferencesInput = z
  .object({
    pushAlertEnabled: z.boolean(),
    emailAlertEnabled: z.boolean(),
    weeklyDigestEnabled: z.boolean().optional(),
  })
  .strict();
export type PreferencesInput = z.infer<typeof preferencesInput>;
export type Preferences = Required<PreferencesInput>;
