import { z } from 'zod';

/**
 * POST /api/admin/backup: the whole portal (every client's data) as one file, so the administrator
 * confirms their current password again, as for a client's data export with secrets.
 */
export const backupInput = z
  .object({
    password: z
      .string({ message: 'Enter your password to download a backup' })
      .min(1, 'Enter your password to download a backup')
      .max(128, 'Password can be at most 128 characters'),
  })
  .strict();
export const WRONG_BACKUP_PASSWORD = 'The password is not correct, so no backup was made. Try again.';
