import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { pageQuery } from '../../../shared/paging';
import { ACTIVITY_NOT_FOUND, activityInput, activityUpdate } from '../../../shared/activities';
import {
  activityExists,
  addActivity,
  deleteActivity,
  listActivities,
  parseActivityId,
  updateActivity,
} from './activities.service';

// Runs before validation, so another client's activity is a 404 whatever the body says.
const ownActivity = createMiddleware<AppEnv>(async (c, next) => {
  const id = parseActivityId(c.req.param('activityId'));
  if (id === null || !(await activityExists(c.var.deps.db, c.var.scope.clientId, id)))
    return c.json({ error: ACTIVITY_NOT_FOUND }, 404);
  return next();
});

// Clients keep their own activities; admins may too (audited).
export const activitiesRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', pageQuery), async (c) =>
    c.json(await listActivities(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  .post('/', access('own'), validate('json', activityInput), async (c) =>
    c.json({ activity: await addActivity(c.var.deps.db, c.var.scope, c.req.valid('json')) }, 201),
  )
  .patch('/:activityId', access('own'), ownActivity, validate('json', activityUpdate), async (c) => {
    const activity = await updateActivity(
      c.var.deps.db,
      c.var.scope,
      Number(c.req.param('activityId')),
      c.req.valid('json'),
    );
    return activity ? c.json({ activity }) : c.json({ error: ACTIVITY_NOT_FOUND }, 404);
  })
  .delete('/:activityId', access('own'), ownActivity, async (c) =>
    (await deleteActivity(c.var.deps.db, c.var.scope, Number(c.req.param('activityId'))))
      ? c.json({ ok: true as const })
      : c.json({ error: ACTIVITY_NOT_FOUND }, 404),
  );
