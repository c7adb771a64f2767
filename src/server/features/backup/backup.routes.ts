import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access } from '../../middleware/access';
import { localFilesRoot } from '../../backup/create-backup';
import { snapshotPglite } from '../../backup/snapshot';
import { backupStream, type BackupSource } from '../../backup/write-backup';

export const BACKUP_BUSY = 'A backup is already being made. Try again when it has finished.';

// One at a time per instance: the database snapshot briefly holds the embedded database's only
// connection, and two streams would hold two snapshots of every stored file.
let running = false;

/**
 * /api/admin/backup: the same file as `npm run backup`, streamed from the running server (the CLI
 * cannot open the embedded database while the server holds it). Administrators only. On PostgreSQL
 * the stored files only, as the CLI does.
 */
export const backupRoutes = new Hono<AppEnv>().get('/', access('admin'), async (c) => {
  const { db, config, log } = c.var.deps;
  if (running) return c.json({ error: BACKUP_BUSY }, 429);
  running = true;
  let source: BackupSource;
  try {
    // drizzle keeps the driver's client: a PGlite one means the embedded database.
    const client = (db as unknown as { $client?: unknown }).$client;
    source = client instanceof PGlite ? await snapshotPglite(client, localFilesRoot(config)) : { database: null, filesRoot: localFilesRoot(config) };
  } catch (e) {
    running = false;
    throw e;
  }
  const cleanup = source.cleanup;
  const stream = backupStream({
    ...source,
    cleanup: async () => {
      running = false;
      await cleanup?.();
    },
  });
  stream.on('error', (err) => log.warn(`backup download failed: ${String(err)}`));
  log.info(`backup download started by ${c.var.user?.id ?? 'unknown'}`);
  const name = `portal-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar`;
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { 'content-type': 'application/x-tar', 'content-disposition': `attachment; filename="${name}"` },
  });
});
