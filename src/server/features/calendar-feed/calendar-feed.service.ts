import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { ICalEventData } from 'ical-generator';
import type { Db } from '../../db/client';
import { authUsers, businessCompliance, calendarFeeds, users } from '../../db/schema';
import { ForbiddenError } from '../../lib/domain-errors';
import { paydexPlanOf } from '../invoices/invoices.service';
import { DEFAULT_PLAN_TARGET, isPlanTarget, type PlanItem, type PlanTarget } from '../../../shared/paydex-plan';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  CALENDAR_FEED_CLIENTS_ONLY,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_TOKEN_BYTES,
  calendarTokenPattern,
  type CalendarFeedCreated,
  type CalendarFeedState,
} from '../../../shared/calendar-feed';

/** The stored form of a feed token: its SHA-256, so a copy of the table opens no feed. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The feed's public address for a token. */
export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

/** Feeds belong to clients only (see CALENDAR_FEED_CLIENTS_ONLY); staff are refused with a 403. */
async function assertClient(db: Db, userId: string) {
  const [row] = await db.select({ role: authUsers.role }).from(authUsers).where(eq(authUsers.id, userId));
  if (row?.role !== 'client') throw new ForbiddenError(CALENDAR_FEED_CLIENTS_ONLY);
}

export async function getFeedState(db: Db, userId: string): Promise<CalendarFeedState> {
  await assertClient(db, userId);
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { enabled: !!row, createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * Turns the feed on or gives it a new address: a fresh token replaces the stored hash in one
 * statement, so the old address stops working the moment the new one exists.
 */
export async function createFeed(db: Db, appUrl: string, userId: string): Promise<CalendarFeedCreated> {
  await assertClient(db, userId);
  const token = randomBytes(CALENDAR_TOKEN_BYTES).toString('base64url');
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: feedTokenHash(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: feedTokenHash(token), createdAt } });
  return { enabled: true, createdAt: createdAt.toISOString(), url: feedUrl(appUrl, token) };
}

/** Turns the feed off: its address answers 404 from now on. */
export async function deleteFeed(db: Db, userId: string) {
  await assertClient(db, userId);
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Whose feed it is, and the target of their pay-early plan (read with the owner: one statement). */
export type FeedOwner = { userId: string; target: PlanTarget };

/** The feed's owner for the last segment of its address (`<token>.ics`), or null for anything else. */
export async function feedOwner(db: Db, file: string): Promise<FeedOwner | null> {
  if (!file.endsWith('.ics')) return null;
  const token = file.slice(0, -'.ics'.length);
  if (!calendarTokenPattern.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId, target: users.paydexTarget })
    .from(calendarFeeds)
    .innerJoin(authUsers, eq(authUsers.id, calendarFeeds.userId))
    .leftJoin(users, eq(users.id, calendarFeeds.userId))
    // A client who became staff keeps no feed that answers.
    .where(and(eq(calendarFeeds.tokenHash, feedTokenHash(token)), eq(authUsers.role, 'client')));
  if (!row) return null;
  return { userId: row.userId, target: isPlanTarget(row.target) ? row.target : DEFAULT_PLAN_TARGET };
}

/**
 * The events of a client's feed. Each source gives events with a UID made of its kind and row id,
 * which never change, so a calendar that reads the feed again updates its events rather than
 * adding copies; DTSTAMP and LAST-MODIFIED are the row's last change, so an unchanged feed reads
 * the same byte for byte.
 *
 * Sources: compliance tasks and document requests (one table; completed ones are left out, so a
 * calendar drops them on its next read), and the pay-by dates of the client's pay-early plan for
 * their own target (invoices still owed; one paid leaves).
 */
async function feedEvents(db: Db, appUrl: string, { userId, target }: FeedOwner): Promise<ICalEventData[]> {
  const host = new URL(appUrl).hostname;
  const [tasks, plan] = await Promise.all([taskEvents(db, appUrl, host, userId), paydexPlanOf(db, userId, target)]);
  return [...tasks, ...plan.items.map((item) => payByEvent(appUrl, host, item, plan.target))];
}

/**
 * An open invoice's pay-by date. Its version is that date (a date gone by becomes today's, so the
 * event follows the client until they pay): no row change dates it, and an unchanged plan still
 * reads the same.
 */
function payByEvent(appUrl: string, host: string, item: PlanItem, target: PlanTarget): ICalEventData {
  const version = new Date(`${item.payBy}T00:00:00Z`);
  return {
    id: `invoice-${item.invoiceId}@${host}`,
    start: item.payBy,
    allDay: true,
    summary: `Pay ${item.vendorName} invoice ${item.number} (${formatMoney(item.owed)})`,
    description: `Paying by this day keeps your estimated PAYDEX on course for ${target}. Due ${formatDate(item.dueDate)}.`,
    url: `${appUrl}/dnb#pay-early-plan`,
    stamp: version,
    lastModified: version,
  };
}

async function taskEvents(db: Db, appUrl: string, host: string, userId: string): Promise<ICalEventData[]> {
  const rows = await db
    .select({
      id: businessCompliance.id,
      kind: businessCompliance.kind,
      name: businessCompliance.taskName,
      description: businessCompliance.taskDescription,
      dueDate: businessCompliance.taskDueDate,
      updatedAt: businessCompliance.updatedAt,
    })
    .from(businessCompliance)
    .where(
      and(
        eq(businessCompliance.userId, userId),
        isNotNull(businessCompliance.taskDueDate),
        ne(businessCompliance.taskStatus, 'Completed'),
      ),
    )
    .orderBy(asc(businessCompliance.taskDueDate), asc(businessCompliance.id))
    .limit(CALENDAR_FEED_MAX_EVENTS);
  return rows.map((r) => {
    const request = r.kind === 'document_request';
    return {
      id: `${request ? 'document-request' : 'task'}-${r.id}@${host}`,
      // A due date is a calendar day (stored as that day's end in UTC): an all-day event on it.
      start: r.dueDate!.toISOString().slice(0, 10),
      allDay: true,
      summary: request ? `Document due: ${r.name}` : `Task due: ${r.name}`,
      description: r.description || undefined,
      url: `${appUrl}/compliance`,
      stamp: r.updatedAt,
      lastModified: r.updatedAt,
    };
  });
}

/** The feed as iCalendar text (RFC 5545: ical-generator folds lines and escapes text). */
export async function feedCalendar(db: Db, appUrl: string, owner: FeedOwner): Promise<string> {
  // Loaded with the first feed read: most portals' calendars are fetched rarely, if at all.
  const { default: icalGenerator } = await import('ical-generator');
  const calendar = icalGenerator({
    name: 'Total Business Build-Out due dates',
    prodId: { company: 'Total Business Build-Out', product: 'Calendar feed', language: 'EN' },
    events: await feedEvents(db, appUrl, owner),
  });
  return calendar.toString();
}
