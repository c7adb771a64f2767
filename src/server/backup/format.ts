import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot, serverFiles } from '../lib/paths';
import { checkKey } from '../storage/storage';

// What a backup file holds, in the order written: the embedded database as PGlite's own dump, the
// stored files as the local storage keeps them (objects/<key> and meta/<key>.json), then this
// manifest, which lists every other entry with its size and SHA-256. Never the data key: it is kept
// apart so a stolen backup does not open the encrypted fields.
export const BACKUP_FORMAT = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_ENTRY = 'database/pglite-datadir.tar.gz';
const FILE_ENTRY = /^files\/(objects|meta)\/(.+)$/;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app: z.literal('buildout-portal'),
  appVersion: z.string(),
  /** Migrations applied to the database in the backup: a newer app may restore it, an older one may not. */
  migrations: z.number().int().min(0),
  createdAt: z.string(),
  /** 'none' on PostgreSQL: its data is saved with pg_dump, not here. */
  database: z.enum(['pglite', 'none']),
  /** 'none' when the files live in an S3 bucket, which is backed up on its own. */
  files: z.enum(['local', 'none']),
  entries: z.array(
    z.object({ name: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = Manifest['entries'][number];

/** The data-dir-relative path an entry restores to, or null for a name a backup never holds. */
export function entryTarget(name: string): string | null {
  if (name === DATABASE_ENTRY) return null;
  const m = FILE_ENTRY.exec(name);
  if (!m) return null;
  // The same rule as storage keys, so an archive cannot write outside files/ (no '..', no absolute path).
  const key = m[1] === 'meta' ? m[2].replace(/\.json$/, '') : m[2];
  if (m[1] === 'meta' && !m[2].endsWith('.json')) return null;
  try {
    checkKey(key);
  } catch {
    return null;
  }
  return path.join('files', m[1], m[2]);
}

export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** How many migrations this version of the app ships (and applies on start). */
export function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(serverFiles.migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
