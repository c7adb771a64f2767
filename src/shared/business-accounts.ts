import { z } from 'zod';
import { pageFields } from './paging';
import { textField } from './fields';
import { httpUrlField } from './urls';
import { singleLine } from './text';

// Business Presence Accounts (labelled Business Accounts): an account with any number of label/value details.

export const ACCOUNT_NAME_REQUIRED = 'Account name is required';
export const MAX_DETAILS = 50;
/** An account with every field and detail at its maximum is about 60 kB: a page of 12 stays well under 1 MB. */
export const businessAccountListQuery = z.object(pageFields(12, 12)).strict();
export const businessAccountMessages = {
  added: 'Account added successfully',
  deleted: 'Account deleted successfully!',
  error: 'Error saving account',
} as const;

export const businessAccountDetailInput = z
  .object({
    label: z
      .string('Detail label must be text.')
      .trim()
      .min(1, 'Each detail needs a label.')
      .max(100, 'A detail label can be at most 100 characters.')
      .check(singleLine('A detail label')),
    value: textField(1000, 'A detail value'),
  })
  .strict();

export const businessAccountInput = z
  .object({
    name: z
      .string(ACCOUNT_NAME_REQUIRED)
      .trim()
      .min(1, ACCOUNT_NAME_REQUIRED)
      .max(200, 'Account name can be at most 200 characters.')
      .check(singleLine('Account name')),
    description: textField(2000, 'Description', 'many'),
    businessAccountUrl: httpUrlField('URL'),
    notes: textField(2000, 'Notes', 'many'),
    details: z
      .array(businessAccountDetailInput, 'Details must be a list.')
      .max(MAX_DETAILS, `At most ${MAX_DETAILS} details.`)
      .default([]),
    // The form carries a status (initially Pending); it is never used on save (as the original product does): accepted and ignored.
    status: z.string().max(50).optional(),
  })
  .strict();
export type BusinessAccountInput = z.input<typeof businessAccountInput>;
export type BusinessAccountValues = z.output<typeof businessAccountInput>;

export type BusinessAccountDetail = { id: number; label: string; value: string };
export type BusinessAccount = {
  id: string;
  name: string;
  description: string;
  status: string;
  businessAccountUrl: string;
  notes: string;
  details: BusinessAccountDetail[];
  createdAt: string;
};
