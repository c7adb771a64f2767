import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { STORAGE_FULL } from '../../shared/limits';
import { UploadError } from './upload';
import { storedBytes, withUploadSlot } from './upload-limits';

/**
 * Runs an upload route's work in one of the actor's upload slots (429 past LIMITS.uploadsInFlight)
 * and answers an UploadError thrown by it with its status, sentence and field (`field` when it
 * names none). With `quotaOf`, a client whose store is already full is refused before the body is
 * read; the insert checks again with the file's size. Generic over `run`'s answer, so a route keeps
 * its JSON type for the typed client.
 */
export async function acceptUpload<R extends Response>(
  c: Context<AppEnv>,
  opts: { actorId: string; quotaOf?: string; field?: string },
  run: () => Promise<R>,
) {
  const { db, config } = c.var.deps;
  if (opts.quotaOf !== undefined && (await storedBytes(db, opts.quotaOf)) >= config.storageQuotaBytes) {
    return c.json({ error: STORAGE_FULL(config.storageQuotaBytes), field: 'file' }, 413);
  }
  return withUploadSlot(db, opts.actorId, async () => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? opts.field }, err.status);
      throw err;
    }
  });
}
