import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { authUsers, authVerifications } from '../../db/schema';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { RESET_LINK_INVALID, resetEmailInput } from '../../../shared/auth';

/**
 * POST /api/password-reset/email: the account e-mail of a valid, unexpired reset link, so the
 * Update Password form names the account when the link is opened in another browser than the one
 * that asked for it. Whoever holds the token can already set that account's password, so the
 * answer tells them nothing more; without a live token it answers nothing. Limited per address
 * (app.ts), so it cannot be used to guess tokens; a POST, so the token stays out of logs and caches.
 */
export const passwordResetRoutes = new Hono<AppEnv>().post(
  '/email',
  access('public'),
  validate('json', resetEmailInput),
  async (c) => {
    const { token } = c.req.valid('json');
    // better-auth keeps a reset link as the verification row 'reset-password:<token>' holding the user id.
    const [row] = await c.var.deps.db
      .select({ email: authUsers.email })
      .from(authVerifications)
      .innerJoin(authUsers, eq(authUsers.id, authVerifications.value))
      .where(
        and(eq(authVerifications.identifier, `reset-password:${token}`), gt(authVerifications.expiresAt, new Date())),
      )
      .limit(1);
    return row ? c.json({ email: row.email }) : c.json({ error: RESET_LINK_INVALID }, 404);
  },
);
