import { Hono } from 'hono';
import { APIError } from 'better-auth/api';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { signupInput, signupSuccessMessage } from '../../../shared/auth';

// The original product's core_signup. The answer is the same whether or not the e-mail already has an
// account (better-auth mails the owner instead), so sign-up cannot be used to probe addresses.
export const signupRoutes = new Hono<AppEnv>().post('/', access('public'), validate('json', signupInput), async (c) => {
  const input = c.req.valid('json');
  const { auth, config } = c.var.deps;
  try {
    await auth.api.signUpEmail({
      body: {
        name: input.name,
        email: input.email.toLowerCase(),
        password: input.password,
        phone: input.phone,
        initiator: input.initiator || config.appUrl,
        callbackURL: '/signin?verified=1',
      },
      headers: c.req.raw.headers,
    });
  } catch (e) {
    if (e instanceof APIError && e.statusCode < 500)
      return c.json({ ok: false, success: false, error: e.message }, e.statusCode as 400);
    throw e;
  }
  return c.json({ ok: true, success: true, message: signupSuccessMessage(input.email) });
});
