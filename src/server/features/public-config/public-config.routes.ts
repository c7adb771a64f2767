import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';

/** What the sign-in pages need to know before anyone signs in. */
export const publicConfigRoutes = new Hono<AppEnv>().get('/', access('public'), (c) =>
  c.json({
    googleEnabled: Boolean(c.var.deps.config.google),
    requireAdmin2fa: c.var.deps.config.requireAdmin2fa,
    // Card payments through Stripe: "Make a Payment" signs the agreement and opens Checkout instead of e-mailing staff.
    onlinePayments: Boolean(c.var.deps.config.stripe),
  }),
);
