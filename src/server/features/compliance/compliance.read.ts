import { and, asc, count, eq, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessCompliance, businessDocuments } from '../../db/schema';
import { isOverdue, type ComplianceTask, type TaskListQuery, type TaskPage } from '../../../shared/compliance';
import {
  MAX_UPLOADS_PER_TASK_IN_LIST,
  MAX_UPLOADS_PER_TASK_VIEW,
  type RequestUpload,
} from '../../../shared/document-requests';
import { pageWindow } from '../../lib/paging';
import { columnOf, fromJson, isoText } from '../../lib/sql-json';
// Reading a client's compliance tasks: the list with its counts, one task, and the uploads a
// document request carries. The writes are in compliance.service.ts.

const columns = {
  id: businessCompliance.id,
  name: businessCompliance.taskName,
  description: businessCompliance.taskDescription,
  dueDate: businessCompliance.taskDueDate,
  priority: businessCompliance.taskPriority,
  status: businessCompliance.taskStatus,
  isBusinessLicense: businessCompliance.isBusinessLicense,
  isTaxForm: businessCompliance.isTaxForm,
  isCompliance: businessCompliance.isCompliance,
  createdAt: businessCompliance.createdAt,
  kind: businessCompliance.kind,
  requestedDocument: businessCompliance.requestedDocument,
  requestedDocumentType: businessCompliance.requestedDocumentType,
  rejectReason: businessCompliance.rejectReason,
  submittedAt: businessCompliance.submittedAt,
};
export { columns as taskColumns };
export type TaskRow = Awaited<ReturnType<typeof findTask>> & {};

type Uploads = { uploads: RequestUpload[]; uploadCount: number };
const noUploads: Uploads = { uploads: [], uploadCount: 0 };
/**
 * Field by field, not `{ ...row, ...uploads }`: every list page maps up to 100 rows, and the spread
 * made this mapping about 4 us a row (a fifth of the task list's CPU in the benchmark) against under 1.
 */
export const toTask = (row: TaskRow, now = new Date(), uploads: Uploads = noUploads): ComplianceTask => ({
  id: row.id,
  name: row.name,
  description: row.description,
  dueDate: row.dueDate ? row.dueDate.toISOString() : null,
  priority: row.priority,
  status: row.status,
  isBusinessLicense: row.isBusinessLicense,
  isTaxForm: row.isTaxForm,
  isCompliance: row.isCompliance,
  createdAt: row.createdAt.toISOString(),
  overdue: isOverdue(row, now),
  kind: row.kind,
  requestedDocument: row.requestedDocument,
  requestedDocumentType: row.requestedDocumentType,
  rejectReason: row.rejectReason,
  submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
  uploads: uploads.uploads,
  uploadCount: uploads.uploadCount,
});

/**
 * The uploads of the given document requests, newest first, at most `max` a task, with each
 * task's count: one query for a whole page of tasks.
 */
async function requestUploads(db: Db, clientId: string, taskIds: number[], max: number): Promise<Map<number, Uploads>> {
  const byTask = new Map<number, Uploads>();
  if (!taskIds.length) return byTask;
  const d = businessDocuments;
  const ranked = db
    .select({
      id: d.id,
      userId: d.userId,
      documentName: d.documentName,
      documentType: d.documentType,
      contentType: d.contentType,
      size: d.size,
      createdAt: d.createdAt,
      taskId: sql<number>`${d.requestTaskId}`.as('task_id'),
      rank: sql<number>`row_number() over (partition by ${d.requestTaskId} order by ${d.createdAt} desc, ${d.id} desc)`.as(
        'rank',
      ),
      total: sql<number>`(count(*) over (partition by ${d.requestTaskId}))::int`.as('total'),
    })
    .from(d)
    .where(and(eq(d.userId, clientId), inArray(d.requestTaskId, taskIds)))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, max)).orderBy(ranked.rank);
  for (const { taskId, rank: _rank, total, ...doc } of rows) {
    const entry = byTask.get(taskId) ?? { uploads: [], uploadCount: Number(total) };
    entry.uploads.push({ ...doc, size: Number(doc.size), createdAt: new Date(doc.createdAt).toISOString() });
    byTask.set(taskId, entry);
  }
  return byTask;
}

/** Rows as tasks, document requests with their uploads (one more query a page, only when it holds requests). */
export async function withUploads(
  db: Db,
  clientId: string,
  rows: TaskRow[],
  now: Date,
  max = MAX_UPLOADS_PER_TASK_VIEW,
): Promise<ComplianceTask[]> {
  const uploads = await requestUploads(
    db,
    clientId,
    rows.filter((r) => r.kind === 'document_request').map((r) => r.id),
    max,
  );
  return rows.map((row) => toTask(row, now, uploads.get(row.id)));
}

/** Route parameters are text: anything but a positive 32-bit integer names no task. */
export const parseTaskId = (raw: string | undefined) =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

/** Awaiting completion and due before `now`: the SQL twin of isOverdue. */
export const overdueSql = (now: Date | SQL) =>
  and(
    eq(businessCompliance.taskStatus, 'Awaiting Completion'),
    isNotNull(businessCompliance.taskDueDate),
    lt(businessCompliance.taskDueDate, now),
  ) as SQL;

