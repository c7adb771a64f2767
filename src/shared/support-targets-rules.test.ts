import { describe, expect, it } from 'vitest';
import {
  addBusinessMs,
  businessMsBetween,
  DEFAULT_SUPPORT_TARGETS,
  formatBusinessDuration,
  waitAgainstTarget,
  type SupportTargetSettings,
} from './support-targets-rules';

const H = 3_600_000;
const M = 60_000;
const ny = DEFAULT_SUPPORT_TARGETS; // Mon-Fri 09:00-17:00 America/New_York
const allDay: SupportTargetSettings = {
  ...ny,
  businessDays: [1, 2, 3, 4, 5, 6, 7],
  opensAt: '00:00',
  closesAt: '24:00',
};
const tokyo: SupportTargetSettings = { ...ny, timeZone: 'Asia/Tokyo', opensAt: '10:00', closesAt: '18:30' };

// Instants written with their offset, so each row reads in local time.
const cases: [string, SupportTargetSettings, string, string, number][] = [
  ['inside one day', ny, '2025-01-06T10:00:00-05:00', '2025-01-06T12:30:00-05:00', 2.5 * H],
  ['before opening counts from opening', ny, '2025-01-06T07:00:00-05:00', '2025-01-06T09:45:00-05:00', 45 * M],
  ['after closing counts nothing', ny, '2025-01-06T17:30:00-05:00', '2025-01-06T23:00:00-05:00', 0],
  ['across the night', ny, '2025-01-06T16:00:00-05:00', '2025-01-07T10:00:00-05:00', 2 * H],
  ['over a weekend', ny, '2025-01-10T16:00:00-05:00', '2025-01-13T10:00:00-05:00', 2 * H],
  ['a whole weekend is nothing', ny, '2025-01-11T08:00:00-05:00', '2025-01-12T20:00:00-05:00', 0],
  ['a full week', ny, '2025-01-06T00:00:00-05:00', '2025-01-13T00:00:00-05:00', 40 * H],
  ['end before start', ny, '2025-01-07T10:00:00-05:00', '2025-01-06T10:00:00-05:00', 0],
  // DST: New York springs forward on Sun 9 March 2025 and falls back on Sun 2 November 2025.
  ['office hours across spring forward', ny, '2025-03-07T16:00:00-05:00', '2025-03-10T10:00:00-04:00', 2 * H],
  ['office hours across fall back', ny, '2025-10-31T16:00:00-04:00', '2025-11-03T10:00:00-05:00', 2 * H],
  [
    'a 24-hour schedule: the spring day has 23 hours',
    allDay,
    '2025-03-09T00:00:00-05:00',
    '2025-03-10T00:00:00-04:00',
    23 * H,
  ],
  [
    'a 24-hour schedule: the autumn day has 25 hours',
    allDay,
    '2025-11-02T00:00:00-04:00',
    '2025-11-03T00:00:00-05:00',
    25 * H,
  ],
  ['another zone, half-hour closing', tokyo, '2025-01-06T18:00:00+09:00', '2025-01-07T11:00:00+09:00', 1.5 * H],
  ['a UTC date a day behind the local one', tokyo, '2025-01-05T23:30:00Z', '2025-01-06T02:00:00Z', H],
];

describe('businessMsBetween', () => {
  it.each(cases)('%s', (_name, s, start, end, expected) => {
    expect(businessMsBetween(new Date(start), new Date(end), s)).toBe(expected);
  });
});

describe('addBusinessMs', () => {
  const rows: [string, SupportTargetSettings, string, number, string][] = [
    ['4 h from Monday 10:00', ny, '2025-01-06T10:00:00-05:00', 4 * H, '2025-01-06T14:00:00-05:00'],
    ['4 h from Friday 15:00 ends Monday', ny, '2025-01-10T15:00:00-05:00', 4 * H, '2025-01-13T11:00:00-05:00'],
    ['from a Saturday', ny, '2025-01-11T12:00:00-05:00', 30 * M, '2025-01-13T09:30:00-05:00'],
    ['ends exactly at closing', ny, '2025-01-06T13:00:00-05:00', 4 * H, '2025-01-06T17:00:00-05:00'],
    ['across spring forward', ny, '2025-03-07T15:00:00-05:00', 4 * H, '2025-03-10T11:00:00-04:00'],
    ['24-hour across spring forward', allDay, '2025-03-09T00:00:00-05:00', 24 * H, '2025-03-10T01:00:00-04:00'],
  ];
  it.each(rows)('%s', (_name, s, start, ms, expected) => {
    expect(addBusinessMs(new Date(start), ms, s).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('is the inverse of businessMsBetween', () => {
    for (const [, s, start] of cases)
      for (const ms of [M, 3 * H, 13 * H, 41 * H]) {
        const end = addBusinessMs(new Date(start), ms, s);
        expect(businessMsBetween(new Date(start), end, s)).toBe(ms);
      }
  });
});

describe('waitAgainstTarget and its wording', () => {
  it('says how long against the target, and when it is breached', () => {
    const since = new Date('2025-01-06T10:00:00-05:00');
    const dueAt = addBusinessMs(since, 4 * H, ny);
    const at = (iso: string) => waitAgainstTarget({ kind: 'reply', since, dueAt }, ny, new Date(iso));
    const before = at('2025-01-06T12:10:00-05:00');
    expect([formatBusinessDuration(before.waitedMs), formatBusinessDuration(before.targetMs), before.breached]).toEqual(
      ['2 h 10 m', '4 h', false],
    );
    expect(at('2025-01-06T14:00:00-05:00').breached).toBe(true);
    expect(formatBusinessDuration(45 * M + 59_000)).toBe('45 m');
  });
});
