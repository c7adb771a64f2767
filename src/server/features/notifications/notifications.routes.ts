import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { markNotificationsRead, notificationListQuery } from '../../../shared/notifications';
import { listNotifications, markRead } from './notifications.inbox';
import { notificationEvents } from './notifications.stream';

/** /api/me/notifications: the signed-in person's own bell, whatever their role. */
export const notificationsRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', notificationListQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listNotifications(c.var.deps.db, c.get('user')!.id, page, pageSize));
  })
  .post('/read', access('user'), validate('json', markNotificationsRead), async (c) => {
    const marked = await markRead(c.var.deps.db, c.get('user')!.id, c.req.valid('json').ids);
    return c.json({ marked });
  });

/** /api/me/events: the live cue for the bell (server-sent events; see notifications.stream.ts). */
export const meEventsRoutes = new Hono<AppEnv>().get('/', access('user'), (c) =>
  notificationEvents(c, c.get('user')!.id),
);
