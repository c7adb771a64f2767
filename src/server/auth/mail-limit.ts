import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { consumeRateLimit, keyHash } from '../middleware/rate-limit';

/** Mails of one kind to one recipient, whatever address asks for them: a few an hour. */
export const AUTH_MAIL_LIMIT = { max: 3, windowSeconds: 60 * 60 };
export type AuthMailKind = 'reset' | 'account-exists' | 'verification' | 'sign-in-code';

/**
 * Counts one mail of `kind` to `to` and says whether it may go. Over the limit the caller skips
 * it silently: the API answers as usual, so the answer never tells whether the address exists.
 */
export async function mayMail(db: Db, log: Logger, kind: AuthMailKind, to: string) {
  const key = `auth-mail:${kind}:${keyHash(to.trim().toLowerCase())}`;
  const { allowed } = await consumeRateLimit(db, key, AUTH_MAIL_LIMIT.windowSeconds, AUTH_MAIL_LIMIT.max);
  // Never the address in the log.
  if (!allowed)
    log.warn(
      `auth mail skipped: a ${kind} mail was asked for a recipient who already got ${AUTH_MAIL_LIMIT.max} this hour`,
    );
  return allowed;
}
