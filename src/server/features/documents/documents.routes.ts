import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { StorageNotFoundError } from '../../storage/storage';
import { receiveUpload, uploadBodyLimit, UploadError } from '../../uploads/upload';
import { storedBytes, withUploadSlot } from '../../uploads/upload-limits';
import { STORAGE_FULL } from '../../../shared/limits';
import { allDocumentsQuery, DOCUMENT_NOT_FOUND, documentListQuery, documentTypeInput } from '../../../shared/documents';
import { addDocument, deleteDocument, documentsForArchive, findDocument, listAllDocuments, listDocuments } from './documents.service';
import { fileHeaders, zipDocuments } from './documents.files';

const webStream = (s: Readable) => Readable.toWeb(s) as ReadableStream;

/** /api/clients/:clientId/documents: a client's Business Documents (the client or any admin). */
export const documentsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', documentListQuery), async (c) =>
    c.json(await listDocuments(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  // Multipart: `file` (one .pdf/.doc/.docx of at most 10 MB) and `documentType`.
  .post('/upload', access('own'), uploadBodyLimit(), async (c) => {
    const { db, storage, config } = c.var.deps;
    // A full store is refused before the body is read; the insert checks again with the file's size.
    if ((await storedBytes(db, c.var.scope.clientId)) >= config.storageQuotaBytes) return c.json({ error: STORAGE_FULL(config.storageQuotaBytes), field: 'file' }, 413);
    return withUploadSlot(db, c.var.scope.actorId, async () => {
      try {
        const upload = await receiveUpload(c);
        const type = documentTypeInput.safeParse(upload.fields.documentType);
        if (!type.success) return c.json({ error: type.error.issues[0]?.message ?? 'Choose a document type.', field: 'documentType' }, 400);
        return c.json({ document: await addDocument(db, storage, c.var.scope, upload, type.data, config.storageQuotaBytes) }, 201);
      } catch (err) {
        if (err instanceof UploadError) return c.json({ error: err.message, field: err.field ?? 'file' }, err.status);
        throw err;
      }
    });
  })
  // A zip of all the client's documents, one folder per section (empty when there are none).
  .get('/archive', access('own'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const docs = await documentsForArchive(db, c.var.scope.clientId);
    return c.body(webStream(await zipDocuments(storage, docs, log)), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="business-documents.zip"',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  })
  .get('/:documentId/download', access('own'), async (c) => {
    const { db, storage } = c.var.deps;
    const doc = await findDocument(db, c.var.scope.clientId, c.req.param('documentId'));
    if (!doc) return c.json({ error: DOCUMENT_NOT_FOUND }, 404);
    try {
      const file = await storage.get(doc.storageKey);
      return c.body(webStream(file.stream), 200, fileHeaders(doc.documentName, doc.contentType, file.size));
    } catch (err) {
      if (err instanceof StorageNotFoundError) return c.json({ error: DOCUMENT_NOT_FOUND }, 404);
      throw err;
    }
  })
  .delete('/:documentId', access('own'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const deleted = await deleteDocument(db, storage, c.var.scope, c.req.param('documentId'), log);
    return deleted ? c.json({ ok: true }) : c.json({ error: DOCUMENT_NOT_FOUND }, 404);
  });

/** /api/documents: every client's documents, with the client named (admins only). */
export const allDocumentsRoutes = new Hono<AppEnv>().get('/', access('admin'), validate('query', allDocumentsQuery), clientQuery, async (c) =>
  c.json(await listAllDocuments(c.var.deps.db, c.req.valid('query'))),
);
