import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { preferencesInput } from '../../../shared/profile';
import { getPreferences, getSecurityStatus, savePreferences } from './preferences.service';

// /api/clients/:clientId/preferences - the Notification Preferences toggles.
export const preferencesRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) =>
    c.json({ preferences: await getPreferences(c.var.deps.db, c.var.scope.clientId) }),
  )
  .put('/', access('own'), validate('json', preferencesInput), async (c) =>
    c.json({ preferences: await savePreferences(c.var.deps.db, c.var.scope, c.req.valid('json')) }),
  );

// /api/clients/:clientId/security - password status for Security Settings.
export const securityRoutes = new Hono<AppEnv>().get('/', access('own'), async (c) => {
  const status = await getSecurityStatus(c.var.deps.db, c.var.scope.clientId);
  return status ? c.json(status) : c.json({ error: 'Not found' }, 404);
});
