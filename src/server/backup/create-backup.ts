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
    notes.push('DATABASE_URL is set: this backup holds the stored files only. Save the database with pg_dump (see the README).');
    source = { database: null, filesRoot: localFilesRoot(config) };
  } else {
    const release = lockDataDir(config.dataDir);
    try {
      const database = await openPglite(config.dataDir);
      try {
        source = await snapshotPglite(database.client, localFilesRoot(config));
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  if (config.s3) notes.push(`S3_BUCKET is set: the stored files are in the bucket ${config.s3.bucket}, not in this backup. Back the bucket up on its own (see the README).`);
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
