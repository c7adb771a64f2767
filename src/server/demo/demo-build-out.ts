import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { businessCompliance, capitalScores, paydexScores, payments, recentActivities, users } from '../db/schema';
import { addActivity } from '../features/activities/activities.service';
import { completeTask } from '../features/compliance/compliance.service';
import { completeFreeGuide } from '../features/dashboard/dashboard.service';
import { setMembership } from '../features/membership/membership.service';
import { savePreferences } from '../features/preferences/preferences.service';
import { saveProfile } from '../features/profile/profile.service';
import { setUpUser } from '../features/setup/setup.service';
import { activityInput } from '../../shared/activities';
import { CONTACT_SUPPORT_TASK } from '../../shared/compliance-template';
import { preferencesInput, profileInput } from '../../shared/profile';
import { daysAgo, ownScope, parse, staffScope, type DemoContext } from './demo-context';

/** How long ago demo client 1 signed up: their build-out is this many days in. */
export const BUILD_OUT_AGE_DAYS = 24;
/** About a third of the 45 tasks. */
const COMPLETED_TASKS = 15;

/** The first-login set-up every client gets (tasks, welcome activity, CapitalScore 500, signup credit). */
export async function setUpClient(ctx: DemoContext, user: { id: string; name: string; email: string; phone: string }) {
  await setUpUser(ctx.deps, user);
}

/**
 * Demo clients 1 and 2 have notification e-mails off (My Account > Notification Preferences): with
 * them on, each completed task and changed score, and then the overdue-task reminders at start,
 * print an e-mail to the console and push the demo's passwords, printed once, out of sight.
 */
export async function setEmailAlerts(ctx: DemoContext, clientId: string, on: boolean) {
  await savePreferences(
    ctx.deps.db,
    ownScope(clientId),
    parse(preferencesInput, { pushAlertEnabled: true, emailAlertEnabled: on }),
  );
}

export async function makeMember(ctx: DemoContext, clientId: string) {
  await setMembership(ctx.deps, staffScope(ctx, clientId), true);
}

/** The Business Owner profile, saved by the client (SSN and date of birth are sealed by the service). */
export async function fillProfile(ctx: DemoContext) {
  const input = parse(profileInput, {
    businessName: 'Harbor Lane Coffee Roasters LLC',
    businessWebsite: 'https://harborlanecoffee.example',
    ownerFirstName: 'Maya',
    ownerLastName: 'Thompson',
    ownerSsn: '900-41-2786',
    ownerDob: '1986-04-12',
    ein: '92-4817365',
    creditProfile: 'Texas',
    businessStructure: 'llc',
    businessPhone: '(512) 555-0148',
    forwardPhone: '(512) 555-0172',
    businessAddress: '2201 Harbor Lane, Suite 4, Austin, TX 78704',
    ownerHomeAddress: '918 Live Oak Street, Austin, TX 78745',
    businessEmail: 'hello@harborlanecoffee.example',
    forwardEmail: 'maya.thompson@harborlanecoffee.example',
    ownerType: 'sole',
    numberOfOwners: 1,
    agreement: 'I AGREE',
  });
  await saveProfile(ctx.deps, ownScope(ctx.client.id), input);
}

/** Demo client 2 has started: name and business only, no SSN yet. */
export async function startMemberProfile(ctx: DemoContext) {
  const input = parse(profileInput, {
    businessName: 'Northwind Landscaping Co.',
    ownerFirstName: 'Daniel',
    ownerLastName: 'Reyes',
    creditProfile: 'Colorado',
    businessStructure: 'sole_proprietorship',
    businessPhone: '(303) 555-0119',
    businessEmail: 'office@northwindlandscaping.example',
    agreement: 'I AGREE',
  });
  await saveProfile(ctx.deps, ownScope(ctx.member.id), input);
}

/**
 * The build-out a few weeks in: the set-up moved back BUILD_OUT_AGE_DAYS (its due dates with it),
 * then the first tasks completed the way they are in the portal: the free guide and Contact Support
 * by the client, the profile task by the profile save, the rest by staff.
 */
export async function progressBuildOut(
  ctx: DemoContext,
  clientId: string,
  completed = COMPLETED_TASKS,
  ageDays = BUILD_OUT_AGE_DAYS,
) {
  const { db } = ctx.deps;
  await shiftSetUp(ctx, clientId, ageDays);
  const own = ownScope(clientId);
  await completeFreeGuide(db, own, ctx.now);
  const tasks = await db
    .select({
      id: businessCompliance.id,
      name: businessCompliance.taskName,
      status: businessCompliance.taskStatus,
      due: businessCompliance.taskDueDate,
    })
    .from(businessCompliance)
    .where(eq(businessCompliance.userId, clientId))
    .orderBy(asc(businessCompliance.taskDueDate), asc(businessCompliance.id));
  const done = tasks.slice(0, completed);
  for (const t of done) {
    if (t.status === 'Completed') continue;
    await completeTask(db, t.name === CONTACT_SUPPORT_TASK ? own : staffScope(ctx, clientId), t.id, ctx.now);
  }
  // completeTask dates a completion now; the demo's were done on their day over the past weeks.
  for (const t of done)
    if (t.due) await db.update(businessCompliance).set({ taskDueDate: t.due }).where(eq(businessCompliance.id, t.id));
}

