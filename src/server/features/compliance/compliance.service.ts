import { and, eq } from 'drizzle-orm';
import { ConflictError } from '../../lib/domain-errors';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { businessCompliance, recentActivities } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  toDueDate,
  type ComplianceTask,
  type TaskStatus,
  type taskInput,
  type taskUpdate,
} from '../../../shared/compliance';
import { REQUEST_STATUS_BY_REVIEW } from '../../../shared/document-requests';
import { LIMITS } from '../../../shared/limits';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { announce } from '../../lib/changes';
import { taskColumns as columns, taskLink, toTask, withUploads } from './compliance.read';

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
