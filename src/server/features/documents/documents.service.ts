import { and, desc, eq, type SQL } from 'drizzle-orm';
import { ConflictError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { authUsers, businessDocuments } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, uploadKey, type ReceivedUpload } from '../../uploads/upload';
import type { AdminBusinessDocument, BusinessDocument, DocumentType } from '../../../shared/documents';
import { REQUEST_DOCUMENT_KEPT } from '../../../shared/document-requests';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toCappedPage, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { assertStorageRoom } from '../../uploads/upload-limits';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { removeStored } from '../../storage/remove-stored';

const columns = {
  id: businessDocuments.id,
  userId: businessDocuments.userId,
  documentName: businessDocuments.documentName,
  documentType: businessDocuments.documentType,
  contentType: businessDocuments.contentType,
  size: businessDocuments.size,
  createdAt: businessDocuments.createdAt,
};

const toDocument = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Route parameters are text: anything but a UUID names no document. */
export const isDocumentId = (raw: string | undefined): raw is string =>
  !!raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw);

/** One client's documents, newest first, optionally of one type. */
export async function listDocuments(
  db: Db,
  clientId: string,
  q: PageQuery & { type?: DocumentType },
): Promise<Page<BusinessDocument>> {
  const where = and(
    eq(businessDocuments.userId, clientId),
    q.type ? eq(businessDocuments.documentType, q.type) : undefined,
  );
  const rows = db
    .select(columns)
    .from(businessDocuments)
    .where(where)
    .orderBy(desc(businessDocuments.createdAt), desc(businessDocuments.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(
    q,
    rows.then((r) => r.map(toDocument)),
    db.$count(businessDocuments, where),
  );
}

/** Every client's documents with the client named (admins). */
export async function listAllDocuments(
  db: Db,
  asker: Asker,
  q: PageQuery & { clientId?: string; type?: DocumentType },
): Promise<Page<AdminBusinessDocument>> {
  const conditions: SQL[] = [ownedByClient(db, businessDocuments.userId, asker)];
  if (q.clientId) conditions.push(eq(businessDocuments.userId, q.clientId));
  if (q.type) conditions.push(eq(businessDocuments.documentType, q.type));
  const where = and(...conditions);
  const rows = db
    .select({ ...columns, clientName: authUsers.name, clientEmail: authUsers.email })
    .from(businessDocuments)
    .innerJoin(authUsers, eq(authUsers.id, businessDocuments.userId))
    .where(where)
    .orderBy(desc(businessDocuments.createdAt), desc(businessDocuments.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toCappedPage(
    db,
    q,
    rows.then((r) => r.map(toDocument)),
    businessDocuments,
    where,
  );
}

/** One of the client's documents with its storage key; null when it is not theirs. */
export async function findDocument(db: Db, clientId: string, documentId: string) {
  if (!isDocumentId(documentId)) return null;
  const [row] = await db
    .select({ ...columns, storageKey: businessDocuments.storageKey })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.userId, clientId)));
  return row ?? null;
}

/** Stores the file under a server-made key and records it; a failed insert removes the file. */
export async function addDocument(
  db: Db,
  storage: Storage,
  scope: Scope,
  upload: ReceivedUpload,
  documentType: DocumentType,
  quotaBytes: number,
): Promise<BusinessDocument> {
  const key = uploadKey('documents', scope.clientId, upload.ext);
  return storeThenRecord(storage, key, upload, () =>
    db.transaction((tx) => insertDocument(tx, scope, key, upload, { documentType }, quotaBytes)),
  );
}

/**
 * The row of a stored file, inside the caller's transaction: the client's document limit and
 * storage quota checked, the insert audited (for admins). A document request's upload names its task.
 */
export async function insertDocument(
  tx: Db,
  scope: Scope,
  key: string,
  upload: ReceivedUpload,
  into: { documentType: DocumentType; requestTaskId?: number },
  quotaBytes: number,
): Promise<BusinessDocument> {
  const id = crypto.randomUUID();
  await enforceRecordLimit(tx, businessDocuments.userId, scope.clientId, LIMITS.documents, 'documents');
  await assertStorageRoom(tx, scope.clientId, upload.bytes.length, quotaBytes);
  const [row] = await tx
    .insert(businessDocuments)
    .values({
      id,
      userId: scope.clientId,
      documentName: upload.name,
      documentType: into.documentType,
      storageKey: key,
      contentType: upload.contentType,
      size: upload.bytes.length,
      uploadedBy: scope.actorId,
      requestTaskId: into.requestTaskId ?? null,
    })
    .returning(columns);
  await recordAudit(tx, scope, { action: 'create', entityType: 'business_document', entityId: id });
  // A request's upload is told to the client by the request's own notices.
  if (into.requestTaskId === undefined)
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'business_document' });
  return toDocument(row);
}

/** Removes the row (audited for admins), then the stored file. False when it is not the client's. */
export async function deleteDocument(
  db: Db,
  storage: Storage,
  scope: Scope,
  documentId: string,
  log: { warn: (m: string) => void },
) {
  if (!isDocumentId(documentId)) return false;
  const key = await db.transaction(async (tx) => {
    // Uploads into a document request stay listed with it (staff review them; a rejected one is history).
    const [linked] = await tx
      .select({ taskId: businessDocuments.requestTaskId })
      .from(businessDocuments)
      .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.userId, scope.clientId)))
      .for('update');
    if (linked?.taskId != null) throw new ConflictError(REQUEST_DOCUMENT_KEPT);
    const [row] = await tx
      .delete(businessDocuments)
      .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.userId, scope.clientId)))
      .returning({ storageKey: businessDocuments.storageKey });
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'delete', entityType: 'business_document', entityId: documentId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: 'business_document' });
    return row.storageKey;
  });
  if (key === null) return false;
  await removeStored(storage, [key], log);
  return true;
}

/** The client's documents with their keys, for the zip archive. */
export async function documentsForArchive(db: Db, clientId: string) {
  return db
    .select({
      documentName: businessDocuments.documentName,
      documentType: businessDocuments.documentType,
      storageKey: businessDocuments.storageKey,
    })
    .from(businessDocuments)
    .where(eq(businessDocuments.userId, clientId))
    .orderBy(businessDocuments.createdAt, businessDocuments.id);
}
