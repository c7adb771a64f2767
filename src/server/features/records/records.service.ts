import { and, asc, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import type { RecordDocument, RecordStatus, RecordView, StatusTotal } from '../../../shared/records';
import type { PageQuery } from '../../../shared/paging';
import { pageWindow } from '../../lib/paging';
import { columnOf, fromJson, isoText } from '../../lib/sql-json';
import { enforceRecordLimit } from '../../lib/record-limit';
import { isDocumentId } from '../documents/documents.service';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import type { KindConfig } from './records.kinds';
import { removeStored } from '../../storage/remove-stored';

// Every query filters by the scope's client: another client's record is simply not there (404).

export type RecordValues = { vendorName: string; amount: number; status?: RecordStatus } & Partial<
  Record<'dueDate' | 'orderDate', string>
>;

/** Route parameters are text: anything but a UUID names no record. */
export const isRecordId = isDocumentId;

const recordColumns = (k: KindConfig) => ({
  id: k.cols.id,
  clientId: k.cols.userId,
  vendorName: k.cols.vendorName,
  amount: k.cols.amount,
  date: k.cols.date,
  status: k.cols.status,
  createdAt: k.cols.createdAt,
});
type RecordRow = {
  id: unknown;
  clientId: unknown;
  vendorName: unknown;
  amount: unknown;
  date: unknown;
  status: unknown;
  createdAt: unknown;
  clientName?: unknown;
  clientEmail?: unknown;
};

const toView = (k: KindConfig, row: RecordRow, documents: RecordDocument[]): RecordView => ({
  id: String(row.id),
  clientId: String(row.clientId),
  vendorName: String(row.vendorName),
  amount: Number(row.amount),
  [k.dateKey]: String(row.date),
  status: row.status as RecordStatus,
  createdAt: (row.createdAt as Date).toISOString(),
  documents,
  ...(row.clientName !== undefined
    ? { clientName: (row.clientName as string | null) ?? '', clientEmail: String(row.clientEmail ?? '') }
    : {}),
});

const documentColumns = (k: KindConfig) => ({
  id: k.docs.cols.id,
  recordId: k.docs.cols.recordId,
  documentName: k.docs.cols.documentName,
  contentType: k.docs.cols.contentType,
  size: k.docs.cols.size,
  createdAt: k.docs.cols.createdAt,
});
const toDocument = (row: {
  id: unknown;
  documentName: unknown;
  contentType: unknown;
  size: unknown;
  createdAt: unknown;
}): RecordDocument => ({
  id: String(row.id),
  documentName: String(row.documentName),
  contentType: String(row.contentType),
  size: Number(row.size),
  createdAt: (row.createdAt as Date).toISOString(),
});

/** The documents of the given records, oldest first, grouped by record (one query for a page). */
async function documentsOf(db: Db, k: KindConfig, recordIds: string[]) {
  const byRecord = new Map<string, RecordDocument[]>(recordIds.map((id) => [id, []]));
  if (!recordIds.length) return byRecord;
  const rows = await db
    .select(documentColumns(k))
    .from(k.docs.table)
    .where(inArray(k.docs.cols.recordId, recordIds))
    .orderBy(asc(k.docs.cols.createdAt), asc(k.docs.cols.id));
  for (const row of rows) byRecord.get(String(row.recordId))?.push(toDocument(row));
  return byRecord;
}

/**
 * Sum and count of the amounts of each status over everything `where` selects (every status listed,
 * zeros too), and how many that is in all.
 */
async function totalsOf(
  db: Db,
  k: KindConfig,
  where: SQL | undefined,
): Promise<{ totals: StatusTotal[]; total: number }> {
  const rows = await db
    .select({ status: k.cols.status, amount: sum(k.cols.amount), count: count() })
    .from(k.table)
    .where(where)
    .groupBy(k.cols.status);
  return {
    totals: k.statuses.map((status) => {
      const row = rows.find((x) => x.status === status);
      return { status, count: row?.count ?? 0, amount: row ? Math.round(Number(row.amount ?? 0) * 100) / 100 : 0 };
    }),
    total: rows.reduce((n, row) => n + row.count, 0),
  };
}

/**
 * A page of records, newest first, each with its documents, and the totals by status of the whole
 * list. `clientId` limits it to one client; `withClient` (who asks, on the staff's list) names each record's client. Two
 * statements: the page with each record's documents (as the answer's JSON), and the totals.
 */
export async function listRecords(db: Db, k: KindConfig, q: PageQuery & { clientId?: string; withClient?: Asker }) {
  // The admins' list (withClient) is of clients' records only.
  const where = and(
    q.withClient ? ownedByClient(db, k.cols.userId, q.withClient) : undefined,
    q.clientId ? eq(k.cols.userId, q.clientId) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const base = q.withClient
    ? db
        .select({ ...recordColumns(k), clientName: authUsers.name, clientEmail: authUsers.email })
        .from(k.table)
        .innerJoin(authUsers, eq(authUsers.id, k.cols.userId))
    : db.select(recordColumns(k)).from(k.table);
  const page = base
    .where(where)
    .orderBy(desc(k.cols.createdAt), desc(k.cols.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const d = (column: keyof KindConfig['docs']['cols']) => columnOf('d', k.docs.cols[column]);
  // Per row of the page only (the page is cut before this runs): its documents, oldest first.
  const documents = sql<RecordDocument[] | string | null>`(select json_agg(json_build_object(
      'id', ${d('id')}, 'documentName', ${d('documentName')}, 'contentType', ${d('contentType')},
      'size', ${d('size')}, 'createdAt', ${isoText(d('createdAt'))}
    ) order by ${d('createdAt')} asc, ${d('id')} asc)
    from ${k.docs.table} d where ${d('recordId')} = ${columnOf('page', k.cols.id)})`;
  const [rows, { totals, total }] = await Promise.all([
    db
      .select({ ...page._.selectedFields, documents })
      .from(page)
      .orderBy(desc(page.createdAt), desc(page.id)) as Promise<
      (RecordRow & { documents: RecordDocument[] | string | null })[]
    >,
    totalsOf(db, k, where),
  ]);
  return {
    items: rows.map((row) => toView(k, row, fromJson(row.documents, []))),
    total,
    page: q.page,
    pageSize: q.pageSize,
    totals,
  };
}

export async function recordExists(db: Db, k: KindConfig, clientId: string, recordId: string) {
  if (!isRecordId(recordId)) return false;
  const [row] = await db
    .select({ id: k.cols.id })
    .from(k.table)
    .where(and(eq(k.cols.id, recordId), eq(k.cols.userId, clientId)));
  return Boolean(row);
}

async function viewOf(db: Db, k: KindConfig, recordId: string) {
  const [row] = (await db.select(recordColumns(k)).from(k.table).where(eq(k.cols.id, recordId))) as RecordRow[];
  return toView(k, row, (await documentsOf(db, k, [recordId])).get(recordId) ?? []);
}

const columnValues = (k: KindConfig, input: RecordValues) => ({
  vendorName: input.vendorName,
  amount: input.amount.toFixed(2),
  [k.dateKey]: input[k.dateKey],
  // An edit without a status keeps the stored one.
  ...(input.status === undefined ? {} : { status: input.status }),
});

export async function createRecord(db: Db, k: KindConfig, scope: Scope, input: RecordValues): Promise<RecordView> {
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, k.cols.userId, scope.clientId, k.limit, k.what);
    await tx.insert(k.table).values({ id, userId: scope.clientId, ...columnValues(k, input) } as never);
    await recordAudit(tx, scope, { action: 'create', entityType: k.entity, entityId: id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: k.entity });
    return viewOf(tx, k, id);
  });
}

/** Saves every field, the status included (the original product's receivable edit dropped it). null: not the scope client's. */
export async function updateRecord(
  db: Db,
  k: KindConfig,
  scope: Scope,
  recordId: string,
  input: RecordValues,
): Promise<RecordView | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(k.table)
      .set({ ...columnValues(k, input), updatedAt: new Date() } as never)
      .where(and(eq(k.cols.id, recordId), eq(k.cols.userId, scope.clientId)))
      .returning({ id: k.cols.id });
    if (!rows.length) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: k.entity, entityId: recordId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: k.entity });
    return viewOf(tx, k, recordId);
  });
}

