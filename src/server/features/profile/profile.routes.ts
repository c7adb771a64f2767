import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { profileInput } from '../../../shared/profile';
import { getProfile, revealProfileField, saveProfile } from './profile.service';

export const profileRoutes = new Hono<AppEnv>()
  .get('/', access('own'), async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json({ profile: await getProfile(db, keyring, c.var.scope.clientId) });
  })
  .put('/', access('own'), validate('json', profileInput), async (c) => {
    return c.json(await saveProfile(c.var.deps, c.var.scope, c.req.valid('json')));
  })
  // One reveal route per secret field; POST so nothing prefetches or caches it (responses are no-store).
  .post('/reveal/ssn', access('own'), async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealProfileField(db, keyring, c.var.scope, 'ssn');
    return value === null ? c.json({ error: 'No SSN is on file.' }, 404) : c.json({ value });
  })
  .post('/reveal/dob', access('own'), async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealProfileField(db, keyring, c.var.scope, 'dob');
    return value === null ? c.json({ error: 'No date of birth is on file.' }, 404) : c.json({ value });
  })
  .post('/reveal/ein', access('own'), async (c) => {
    const { db, keyring } = c.var.deps;
    const value = await revealProfileField(db, keyring, c.var.scope, 'ein');
    return value === null ? c.json({ error: 'No EIN is on file.' }, 404) : c.json({ value });
  });
