import { PassThrough, Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { StorageNotFoundError } from '../../storage/storage';
import { FormFieldError, receiveUpload, type ReceivedUpload } from '../../uploads/upload';
import { documentSections, documentTypeInput, uploadKindInput, type DocumentType } from '../../../shared/documents';
import type { DocumentKind } from '../../../shared/document-kinds-rules';
import { documentsForArchive } from './documents.service';

const sectionTitle = (type: string) => documentSections.find((s) => s.type === type)?.title ?? 'Other';
// Zip entry names: no folders or odd characters from the user's file name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const safeEntry = (name: string) => name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_');

/**
 * A zip of the given documents, one folder per section, streamed as it is built: one stored file
 * is open at a time. Files missing from storage are left out (and logged), not fatal.
 */
export async function zipDocuments(
  storage: Storage,
  docs: { documentName: string; documentType: string; storageKey: string }[],
  log: { warn: (m: string) => void },
): Promise<Readable> {
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

/** Every document of the client in one zip (empty when there are none). */
export async function documentsArchive(db: Db, storage: Storage, clientId: string, log: { warn: (m: string) => void }) {
  return zipDocuments(storage, await documentsForArchive(db, clientId), log);
}

/** The upload form: `file` (one .pdf/.doc/.docx of at most 10 MB), `documentType` and, optionally, `kind`. */
export async function receiveDocument(
  c: Context<AppEnv>,
): Promise<{ upload: ReceivedUpload; documentType: DocumentType; kind: DocumentKind | null }> {
  const upload = await receiveUpload(c);
  const type = documentTypeInput.safeParse(upload.fields.documentType);
  if (!type.success)
    throw new FormFieldError(type.error.issues[0]?.message ?? 'Choose a document type.', 'documentType');
  const kind = uploadKindInput.safeParse(upload.fields.kind);
  if (!kind.success) throw new FormFieldError(kind.error.issues[0]?.message ?? 'Choose a document kind.', 'kind');
  return { upload, documentType: type.data, kind: kind.data ?? null };
}
