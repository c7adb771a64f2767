import { and, asc, count, eq, ne } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Db } from '../../db/client';
import { authUsers, businessCompliance, businessDocuments, recentActivities } from '../../db/schema';
import { ownedByClient, type Asker, type Scope } from '../../middleware/access';
import type { Storage } from '../../storage/storage';
import { storeThenRecord, uploadKey, type ReceivedUpload } from '../../uploads/upload';
import { TASK_NOT_FOUND, toDueDate, type ComplianceTask } from '../../../shared/compliance';
import {
  NOT_A_DOCUMENT_REQUEST,
  REQUEST_ALREADY_COMPLETED,
  REQUEST_NOT_SUBMITTED,
  REQUEST_NOTHING_UPLOADED,
  sectionTitle,
  type documentRequestInput,
  type DocumentRequestListQuery,
  type OpenDocumentRequest,
  type OpenDocumentRequestPage,
} from '../../../shared/document-requests';
import type { DocumentType } from '../../../shared/documents';
import { LIMITS } from '../../../shared/limits';
import type { z } from 'zod';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit, recordWorkflowStep } from '../audit/audit.service';
import { insertDocument } from '../documents/documents.service';
import { notifyStaff } from '../notifications/notifications.service';
import { findTask, getTask, taskColumns, type TaskRow } from './compliance.read';
import { tellClient } from './compliance.service';
import { announce } from '../../lib/changes';

type ActivityStatus = (typeof recentActivities.$inferInsert)['status'];
const activity = (tx: Db, clientId: string, title: string, notes: string, status: ActivityStatus) =>
  tx.insert(recentActivities).values({ userId: clientId, title, notes, status });

/** Why a task takes no upload now (404, or 409 with the sentence), or null when it does. */
export function uploadRefusal(task: Pick<TaskRow, 'kind' | 'status'> | null): NotFoundError | ConflictError | null {
  if (!task) return new NotFoundError(TASK_NOT_FOUND);
  if (task.kind !== 'document_request') return new ConflictError(NOT_A_DOCUMENT_REQUEST);
  if (task.status === 'Completed') return new ConflictError(REQUEST_ALREADY_COMPLETED);
  return null;
}

/** The client's document request, locked for the change; 404 when it is not theirs, 409 when it is a plain task. */
async function lockRequest(tx: Db, clientId: string, taskId: number): Promise<TaskRow> {
  const [row] = await tx
    .select(taskColumns)
    .from(businessCompliance)
    .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, clientId)))
    .for('update');
  if (!row) throw new NotFoundError(TASK_NOT_FOUND);
  if (row.kind !== 'document_request') throw new ConflictError(NOT_A_DOCUMENT_REQUEST);
  return row;
}

const answer = async (tx: Db, clientId: string, taskId: number) =>
  (await getTask(tx, clientId, taskId)) as ComplianceTask;

/** Staff ask the client for a document: a task of kind document_request (counted in the task limit). */
export async function addDocumentRequest(
  db: Db,
  scope: Scope,
  input: z.output<typeof documentRequestInput>,
): Promise<ComplianceTask> {
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, businessCompliance.userId, scope.clientId, LIMITS.complianceTasks, 'compliance tasks');
    const section = sectionTitle(input.documentType);
    const [row] = await tx
      .insert(businessCompliance)
      .values({
        userId: scope.clientId,
        kind: 'document_request',
        taskName: input.requestedDocument,
        requestedDocument: input.requestedDocument,
        requestedDocumentType: input.documentType,
        taskDescription: input.description,
        taskDueDate: toDueDate(input.dueDate) ?? null,
        taskPriority: input.priority,
      })
      .returning({ id: businessCompliance.id });
    await recordAudit(tx, scope, { action: 'create', entityType: 'business_compliance', entityId: row.id });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    await activity(
      tx,
      scope.clientId,
      input.requestedDocument,
      `Document requested (${section}): upload it on the Business Compliance page.`,
      'pending',
    );
    await tellClient(
      tx,
      scope,
      'task_assigned',
      `Document requested: ${input.requestedDocument}`,
      `Our team asks you to upload ${input.requestedDocument} (${section}). Open the task to upload it.`,
      row.id,
    );
    return answer(tx, scope.clientId, row.id);
  });
}

/**
 * The client's (or an admin's, for them) upload into a request: stored as a Business Document in
 * the requested section, linked to the task, which becomes Submitted. Staff are told when the
 * request moves to Submitted; a further file while it waits for review joins it quietly.
 */
