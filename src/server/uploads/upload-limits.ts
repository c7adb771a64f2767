import { randomUUID } from 'node:crypto';
import { and, count, eq, ne, notInArray, sql, sum } from 'drizzle-orm';
import { LimitReachedError } from '../lib/domain-errors';
import { INSTANCE_ID, liveInstances } from '../lib/instance';
import type { Db } from '../db/client';
import {
  accountReceivableDocuments,
  businessDocuments,
  fundingPackets,
  purchaseOrderDocuments,
  supportAttachments,
  uploadSlots,
} from '../db/schema';
import { LIMITS, STORAGE_FULL, TOO_MANY_UPLOADS } from '../../shared/limits';

/**
 * Runs `fn` holding one of the user's upload slots, or answers 429 when they already have
 * LIMITS.uploadsInFlight uploads in progress (on any instance). A slot belongs to the process that
 * holds it (INSTANCE_ID): the slots of a process that is known dead (it stopped beating, see
 * lib/instance.ts) are released here, not ten minutes later (a crash locked a client out of uploading).
 */
export async function withUploadSlot<T>(db: Db, userId: string, fn: () => Promise<T>): Promise<T> {
  const id = randomUUID();
  const granted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('upload_slots'), hashtext(${userId}))`);
    await tx
      .delete(uploadSlots)
      .where(
        and(
          eq(uploadSlots.userId, userId),
          ne(uploadSlots.instanceId, INSTANCE_ID),
          notInArray(uploadSlots.instanceId, liveInstances(tx)),
        ),
      );
    const [{ n }] = await tx.select({ n: count() }).from(uploadSlots).where(eq(uploadSlots.userId, userId));
    if (n >= LIMITS.uploadsInFlight) return false;
    await tx.insert(uploadSlots).values({ id, userId, instanceId: INSTANCE_ID });
    return true;
  });
  if (!granted) throw new LimitReachedError(TOO_MANY_UPLOADS, 'rate');
  try {
    return await fn();
  } finally {
    await db.delete(uploadSlots).where(eq(uploadSlots.id, id));
  }
}

/** Bytes of files the client keeps (every table of uploaded files adds its sizes here). */
export async function storedBytes(db: Db, clientId: string) {
  const [{ bytes }] = await db
    .select({ bytes: sum(businessDocuments.size) })
    .from(businessDocuments)
    .where(eq(businessDocuments.userId, clientId));
  const [{ bytes: receivables }] = await db
    .select({ bytes: sum(accountReceivableDocuments.size) })
    .from(accountReceivableDocuments)
    .where(eq(accountReceivableDocuments.userId, clientId));
  const [{ bytes: orders }] = await db
    .select({ bytes: sum(purchaseOrderDocuments.size) })
    .from(purchaseOrderDocuments)
    .where(eq(purchaseOrderDocuments.userId, clientId));
  const [{ bytes: chat }] = await db
    .select({ bytes: sum(supportAttachments.size) })
    .from(supportAttachments)
    .where(eq(supportAttachments.clientId, clientId));
  // Built funding packets are stored files too (the PDF; its manifest is a few KB).
  const [{ bytes: packets }] = await db
    .select({ bytes: sum(fundingPackets.pdfSize) })
    .from(fundingPackets)
    .where(eq(fundingPackets.userId, clientId));
  return Number(bytes ?? 0) + Number(receivables ?? 0) + Number(orders ?? 0) + Number(chat ?? 0) + Number(packets ?? 0);
}

/**
 * 413 with 'Your storage is full...' when `adding` more bytes would pass the client's quota. Call in
 * the transaction that records the file: the lock makes a client's concurrent uploads count in turn.
 */
export async function assertStorageRoom(tx: Db, clientId: string, adding: number, quotaBytes: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stored_bytes'), hashtext(${clientId}))`);
  if ((await storedBytes(tx, clientId)) + adding > quotaBytes)
    throw new LimitReachedError(STORAGE_FULL(quotaBytes), 'size');
}
