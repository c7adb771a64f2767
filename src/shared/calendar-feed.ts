// The private calendar feed (My Account, "Add to calendar"): answer types and texts both sides use.
// No zod here: the management routes take no input, and the feed's token is checked by its shape alone.
import { LIMITS } from './limits';

/** GET /api/me/calendar-feed: whether the feed is on. The address itself is shown only when made. */
export type CalendarFeedState = {
  enabled: boolean;
  /** When the current address was made (turned on or regenerated), or null when off. */
  createdAt: string | null;
};

/** POST /api/me/calendar-feed: a new address (turning the feed on, or replacing the old one). */
export type CalendarFeedCreated = {
  enabled: true;
  createdAt: string;
  /** The feed's full address, shown once: only its token's hash is kept. */
  url: string;
};

/** A feed token: 32 random bytes in base64url (43 characters). */
export const CALENDAR_TOKEN_BYTES = 32;
export const calendarTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * At most this many events in one feed: the open tasks and document requests with a due date, the
 * soonest first. One client holds at most LIMITS.complianceTasks of both together, so nothing is
 * cut today; invoices' pay-by dates, once they exist, need their own share of the bound.
 */
export const CALENDAR_FEED_MAX_EVENTS = LIMITS.complianceTasks;

/** Feeds are the clients' own: staff work many clients' tasks, not a calendar of their own. */
export const CALENDAR_FEED_CLIENTS_ONLY = 'The calendar feed is for clients: it lists your own tasks and due dates.';
