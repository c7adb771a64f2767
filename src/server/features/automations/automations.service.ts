import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ConflictError, InvalidError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { automations } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { pageWindow } from '../../lib/paging';
import { isDocumentId } from '../documents/documents.service';
import { limitReached } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import {
  AUTOMATION_ORDER_CHANGED,
  AUTOMATION_HTML_MAX,
  MAX_AUTOMATIONS,
  type Automation,
  type automationInput,
} from '../../../shared/automations';
import type { z } from 'zod';
import { cleanAutomationHtml } from './automation-html';
import { removeStored } from '../../storage/remove-stored';

/** Route parameters are text: anything but a UUID names no automation. */
export const isAutomationId = isDocumentId;

type Log = { warn: (m: string) => void };
type Fields = z.output<typeof automationInput>;
export type StoredImage = { key: string; contentType: string; size: number };

// One lock for every change to the catalogue's order (adds, deletes, reorders): they serialise.
const lockCatalogue = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('automations'), 0)`);

const columns = {
  id: automations.id,
  name: automations.name,
  type: automations.type,
  description: automations.description,
  notes: automations.notes,
  isAutoSync: automations.isAutoSync,
  isNotification: automations.isNotification,
  emoji: automations.emoji,
  status: automations.status,
  displayOrder: automations.displayOrder,
  imageKey: automations.imageKey,
  createdAt: automations.createdAt,
  updatedAt: automations.updatedAt,
};
type Row = Pick<typeof automations.$inferSelect, keyof typeof columns>;

const toAutomation = ({ imageKey, ...r }: Row): Automation => ({
  ...r,
  // The key's tail changes with each new image, so the page loads the new one.
  imageUrl: imageKey ? `/api/automations/${r.id}/image?v=${encodeURIComponent(imageKey.slice(-12))}` : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The description and notes sanitised with the allow-list, as they are stored (400 when cleaning made one too long). */
async function cleaned(f: Fields): Promise<Fields> {
  const [description, notes] = await Promise.all([cleanAutomationHtml(f.description), cleanAutomationHtml(f.notes)]);
  for (const [label, html] of [
    ['The description is', description],
    ['The notes are', notes],
  ] as const)
    if (html.length > AUTOMATION_HTML_MAX)
      throw new InvalidError(`${label} too long once the HTML is cleaned: shorten it.`);
  return { ...f, description, notes };
}

/** GET /api/automations: a page of the catalogue in display order. */
export async function listAutomations(db: Db, q: PageQuery): Promise<Page<Automation>> {
  const { limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(automations)
      .orderBy(asc(automations.displayOrder), asc(automations.id))
      .limit(limit)
      .offset(offset),
    db.$count(automations),
  ]);
  return { items: rows.map(toAutomation), total, page: q.page, pageSize: q.pageSize };
}

async function automationById(db: Db, id: string) {
  const [row] = await db.select(columns).from(automations).where(eq(automations.id, id));
  return row ? toAutomation(row) : null;
}

export async function automationExists(db: Db, id: string | undefined) {
  if (!isAutomationId(id)) return false;
  return (await db.$count(automations, eq(automations.id, id))) > 0;
}

/** Adds an automation, active, last in the order (highest + 1 under the catalogue's lock). */
export async function addAutomation(db: Db, actorId: string, fields: Fields): Promise<Automation> {
  const id = randomUUID();
  const values = await cleaned(fields);
  await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [{ n, highest }] = await tx
      .select({ n: count(), highest: sql<number>`coalesce(max(${automations.displayOrder}), 0)`.mapWith(Number) })
      .from(automations);
    if (n >= MAX_AUTOMATIONS) throw new ConflictError(limitReached(MAX_AUTOMATIONS, 'automations'));
    await tx
      .insert(automations)
      .values({ id, ...values, status: 'active', displayOrder: highest + 1, createdBy: actorId });
  });
  return (await automationById(db, id))!;
}

/** Changes an automation's fields; null when there is none. */
export async function editAutomation(db: Db, id: string | undefined, fields: Fields): Promise<Automation | null> {
  if (!isAutomationId(id)) return null;
  const rows = await db
    .update(automations)
    .set({ ...(await cleaned(fields)), updatedAt: new Date() })
    .where(eq(automations.id, id))
    .returning(columns);
  return rows[0] ? toAutomation(rows[0]) : null;
}

/** Sets (or replaces) the image, already stored; the old file is removed after the commit. Null when there is no such automation. */
export async function setAutomationImage(
  db: Db,
  storage: Storage,
  id: string,
  image: StoredImage,
  log: Log,
): Promise<Automation | null> {
  const old = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ imageKey: automations.imageKey })
      .from(automations)
      .where(eq(automations.id, id))
      .for('update');
    if (!row) return null;
    await tx
      .update(automations)
      .set({ imageKey: image.key, imageContentType: image.contentType, imageSize: image.size, updatedAt: new Date() })
      .where(eq(automations.id, id));
    return row;
  });
  if (!old) return null;
  if (old.imageKey) await removeStored(storage, [old.imageKey], log);
  return automationById(db, id);
}

/** Removes the image; the file goes after the commit. Null when there is no such automation. */
export async function removeAutomationImage(
  db: Db,
  storage: Storage,
  id: string | undefined,
  log: Log,
): Promise<Automation | null> {
  if (!isAutomationId(id)) return null;
  const old = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ imageKey: automations.imageKey })
      .from(automations)
      .where(eq(automations.id, id))
      .for('update');
    if (!row) return null;
    await tx
      .update(automations)
      .set({ imageKey: null, imageContentType: null, imageSize: null, updatedAt: new Date() })
      .where(eq(automations.id, id));
    return row;
  });
  if (!old) return null;
  if (old.imageKey) await removeStored(storage, [old.imageKey], log);
  return automationById(db, id);
}

/** The stored image of an automation (for the image route), or null. */
export async function findAutomationImage(db: Db, id: string | undefined) {
  if (!isAutomationId(id)) return null;
  const [row] = await db
    .select({ key: automations.imageKey, contentType: automations.imageContentType })
    .from(automations)
    .where(eq(automations.id, id));
  return row?.key && row.contentType ? { key: row.key, contentType: row.contentType } : null;
}

/** Removes the automation, closes the gap in the order, then removes its image. */
export async function deleteAutomation(db: Db, storage: Storage, id: string | undefined, log: Log) {
  if (!isAutomationId(id)) return false;
  const row = await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [gone] = await tx
      .delete(automations)
      .where(eq(automations.id, id))
      .returning({ imageKey: automations.imageKey, displayOrder: automations.displayOrder });
    if (!gone) return null;
    await tx
      .update(automations)
      .set({ displayOrder: sql`${automations.displayOrder} - 1` })
      .where(sql`${automations.displayOrder} > ${gone.displayOrder}`);
    return gone;
  });
  if (!row) return false;
  // After the commit: a file without a row is harmless, a row without its file would be broken.
  if (row.imageKey) await removeStored(storage, [row.imageKey], log);
  return true;
}

/** Save Order: renumbers the catalogue 1..n in the order of `ids`, which must name every automation once (409 otherwise). */
export async function reorderAutomations(db: Db, ids: string[]) {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const current = await tx.select({ id: automations.id }).from(automations);
    const known = new Set(current.map((r) => r.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw new ConflictError(AUTOMATION_ORDER_CHANGED);
    await tx.execute(
      sql`update ${automations} set display_order = v.ord from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as v(id, ord) where ${automations.id} = v.id`,
    );
  });
}
