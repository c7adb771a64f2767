import { and, asc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, businessCompliance, users } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { CONTACT_SUPPORT_TASK, FREE_GUIDE_TASK, MY_ACCOUNT_TASK } from '../../../shared/compliance-template';
import { buildOutDay, type BuildOut } from '../../../shared/dashboard';
import { MAX_PAGE_SIZE } from '../../../shared/paging';
import { taskCounts } from '../compliance/compliance.read';
import { completeTask } from '../compliance/compliance.service';
import { contactSupportMail } from './dashboard.mail';

const NAMED_TASKS = [FREE_GUIDE_TASK, CONTACT_SUPPORT_TASK, MY_ACCOUNT_TASK];

/**
 * The banner and progress numbers in indexed queries on the client's tasks (by user_id, ordered by
 * due date), whatever the number of clients. Counts come from the database; the timeline's dots are
 * the first page of tasks, so the answer stays small however many tasks staff add. Two statements:
 * the counts with the client's start, and the dots with the named tasks wherever they fall.
 */
export async function getBuildOut(db: Db, clientId: string, now = new Date()): Promise<BuildOut> {
  const mine = eq(businessCompliance.userId, clientId);
  const ranked = db
    .select({
      id: businessCompliance.id,
      name: businessCompliance.taskName,
      status: businessCompliance.taskStatus,
      dueDate: businessCompliance.taskDueDate,
      n: sql<number>`row_number() over (order by ${businessCompliance.taskDueDate} asc, ${businessCompliance.id} asc)`
        .mapWith(Number)
        .as('n'),
    })
    .from(businessCompliance)
    .where(mine)
    .as('ranked');
  const [[counts], tasks] = await Promise.all([
    // The same count the compliance page shows: over all the client's tasks.
    db
      .select({
        ...taskCounts(now),
        startedAt:
          sql<Date | null>`(select coalesce(${users.setupAt}, ${users.createdAt}) from ${users} where ${users.id} = ${clientId})`.mapWith(
            users.createdAt,
          ),
      })
      .from(businessCompliance)
      .where(mine),
    db
      .select()
      .from(ranked)
      .where(or(lte(ranked.n, MAX_PAGE_SIZE), inArray(ranked.name, NAMED_TASKS)))
      .orderBy(asc(ranked.n)),
  ]);
  const { startedAt } = counts;
  return {
    startedAt: startedAt?.toISOString() ?? null,
    totalDays: buildOutDay(startedAt, now),
    completed: counts.completed,
    total: counts.total,
    tasks: tasks
      .filter((t) => t.n <= MAX_PAGE_SIZE)
      .map((t) => ({ id: t.id, name: t.name, completed: t.status === 'Completed' })),
    namedTasks: NAMED_TASKS.flatMap((name) => {
      const t = tasks.find((task) => task.name === name);
      return t
        ? [{ id: t.id, name: t.name, completed: t.status === 'Completed', dueDate: t.dueDate?.toISOString() ?? null }]
        : [];
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
    .where(
      and(
        eq(businessCompliance.userId, scope.clientId),
        eq(businessCompliance.taskName, CONTACT_SUPPORT_TASK),
        eq(businessCompliance.kind, 'task'),
      ),
    );
  if (!task) return 'no_task';
  const [client] = await deps.db
    .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email, phone: authUsers.phone })
    .from(authUsers)
    .where(eq(authUsers.id, scope.clientId));
  try {
    await deps.mailer.send(contactSupportMail(deps.config.staffEmail, client, `${deps.config.appUrl}/`));
  } catch (e) {
    deps.log.error(
      `contact-support mail for ${scope.clientId} could not be queued: ${e instanceof Error ? e.message : String(e)}`,
    );
    return 'mail_failed';
  }
  return (await completeTask(deps.db, scope, task.id, now)) ? 'ok' : 'no_task';
}

/**
 * The free guide's Download button (a POST from the page, never the download itself, so a link on
 * another site changes nothing): completes 'Download Your Free Guide' (due now) the first time the
 * client does it; later calls keep the first date; an admin acting for a client changes nothing.
 * Answers whether the client's task is completed afterwards.
 */
export async function completeFreeGuide(db: Db, scope: Scope, now = new Date()): Promise<boolean> {
  const guideTask = and(
    eq(businessCompliance.userId, scope.clientId),
    eq(businessCompliance.taskName, FREE_GUIDE_TASK),
    eq(businessCompliance.kind, 'task'),
  );
  if (!scope.isAdmin) {
    const [open] = await db
      .select({ id: businessCompliance.id })
      .from(businessCompliance)
      .where(and(guideTask, ne(businessCompliance.taskStatus, 'Completed')));
    if (open && (await completeTask(db, scope, open.id, now))) return true;
  }
  const [done] = await db
    .select({ id: businessCompliance.id })
    .from(businessCompliance)
    .where(and(guideTask, eq(businessCompliance.taskStatus, 'Completed')))
    .limit(1);
  return done !== undefined;
}
