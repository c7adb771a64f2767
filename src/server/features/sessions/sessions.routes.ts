import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { SESSION_NOT_FOUND } from '../../../shared/sessions';
import { listSessions, revokeClientSessions, revokeOtherSessions, revokeSession } from './sessions.service';

/** /api/me/sessions: the caller's own sign-in sessions (Security Settings), by id, never by token. */
export const mySessionsRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) =>
    c.json({ items: await listSessions(c.var.deps.db, c.var.user!.id, c.get('sessionId')) }),
  )
  .post('/revoke-others', access('user'), async (c) =>
    c.json({ revoked: await revokeOtherSessions(c.var.deps, c.var.user!.id, c.get('sessionId')) }),
  )
  .delete('/:sessionId', access('user'), async (c) => {
    const id = c.req.param('sessionId');
    const done = id.length <= 100 && (await revokeSession(c.var.deps, c.var.user!.id, id));
    return done ? c.json({ ok: true }) : c.json({ error: SESSION_NOT_FOUND }, 404);
  });

/**
 * /api/clients/:clientId/sessions: an admin signs a client out everywhere (a lost laptop, a
 * suspected takeover). Clients only: an unknown id, or another admin's, is a 404.
 */
export const clientSessionsRoutes = new Hono<AppEnv>().post('/revoke', access('staff'), async (c) =>
  c.json({ revoked: await revokeClientSessions(c.var.deps, c.var.scope) }),
);
