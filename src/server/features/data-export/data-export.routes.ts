import { Hono } from 'hono';
import { isAPIError } from 'better-auth/api';
import type { AppEnv } from '../../app-env';
import { eq } from 'drizzle-orm';
import { auditLog, authUsers } from '../../db/schema';
import { notify } from '../notifications/notifications.service';
import { access } from '../../middleware/access';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { sendArchive } from '../../uploads/serve';
import { dataExportInput, WRONG_EXPORT_PASSWORD } from '../../../shared/data-export';
import { LIMITS, TOO_MANY_EXPORTS } from '../../../shared/limits';
import { exportZip } from './export-zip';

/**
 * POST /api/clients/:clientId/export: 'All my data' as one zip, for the client or an admin acting
 * for them. POST, so nothing prefetches or caches it, and so the password (the caller's own,
 * confirmed again for the secrets) travels in the body. Every download is in the client's audit
 * log, whoever made it and whether the secrets were in it.
 */
export const dataExportRoutes = new Hono<AppEnv>().post(
  '/',
  access('own'),
  validate('json', dataExportInput),
  async (c) => {
    const { db, auth } = c.var.deps;
    const scope = c.var.scope;
    if (scope.isAdmin && scope.clientId !== scope.actorId) {
      // Admins export clients' data, not another admin's account.
      const [target] = await db
        .select({ role: authUsers.role })
        .from(authUsers)
        .where(eq(authUsers.id, scope.clientId));
      if (target?.role !== 'client') return c.json({ error: 'Not found' }, 404);
    }
    // Counted before the password is checked, per person asking: the limit also bounds guessing the
    // password here (an admin gets 5 an hour in all, not 5 per client), and an admin's downloads
    // never use up the client's own.
    const { allowed, retryAfter } = await consumeRateLimit(
      db,
      `data-export:${scope.actorId}`,
      60 * 60,
      LIMITS.dataExportsPerHour,
    );
    if (!allowed) {
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: TOO_MANY_EXPORTS }, 429);
    }
    const { password } = c.req.valid('json');
    if (password !== undefined) {
      try {
        await auth.api.verifyPassword({ body: { password }, headers: c.req.raw.headers });
      } catch (err) {
        if (isAPIError(err)) return c.json({ error: WRONG_EXPORT_PASSWORD, field: 'password' }, 403);
        throw err;
      }
    }
    const withSecrets = password !== undefined;
    // Direct, not recordAudit: a client's own download is recorded too (it can carry every secret).
    // Staff downloading a client's data tell the client (bell, and e-mail per their preference).
    await db.transaction(async (tx) => {
      await tx.insert(auditLog).values({
        actorId: scope.actorId,
        clientId: scope.clientId,
        action: 'export',
        entityType: 'data_export',
        field: withSecrets ? 'with_secrets' : 'without_secrets',
      });
      if (scope.isAdmin && scope.clientId !== scope.actorId)
        await notify(tx, {
          userId: scope.clientId,
          clientId: scope.clientId,
          kind: 'staff_action',
          title: withSecrets
            ? 'Our team downloaded a copy of your data, including your secrets'
            : 'Our team downloaded a copy of your data',
          link: '/account',
        });
    });
    const zip = await exportZip(c.var.deps, { clientId: scope.clientId, withSecrets });
    const day = new Date().toISOString().slice(0, 10);
    return sendArchive(c, zip, `all-my-data-${day}.zip`);
  },
);
