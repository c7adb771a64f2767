import { and, asc, count, eq, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { ConflictError } from '../../lib/domain-errors';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { businessCompliance, businessDocuments, recentActivities } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  isOverdue,
  toDueDate,
  type ComplianceTask,
  type TaskCounts,
  type TaskListQuery,
  type TaskPage,
  type TaskStatus,
  type taskInput,
  type taskUpdate,
} from '../../../shared/compliance';
import {
  MAX_UPLOADS_PER_TASK_IN_LIST,
  MAX_UPLOADS_PER_TASK_VIEW,
  REQUEST_STATUS_BY_REVIEW,
  type RequestUpload,
} from '../../../shared/document-requests';
import { LIMITS } from '../../../shared/limits';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { announce } from '../../lib/changes';

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
const toTask = (row: TaskRow, now = new Date(), uploads: Uploads = noUploads): ComplianceTask => ({
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
async function withUploads(
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
const overdueSql = (now: Date) =>
  and(
    eq(businessCompliance.taskStatus, 'Awaiting Completion'),
    isNotNull(businessCompliance.taskDueDate),
    lt(businessCompliance.taskDueDate, now),
  ) as SQL;

/** The client's tasks that pass the list's filters. */
function taskFilter(clientId: string, q: Pick<TaskListQuery, 'status' | 'priority' | 'overdue'>, now: Date) {
  return and(
    eq(businessCompliance.userId, clientId),
    q.status ? eq(businessCompliance.taskStatus, q.status) : undefined,
    q.priority ? eq(businessCompliance.taskPriority, q.priority) : undefined,
    q.overdue === undefined ? undefined : q.overdue ? overdueSql(now) : sql`not (${overdueSql(now)})`,
  );
}

/** The one count of a client's tasks (all of them): the compliance page, the timeline and the dashboard show it. */
export async function countTasks(db: Db, clientId: string, now = new Date()): Promise<TaskCounts> {
  const [row] = await db
    .select({
      total: count(),
      completed: count(sql`case when ${businessCompliance.taskStatus} = 'Completed' then 1 end`),
      overdue: count(sql`case when ${overdueSql(now)} then 1 end`),
    })
    .from(businessCompliance)
    .where(eq(businessCompliance.userId, clientId));
  return row;
}

/**
 * A page of the client's tasks by due date (no date last), then id, filtered; with the filtered
 * total and the counts over all the client's tasks. Indexed on (user_id, due date).
 */
export async function listTasks(db: Db, clientId: string, q: TaskListQuery, now = new Date()): Promise<TaskPage> {
  const where = taskFilter(clientId, q, now);
  const { limit, offset } = pageWindow(q);
  const rows = db
    .select(columns)
    .from(businessCompliance)
    .where(where)
    .orderBy(sql`${businessCompliance.taskDueDate} asc nulls last`, asc(businessCompliance.id))
    .limit(limit)
    .offset(offset)
    .then((r) => withUploads(db, clientId, r, now, MAX_UPLOADS_PER_TASK_IN_LIST));
  const total = db
    .select({ n: count() })
    .from(businessCompliance)
    .where(where)
    .then(([r]) => r.n);
  const [page, counts] = await Promise.all([toPage(q, rows, total), countTasks(db, clientId, now)]);
  return { ...page, counts };
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

/** The recent-activity entry a status change leaves (as in the original product: Awaiting Completion maps to in-progress). */
async function recordStatusChange(tx: Db, clientId: string, task: { name: string }, status: TaskStatus) {
  await tx.insert(recentActivities).values({
    userId: clientId,
    title: task.name,
    notes: status === 'Completed' ? 'Compliance task completed.' : 'Compliance task reopened: awaiting completion.',
    status: status === 'Completed' ? 'Completed' : 'In Progress',
  });
}

/** Staff changes are announced to the client; a client's own changes are not. */
export async function tellClient(
  tx: Db,
  scope: Scope,
  kind: 'task_assigned' | 'task_changed',
  title: string,
  body: string,
  taskId: number | null,
) {
  if (!scope.isAdmin || scope.actorId === scope.clientId) return;
  await notify(tx, {
    userId: scope.clientId,
    clientId: scope.clientId,
    kind,
    title,
    body,
    link: taskId ? taskLink(taskId) : '/compliance',
  });
}

export async function addTask(db: Db, scope: Scope, input: z.output<typeof taskInput>): Promise<ComplianceTask> {
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, businessCompliance.userId, scope.clientId, LIMITS.complianceTasks, 'compliance tasks');
    const [row] = await tx
      .insert(businessCompliance)
      .values({
        userId: scope.clientId,
        taskName: input.name,
        taskDescription: input.description,
        taskDueDate: toDueDate(input.dueDate) ?? null,
        taskPriority: input.priority,
        taskStatus: input.status,
        isBusinessLicense: input.isBusinessLicense,
        isTaxForm: input.isTaxForm,
        isCompliance: input.isCompliance,
      })
      .returning(columns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'business_compliance', entityId: row.id });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    await tellClient(
      tx,
      scope,
      'task_assigned',
      `New task: ${row.name}`,
      'Our team added a task to your business compliance list.',
      row.id,
    );
    return toTask(row);
  });
}

