import { PGlite } from '@electric-sql/pglite';
import { isAPIError } from 'better-auth/api';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { recordOwnEvent } from '../audit/audit.service';
import { access } from '../../middleware/access';
import { consumeRateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { localFilesRoot } from '../../backup/create-backup';
import { snapshotPglite } from '../../backup/snapshot';
import { backupStream, type BackupSource } from '../../backup/write-backup';
import { backupInput, WRONG_BACKUP_PASSWORD } from '../../../shared/backup';
import { LIMITS, TOO_MANY_BACKUPS } from '../../../shared/limits';

export const BACKUP_BUSY = 'A backup is already being made. Try again when it has finished.';

/** A download whose client reads nothing for this long is ended and its snapshot removed (tests shorten it). */
export const backupTimeouts = { idleMs: 5 * 60_000 };

// One at a time per instance: the database snapshot briefly holds the embedded database's only
// connection, and two streams would hold two snapshots of every stored file.
let running = false;

/**
 * POST /api/admin/backup: the same file as `npm run backup`, streamed from the running server (the
 * CLI cannot open the embedded database while the server holds it). On PostgreSQL the stored files
 * only, as the CLI does. It holds every client's data, so: administrators only, their current
 * password again in the body, an audit row, a few an hour. A POST also means no HEAD (Hono answers
 * HEAD with the GET handler), prefetch or cache starts one.
 */
export const backupRoutes = new Hono<AppEnv>().post('/', access('admin'), validate('json', backupInput), async (c) => {
  const { db, config, log, auth } = c.var.deps;
  const actorId = c.var.user!.id;
  if (running) return c.json({ error: BACKUP_BUSY }, 429);
  // Counted before the password is checked: the limit also bounds guessing the password here.
  const { allowed, retryAfter } = await consumeRateLimit(db, `backup:${actorId}`, 60 * 60, LIMITS.backupsPerHour);
  if (!allowed) {
    c.header('Retry-After', String(retryAfter));
    return c.json({ error: TOO_MANY_BACKUPS }, 429);
  }
  try {
    await auth.api.verifyPassword({ body: { password: c.req.valid('json').password }, headers: c.req.raw.headers });
  } catch (err) {
    if (isAPIError(err)) return c.json({ error: WRONG_BACKUP_PASSWORD, field: 'password' }, 403);
    throw err;
  }
  if (running) return c.json({ error: BACKUP_BUSY }, 429);
  // The whole portal, not one client's data: the row sits in the admin's own log, like the clients list export.
  await recordOwnEvent(db, actorId, { action: 'export', entityType: 'backup' });
  running = true;

  let finished = false;
  let idle: NodeJS.Timeout | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(idle);
    running = false;
  };
  async function* archive(): AsyncGenerator<Uint8Array> {
    try {
      // drizzle keeps the driver's client: a PGlite one means the embedded database.
      const client = (db as unknown as { $client?: unknown }).$client;
      const source: BackupSource =
        client instanceof PGlite
          ? await snapshotPglite(client, localFilesRoot(config))
          : { database: null, filesRoot: localFilesRoot(config) };
      // backupStream removes the snapshot once it ends, fails or is destroyed (the loop left early).
      for await (const chunk of backupStream(source)) yield chunk as Buffer;
    } finally {
      finish();
    }
  }
  const chunks = archive();
  // Ends the download: the generator's finally (if it ever started) removes the snapshot; finish()
  // covers one that never started, whose finally never runs.
  const stop = async () => {
    await chunks.return(undefined).catch(() => undefined);
    finish();
  };
  // Pulled, not pushed (highWaterMark 0): the snapshot is taken when the body is first read, so an
  // answer nobody reads holds nothing, and a client that stops reading for idleMs ends it.
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        armIdle(controller);
      },
      async pull(controller) {
        clearTimeout(idle);
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else {
            controller.enqueue(next.value);
            armIdle(controller);
          }
        } catch (err) {
          log.warn(`backup download failed: ${String(err)}`);
          controller.error(err);
          finish();
        }
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
  function armIdle(controller: ReadableStreamDefaultController<Uint8Array>) {
    clearTimeout(idle);
    idle = setTimeout(() => {
      log.warn(`backup download ended: the client read nothing for ${Math.round(backupTimeouts.idleMs / 1000)} s`);
      controller.error(new Error('The backup download was ended because nothing was read for too long.'));
      void stop();
    }, backupTimeouts.idleMs);
    idle.unref();
  }
  log.info(`backup download started by ${actorId}`);
  const name = `portal-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar`;
  return c.body(body, 200, {
    'Content-Type': 'application/x-tar',
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
});
