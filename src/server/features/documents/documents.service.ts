import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { addDocumentRequest } from '../compliance/document-requests.service';
import type { Db } from '../../db/client';
import { authUsers, businessDocuments } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, uploadKey, type ReceivedUpload } from '../../uploads/upload';
import {
  DOCUMENT_NOT_FOUND,
  type AdminBusinessDocument,
  type BusinessDocument,
  type DocumentType,
  type DocumentVerificationInput,
} from '../../../shared/documents';
import { kindInfo, type DocumentKind, type DocumentVerification } from '../../../shared/document-kinds-rules';
import { REQUEST_DOCUMENT_KEPT } from '../../../shared/document-requests';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toCappedPage, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { assertStorageRoom } from '../../uploads/upload-limits';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { removeStored } from '../../storage/remove-stored';

// Who checked a document, named beside it (a second join of the users table).
const verifier = alias(authUsers, 'verifier');

const insertedColumns = {
  id: businessDocuments.id,
  userId: businessDocuments.userId,
  documentName: businessDocuments.documentName,
  documentType: businessDocuments.documentType,
  contentType: businessDocuments.contentType,
  size: businessDocuments.size,
  kind: businessDocuments.kind,
  createdAt: businessDocuments.createdAt,
};
const columns = {
  ...insertedColumns,
  verificationStatus: businessDocuments.verificationStatus,
  verificationReason: businessDocuments.verificationReason,
  verifiedAt: businessDocuments.verifiedAt,
  verifierName: verifier.name,
};

type DocumentColumns = {
  kind: string | null;
  verificationStatus: string | null;
  verificationReason: string | null;
  verifiedAt: Date | null;
  verifierName: string | null;
  createdAt: Date;
};

/** A row as the API answers it: the kind checked against today's list, the check as one object. */
export function toDocument<T extends DocumentColumns>(row: T) {
  const { verificationStatus, verificationReason, verifiedAt, verifierName, ...rest } = row;
  const verification: DocumentVerification | null =
    verifiedAt && (verificationStatus === 'verified' || verificationStatus === 'rejected')
      ? { status: verificationStatus, reason: verificationReason, byName: verifierName, at: verifiedAt.toISOString() }
      : null;
  return {
    ...rest,
    kind: (kindInfo(row.kind)?.kind ?? null) as DocumentKind | null,
    verification,
    createdAt: row.createdAt.toISOString(),
  };
}

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
    .leftJoin(verifier, eq(verifier.id, businessDocuments.verifiedBy))
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
    .leftJoin(verifier, eq(verifier.id, businessDocuments.verifiedBy))
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
    .leftJoin(verifier, eq(verifier.id, businessDocuments.verifiedBy))
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.userId, clientId)));
  return row ? { ...toDocument(row), storageKey: row.storageKey } : null;
}

/** Stores the file under a server-made key and records it; a failed insert removes the file. */
export async function addDocument(
  db: Db,
  storage: Storage,
  scope: Scope,
  upload: ReceivedUpload,
  into: { documentType: DocumentType; kind?: DocumentKind | null },
  quotaBytes: number,
): Promise<BusinessDocument> {
  const key = uploadKey('documents', scope.clientId, upload.ext);
  return storeThenRecord(storage, key, upload, () =>
    db.transaction((tx) => insertDocument(tx, scope, key, upload, into, quotaBytes)),
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
  into: { documentType: DocumentType; kind?: DocumentKind | null; requestTaskId?: number },
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
      kind: into.kind ?? null,
    })
    .returning(insertedColumns);
  await recordAudit(tx, scope, { action: 'create', entityType: 'business_document', entityId: id });
  // A request's upload is told to the client by the request's own notices.
  if (into.requestTaskId === undefined)
    await notifyStaffAction(tx, scope, { action: 'create', entityType: 'business_document' });
  return toDocument({
    ...row,
    verificationStatus: null,
    verificationReason: null,
    verifiedAt: null,
    verifierName: null,
  });
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

/** The client's document locked for a change; 404 when it is not theirs. */
async function lockDocument(tx: Db, clientId: string, documentId: string) {
  if (!isDocumentId(documentId)) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const [row] = await tx
    .select({
      id: businessDocuments.id,
      documentName: businessDocuments.documentName,
      documentType: businessDocuments.documentType,
      kind: businessDocuments.kind,
      storageKey: businessDocuments.storageKey,
    })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.id, documentId), eq(businessDocuments.userId, clientId)))
    .for('update');
  if (!row) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return row;
}