/** Updates one of the scope client's tasks; null when it is not theirs. */
export async function updateTask(
  db: Db,
  scope: Scope,
  taskId: number,
  input: z.output<typeof taskUpdate>,
): Promise<ComplianceTask | null> {
  return db.transaction(async (tx) => {
    // Locks the row, so the status seen here is the one the update replaces.
    const [before] = await tx
      .select(columns)
      .from(businessCompliance)
      .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)))
      .for('update');
    if (!before) return null;
    // A request's status follows the upload and staff's review, never an edit (an edit form would
    // otherwise take a Submitted request back to Awaiting Completion, or complete it with nothing uploaded).
    const isRequest = before.kind === 'document_request';
    if (isRequest && input.status !== undefined && input.status !== before.status)
      throw new ConflictError(REQUEST_STATUS_BY_REVIEW);
    const set = {
      taskName: input.name,
      // A request's task name is the document asked for: renaming it renames what notices and lists call it.
      requestedDocument: isRequest ? input.name : undefined,
      taskDescription: input.description,
      taskDueDate: toDueDate(input.dueDate),
      taskPriority: input.priority,
      taskStatus: input.status,
      isBusinessLicense: input.isBusinessLicense,
      isTaxForm: input.isTaxForm,
      isCompliance: input.isCompliance,
    };
    const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(changes).length
      ? await tx
          .update(businessCompliance)
          .set(changes)
          .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)))
          .returning(columns)
      : [before];
    await recordAudit(tx, scope, { action: 'update', entityType: 'business_compliance', entityId: row.id });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    if (row.status !== before.status) await recordStatusChange(tx, scope.clientId, row, row.status);
    const what =
      row.status !== before.status
        ? `is now ${row.status === 'Completed' ? 'completed' : 'awaiting completion'}`
        : 'was updated';
    await tellClient(
      tx,
      scope,
      'task_changed',
      `Task updated: ${row.name}`,
      `Our team changed this task: it ${what}.`,
      row.id,
    );
    return (await withUploads(tx, scope.clientId, [row], new Date()))[0];
  });
}

/** Sets a task Completed with the due date now (the dashboard's buttons do the same). */
export async function completeTask(
  db: Db,
  scope: Scope,
  taskId: number,
  now = new Date(),
): Promise<ComplianceTask | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: businessCompliance.taskStatus, kind: businessCompliance.kind })
      .from(businessCompliance)
      .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)))
      .for('update');
    if (!before) return null;
    if (before.kind === 'document_request') throw new ConflictError(REQUEST_STATUS_BY_REVIEW);
    const [row] = await tx
      .update(businessCompliance)
      .set({ taskStatus: 'Completed', taskDueDate: now })
      .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)))
      .returning(columns);
    await recordAudit(tx, scope, { action: 'update', entityType: 'business_compliance', entityId: row.id });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    if (before.status !== 'Completed') {
      await recordStatusChange(tx, scope.clientId, row, 'Completed');
      await tellClient(
        tx,
        scope,
        'task_changed',
        `Task completed: ${row.name}`,
        'Our team marked this task as completed.',
        row.id,
      );
    }
    return (await withUploads(tx, scope.clientId, [row], now))[0];
  });
}

export async function deleteTask(db: Db, scope: Scope, taskId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(businessCompliance)
      .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)))
      .returning({ id: businessCompliance.id, name: businessCompliance.taskName });
    if (!row) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: 'business_compliance', entityId: row.id });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    await tellClient(
      tx,
      scope,
      'task_changed',
      `Task removed: ${row.name}`,
      'Our team removed this task from your business compliance list.',
      null,
    );
    return true;
  });
}
