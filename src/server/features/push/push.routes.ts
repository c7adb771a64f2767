import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pushSubscriptionInput } from '../../../shared/push';
import { PUSH_DEVICE_NOT_FOUND } from '../../../shared/push-rules';
import { listPushDevices, removePushDevice, subscribePush } from './push.service';
import { vapidKeys } from './vapid';

/**
 * /api/me/push: Web Push on the signed-in person's own browsers (clients and staff alike: both
 * have a bell). The public VAPID key a browser subscribes with, the devices, turning one on or off.
 */
export const myPushRoutes = new Hono<AppEnv>()
  .get('/key', access('user'), async (c) => {
    const { db, keyring, config } = c.var.deps;
    return c.json({ publicKey: (await vapidKeys(db, keyring, config)).publicKey });
  })
  .get('/devices', access('user'), async (c) => c.json({ items: await listPushDevices(c.var.deps.db, c.var.user!.id) }))
  .post('/devices', access('user'), validate('json', pushSubscriptionInput), async (c) => {
    const { db, config } = c.var.deps;
    const device = await subscribePush(db, config, c.var.user!.id, c.req.header('user-agent'), c.req.valid('json'));
    return c.json({ device }, 201);
  })
  .delete('/devices/:deviceId', access('user'), async (c) =>
    (await removePushDevice(c.var.deps.db, c.var.user!.id, c.req.param('deviceId')))
      ? c.json({ ok: true as const })
      : c.json({ error: PUSH_DEVICE_NOT_FOUND }, 404),
  );