const answerDocument = async (tx: Db, clientId: string, documentId: string): Promise<BusinessDocument> => {
  const found = await findDocument(tx, clientId, documentId);
  if (!found) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const { storageKey: _key, ...doc } = found;
  return doc;
};

const clearedCheck = { verificationStatus: null, verificationReason: null, verifiedBy: null, verifiedAt: null };

/**
 * Says what a lender would call the document (or nothing). A new kind clears staff's check: they
 * checked the file as what it was said to be.
 */
export async function setDocumentKind(db: Db, scope: Scope, documentId: string, kind: DocumentKind | null) {
  return db.transaction(async (tx) => {
    const row = await lockDocument(tx, scope.clientId, documentId);
    if (row.kind !== kind) {
      await tx
        .update(businessDocuments)
        .set({ kind, ...clearedCheck })
        .where(eq(businessDocuments.id, row.id));
      await recordAudit(tx, scope, { action: 'update', entityType: 'business_document', entityId: row.id });
      await notifyStaffAction(tx, scope, { action: 'update', entityType: 'business_document' });
    }
    return answerDocument(tx, scope.clientId, row.id);
  });
}

/**
 * Staff's check of a document: who and when are kept and shown to the client, and the change is
 * audited. A rejection asks the client for a new one through a document request (its reason is the
 * request's description), so it follows the request's own notices and review.
 */
export async function verifyDocument(
  db: Db,
  scope: Scope,
  documentId: string,
  input: DocumentVerificationInput,
): Promise<BusinessDocument> {
  return db.transaction(async (tx) => {
    const row = await lockDocument(tx, scope.clientId, documentId);
    const reason = input.status === 'rejected' ? input.reason.trim() : null;
    await tx
      .update(businessDocuments)
      .set({
        verificationStatus: input.status,
        verificationReason: reason,
        verifiedBy: scope.actorId,
        verifiedAt: new Date(),
      })
      .where(eq(businessDocuments.id, row.id));
    await recordAudit(tx, scope, { action: 'update', entityType: 'business_document', entityId: row.id });
    if (input.status === 'rejected') {
      const what = kindInfo(row.kind)?.label ?? row.documentName;
      await addDocumentRequest(tx, scope, {
        requestedDocument: `A new ${what}`.slice(0, 200),
        documentType: row.documentType as DocumentType,
        description: `“${row.documentName}” was not accepted: ${reason}`.slice(0, 4000),
        dueDate: undefined,
        priority: 'Medium',
      });
    } else await notifyStaffAction(tx, scope, { action: 'update', entityType: 'business_document' });
    return answerDocument(tx, scope.clientId, row.id);
  });
}

/**
 * A new file for the same document (a newer statement, a corrected letter): the row keeps its place,
 * name and kind, staff's check is cleared (it was of the old file), and the old file is removed.
 */
export async function replaceDocumentFile(
  db: Db,
  storage: Storage,
  scope: Scope,
  documentId: string,
  upload: ReceivedUpload,
  quotaBytes: number,
  log: { warn: (m: string) => void },
): Promise<BusinessDocument> {
  const key = uploadKey('documents', scope.clientId, upload.ext);
  const { doc, oldKey } = await storeThenRecord(storage, key, upload, () =>
    db.transaction(async (tx) => {
      const row = await lockDocument(tx, scope.clientId, documentId);
      await assertStorageRoom(tx, scope.clientId, upload.bytes.length, quotaBytes);
      await tx
        .update(businessDocuments)
        .set({
          documentName: upload.name,
          storageKey: key,
          contentType: upload.contentType,
          size: upload.bytes.length,
          uploadedBy: scope.actorId,
          createdAt: new Date(),
          ...clearedCheck,
        })
        .where(eq(businessDocuments.id, row.id));
      await recordAudit(tx, scope, { action: 'update', entityType: 'business_document', entityId: row.id });
      await notifyStaffAction(tx, scope, { action: 'update', entityType: 'business_document' });
      return { doc: await answerDocument(tx, scope.clientId, row.id), oldKey: row.storageKey };
    }),
  );
  await removeStored(storage, [oldKey], log);
  return doc;
}
