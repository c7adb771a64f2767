import { isNull } from 'drizzle-orm';
import type { Deps } from '../../app-env';
import { businessCompliance, capitalScores, payments, recentActivities, users } from '../../db/schema';
import { complianceTemplate } from '../../../shared/compliance-template';
import { newClientMail, type NewClient } from './setup.mail';
import { notifyStaff } from '../notifications/notifications.service';
import { assignNewClient } from '../staff/intake';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SIGNUP_CREDIT = { amount: '125', description: 'signup user credit' } as const;

/** Today as YYYY-MM-DD by the server's calendar. */
const today = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * First-login setup: the users row and, only when this call is the first to claim `setupAt`, the
 * starter rows, the signup credit and the client's staff member (round-robin among the staff who
 * take new clients), all in one transaction. The claim is the guard: a concurrent
 * second call waits on the row's lock, then finds it claimed and inserts nothing. Returns whether
 * this call did the setup.
 */
export async function setUpUser(deps: Pick<Deps, 'db' | 'mailer' | 'config'>, user: NewClient): Promise<boolean> {
  const now = new Date();
  const created = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(users)
      .values({ id: user.id, setupAt: now })
      .onConflictDoUpdate({ target: users.id, set: { setupAt: now }, setWhere: isNull(users.setupAt) })
      .returning({ id: users.id });
    if (!claimed.length) return false;
    await tx.insert(businessCompliance).values(
      complianceTemplate.map((task) => ({
        userId: user.id,
        taskName: task.name,
        taskDescription: task.description,
        taskPriority: task.priority,
        taskDueDate: new Date(now.getTime() + task.dueInDays * DAY_MS),
        isBusinessLicense: task.isBusinessLicense,
        isTaxForm: task.isTaxForm,
        isCompliance: task.isCompliance,
      })),
    );
    await tx.insert(recentActivities).values({
      userId: user.id,
      title: 'Welcome to your business build-out',
      notes: 'Your account is ready: 45 build-out tasks are waiting on your compliance timeline.',
      status: 'In Progress',
    });
    await notifyStaff(tx, {
      kind: 'new_signup',
      clientId: user.id,
      title: `New sign-up: ${user.name || user.email}`,
      body: user.email,
      link: '/clients',
    });
    await tx.insert(capitalScores).values({ userId: user.id, score: 500, lastUpdatedAt: now });
    // The partial unique index allows one signup credit per user, whatever happens elsewhere.
    await tx
      .insert(payments)
      .values({
        userId: user.id,
        ...SIGNUP_CREDIT,
        date: today(now),
        status: 'completed',
        included: true,
        kind: 'signup_credit',
      })
      .onConflictDoNothing();
    // Last: it holds the round-robin's lock until the commit. After the admins' new sign-up notice:
    // the staff member hears of the client as theirs.
    await assignNewClient(tx, user);
    return true;
  });
  if (created) await deps.mailer.send(newClientMail(deps.config.staffEmail, user));
  return created;
}