type Log = { warn: (m: string) => void };

/** Deletes the record and its documents (audited for admins), then, after the commit, their stored files. */
export async function deleteRecord(
  db: Db,
  storage: { delete: (key: string) => Promise<void> },
  k: KindConfig,
  scope: Scope,
  recordId: string,
  log: Log,
) {
  if (!isRecordId(recordId)) return false;
  const keys = await db.transaction(async (tx) => {
    // Locked first, as a document upload locks it: a document added while this delete waited
    // would otherwise go with the record (cascade) and leave its file behind.
    if (!(await lockRecord(tx, k, scope.clientId, recordId))) return null;
    const docs = await tx
      .select({ key: k.docs.cols.storageKey })
      .from(k.docs.table)
      .where(eq(k.docs.cols.recordId, recordId));
    const rows = await tx
      .delete(k.table)
      .where(and(eq(k.cols.id, recordId), eq(k.cols.userId, scope.clientId)))
      .returning({ id: k.cols.id });
    if (!rows.length) return null;
    // The documents' rows go with the record (on delete cascade).
    await recordAudit(tx, scope, { action: 'delete', entityType: k.entity, entityId: recordId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: k.entity });
    return docs.map((d) => String(d.key));
  });
  if (keys === null) return false;
  // After the commit: a file without a row is harmless, a row without its file would be a broken link.
  await removeStored(storage, keys, log);
  return true;
}

/** Locks the scope client's record for the rest of the transaction; false when it is not theirs (or gone). */
export async function lockRecord(tx: Db, k: KindConfig, clientId: string, recordId: string) {
  const rows = await tx
    .select({ id: k.cols.id })
    .from(k.table)
    .where(and(eq(k.cols.id, recordId), eq(k.cols.userId, clientId)))
    .for('update');
  return rows.length > 0;
}

export { documentColumns, toDocument };
