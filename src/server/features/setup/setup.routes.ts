import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { setUpUser } from './setup.service';

/** The spec's first-login setup, run by the web app once per page load; safe to repeat. */
export const setupRoutes = new Hono<AppEnv>().post('/', access('user'), async (c) => {
  const { deps } = c.var;
  const user = c.get('user')!;
  try {
    await setUpUser(deps, { id: user.id, name: user.name ?? '', email: user.email, phone: user.phone ?? '' });
    return c.json({ status: 201 as const, message: 'User fully initialized.' }, 201);
  } catch (e) {
    deps.log.error(`first-login setup of ${user.id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return c.json({ status: 500 as const, message: 'Something brokey.' }, 500);
  }
});
