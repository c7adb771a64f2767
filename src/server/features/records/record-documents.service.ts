import { and, count, eq } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import type { Scope } from '../../middleware/access';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, uploadKey, type ReceivedUpload } from '../../uploads/upload';
import { assertStorageRoom } from '../../uploads/upload-limits';
import {
  DOCUMENTS_PER_RECORD,
  RECORD_NOT_FOUND,
  TOO_MANY_RECORD_DOCUMENTS,
  type RecordDocument,
} from '../../../shared/records';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import type { KindConfig } from './records.kinds';
import { documentColumns, isRecordId, lockRecord, toDocument } from './records.service';
import { removeStored } from '../../storage/remove-stored';

/**
 * Stores the file under a server-made key (the kind's folder, the client, a new id) and records it
 * under the record; refused past DOCUMENTS_PER_RECORD or the client's storage quota. A failed insert
 * removes the file again.
 */
export async function addRecordDocument(
  db: Db,
  storage: Storage,
  k: KindConfig,
  scope: Scope,
  recordId: string,
  upload: ReceivedUpload,
  quotaBytes: number,
): Promise<RecordDocument> {
  const key = uploadKey(k.docs.folder, scope.clientId, upload.ext);
  const id = crypto.randomUUID();
  return storeThenRecord(storage, key, upload, () =>
    db.transaction(async (tx) => {
      // Locked: a delete of the record cannot slip in, and the record's uploads count one at a time.
      if (!(await lockRecord(tx, k, scope.clientId, recordId))) throw new NotFoundError(RECORD_NOT_FOUND[k.kind]);
      const [{ n }] = await tx.select({ n: count() }).from(k.docs.table).where(eq(k.docs.cols.recordId, recordId));
      if (n >= DOCUMENTS_PER_RECORD) throw new ConflictError(TOO_MANY_RECORD_DOCUMENTS);
      await assertStorageRoom(tx, scope.clientId, upload.bytes.length, quotaBytes);
      const [row] = await tx
        .insert(k.docs.table)
        .values({
          id,
          userId: scope.clientId,
          [k.docs.recordKey]: recordId,
          documentName: upload.name,
          storageKey: key,
          contentType: upload.contentType,
          size: upload.bytes.length,
          uploadedBy: scope.actorId,
        } as never)
        .returning(documentColumns(k));
      await recordAudit(tx, scope, { action: 'create', entityType: k.docs.entity, entityId: id });
      await notifyStaffAction(tx, scope, { action: 'create', entityType: k.docs.entity });
      return toDocument(row);
    }),
  );
}

const docWhere = (k: KindConfig, clientId: string, recordId: string, documentId: string) =>
  and(eq(k.docs.cols.id, documentId), eq(k.docs.cols.recordId, recordId), eq(k.docs.cols.userId, clientId));

/** One document of the client's record, with its storage key; null when it is not theirs. */
export async function findRecordDocument(
  db: Db,
  k: KindConfig,
  clientId: string,
  recordId: string,
  documentId: string,
) {
  if (!isRecordId(recordId) || !isRecordId(documentId)) return null;
  const [row] = await db
    .select({
      documentName: k.docs.cols.documentName,
      contentType: k.docs.cols.contentType,
      storageKey: k.docs.cols.storageKey,
    })
    .from(k.docs.table)
    .where(docWhere(k, clientId, recordId, documentId));
  return row
    ? {
        documentName: String(row.documentName),
        contentType: String(row.contentType),
        storageKey: String(row.storageKey),
      }
    : null;
}

/** Removes the row (audited for admins), then the stored file. False when it is not the client's. */
export async function deleteRecordDocument(
  db: Db,
  storage: Storage,
  k: KindConfig,
  scope: Scope,
  recordId: string,
  documentId: string,
  log: { warn: (m: string) => void },
) {
  if (!isRecordId(recordId) || !isRecordId(documentId)) return false;
  const key = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(k.docs.table)
      .where(docWhere(k, scope.clientId, recordId, documentId))
      .returning({ storageKey: k.docs.cols.storageKey });
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'delete', entityType: k.docs.entity, entityId: documentId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: k.docs.entity });
    return String(row.storageKey);
  });
  if (key === null) return false;
  await removeStored(storage, [key], log);
  return true;
}
