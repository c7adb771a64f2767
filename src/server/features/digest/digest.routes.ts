import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { sharedSecret } from '../../db/open';
import { authUsers, users } from '../../db/schema';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { branding } from '../../../shared/branding';
import { unsubscribeTokenUser } from './digest-token';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A small page of its own: the link is opened from a mail, signed in or not, and must not need the app.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} - ${esc(branding.productName)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#1f2937"><main><h1 style="font-size:1.4rem">${esc(title)}</h1>${body}</main></body></html>`;

const INVALID = page(
  'This unsubscribe link does not work',
  '<p>The link is incomplete or was changed. Use the link from your most recent digest e-mail, or turn the weekly digest off under Notification Preferences on My Account.</p>',
);

export const unsubscribeQuery = z.object({ token: z.string().max(500) }).strict();

/**
 * /api/digest/unsubscribe?token=...: GET shows a confirm button (mail scanners open links; only the
 * POST changes anything); POST turns the weekly digest off, the one-click request of RFC 8058 a
 * mail provider sends for the List-Unsubscribe-Post header (exempt from the same-origin check:
 * the signed token is the authority, no cookie is used). Any bad token gets a page, not an error.
 */
export const digestRoutes = new Hono<AppEnv>()
  .get('/unsubscribe', access('public'), validate('query', unsubscribeQuery), async (c) => {
    const { deps } = c.var;
    const { token } = c.req.valid('query');
    const secret = deps.config.authSecret ?? (await sharedSecret(deps.db, 'auth_secret', deps.keyring));
    if (!unsubscribeTokenUser(secret, token)) return c.html(INVALID, 400);
    return c.html(
      page(
        'Unsubscribe from the weekly digest?',
        `<p>You will no longer get the Monday e-mail about your tasks, document requests and fundability score. Other notifications stay as they are.</p>` +
          `<form method="post" action="/api/digest/unsubscribe?token=${esc(encodeURIComponent(token))}"><button type="submit" style="font-size:1rem;padding:8px 16px">Unsubscribe</button></form>`,
      ),
    );
  })
  .post('/unsubscribe', access('public'), validate('query', unsubscribeQuery), async (c) => {
    const { deps } = c.var;
    const { token } = c.req.valid('query');
    const secret = deps.config.authSecret ?? (await sharedSecret(deps.db, 'auth_secret', deps.keyring));
    const userId = unsubscribeTokenUser(secret, token);
    if (!userId) return c.html(INVALID, 400);
    // Upserted (the users row may not exist yet) from the account's row: an account deleted since
    // the mail was sent has nothing to turn off, and nothing will be sent to it either.
    await deps.db.execute(
      sql`insert into ${users} (id, weekly_digest_enabled) select ${authUsers.id}, false from ${authUsers} where ${authUsers.id} = ${userId} on conflict (id) do update set weekly_digest_enabled = false`,
    );
    return c.html(
      page(
        'You are unsubscribed',
        '<p>You will no longer get the weekly digest. You can turn it back on under Notification Preferences on My Account.</p>',
      ),
    );
  });
