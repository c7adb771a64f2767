import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { StorageNotFoundError } from '../../storage/storage';
import { receiveUpload, uploadBodyLimit, UploadError } from '../../uploads/upload';
import { storedBytes, withUploadSlot } from '../../uploads/upload-limits';
import { STORAGE_FULL } from '../../../shared/limits';
import { adminListQuery, pageQuery } from '../../../shared/paging';
import {
  purchaseOrderInput,
  purchaseOrderUpdate,
  receivableInput,
  receivableUpdate,
  RECORD_DOCUMENT_NOT_FOUND,
  RECORD_NOT_FOUND,
  type PurchaseOrder,
  type PurchaseOrderStatus,
  type Receivable,
  type ReceivableStatus,
  type RecordPage,
  type WithClient,
} from '../../../shared/records';
import { fileHeaders } from '../../uploads/serve';
import { purchaseOrderKind, receivableKind, type KindConfig } from './records.kinds';
import {
  createRecord,
  deleteRecord,
  listRecords,
  recordExists,
  updateRecord,
  type RecordValues,
} from './records.service';
import { addRecordDocument, deleteRecordDocument, findRecordDocument } from './record-documents.service';

const webStream = (s: Readable) => Readable.toWeb(s) as ReadableStream;

/**
 * /api/clients/:clientId/receivables and .../purchase-orders: the client's own records (admins: any
 * client's, audited), each with its documents (upload, download, delete).
 */
function recordRoutes<
  Item,
  Schema extends typeof receivableInput | typeof purchaseOrderInput,
  Update extends typeof receivableUpdate | typeof purchaseOrderUpdate,
>(k: KindConfig, schema: Schema, updateSchema: Update) {
  const notFound = RECORD_NOT_FOUND[k.kind];
  // Runs before validation, so another client's record is a 404 whatever the body says.
  const ownRecord = createMiddleware<AppEnv>(async (c, next) => {
    if (!(await recordExists(c.var.deps.db, k, c.var.scope.clientId, c.req.param('recordId') ?? '')))
      return c.json({ error: notFound }, 404);
    return next();
  });
  return (
    new Hono<AppEnv>()
      .get('/', access('own'), validate('query', pageQuery), async (c) => {
        const page = await listRecords(c.var.deps.db, k, { ...c.req.valid('query'), clientId: c.var.scope.clientId });
        return c.json(page as unknown as Item);
      })
      .post('/', access('own'), validate('json', schema), async (c) => {
        const record = await createRecord(c.var.deps.db, k, c.var.scope, c.req.valid('json') as RecordValues);
        return c.json({ record }, 201);
      })
      .patch('/:recordId', access('own'), ownRecord, validate('json', updateSchema), async (c) => {
        const record = await updateRecord(
          c.var.deps.db,
          k,
          c.var.scope,
          c.req.param('recordId'),
          c.req.valid('json') as RecordValues,
        );
        return record ? c.json({ record }) : c.json({ error: notFound }, 404);
      })
      .delete('/:recordId', access('own'), ownRecord, async (c) => {
        const { db, storage, log } = c.var.deps;
        return (await deleteRecord(db, storage, k, c.var.scope, c.req.param('recordId'), log))
          ? c.json({ ok: true })
          : c.json({ error: notFound }, 404);
      })
      // Multipart: `file`, one .pdf/.doc/.docx of at most 10 MB (checked by its content).
      .post('/:recordId/documents/upload', access('own'), ownRecord, uploadBodyLimit(), async (c) => {
        const { db, storage, config } = c.var.deps;
        if ((await storedBytes(db, c.var.scope.clientId)) >= config.storageQuotaBytes)
          return c.json({ error: STORAGE_FULL(config.storageQuotaBytes), field: 'file' }, 413);
        return withUploadSlot(db, c.var.scope.actorId, async () => {
          try {
            const upload = await receiveUpload(c);
            return c.json(
              {
                document: await addRecordDocument(
                  db,
                  storage,
                  k,
                  c.var.scope,
                  c.req.param('recordId'),
                  upload,
                  config.storageQuotaBytes,
                ),
              },
              201,
            );
          } catch (err) {
            if (err instanceof UploadError)
              return c.json({ error: err.message, field: err.field ?? 'file' }, err.status);
            throw err;
          }
        });
      })
      .get('/:recordId/documents/:documentId/download', access('own'), async (c) => {
        const { db, storage } = c.var.deps;
        const doc = await findRecordDocument(
          db,
          k,
          c.var.scope.clientId,
          c.req.param('recordId'),
          c.req.param('documentId'),
        );
        if (!doc) return c.json({ error: RECORD_DOCUMENT_NOT_FOUND }, 404);
        try {
          const file = await storage.get(doc.storageKey);
          return c.body(webStream(file.stream), 200, fileHeaders(doc.documentName, doc.contentType, file.size));
        } catch (err) {
          if (err instanceof StorageNotFoundError) return c.json({ error: RECORD_DOCUMENT_NOT_FOUND }, 404);
          throw err;
        }
      })
      .delete('/:recordId/documents/:documentId', access('own'), async (c) => {
        const { db, storage, log } = c.var.deps;
        const deleted = await deleteRecordDocument(
          db,
          storage,
          k,
          c.var.scope,
          c.req.param('recordId'),
          c.req.param('documentId'),
          log,
        );
        return deleted ? c.json({ ok: true }) : c.json({ error: RECORD_DOCUMENT_NOT_FOUND }, 404);
      })
  );
}

/** /api/receivables and /api/purchase-orders: admins see every client's records (or one client's), each naming its client. */
function allRecordRoutes<Item>(k: KindConfig) {
  return new Hono<AppEnv>().get('/', access('admin'), validate('query', adminListQuery), clientQuery, async (c) => {
    const page = await listRecords(c.var.deps.db, k, { ...c.req.valid('query'), withClient: true });
    return c.json(page as unknown as Item);
  });
}

export const receivablesRoutes = recordRoutes<
  RecordPage<Receivable, ReceivableStatus>,
  typeof receivableInput,
  typeof receivableUpdate
>(receivableKind, receivableInput, receivableUpdate);
export const purchaseOrdersRoutes = recordRoutes<
  RecordPage<PurchaseOrder, PurchaseOrderStatus>,
  typeof purchaseOrderInput,
  typeof purchaseOrderUpdate
>(purchaseOrderKind, purchaseOrderInput, purchaseOrderUpdate);
export const allReceivablesRoutes =
  allRecordRoutes<RecordPage<WithClient<Receivable>, ReceivableStatus>>(receivableKind);
export const allPurchaseOrdersRoutes =
  allRecordRoutes<RecordPage<WithClient<PurchaseOrder>, PurchaseOrderStatus>>(purchaseOrderKind);
