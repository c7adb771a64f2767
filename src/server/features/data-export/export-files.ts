import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountReceivableDocuments,
  businessDocuments,
  purchaseOrderDocuments,
  supportAttachments,
} from '../../db/schema';
import { documentSections } from '../../../shared/documents';

/** One stored file of the client's, and where it goes in the zip. */
export type ExportFile = { folder: string; name: string; storageKey: string };

const sectionTitle = (type: string) => documentSections.find((s) => s.type === type)?.title ?? 'Other';

/**
 * Every uploaded file of the client's (business documents by section, receivable and purchase
 * order documents, Support Chat attachments): names and storage keys only, the bytes are read
 * one file at a time while the zip is written.
 */
export async function exportFiles(db: Db, clientId: string): Promise<ExportFile[]> {
  const [docs, receivable, order, attachments] = await Promise.all([
    db
      .select({
        name: businessDocuments.documentName,
        type: businessDocuments.documentType,
        storageKey: businessDocuments.storageKey,
      })
      .from(businessDocuments)
      .where(eq(businessDocuments.userId, clientId))
      .orderBy(asc(businessDocuments.createdAt), asc(businessDocuments.id)),
    db
      .select({ name: accountReceivableDocuments.documentName, storageKey: accountReceivableDocuments.storageKey })
      .from(accountReceivableDocuments)
      .where(and(eq(accountReceivableDocuments.userId, clientId)))
      .orderBy(asc(accountReceivableDocuments.createdAt), asc(accountReceivableDocuments.id)),
    db
      .select({ name: purchaseOrderDocuments.documentName, storageKey: purchaseOrderDocuments.storageKey })
      .from(purchaseOrderDocuments)
      .where(eq(purchaseOrderDocuments.userId, clientId))
      .orderBy(asc(purchaseOrderDocuments.createdAt), asc(purchaseOrderDocuments.id)),
    db
      .select({ name: supportAttachments.fileName, storageKey: supportAttachments.storageKey })
      .from(supportAttachments)
      .where(eq(supportAttachments.clientId, clientId))
      .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.id)),
  ]);
  return [
    ...docs.map((d) => ({
      folder: `files/business-documents/${sectionTitle(d.type)}`,
      name: d.name,
      storageKey: d.storageKey,
    })),
    ...receivable.map((d) => ({ folder: 'files/receivable-documents', ...d })),
    ...order.map((d) => ({ folder: 'files/purchase-order-documents', ...d })),
    ...attachments.map((d) => ({ folder: 'files/support-attachments', ...d })),
  ];
}

// Zip entry names: no folders or odd characters from the user's file name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const safeName = (name: string) => name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').slice(0, 200) || 'file';

/** A unique entry name in the folder: 'a.pdf', then 'a (2).pdf', ... (letter case ignored, as on Windows and macOS). */
export function uniqueEntry(used: Set<string>, folder: string, name: string): string {
  const clean = safeName(name);
  const dot = clean.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
  let entry = `${folder}/${clean}`;
  for (let n = 2; used.has(entry.toLowerCase()); n++) entry = `${folder}/${base} (${n})${ext}`;
  used.add(entry.toLowerCase());
  return entry;
}
