import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupSource } from './write-backup';

/** Hard-links every file of `from` into `to` (same tree): instant, and later renames or deletes in `from` leave `to` as it was. */
async function linkTree(from: string, to: string): Promise<void> {
  const entries = await fsp.readdir(from, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  await fsp.mkdir(to, { recursive: true });
  for (const e of entries) {
    if (e.isDirectory()) await linkTree(path.join(from, e.name), path.join(to, e.name));
    else if (e.isFile()) await fsp.link(path.join(from, e.name), path.join(to, e.name));
  }
}

/**
 * The database and the stored files at one moment, while the server keeps running: inside one
 * transaction (which holds PGlite's only connection, so no other transaction commits meanwhile) a
 * checkpoint, the data-directory dump, and hard links of the stored files. Uploads store their file
 * before their row commits and deletions remove the file after the row's commit, so every document
 * row in the dump has its file in the snapshot. The links live in the storage's own tmp/ folder (same
 * file system, never backed up) and are removed once the archive is written.
 */
export async function snapshotPglite(client: PGlite, filesRoot: string | null): Promise<BackupSource> {
  const linked = filesRoot ? path.join(filesRoot, 'tmp', `backup-${randomUUID()}`) : null;
  const cleanup = async () => {
    if (linked) await fsp.rm(linked, { recursive: true, force: true });
  };
  try {
    const database = await client.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      const dump = await client.dumpDataDir('gzip');
      if (filesRoot && linked) {
        await linkTree(path.join(filesRoot, 'objects'), path.join(linked, 'objects'));
        await linkTree(path.join(filesRoot, 'meta'), path.join(linked, 'meta'));
      }
      return dump;
    });
    return { database, filesRoot: linked, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
