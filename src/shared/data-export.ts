import { z } from 'zod';
import { clientListQuery } from './clients';

/**
 * POST /api/clients/:clientId/export: the client's whole data as one zip. With `password` (the
 * caller's own, confirmed again) the secrets (SSN, EIN, date of birth, bank numbers, stored passwords)
 * are included in clear; without it they are masked.
 */
export const dataExportInput = z
  .object({
    password: z.string({ message: 'Password must be text' }).min(1, 'Enter your password to include secrets').max(128, 'Password can be at most 128 characters').optional(),
  })
  .strict();
export type DataExportInput = z.output<typeof dataExportInput>;

export const WRONG_EXPORT_PASSWORD = 'The password is not correct, so nothing was downloaded. Try again, or download without secrets.';
/** What a secret reads in an export made without the password. */
export const SECRET_HIDDEN = '•••••••• (hidden: confirm your password to include it)';

/** The clients list as CSV: the same search and order as the Clients screen. */
export const CLIENTS_CSV_COLUMNS = ['Name', 'Email', 'Phone', 'Password', 'Provider', 'Member', 'Created'] as const;

/** GET /api/clients/export: the Clients screen's search and order, no page (every match is written). */
export const clientsCsvQuery = z.object({ sort: clientListQuery.shape.sort, q: clientListQuery.shape.q }).strict();
