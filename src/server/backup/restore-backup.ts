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
import { countLabel } from '../../shared/format';

/** The restore would overwrite data or cannot apply here; the message says why and what to do. */
export class RestoreRefusedError extends Error {}

// Staging folders (the new contents being built) and trash folders (the old ones on their way out).
const LEFTOVER = '.restore-';
const TRASH = '.restore-trash-';

/**
 * What a backup holds, so all a restore ever replaces: the database and the stored files (on
 * PostgreSQL only the files). Everything else in DATA_DIR stays: the data key (not in the backup,
 * and the restored secrets need exactly it), the lock, and whatever else an operator keeps there,
 * such as a backups/ folder holding the very file being restored.
 */
function replaced(config: Config): string[] {
  return config.databaseUrl ? ['files'] : ['db', 'files'];
}

/** The replaced entries that hold something now. */
function occupied(config: Config): string[] {
  return replaced(config).filter((n) => fs.existsSync(path.join(config.dataDir, n)));
}

function refuseOccupied(config: Config) {
  const names = occupied(config);
  if (names.length === 0) return;
  throw new RestoreRefusedError(
    `The data directory ${config.dataDir} is not empty (it holds ${names.join(', ')}). Restore into an empty directory, ` +
      'or add --force to replace its database and files with the backup (the data key and anything else there is kept).',
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
 * that holds a database or stored files unless `force` (and replaces only those), and builds the new contents in a staging folder beside them, so a
 * restore that fails half way leaves the old data as it was.
 */
export async function restoreBackup(
  file: string,
  config: Config,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (!options.force) refuseOccupied(config);
  const manifest = await verifyBackup(file);
  refuseMismatch(config, manifest);
  const release = lockDataDir(config.dataDir);
  const staging = path.join(config.dataDir, `${LEFTOVER}${randomUUID()}`);
  let keepStaging = false;
  try {
    if (!options.force) refuseOccupied(config);
    await clearLeftovers(config);
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
    await swap(config, staging);
    const notes: string[] = [];
    if (manifest.files === 'none')
      notes.push('The backup holds no stored files (they were in an S3 bucket, which is backed up on its own).');
    else if (config.s3)
      notes.push(
        `S3_BUCKET is set, so the portal reads files from the bucket, not from the ${countLabel(files, 'file')} restored into ${path.join(config.dataDir, 'files')}.`,
      );
    return { manifest, files, notes, sealed };
  } catch (e) {
    if (e instanceof SwapStuckError) keepStaging = true;
    throw e;
  } finally {
    // After a swap or a clean failure the staging folder holds nothing needed; after a stuck one it may.
    if (!keepStaging) await fsp.rm(staging, { recursive: true, force: true });
    release();
  }
}

/** A swap failed and could not be undone: the folders it names are kept for the operator. */
class SwapStuckError extends RestoreRefusedError {}

/**
 * Under the lock, a `.restore-*` folder belongs to a restore that died. Usually it is a half-built
 * staging folder or an old copy already replaced, and is deleted. But a restore that died inside its
 * swap can leave the live db/ (or files/) missing with the only complete copy in such a folder: then
 * nothing is deleted and the restore is refused with the folders named, for a person to look at
 * (move the right db/ and files/ back into DATA_DIR, delete the rest, run again).
 */
async function clearLeftovers(config: Config) {
  const leftovers = (await fsp.readdir(config.dataDir)).filter((n) => n.startsWith(LEFTOVER));
  const missing = replaced(config).filter((n) => !fs.existsSync(path.join(config.dataDir, n)));
  const holding = leftovers.filter((l) => missing.some((n) => fs.existsSync(path.join(config.dataDir, l, n))));
  if (holding.length > 0) {
    throw new RestoreRefusedError(
      `${missing.join(' and ')} is missing from ${config.dataDir}, and an interrupted restore left ${holding.join(', ')} there, which may hold the only copy. ` +
        `Nothing was changed. Move the right ${missing.join(' and ')} back into ${config.dataDir}, delete the ${LEFTOVER}* folders, and run the restore again.`,
    );
  }
  for (const name of leftovers) await fsp.rm(path.join(config.dataDir, name), { recursive: true, force: true });
}

/**
 * Puts the staged contents in place of the live ones: the old db/ and files/ go into a trash folder
 * beside them (a rename, same file system), the staged ones are renamed in, and only then is the
 * trash deleted. If renaming in fails, the old ones are moved back. Should even that fail, both
 * folders are kept and the error names them (and the next restore refuses until they are sorted out).
 */
async function swap(config: Config, staging: string) {
  const trash = path.join(config.dataDir, `${TRASH}${randomUUID()}`);
  await fsp.mkdir(trash, { mode: 0o700 });
  const movedOut: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const name of occupied(config)) {
      await fsp.rename(path.join(config.dataDir, name), path.join(trash, name));
      movedOut.push(name);
    }
    for (const name of await fsp.readdir(staging)) {
      await fsp.rename(path.join(staging, name), path.join(config.dataDir, name));
      movedIn.push(name);
    }
  } catch (e) {
    try {
      for (const name of movedIn) await fsp.rename(path.join(config.dataDir, name), path.join(staging, name));
      for (const name of movedOut) await fsp.rename(path.join(trash, name), path.join(config.dataDir, name));
      await fsp.rm(trash, { recursive: true, force: true });
    } catch (undo) {
      throw new SwapStuckError(
        `The restore failed while replacing the data (${String(e)}) and could not put the old data back (${String(undo)}). ` +
          `The old database and files are in ${trash}, the restored ones in ${staging}: move one set back into ${config.dataDir} by hand.`,
      );
    }
    throw e;
  }
  await fsp.rm(trash, { recursive: true, force: true });
}

export { BackupInvalidError };
