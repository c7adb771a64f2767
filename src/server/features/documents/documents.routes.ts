import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { acceptUpload } from '../../uploads/accept';
import { sendArchive, sendStoredDownload } from '../../uploads/serve';
import { receiveUpload, uploadBodyLimit } from '../../uploads/upload';
import {
  allDocumentsQuery,
  DOCUMENT_NOT_FOUND,
  documentKindInput,
  documentListQuery,
  documentVerificationInput,
} from '../../../shared/documents';
import {
  addDocument,
  deleteDocument,
  findDocument,
  listAllDocuments,
  listDocuments,
  replaceDocumentFile,
  setDocumentKind,
  verifyDocument,
} from './documents.service';
import { documentsArchive, receiveDocument } from './documents.files';

// Runs before the body is read, so another client's document is a 404 whatever the body says.
const ownDocument = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await findDocument(c.var.deps.db, c.var.scope.clientId, c.req.param('documentId') ?? '')))
    return c.json({ error: DOCUMENT_NOT_FOUND }, 404);
  return next();
});

/** /api/clients/:clientId/documents: a client's Business Documents (the client or any admin). */
export const documentsRoutes = new Hono<AppEnv>()
  .get('/', access('own'), validate('query', documentListQuery), async (c) =>
    c.json(await listDocuments(c.var.deps.db, c.var.scope.clientId, c.req.valid('query'))),
  )
  // Multipart: `file` (one .pdf/.doc/.docx of at most 10 MB) and `documentType`.
  .post('/upload', access('own'), uploadBodyLimit(), (c) => {
    const { scope } = c.var;
    return acceptUpload(c, { actorId: scope.actorId, quotaOf: scope.clientId, field: 'file' }, async () => {
      const { db, storage, config } = c.var.deps;
      const { upload, documentType, kind } = await receiveDocument(c);
      return c.json(
        { document: await addDocument(db, storage, scope, upload, { documentType, kind }, config.storageQuotaBytes) },
        201,
      );
    });
  })
  // Multipart: `file`, a new file for the document (its check by staff is cleared).
  .post('/:documentId/upload', access('own'), ownDocument, uploadBodyLimit(), (c) => {
    const { scope } = c.var;
    return acceptUpload(c, { actorId: scope.actorId, quotaOf: scope.clientId, field: 'file' }, async () => {
      const { db, storage, config, log } = c.var.deps;
      const upload = await receiveUpload(c);
      const document = await replaceDocumentFile(
        db,
        storage,
        scope,
        c.req.param('documentId'),
        upload,
        config.storageQuotaBytes,
        log,
      );
      return c.json({ document });
    });
  })
  .put('/:documentId/kind', access('own'), ownDocument, validate('json', documentKindInput), async (c) =>
    c.json({
      document: await setDocumentKind(c.var.deps.db, c.var.scope, c.req.param('documentId'), c.req.valid('json').kind),
    }),
  )
  // Staff's check: Verified, or Rejected with the reason (which asks the client for a new one).
  .put(
    '/:documentId/verification',
    access('staff'),
    ownDocument,
    validate('json', documentVerificationInput),
    async (c) =>
      c.json({
        document: await verifyDocument(c.var.deps.db, c.var.scope, c.req.param('documentId'), c.req.valid('json')),
      }),
  )
  // A zip of all the client's documents, one folder per section (empty when there are none).
  .get('/archive', access('own'), async (c) => {
    const { db, storage, log } = c.var.deps;
    return sendArchive(c, await documentsArchive(db, storage, c.var.scope.clientId, log), 'business-documents.zip');
  })
  .get('/:documentId/download', access('own'), async (c) => {
    const doc = await findDocument(c.var.deps.db, c.var.scope.clientId, c.req.param('documentId'));
    if (!doc) return c.json({ error: DOCUMENT_NOT_FOUND }, 404);
    return sendStoredDownload(
      c,
      { key: doc.storageKey, name: doc.documentName, contentType: doc.contentType },
      DOCUMENT_NOT_FOUND,
    );
  })
  .delete('/:documentId', access('own'), async (c) => {
    const { db, storage, log } = c.var.deps;
    const deleted = await deleteDocument(db, storage, c.var.scope, c.req.param('documentId'), log);
    return deleted ? c.json({ ok: true }) : c.json({ error: DOCUMENT_NOT_FOUND }, 404);
  });

/** /api/documents: every client's documents, with the client named (admins only). */
export const allDocumentsRoutes = new Hono<AppEnv>().get(
  '/',
  access('staff'),
  validate('query', allDocumentsQuery),
  clientQuery,
  async (c) => c.json(await listAllDocuments(c.var.deps.db, c.var.user!, c.req.valid('query'))),
);
