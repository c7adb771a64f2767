import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { receiveUpload, uploadBodyLimit } from '../../uploads/upload';
import { acceptUpload } from '../../uploads/accept';
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
import { sendStoredDownload } from '../../uploads/serve';
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
        const { scope } = c.var;
        return acceptUpload(c, { actorId: scope.actorId, quotaOf: scope.clientId, field: 'file' }, async () => {
          const upload = await receiveUpload(c);
          const recordId = c.req.param('recordId');
          const document = await addRecordDocument(db, storage, k, scope, recordId, upload, config.storageQuotaBytes);
          return c.json({ document }, 201);
        });
      })
      .get('/:recordId/documents/:documentId/download', access('own'), async (c) => {
        const { clientId } = c.var.scope;
        const doc = await findRecordDocument(
          c.var.deps.db,
          k,
          clientId,
          c.req.param('recordId'),
          c.req.param('documentId'),
        );
        if (!doc) return c.json({ error: RECORD_DOCUMENT_NOT_FOUND }, 404);
        return sendStoredDownload(
          c,
          { key: doc.storageKey, name: doc.documentName, contentType: doc.contentType },
          RECORD_DOCUMENT_NOT_FOUND,
        );
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
  return new Hono<AppEnv>().get('/', access('staff'), validate('query', adminListQuery), clientQuery, async (c) => {
    const page = await listRecords(c.var.deps.db, k, { ...c.req.valid('query'), withClient: c.var.user! });
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
