import { and, asc, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, businessCompliance, users } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { CONTACT_SUPPORT_TASK, FREE_GUIDE_TASK, MY_ACCOUNT_TASK } from '../../../shared/compliance-template';
import { buildOutDay, type BuildOut } from '../../../shared/dashboard';
import { completeTask } from '../compliance/compliance.service';
import { contactSupportMail } from './dashboard.mail';

const NAMED_TASKS = [FREE_GUIDE_TASK, CONTACT_SUPPORT_TASK, MY_ACCOUNT_TASK];

/**
 * The banner and progress numbers in two indexed queries (the users row and the client's tasks by
 * user_id, ordered by due date), whatever the number of clients.
 */
export async function getBuildOut(db: Db, clientId: string, now = new Date()): Promise<BuildOut> {
  const [[row], tasks] = await Promise.all([
    db.select({ setupAt: users.setupAt, createdAt: users.createdAt }).from(users).where(eq(users.id, clientId)),
    db
      .select({ id: businessCompliance.id, name: businessCompliance.taskName, status: businessCompliance.taskStatus, dueDate: businessCompliance.taskDueDate })
      .from(businessCompliance)
      .where(eq(businessCompliance.userId, clientId))
      .orderBy(asc(businessCompliance.taskDueDate), asc(businessCompliance.id)),
  ]);
  const startedAt = row ? (row.setupAt ?? row.createdAt) : null;
  const completed = tasks.filter((t) => t.status === 'Completed').length;
  return {
    startedAt: startedAt?.toISOString() ?? null,
    totalDays: buildOutDay(startedAt, now),
    completed,
    total: tasks.length,
    tasks: tasks.map((t) => ({ id: t.id, name: t.name, completed: t.status === 'Completed' })),
    namedTasks: NAMED_TASKS.flatMap((name) => {
      const t = tasks.find((task) => task.name === name);
      return t ? [{ id: t.id, name: t.name, completed: t.status === 'Completed', dueDate: t.dueDate?.toISOString() ?? null }] : [];
    }),
  };
}

export type ContactSupportResult = 'ok' | 'no_task' | 'mail_failed';

/**
 * The Contact Support button: mails the staff address first, then completes the task (as the
 * compliance page's complete does: audit, activity entry), so a failed mail leaves the task as it
 * was and the client can try again.
 */
export async function contactSupport(deps: Deps, scope: Scope, now = new Date()): Promise<ContactSupportResult> {
  const [task] = await deps.db
    .select({ id: businessCompliance.id })
    .from(businessCompliance)
    .where(and(eq(businessCompliance.userId, scope.clientId), eq(businessCompliance.taskName, CONTACT_SUPPORT_TASK)));
  if (!task) return 'no_task';
  const [client] = await deps.db.select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, phone: authUsers.phone }).from(authUsers).where(eq(authUsers.id, scope.clientId));
  try {
    await deps.mailer.send(contactSupportMail(deps.config.staffEmail, client, `${deps.config.appUrl}/`));
  } catch (e) {
    deps.log.error(`contact-support mail for ${scope.clientId} could not be queued: ${e instanceof Error ? e.message : String(e)}`);
    return 'mail_failed';
  }
  return (await completeTask(deps.db, scope, task.id, now)) ? 'ok' : 'no_task';
}

/**
 * Downloading the free guide completes 'Download Your Free Guide' (due now) the first time the
 * client does it; an admin downloading it for a client changes nothing.
 */
export async function markFreeGuideDownloaded(db: Db, scope: Scope, now = new Date()) {
  if (scope.isAdmin) return;
  const [task] = await db
    .select({ id: businessCompliance.id })
    .from(businessCompliance)
    .where(and(eq(businessCompliance.userId, scope.clientId), eq(businessCompliance.taskName, FREE_GUIDE_TASK), ne(businessCompliance.taskStatus, 'Completed')));
  if (task) await completeTask(db, scope, task.id, now);
}
