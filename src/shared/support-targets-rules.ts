/**
 * Support response targets without zod (the inbox's first paint reads them): the business hours
 * the targets count in, business time between two instants, and how a wait is worded.
 *
 * Business time counts only the minutes inside the opening hours of a business day, in the
 * settings' IANA time zone. Days are walked in local calendar dates and each day's opening and
 * closing are turned into instants with that day's own UTC offset (Intl), so a day that springs
 * forward or falls back counts the hours it really has.
 */

export type SupportTargetSettings = {
  /** ISO weekdays the team works, ascending. */
  businessDays: number[];
  /** Opening and closing, local 'HH:MM' (closing may be '24:00'; after opening). */
  opensAt: string;
  closesAt: string;
  /** IANA time zone the hours are in. */
  timeZone: string;
  /** Business minutes a new conversation may wait for its first answer... */
  firstResponseMinutes: number;
  /** ...and a client's later message for a reply. */
  replyMinutes: number;
};

export const DEFAULT_SUPPORT_TARGETS: SupportTargetSettings = {
  businessDays: [1, 2, 3, 4, 5],
  opensAt: '09:00',
  closesAt: '17:00',
  timeZone: 'America/New_York',
  firstResponseMinutes: 240,
  replyMinutes: 240,
};

/** Target bounds: at least a minute, at most a business week of 40 hours. */
export const TARGET_MIN_MINUTES = 1;
export const TARGET_MAX_MINUTES = 40 * 60;

/** Which target a wait is measured against: a conversation's first answer, or a later reply. */
export type WaitKind = 'first' | 'reply';

/** A waiting conversation against its target, as the inbox shows it. */
export type SupportWait = {
  kind: WaitKind;
  /** When the client's unanswered message was written. */
  since: string;
  /** Business milliseconds waited so far, and the target's. */
  waitedMs: number;
  targetMs: number;
  /** When the target is (or was) reached. */
  dueAt: string;
  breached: boolean;
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Days walked at most (a 1-minute business week and the longest target still end well within). */
const MAX_DAYS = 50_000;

export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a time zone, as a UTC timestamp (offset applied). */
export function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** Whether Intl knows the time zone. */
export function isTimeZone(timeZone: string) {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant a local wall-clock time (a UTC-midnight `day` plus `minutes`) has in the zone. The
 * offset is read at a first guess and again at the result, which settles it on either side of a
 * change; a time the change skips lands just after it.
 */
function instantOf(day: number, minutes: number, timeZone: string) {
  const key = `${timeZone}|${day}|${minutes}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const wall = day + minutes * MINUTE_MS;
  const guess = wall - (wallClock(wall, timeZone) - wall);
  const offset = wallClock(guess, timeZone) - guess;
  // Every conversation of an inbox page walks the same days: each day's instants are worked out once.
  if (instants.size > 50_000) instants.clear();
  instants.set(key, wall - offset);
  return wall - offset;
}
const instants = new Map<string, number>();

/** The local calendar date (UTC midnight of it) an instant falls on. */
function localDay(instant: number, timeZone: string) {
  const wall = wallClock(instant, timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

const isoWeekday = (day: number) => ((new Date(day).getUTCDay() + 6) % 7) + 1;

/** Each business day's open window from the local day of `from` on, as instants. */
function* windows(from: number, s: SupportTargetSettings) {
  const open = minutesOf(s.opensAt);
  const close = minutesOf(s.closesAt);
  let day = localDay(from, s.timeZone);
  for (let i = 0; i < MAX_DAYS; i++, day += DAY_MS) {
    if (!s.businessDays.includes(isoWeekday(day))) continue;
    yield [instantOf(day, open, s.timeZone), instantOf(day, close, s.timeZone)] as const;
  }
}

/** Business milliseconds between two instants (0 when `end` is not after `start`). */
export function businessMsBetween(start: Date | number, end: Date | number, s: SupportTargetSettings) {
  const a = +start;
  const b = +end;
  if (!(b > a) || !s.businessDays.length) return 0;
  let total = 0;
  for (const [open, close] of windows(a, s)) {
    if (open >= b) break;
    total += Math.max(0, Math.min(close, b) - Math.max(open, a));
  }
  return total;
}

/** The instant at which `ms` business milliseconds have passed since `start`. */
export function addBusinessMs(start: Date | number, ms: number, s: SupportTargetSettings): Date {
  const a = +start;
  let left = ms;
  if (left <= 0) return new Date(a);
  for (const [open, close] of windows(a, s)) {
    const from = Math.max(open, a);
    if (close <= from) continue;
    if (close - from >= left) return new Date(from + left);
    left -= close - from;
  }
  // No business day in reach (the settings' schema refuses that): never due.
  return new Date(8.64e15);
}

export const targetMinutes = (kind: WaitKind, s: SupportTargetSettings) =>
  kind === 'first' ? s.firstResponseMinutes : s.replyMinutes;

/** The inbox's figure for a wait: how long against the target, now. */
export function waitAgainstTarget(
  w: { kind: WaitKind; since: Date; dueAt: Date },
  s: SupportTargetSettings,
  now: Date,
): SupportWait {
  const waitedMs = businessMsBetween(w.since, now, s);
  const targetMs = targetMinutes(w.kind, s) * MINUTE_MS;
  return {
    kind: w.kind,
    since: w.since.toISOString(),
    waitedMs,
    targetMs,
    dueAt: w.dueAt.toISOString(),
    breached: waitedMs >= targetMs || now >= w.dueAt,
  };
}

/** '2 h 10 m', '45 m', '0 m' (whole minutes, rounded down). */
export function formatBusinessDuration(ms: number) {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} m`;
  return m ? `${h} h ${m} m` : `${h} h`;
}
