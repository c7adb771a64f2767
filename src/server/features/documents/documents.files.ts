import { PassThrough, Readable } from 'node:stream';
import type { Storage } from '../../storage/storage';
import { StorageNotFoundError } from '../../storage/storage';
import { documentSections } from '../../../shared/documents';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, '_').slice(0, 150) || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Headers of every file the API hands out: a download, never rendered by the browser. */
export const fileHeaders = (name: string, contentType: string, size: number) => ({
  'Content-Type': contentType,
  'Content-Length': String(size),
  'Content-Disposition': attachmentDisposition(name),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});

const sectionTitle = (type: string) => documentSections.find((s) => s.type === type)?.title ?? 'Other';
// Zip entry names: no folders or odd characters from the user's file name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const safeEntry = (name: string) => name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_');

/**
 * A zip of the given documents, one folder per section, streamed as it is built: one stored file
 * is open at a time. Files missing from storage are left out (and logged), not fatal.
 */
export async function zipDocuments(storage: Storage, docs: { documentName: string; documentType: string; storageKey: string }[], log: { warn: (m: string) => void }): Promise<Readable> {
  // Loaded when a first archive is asked for, not at start-up.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('warning', (err: Error) => log.warn(`archive warning: ${String(err)}`));
  archive.on('error', (err: Error) => out.destroy(err));
  archive.pipe(out);
  void (async () => {
    const used = new Set<string>();
    for (const doc of docs) {
      let file;
      try {
        file = await storage.get(doc.storageKey);
      } catch (err) {
        if (err instanceof StorageNotFoundError) {
          log.warn(`archive: stored file missing for ${doc.storageKey}`);
          continue;
        }
        throw err;
      }
      let entry = `${sectionTitle(doc.documentType)}/${safeEntry(doc.documentName)}`;
      for (let n = 2; used.has(entry.toLowerCase()); n++) {
        const dot = doc.documentName.lastIndexOf('.');
        const base = dot > 0 ? doc.documentName.slice(0, dot) : doc.documentName;
        entry = `${sectionTitle(doc.documentType)}/${safeEntry(`${base} (${n})${dot > 0 ? doc.documentName.slice(dot) : ''}`)}`;
      }
      used.add(entry.toLowerCase());
      const done = new Promise<void>((resolve, reject) => {
        archive.once('entry', () => resolve());
        file.stream.once('error', reject);
      });
      archive.append(file.stream, { name: entry });
      await done;
    }
    await archive.finalize();
  })().catch((err: unknown) => {
    log.warn(`archive failed: ${String(err)}`);
    archive.abort();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
