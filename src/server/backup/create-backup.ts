import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { openPglite } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { snapshotPglite } from './snapshot';
import { backupStream, type BackupSource } from './write-backup';

export type BackupResult = { bytes: number; notes: string[] };

/** Nothing to back up where DATA_DIR points (a wrong or missing DATA_DIR); the message says so. */
export class BackupRefusedError extends Error {}

/** The local storage's folder, or null when the files are in an S3 bucket. */
export function localFilesRoot(config: Config): string | null {
  return config.s3 ? null : path.join(config.dataDir, 'files');
}

/**
 * Writes a backup of this configuration to `file`. Embedded database: takes the data-directory lock
 * (refused while the server holds it) and dumps it. PostgreSQL: only the local stored files; the
 * database is saved with pg_dump. The file is written under a temporary name and renamed when
 * complete, so a failed run never leaves something that looks like a backup.
 */
export async function backupToFile(config: Config, file: string): Promise<BackupResult> {
  const notes: string[] = [];
  let source: BackupSource;
  if (config.databaseUrl) {
    notes.push(
      'DATABASE_URL is set: this backup holds the stored files only. Save the database with pg_dump (see the README).',
    );
    source = { database: null, filesRoot: localFilesRoot(config) };
  } else {
    // Checked before the lock, which would create the directory: opening an empty one would make and
    // back up a new, empty database, and a wrong DATA_DIR would look like a good backup.
    if (!fs.existsSync(path.join(config.dataDir, 'db'))) {
      throw new BackupRefusedError(
        `There is no database in ${config.dataDir} (no db folder), so nothing was backed up. Set DATA_DIR to the portal's data directory, or DATABASE_URL when it runs on PostgreSQL.`,
      );
    }
    const release = lockDataDir(config.dataDir);
    try {
      // As it is, without this version's migrations: a backup copies, it does not upgrade.
      const database = await openPglite(config.dataDir, undefined, { migrate: false });
      try {
        source = await snapshotPglite(database.client, localFilesRoot(config));
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  if (config.s3)
    notes.push(
      `S3_BUCKET is set: the stored files are in the bucket ${config.s3.bucket}, not in this backup. Back the bucket up on its own (see the README).`,
    );
  const partial = `${file}.partial-${process.pid}`;
  try {
    await pipeline(backupStream(source), fs.createWriteStream(partial, { mode: 0o600 }));
    await fsp.rename(partial, file);
  } catch (e) {
    await fsp.rm(partial, { force: true });
    throw e;
  }
  return { bytes: (await fsp.stat(file)).size, notes };
}
