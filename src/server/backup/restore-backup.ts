import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { openPglite } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { verifyBackup, readBackupEntries, BackupInvalidError } from './read-backup';
import type { Manifest } from './format';
import { sealedSamples, type SealedSample } from './key-check';

/** The restore would overwrite data or cannot apply here; the message says why and what to do. */
export class RestoreRefusedError extends Error {}

// Never removed by --force: the lock is ours, and the key is not in the backup (the restored
// secrets need exactly this key).
const KEPT = new Set(['portal.lock', 'data-key']);

/** What a restore would replace: on PostgreSQL only the local files, otherwise the whole data directory. */
function occupied(config: Config): string[] {
  if (!fs.existsSync(config.dataDir)) return [];
  const names = fs.readdirSync(config.dataDir).filter((n) => !KEPT.has(n) && !n.startsWith('.restore-'));
  return config.databaseUrl ? names.filter((n) => n === 'files') : names;
}

function refuseOccupied(config: Config) {
  const names = occupied(config);
  if (names.length === 0) return;
  throw new RestoreRefusedError(
    `The data directory ${config.dataDir} is not empty (it holds ${names.join(', ')}). Restore into an empty directory, ` +
      'or add --force to replace its database and files with the backup (the data key there is kept).',
  );
}

function refuseMismatch(config: Config, manifest: Manifest) {
  if (manifest.database === 'pglite' && config.databaseUrl) {
    throw new RestoreRefusedError(
      'This backup holds an embedded database, but DATABASE_URL is set. Unset DATABASE_URL to restore into the embedded database (DATA_DIR).',
    );
  }
  if (manifest.database === 'none' && !config.databaseUrl) {
    throw new RestoreRefusedError(
      'This backup was taken on PostgreSQL and holds only the stored files. Set DATABASE_URL (restore the database itself with pg_restore) to restore its files beside it.',
    );
  }
}

/** `sealed`: a few of the restored encrypted values, to check the data key against before the portal starts. */
export type RestoreResult = { manifest: Manifest; files: number; notes: string[]; sealed: SealedSample[] };

/**
 * Restores a backup file into DATA_DIR: checks the whole file against its manifest before anything
 * is written, takes the data-directory lock (refused while a server holds it), refuses a directory
 * that holds data unless `force`, and builds the new contents in a staging folder beside them, so a
 * restore that fails half way leaves the old data as it was.
 */
export async function restoreBackup(file: string, config: Config, options: { force?: boolean } = {}): Promise<RestoreResult> {
  if (!options.force) refuseOccupied(config);
  const manifest = await verifyBackup(file);
  refuseMismatch(config, manifest);
  const release = lockDataDir(config.dataDir);
  const staging = path.join(config.dataDir, `.restore-${randomUUID()}`);
  try {
    if (!options.force) refuseOccupied(config);
    // Under the lock, a staging folder left behind belongs to a restore that died.
    for (const name of await fsp.readdir(config.dataDir)) {
      if (name.startsWith('.restore-')) await fsp.rm(path.join(config.dataDir, name), { recursive: true, force: true });
    }
    await fsp.mkdir(staging, { mode: 0o700 });
    let files = 0;
    let sealed: SealedSample[] = [];
    await readBackupEntries(file, manifest, {
      async database(dump) {
        // PGlite unpacks its own dump and the migrations of this version run on it.
        const database = await openPglite(staging, dump);
        try {
          sealed = await sealedSamples(database.db);
        } finally {
          await database.close();
        }
      },
      async file(target, chunks) {
        const to = path.join(staging, target);
        await fsp.mkdir(path.dirname(to), { recursive: true });
        await pipeline(chunks as unknown as Readable, fs.createWriteStream(to, { flags: 'wx', mode: 0o600 }));
        if (target.startsWith(path.join('files', 'objects'))) files++;
      },
    });
    // Swap: the old contents go only once the new ones are complete.
    for (const name of occupied(config)) await fsp.rm(path.join(config.dataDir, name), { recursive: true, force: true });
    for (const name of await fsp.readdir(staging)) await fsp.rename(path.join(staging, name), path.join(config.dataDir, name));
    const notes: string[] = [];
    if (manifest.files === 'none') notes.push('The backup holds no stored files (they were in an S3 bucket, which is backed up on its own).');
    else if (config.s3) notes.push(`S3_BUCKET is set, so the portal reads files from the bucket, not from the ${files} files restored into ${path.join(config.dataDir, 'files')}.`);
    return { manifest, files, notes, sealed };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    release();
  }
}

export { BackupInvalidError };
