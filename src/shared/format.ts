// The one formatter set (docs/architecture.md, "Bounds"): money as en-US US dollars with
// grouping, dates and times in en-US words. The server's texts (notifications, mails) and every
// screen use these, so '$1,600.00 on Nov 22, 2026' reads the same wherever it appears.

// Each Intl formatter is made on first use and kept: making one costs far more than using it (a
// currency formatter loads its locale data), so one made at start-up delays the first paint of
// every page importing this module, and one made per call (toLocaleDateString with options) costs
// that again for every date of a list.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = cache.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}
const currency = (digits: number) =>
  kept(
    `money:${digits}`,
    () =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
const count = () => kept('count', () => new Intl.NumberFormat('en-US'));

const toNumber = (amount: number | string) => (typeof amount === 'number' ? amount : Number(amount));

/** Money with cents: 1600 or '1600.00' gives '$1,600.00'. */
export const formatMoney = (amount: number | string) => currency(2).format(toNumber(amount));

/** Money in whole dollars, as plan prices are quoted: '$1,600'. */
export const formatMoneyWhole = (amount: number | string) => currency(0).format(toNumber(amount));

/** A count with grouping: '10,000'. */
export const formatCount = (n: number) => count().format(n);

/** The word for `n` things: `one` for exactly 1, else `many` (the word plus 's' unless given). */
export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** A count and its noun, for anything that may be 1: '1 result', '0 results', '10,000 files'. */
export const countLabel = (n: number, one: string, many?: string) => `${formatCount(n)} ${plural(n, one, many)}`;

/** As toLocaleString: a value that is no date reads 'Invalid Date' (format() would throw). */
const formatMoment = (formatter: Intl.DateTimeFormat, date: Date) =>
  Number.isNaN(date.getTime()) ? 'Invalid Date' : formatter.format(date);

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateOptions = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const dateFormat = (timeZone: string | undefined) =>
  kept(`date:${timeZone ?? ''}`, () => new Intl.DateTimeFormat('en-US', { ...dateOptions, timeZone }));

/**
 * A date: 'Nov 22, 2026'. A calendar day ('2026-11-22', as payments and bank accounts store them)
 * is the same day in every time zone; a moment (a Date or an ISO timestamp) is shown on the
 * reader's calendar, or in `timeZone` when given (the server's texts name the zone they use).
 */
export function formatDate(value: Date | string, timeZone?: string): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    return formatMoment(dateFormat('UTC'), new Date(`${value}T00:00:00Z`));
  }
  return formatMoment(dateFormat(timeZone), new Date(value));
}

/** A moment with its time: 'Nov 22, 2026, 3:04 PM', on the reader's clock (or in `timeZone`). */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  const formatter = kept(
    `datetime:${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat('en-US', { ...dateOptions, hour: 'numeric', minute: '2-digit', timeZone }),
  );
  return formatMoment(formatter, new Date(value));
}

/** A size in words: '10 MB', '1.5 GB' (1024-based, one decimal when not whole). */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${i === 0 ? plural(n, 'byte') : units[i]}`;
}

/**
 * A file's size as its row shows it: '512 B', '1.5 KB', '10.0 MB' (1024-based, always one decimal
 * above bytes). Apart from formatBytes because files are listed in this compact form while limits
 * are said in words.
 */
export const formatFileSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A moment as the calendar day it falls on in the browser's or server's local time, YYYY-MM-DD (what a date input holds). */
export const localIsoDate = (date = new Date()) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A picked YYYY-MM-DD as the end of that day where the person is, as an ISO instant (null when none was picked). */
export const endOfLocalDay = (date: string | null | undefined) =>
  date ? new Date(`${date}T23:59:59.999`).toISOString() : null;

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  let s = text;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v4 = ipv4Octets(dotted[2]);
    if (!v4) return null;
    s = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const [head, tail] = [parse(halves[0]), halves.length === 2 ? parse(halves[1]) : []];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function ipv4Octets(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

const THIS_COMPUTER = 'this computer';
const ipv4Label = (octets: number[]) =>
  octets[0] === 127 || octets.every((o) => o === 0) ? THIS_COMPUTER : octets.join('.');

/**
 * A sign-in's address as people read it: an IPv4 address that reached an IPv6 socket
 * ('::ffff:1.2.3.4') as plain IPv4, other IPv6 addresses in their short form ('2001:db8::1'), and
 * the machine's own addresses (127.x, ::1, and the all-zero form a local connection can carry) as
 * 'this computer'. Text that is no address is shown as stored.
 */
export function formatIpAddress(ip: string | null | undefined): string {
  const text = (ip ?? '').trim();
  if (!text) return 'unknown';
  const v4 = ipv4Octets(text);
  if (v4) return ipv4Label(v4);
  // A zone ('fe80::1%eth0') names the sender's interface, nothing a person needs.
  const groups = ipv6Groups(text.replace(/%.*$/, ''));
  if (!groups) return text;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(8) || (zeroUpTo(7) && groups[7] === 1)) return THIS_COMPUTER;
  if (zeroUpTo(5) && groups[5] === 0xffff)
    return ipv4Label([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff]);
  // The longest run of two or more zero groups (the first when tied) becomes '::'.
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** True when `name` is a time zone this runtime knows ('America/New_York', 'UTC'), as Intl accepts it. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone, for a server that writes dates as this reader would see them. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
