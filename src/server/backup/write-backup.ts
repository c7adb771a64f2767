import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  appVersion,
  BACKUP_FORMAT,
  DATABASE_ENTRY,
  MANIFEST_NAME,
  migrationCount,
  type Manifest,
  type ManifestEntry,
} from './format';
import { writeTar, type TarInput } from './tar';

export type BackupSource = {
  /** PGlite's dump of its data directory; null on PostgreSQL. */
  database: Blob | null;
  /** A directory holding objects/ and meta/ as the local storage writes them; null when files are in S3. */
  filesRoot: string | null;
  /** Runs once the archive is written or has failed (removes a snapshot). */
  cleanup?: () => Promise<void>;
};

/** Every file under `dir`, as paths relative to it, in a stable order. */
async function* walk(dir: string, prefix = ''): AsyncGenerator<string> {
  const entries = await fsp
    .readdir(path.join(dir, prefix), { withFileTypes: true })
    .catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [];
      throw e;
    });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(dir, rel);
    else if (e.isFile()) yield rel;
  }
}

/** The body of one entry, hashed into `entries` once every promised byte has gone by. */
async function* checked(
  name: string,
  size: number,
  source: AsyncIterable<Uint8Array>,
  entries: ManifestEntry[],
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let written = 0;
  for await (const chunk of source) {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    written += buf.length;
    if (written > size) break;
    hash.update(buf);
    yield buf;
  }
  // The header already promised `size` bytes: a file that changed while it was read spoils the archive.
  if (written !== size)
    throw new Error(`${name} changed while it was being backed up (${size} bytes expected, ${written} read).`);
  entries.push({ name, size, sha256: hash.digest('hex') });
}

const entry = (name: string, size: number, source: AsyncIterable<Uint8Array>, entries: ManifestEntry[]): TarInput => ({
  name,
  size,
  body: checked(name, size, source, entries),
});

async function* archive(source: BackupSource): AsyncGenerator<TarInput> {
  const entries: ManifestEntry[] = [];
  if (source.database)
    yield entry(
      DATABASE_ENTRY,
      source.database.size,
      source.database.stream() as unknown as AsyncIterable<Uint8Array>,
      entries,
    );
  if (source.filesRoot) {
    for (const part of ['objects', 'meta']) {
      const root = path.join(source.filesRoot, part);
      for await (const rel of walk(root)) {
        // Opened before its size is read: a file deleted meanwhile (PostgreSQL, server running)
        // is left out, and an open one keeps its bytes even if it is replaced or removed.
        const handle = await fsp.open(path.join(root, rel)).catch((e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return null;
          throw e;
        });
        if (!handle) continue;
        try {
          const { size } = await handle.stat();
          // The tar writer reads the whole body before it asks for the next entry, so the handle is still open.
          yield entry(`files/${part}/${rel}`, size, handle.createReadStream({ autoClose: false }), entries);
        } finally {
          await handle.close();
        }
      }
    }
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    app: 'buildout-portal',
    appVersion: appVersion(),
    migrations: migrationCount(),
    createdAt: new Date().toISOString(),
    database: source.database ? 'pglite' : 'none',
    files: source.filesRoot ? 'local' : 'none',
    entries,
  };
  const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  yield { name: MANIFEST_NAME, size: body.length, body: [body] };
}

/** The backup file as a stream: entries one at a time, the manifest (with every entry's checksum) last. */
export function backupStream(source: BackupSource): Readable {
  // The snapshot goes once the reader has everything (or has gone), not when the writer has read it all.
  return writeTar(archive(source), async () => source.cleanup?.());
}
