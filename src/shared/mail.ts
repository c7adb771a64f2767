import { z } from 'zod';
import { MAIL_ATTACHMENTS } from './limits';
import { singleLine } from './text';

/**
 * A file an outbox message carries: a stored object (by its storage key, the key rules of
 * server/storage), the name the recipient sees and its type. The mailer reads the bytes when it
 * sends, so the outbox row stays small and a retry reads them again.
 */
export const mailAttachment = z.object({
  key: z
    .string()
    .max(512)
    .regex(/^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/)
    .refine((k) => !k.split('/').some((p) => p === '.' || p === '..'), 'Invalid storage key.'),
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .check(singleLine('The file name'))
    .refine((n) => !/[/\\]/.test(n), 'The file name cannot contain a slash.'),
  contentType: z
    .string()
    .max(100)
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/i),
});
export type MailAttachment = z.infer<typeof mailAttachment>;

export const mailAttachments = z.array(mailAttachment).max(MAIL_ATTACHMENTS.max);