export async function submitToRequest(
  db: Db,
  storage: Storage,
  scope: Scope,
  taskId: number,
  upload: ReceivedUpload,
  quotaBytes: number,
): Promise<ComplianceTask> {
  const key = uploadKey('documents', scope.clientId, upload.ext);
  return storeThenRecord(storage, key, upload, () =>
    db.transaction(async (tx) => {
      const task = await lockRequest(tx, scope.clientId, taskId);
      const refused = uploadRefusal(task);
      if (refused) throw refused;
      const documentType = (task.requestedDocumentType ?? 'Miscellaneous Documents') as DocumentType;
      await insertDocument(tx, scope, key, upload, { documentType, requestTaskId: taskId }, quotaBytes);
      await tx
        .update(businessCompliance)
        .set({ taskStatus: 'Submitted', submittedAt: new Date() })
        .where(and(eq(businessCompliance.id, taskId), eq(businessCompliance.userId, scope.clientId)));
      await recordWorkflowStep(tx, scope, { action: 'update', entityType: 'business_compliance', entityId: taskId });
      announce({ clientId: scope.clientId, area: 'compliance-tasks' });
      await activity(
        tx,
        scope.clientId,
        task.requestedDocument,
        `Document submitted: ${upload.name}. Waiting for our team's review.`,
        'In Progress',
      );
      if (task.status !== 'Submitted') {
        const [client] = await tx
          .select({ name: authUsers.name, email: authUsers.email })
          .from(authUsers)
          .where(eq(authUsers.id, scope.clientId));
        await notifyStaff(tx, {
          kind: 'task_changed',
          clientId: scope.clientId,
          title: `${client?.name || client?.email || 'A client'} submitted ${task.requestedDocument}`,
          body: `${upload.name}: review it and accept or reject it.`,
          link: `/compliance?client=${encodeURIComponent(scope.clientId)}&task=${taskId}`,
        });
      }
      await tellClient(
        tx,
        scope,
        'task_changed',
        `Document uploaded for you: ${task.requestedDocument}`,
        `Our team uploaded ${upload.name} for this request.`,
        taskId,
      );
      return answer(tx, scope.clientId, taskId);
    }),
  );
}

/** Staff accept the submitted document: the request is Completed and any earlier reason cleared. */
export async function acceptRequest(db: Db, scope: Scope, taskId: number): Promise<ComplianceTask> {
  return db.transaction(async (tx) => {
    const task = await lockRequest(tx, scope.clientId, taskId);
    if (task.status !== 'Submitted') throw new ConflictError(REQUEST_NOT_SUBMITTED);
    const [uploaded] = await tx
      .select({ n: count() })
      .from(businessDocuments)
      .where(and(eq(businessDocuments.requestTaskId, taskId), eq(businessDocuments.userId, scope.clientId)));
    if (!uploaded?.n) throw new ConflictError(REQUEST_NOTHING_UPLOADED);
    await tx
      .update(businessCompliance)
      .set({ taskStatus: 'Completed', rejectReason: '' })
      .where(eq(businessCompliance.id, taskId));
    await recordAudit(tx, scope, { action: 'update', entityType: 'business_compliance', entityId: taskId });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    await activity(
      tx,
      scope.clientId,
      task.requestedDocument,
      'Document accepted: the request is completed.',
      'Completed',
    );
    await tellClient(
      tx,
      scope,
      'task_changed',
      `Document accepted: ${task.requestedDocument}`,
      'Our team accepted your document. This request is completed.',
      taskId,
    );
    return answer(tx, scope.clientId, taskId);
  });
}

/** Staff reject the submitted document with a reason: back to Awaiting Completion, the client told why. Earlier uploads stay. */
export async function rejectRequest(db: Db, scope: Scope, taskId: number, reason: string): Promise<ComplianceTask> {
  return db.transaction(async (tx) => {
    const task = await lockRequest(tx, scope.clientId, taskId);
    if (task.status !== 'Submitted') throw new ConflictError(REQUEST_NOT_SUBMITTED);
    await tx
      .update(businessCompliance)
      .set({ taskStatus: 'Awaiting Completion', rejectReason: reason })
      .where(eq(businessCompliance.id, taskId));
    await recordAudit(tx, scope, { action: 'update', entityType: 'business_compliance', entityId: taskId });
    announce({ clientId: scope.clientId, area: 'compliance-tasks' });
    await activity(tx, scope.clientId, task.requestedDocument, `Document rejected: ${reason}`.slice(0, 1100), 'urgent');
    await tellClient(
      tx,
      scope,
      'task_changed',
      `Document rejected: ${task.requestedDocument}`,
      `Rejected: ${reason}\nPlease upload it again.`,
      taskId,
    );
    return answer(tx, scope.clientId, taskId);
  });
}

/** Pre-check before the body is read: the task is the client's and takes an upload now. */
export async function checkUploadable(db: Db, clientId: string, taskId: number) {
  return uploadRefusal(await findTask(db, clientId, taskId));
}

/** Staff's list: open requests (awaiting the client, or submitted) across clients, oldest first. Indexed (partial, by created_at). */
export async function listOpenRequests(
  db: Db,
  asker: Asker,
  q: DocumentRequestListQuery,
): Promise<OpenDocumentRequestPage> {
  const c = businessCompliance;
  const where = and(
    eq(c.kind, 'document_request'),
    ne(c.taskStatus, 'Completed'),
    q.status ? eq(c.taskStatus, q.status) : undefined,
    ownedByClient(db, c.userId, asker),
  );
  const { limit, offset } = pageWindow(q);
  const rows = db
    .select({
      id: c.id,
      clientId: c.userId,
      clientName: authUsers.name,
      clientEmail: authUsers.email,
      requestedDocument: c.requestedDocument,
      requestedDocumentType: c.requestedDocumentType,
      status: c.taskStatus,
      priority: c.taskPriority,
      dueDate: c.taskDueDate,
      rejectReason: c.rejectReason,
      submittedAt: c.submittedAt,
      createdAt: c.createdAt,
    })
    .from(c)
    .innerJoin(authUsers, eq(authUsers.id, c.userId))
    .where(where)
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(limit)
    .offset(offset)
    .then((r) =>
      r.map((row): OpenDocumentRequest => ({
        ...row,
        requestedDocumentType: row.requestedDocumentType as DocumentType | null,
        status: row.status as OpenDocumentRequest['status'],
        dueDate: row.dueDate?.toISOString() ?? null,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    );
  return toPage(q, rows, db.$count(c, where));
}
