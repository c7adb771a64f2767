import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { attentionCountsQuery, attentionQuery } from '../../../shared/attention';
import { countAttention, listAttention } from './attention.service';

/** /api/attention: the clients waiting for staff, with why and since when (a staff member's clients only). */
export const attentionRoutes = new Hono<AppEnv>()
  .get('/', access('staff'), validate('query', attentionQuery), async (c) =>
    c.json(await listAttention(c.var.deps.db, c.var.user!, c.req.valid('query'))),
  )
  .get('/counts', access('staff'), validate('query', attentionCountsQuery), async (c) =>
    c.json(await countAttention(c.var.deps.db, c.var.user!, c.req.valid('query'))),
  );
