import { createHash } from 'node:crypto';
import fs from 'node:fs';
import {
  BACKUP_FORMAT,
  DATABASE_ENTRY,
  entryTarget,
  MANIFEST_NAME,
  manifestSchema,
  migrationCount,
  type Manifest,
} from './format';
import { readTar, TarFormatError } from './tar';

/** A backup file that cannot be restored; the message says why in a sentence. */
export class BackupInvalidError extends Error {}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

async function hashed(chunks: AsyncIterable<Buffer>, onChunk?: (chunk: Buffer) => void | Promise<void>) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.length;
    await onChunk?.(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

async function readAll(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

function parseManifest(body: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BackupInvalidError('The backup manifest is not valid JSON: the file is damaged.');
  }
  if (
    (json as { format?: unknown })?.format !== BACKUP_FORMAT &&
    typeof (json as { format?: unknown })?.format === 'number'
  ) {
    throw new BackupInvalidError(
      `The backup is in format ${(json as { format: number }).format}; this version of the portal reads format ${BACKUP_FORMAT}.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupInvalidError(
      'The backup manifest is not one this portal writes: the file is damaged or not a portal backup.',
    );
  return parsed.data;
}

/**
 * Reads the whole file once and checks it against its manifest: every entry present once, with the
 * listed size and SHA-256, no entry the manifest does not list, no name outside the data directory,
 * and a database this version can open. Nothing is written. Returns the manifest.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  try {
    await readTar(fs.createReadStream(file), async ({ name, size, chunks }) => {
      if (manifest)
        throw new BackupInvalidError('The backup has entries after its manifest: it is not one this portal writes.');
      if (name === MANIFEST_NAME) {
        if (size > MAX_MANIFEST_BYTES)
          throw new BackupInvalidError('The backup manifest is implausibly large: the file is damaged.');
        manifest = parseManifest(await readAll(chunks));
        return;
      }
      if (seen.has(name))
        throw new BackupInvalidError(`The backup holds ${name} twice: it is not one this portal writes.`);
      if (name !== DATABASE_ENTRY && entryTarget(name) === null)
        throw new BackupInvalidError(
          `The backup holds an unexpected entry (${JSON.stringify(name).slice(0, 200)}); nothing was restored.`,
        );
      seen.set(name, await hashed(chunks));
    });
  } catch (e) {
    if (e instanceof TarFormatError)
      throw new BackupInvalidError(`${e.message} The backup file is damaged; nothing was restored.`);
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupInvalidError(`${file} does not exist.`);
    throw e;
  }
  if (!manifest) throw new BackupInvalidError('The backup has no manifest: it is truncated or not a portal backup.');
  if ((manifest.database === 'pglite') !== manifest.entries.some((e) => e.name === DATABASE_ENTRY)) {
    throw new BackupInvalidError(
      'The backup manifest and its database entry disagree: the file is damaged or not a portal backup.',
    );
  }
  for (const entry of manifest.entries) {
    const got = seen.get(entry.name);
    if (!got)
      throw new BackupInvalidError(`The backup lacks ${entry.name}, which its manifest lists: the file is damaged.`);
    if (got.size !== entry.size || got.sha256 !== entry.sha256)
      throw new BackupInvalidError(
        `${entry.name} in the backup does not match its checksum: the file is damaged; nothing was restored.`,
      );
    seen.delete(entry.name);
  }
  if (seen.size > 0)
    throw new BackupInvalidError(
      `The backup holds ${[...seen.keys()][0]}, which its manifest does not list: the file is damaged.`,
    );
  if (manifest.migrations > migrationCount()) {
    throw new BackupInvalidError(
      `The backup comes from a newer version of the portal (${manifest.appVersion}, ${manifest.migrations} database migrations; this one has ${migrationCount()}). Restore it with that version or later.`,
    );
  }
  return manifest;
}

/**
 * Reads a verified backup again, handing the database dump and each stored file to the callbacks,
 * and checks every checksum once more (the file might have changed since it was verified).
 */
export async function readBackupEntries(
  file: string,
  manifest: Manifest,
  on: {
    database: (dump: Blob) => Promise<void>;
    file: (target: string, chunks: AsyncIterable<Buffer>) => Promise<void>;
  },
): Promise<void> {
  const expected = new Map(manifest.entries.map((e) => [e.name, e]));
  const check = (name: string, got: { size: number; sha256: string }) => {
    const want = expected.get(name);
    if (!want || want.size !== got.size || want.sha256 !== got.sha256)
      throw new BackupInvalidError(`${name} changed since the backup was checked; the restore stopped.`);
  };
  await readTar(fs.createReadStream(file), async ({ name, chunks }) => {
    if (name === MANIFEST_NAME) return;
    if (name === DATABASE_ENTRY) {
      const parts: Buffer[] = [];
      check(name, await hashed(chunks, (c) => void parts.push(c)));
      await on.database(new Blob(parts as Uint8Array<ArrayBuffer>[]));
      return;
    }
    const target = entryTarget(name);
    if (!target) throw new BackupInvalidError(`Unexpected entry ${name}.`);
    // Hash while the callback writes: both see every byte.
    const hash = createHash('sha256');
    let size = 0;
    await on.file(
      target,
      (async function* () {
        for await (const c of chunks) {
          hash.update(c);
          size += c.length;
          yield c;
        }
      })(),
    );
    check(name, { size, sha256: hash.digest('hex') });
  });
}