/** The client's set-up as if it ran `days` ago: its date, task due dates, welcome activity, score and signup credit. */
async function shiftSetUp(ctx: DemoContext, clientId: string, days: number) {
  const { db } = ctx.deps;
  const setupAt = daysAgo(ctx, days);
  await db.update(users).set({ setupAt }).where(eq(users.id, clientId));
  const tasks = await db
    .select({ id: businessCompliance.id, due: businessCompliance.taskDueDate })
    .from(businessCompliance)
    .where(eq(businessCompliance.userId, clientId));
  for (const t of tasks)
    if (t.due)
      await db
        .update(businessCompliance)
        .set({ taskDueDate: new Date(t.due.getTime() - days * 86_400_000) })
        .where(eq(businessCompliance.id, t.id));
  await db.update(recentActivities).set({ createdAt: setupAt }).where(eq(recentActivities.userId, clientId));
  await db.update(capitalScores).set({ lastUpdatedAt: setupAt }).where(eq(capitalScores.userId, clientId));
  await db
    .update(payments)
    .set({ date: setupAt.toISOString().slice(0, 10) })
    .where(and(eq(payments.userId, clientId), eq(payments.kind, 'signup_credit')));
}

const ACTIVITIES = [
  {
    title: 'Registered the LLC with the Texas Secretary of State',
    notes: 'Certificate of Formation filed online; approval came back in two business days.',
    status: 'Completed',
    daysAgo: 19,
  },
  {
    title: 'EIN received from the IRS',
    notes: 'CP 575 letter saved under Standard Corporate documents.',
    status: 'Completed',
    daysAgo: 16,
  },
  {
    title: 'Opened the business checking account',
    notes: 'Hill Country Community Bank; debit card on its way.',
    status: 'Completed',
    daysAgo: 12,
  },
  {
    title: 'Building the website',
    notes: 'Domain bought; landing page drafted, menu page next.',
    status: 'In Progress',
    daysAgo: 5,
  },
  {
    title: 'Applying for the first store credit card',
    notes: 'Office supply account, reports to Dun & Bradstreet.',
    status: 'In Progress',
    daysAgo: 2,
  },
] as const;

/** The client's own activity log, each entry on its day. */
export async function addActivities(ctx: DemoContext) {
  const { db } = ctx.deps;
  for (const a of ACTIVITIES) {
    const activity = await addActivity(
      db,
      ownScope(ctx.client.id),
      parse(activityInput, { title: a.title, notes: a.notes, status: a.status }),
    );
    await db
      .update(recentActivities)
      .set({ createdAt: daysAgo(ctx, a.daysAgo) })
      .where(eq(recentActivities.id, activity.id));
  }
  // Entries the completions wrote are spread over the weeks the tasks were done in.
  const derived = await db
    .select({ id: recentActivities.id })
    .from(recentActivities)
    .where(and(eq(recentActivities.userId, ctx.client.id), ne(recentActivities.status, 'In Progress')))
    .orderBy(asc(recentActivities.id));
  const titles = new Set<string>(ACTIVITIES.map((a) => a.title));
  const own = await db
    .select({ id: recentActivities.id, title: recentActivities.title })
    .from(recentActivities)
    .where(eq(recentActivities.userId, ctx.client.id));
  const ownIds = new Set(own.filter((r) => titles.has(r.title)).map((r) => r.id));
  const rest = derived.filter((r) => !ownIds.has(r.id)).map((r) => r.id);
  for (const [i, id] of rest.entries()) {
    await db
      .update(recentActivities)
      .set({
        createdAt: daysAgo(
          ctx,
          BUILD_OUT_AGE_DAYS - 1 - Math.floor((i * (BUILD_OUT_AGE_DAYS - 2)) / Math.max(rest.length, 1)),
        ),
      })
      .where(inArray(recentActivities.id, [id]));
  }
}

/** Score history points a week apart, oldest first (the service stamps each save with the current time). */
export async function spreadScoreHistory(ctx: DemoContext, clientId: string) {
  const { db } = ctx.deps;
  for (const table of [capitalScores, paydexScores]) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.userId, clientId))
      .orderBy(asc(table.lastUpdatedAt), asc(table.id));
    for (const [i, r] of rows.entries())
      await db
        .update(table)
        .set({ lastUpdatedAt: daysAgo(ctx, (rows.length - 1 - i) * 6) })
        .where(eq(table.id, r.id));
  }
}
