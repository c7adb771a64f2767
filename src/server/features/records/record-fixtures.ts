import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountReceivableDocuments,
  accountReceivables,
  purchaseOrderDocuments,
  purchaseOrders,
} from '../../db/schema';
import type { Storage } from '../../storage/storage';

// Rows for the trust tests (authorisation matrix, bad input, statement count, bounded lists):
// records and documents as the app stores them, each document with its (tiny) file.

/** The two kinds as their API paths name them. */
export const RECORD_PATHS = ['receivables', 'purchase-orders'] as const;
export type RecordPath = (typeof RECORD_PATHS)[number];
type Ctx = { db: Db; storage: Storage };

export async function insertRecord(t: Ctx, kind: RecordPath, userId: string, vendorName: string, status = 'pending') {
  const id = randomUUID();
  if (kind === 'receivables')
    await t.db
      .insert(accountReceivables)
      .values({ id, userId, vendorName, amount: '1250.00', dueDate: '2026-12-01', status: status as 'pending' });
  else
    await t.db
      .insert(purchaseOrders)
      .values({ id, userId, vendorName, amount: '1250.00', orderDate: '2026-11-01', status: status as 'pending' });
  return id;
}

export async function insertRecordDocument(
  t: Ctx,
  kind: RecordPath,
  userId: string,
  recordId: string,
  documentName: string,
) {
  const id = randomUUID();
  const storageKey = `${kind === 'receivables' ? 'account-receivable' : 'purchase-order'}/${userId.toLowerCase()}/${id}.pdf`;
  const bytes = Buffer.from(`%PDF-1.4\n% ${documentName}\n%%EOF\n`);
  await t.storage.put(storageKey, Readable.from([bytes]), { contentType: 'application/pdf', size: bytes.length });
  const row = { id, userId, documentName, storageKey, contentType: 'application/pdf', size: bytes.length };
  if (kind === 'receivables')
    await t.db.insert(accountReceivableDocuments).values({ ...row, accountReceivableId: recordId });
  else await t.db.insert(purchaseOrderDocuments).values({ ...row, purchaseOrderId: recordId });
  return id;
}

/** Exactly n receivables and n purchase orders for the client, each with one document row (no file). */
export async function seedRecords(t: Ctx, userId: string, n: number) {
  await t.db.delete(accountReceivables).where(eq(accountReceivables.userId, userId));
  await t.db.delete(purchaseOrders).where(eq(purchaseOrders.userId, userId));
  const doc = (i: number) => ({
    id: randomUUID(),
    userId,
    documentName: `Invoice ${i}.pdf`,
    storageKey: `none/${randomUUID()}.pdf`,
    contentType: 'application/pdf',
    size: 10,
  });
  const ars = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    vendorName: `Vendor ${i}`,
    amount: '10.00',
    dueDate: '2026-12-01',
    status: (['pending', 'approved', 'overdue'] as const)[i % 3],
  }));
  const pos = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    vendorName: `Vendor ${i}`,
    amount: '10.00',
    orderDate: '2026-12-01',
    status: (['pending', 'approved', 'rejected'] as const)[i % 3],
  }));
  if (!n) return;
  await t.db.insert(accountReceivables).values(ars);
  await t.db.insert(purchaseOrders).values(pos);
  await t.db.insert(accountReceivableDocuments).values(ars.map((r, i) => ({ ...doc(i), accountReceivableId: r.id })));
  await t.db.insert(purchaseOrderDocuments).values(pos.map((r, i) => ({ ...doc(i), purchaseOrderId: r.id })));
}
