import { wallClock } from '../../../shared/support-targets-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The digest goes out from this hour on Monday, business time. */
export const DIGEST_SEND_HOUR = 8;

/** The instant the wall clock in `timeZone` shows `wall` (a UTC-read timestamp); twice to settle across a DST change. */
function instantOf(wall: number, timeZone: string) {
  let t = wall - (wallClock(wall, timeZone) - wall);
  t = wall - (wallClock(t, timeZone) - t);
  return new Date(t);
}

export type DigestWeek = {
  /** The week's Monday as a calendar date, the claim's key. */
  weekStart: string;
  /** Monday 00:00 and the next Monday 00:00, business time. */
  start: Date;
  end: Date;
  /** Monday DIGEST_SEND_HOUR:00, business time: no digest before. */
  sendFrom: Date;
};

/** The Monday-to-Sunday week `now` falls in, in the business time zone. */
export function digestWeek(now: Date, timeZone: string): DigestWeek {
  const wall = wallClock(now.getTime(), timeZone);
  const today = Math.floor(wall / DAY_MS) * DAY_MS;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return {
    weekStart: new Date(monday).toISOString().slice(0, 10),
    start: instantOf(monday, timeZone),
    end: instantOf(monday + 7 * DAY_MS, timeZone),
    sendFrom: instantOf(monday + DIGEST_SEND_HOUR * 60 * 60 * 1000, timeZone),
  };
}
