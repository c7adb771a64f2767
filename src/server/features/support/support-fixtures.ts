import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportAttachments, supportConversations, supportMessages } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { makePdf } from '../../test/make-pdf';

type T = { db: Db; storage: Storage };

/** A client message (its conversation made when missing and moved on), as the send route leaves it. */
export async function insertSupportMessage(t: Pick<T, 'db'>, clientId: string, body: string, fromStaff = false) {
  await t.db.insert(supportConversations).values({ clientId }).onConflictDoNothing();
  const [msg] = await t.db
    .insert(supportMessages)
    .values({ clientId, fromStaff, body })
    .returning({ id: supportMessages.id });
  await t.db
    .update(supportConversations)
    .set({ lastMessageId: msg.id, lastMessageAt: sql`now()`, ...(fromStaff ? {} : { lastClientMessageId: msg.id }) })
    .where(eq(supportConversations.clientId, clientId));
  return msg.id;
}

/** A client message carrying a stored PDF named `fileName`; returns the attachment id. */
export async function insertSupportAttachment(t: T, clientId: string, fileName: string) {
  const messageId = await insertSupportMessage(t, clientId, '');
  const id = randomUUID();
  const storageKey = `support/${clientId.toLowerCase()}/${id}.pdf`;
  const bytes = makePdf(fileName.replace(/[^A-Za-z ]/g, ''));
  await t.storage.put(storageKey, Readable.from([bytes]), { contentType: 'application/pdf', size: bytes.length });
  await t.db
    .insert(supportAttachments)
    .values({ id, messageId, clientId, fileName, storageKey, contentType: 'application/pdf', size: bytes.length });
  return id;
}