/**
 * The one count of a client's tasks (all of them), as columns over the client's rows of
 * business_compliance: the compliance page, the timeline and the dashboard show it, each beside
 * what else its statement reads.
 */
export const taskCounts = (now: Date | SQL) => ({
  total: count(),
  completed: count(sql`case when ${businessCompliance.taskStatus} = 'Completed' then 1 end`),
  overdue: count(sql`case when ${overdueSql(now)} then 1 end`),
});

const upload = businessDocuments;

/** The list's parameters: its statements are built once per database and sent with these values. */
const param = {
  clientId: sql.placeholder('clientId'),
  now: sql`${sql.placeholder('now')}::timestamptz`,
  status: sql.placeholder('status'),
  priority: sql.placeholder('priority'),
  overdue: sql.placeholder('overdue'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** What the list's filters ask of a client's tasks; a filter sent as null asks nothing. */
const filtered = and(
  sql`(${param.status}::text is null or ${businessCompliance.taskStatus} = ${param.status})`,
  sql`(${param.priority}::text is null or ${businessCompliance.taskPriority} = ${param.priority})`,
  sql`(${param.overdue}::boolean is null or coalesce(${overdueSql(param.now)}, false) = ${param.overdue})`,
) as SQL;

/**
 * The list's two statements: the page's rows, each document request with its newest uploads (as
 * the answer's JSON) and their number; and the counts, the filtered total among them. Indexed on
 * (user_id, due date). Prepared: the list is the page a client opens most, and building its SQL
 * anew for every request cost as much CPU as the database's work on it.
 */
function prepareList(db: Db) {
  const page = db
    .select(columns)
    .from(businessCompliance)
    .where(and(eq(businessCompliance.userId, param.clientId), filtered))
    .orderBy(sql`${businessCompliance.taskDueDate} asc nulls last`, asc(businessCompliance.id))
    .limit(param.limit)
    .offset(param.offset)
    .as('page');
  // Per row of the page only (the page is cut before these run): the request's uploads, newest first.
  const u = (column: keyof typeof upload._.columns) => columnOf('u', upload[column]);
  const ofTask = sql`${u('userId')} = ${param.clientId} and ${u('requestTaskId')} = ${columnOf('page', businessCompliance.id)}
    and ${columnOf('page', businessCompliance.kind)} = 'document_request'`;
  const rows = db
    .select({
      ...page._.selectedFields,
      uploads: sql<RequestUpload[] | string | null>`(select json_agg(json_build_object(
          'id', ${u('id')}, 'userId', ${u('userId')}, 'documentName', ${u('documentName')},
          'documentType', ${u('documentType')}, 'contentType', ${u('contentType')}, 'size', ${u('size')},
          'createdAt', ${isoText(u('createdAt'))}
        ) order by ${u('createdAt')} desc, ${u('id')} desc)
        from (select * from ${upload} u where ${ofTask}
          order by ${u('createdAt')} desc, ${u('id')} desc limit ${MAX_UPLOADS_PER_TASK_IN_LIST}) u)`,
      uploadCount: sql<number>`(select count(*)::int from ${upload} u where ${ofTask})`.mapWith(Number),
    })
    .from(page)
    .orderBy(sql`${page.dueDate} asc nulls last`, asc(page.id))
    .prepare('compliance_task_page');
  const counts = db
    .select({ ...taskCounts(param.now), matching: count(sql`case when ${filtered} then 1 end`) })
    .from(businessCompliance)
    .where(eq(businessCompliance.userId, param.clientId))
    .prepare('compliance_task_counts');
  return { rows, counts };
}
const preparedLists = new WeakMap<Db, ReturnType<typeof prepareList>>();

/**
 * A page of the client's tasks by due date (no date last), then id, filtered; with the filtered
 * total and the counts over all the client's tasks. Two statements (prepareList).
 */
export async function listTasks(db: Db, clientId: string, q: TaskListQuery, now = new Date()): Promise<TaskPage> {
  let list = preparedLists.get(db);
  if (!list) preparedLists.set(db, (list = prepareList(db)));
  const { limit, offset } = pageWindow(q);
  const values = {
    clientId,
    now: now.toISOString(),
    status: q.status ?? null,
    priority: q.priority ?? null,
    overdue: q.overdue ?? null,
    limit,
    offset,
  };
  const [found, [{ matching, ...all }]] = await Promise.all([list.rows.execute(values), list.counts.execute(values)]);
  const items = found.map(({ uploads, uploadCount, ...row }) =>
    toTask(row, now, uploads ? { uploads: fromJson(uploads, []), uploadCount } : noUploads),
  );
  return { items, total: matching, page: q.page, pageSize: q.pageSize, counts: all };
}

/** One of the client's tasks as the list shows it; null when it is not theirs. */
export async function getTask(
  db: Db,
  clientId: string,
  taskId: number,
  now = new Date(),
): Promise<ComplianceTask | null> {
  const row = await findTask(db, clientId, taskId);
  return row ? (await withUploads(db, clientId, [row], now))[0] : null;
}

export async function findTask(db: Db, clientId: string, taskId: number) {
  const [row] = await db
    .select(columns)
    .from(businessCompliance)
    .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, clientId)));
  return row ?? null;
}

export const taskLink = (taskId: number) => `/compliance?task=${taskId}`;
