import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { isAPIError } from 'better-auth/api';
import type { AppEnv } from '../../app-env';
import { auditLog } from '../../db/schema';
import { access } from '../../middleware/access';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { dataExportInput, WRONG_EXPORT_PASSWORD } from '../../../shared/data-export';
import { LIMITS, TOO_MANY_EXPORTS } from '../../../shared/limits';
import { exportZip } from './export-zip';

/**
 * POST /api/clients/:clientId/export: 'All my data' as one zip, for the client or an admin acting
 * for them. POST, so nothing prefetches or caches it, and so the password (the caller's own,
 * confirmed again for the secrets) travels in the body. Every download is in the client's audit
 * log, whoever made it and whether the secrets were in it.
 */
export const dataExportRoutes = new Hono<AppEnv>().post('/', access('own'), validate('json', dataExportInput), async (c) => {
  const { db, auth } = c.var.deps;
  const scope = c.var.scope;
  // Counted before the password is checked: the limit also bounds guessing it here.
  const { allowed, retryAfter } = await consumeRateLimit(db, `data-export:${scope.clientId}`, 60 * 60, LIMITS.dataExportsPerHour);
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
  await db.insert(auditLog).values({
    actorId: scope.actorId,
    clientId: scope.clientId,
    action: 'export',
    entityType: 'data_export',
    field: withSecrets ? 'with_secrets' : 'without_secrets',
  });
  const zip = await exportZip(c.var.deps, { clientId: scope.clientId, withSecrets });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(Readable.toWeb(zip) as ReadableStream, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="all-my-data-${day}.zip"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
});
