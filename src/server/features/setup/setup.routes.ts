import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { setUpUser } from './setup.service';
import { isStaffRole } from '../../../shared/roles';

export const ADMIN_SETUP_MESSAGE = 'Nothing to set up: administrators are not clients.';

/**
 * The original product's first-login setup, run by the web app once per page load; safe to repeat. Clients
 * only (docs/architecture.md, "Where we differ from the original product"): an administrator gets no starter tasks, credit, activity, score or
 * staff mail, and the call changes nothing for them.
 */
export const setupRoutes = new Hono<AppEnv>().post('/', access('user'), async (c) => {
  const { deps } = c.var;
  const user = c.get('user')!;
  if (isStaffRole(user.role)) return c.json({ status: 200 as const, message: ADMIN_SETUP_MESSAGE }, 200);
  try {
    await setUpUser(deps, { id: user.id, name: user.name ?? '', email: user.email, phone: user.phone ?? '' });
    return c.json({ status: 201 as const, message: 'User fully initialized.' }, 201);
  } catch (e) {
    deps.log.error(
      `first-login setup of ${user.id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    );
    return c.json({ status: 500 as const, message: 'Something brokey.' }, 500);
  }
});
