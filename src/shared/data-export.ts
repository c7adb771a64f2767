import { z } from 'zod';
import { clientListQuery } from './clients';
import { isTimeZone } from './format';

/**
 * POST /api/clients/:clientId/export: the client's whole data as one zip. With `password` (the
 * caller's own, confirmed again) the secrets (SSN, EIN, date of birth, bank numbers, stored passwords)
 * are included in clear; without it they are masked.
 */
export const dataExportInput = z
  .object({
    password: z
      .string({ message: 'Password must be text' })
      .min(1, 'Enter your password to include secrets')
      .max(128, 'Password can be at most 128 characters')
      .optional(),
  })
  .strict();
export const WRONG_EXPORT_PASSWORD =
  'The password is not correct, so nothing was downloaded. Try again, or download without secrets.';
/** What a secret reads in an export made without the password. */
export const SECRET_HIDDEN = '•••••••• (hidden: confirm your password to include it)';

/** GET /api/clients/export: the Clients screen's search and order, no page (every match is written). */
export const clientsCsvQuery = z
  .object({
    sort: clientListQuery.shape.sort,
    q: clientListQuery.shape.q,
    staff: clientListQuery.shape.staff,
    // The reader's zone, so Created is the day their screen shows (UTC when not sent).
    tz: z
      .string()
      .max(64, 'Time zone can be at most 64 characters')
      .refine(isTimeZone, 'Time zone must be a name such as America/New_York')
      .default('UTC'),
  })
  .strict();
