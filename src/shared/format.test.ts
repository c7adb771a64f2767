import { describe, expect, it } from 'vitest';
import {
  countLabel,
  endOfLocalDay,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatIpAddress,
  formatMoney,
  formatMoneyWhole,
  localIsoDate,
  plural,
} from './format';

describe('the one formatter set', () => {
  it('writes money as en-US dollars with grouping and cents', () => {
    expect(formatMoney(1600)).toBe('$1,600.00');
    expect(formatMoney('1600.00')).toBe('$1,600.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(-125)).toBe('-$125.00');
    expect(formatMoneyWhole(9595)).toBe('$9,595');
    expect(formatCount(10000)).toBe('10,000');
  });

  it('shows a calendar day as the same day everywhere, and a moment on the given clock', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatDate('2026-11-22T23:30:00Z', 'UTC')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22T23:30:00Z', 'Asia/Tokyo')).toBe('Nov 23, 2026');
    expect(formatDate(new Date('2026-11-22T12:00:00Z'), 'UTC')).toBe('Nov 22, 2026');
    expect(formatDateTime('2026-11-22T15:04:00Z', 'UTC')).toBe('Nov 22, 2026, 3:04 PM');
  });

  it('writes with its kept formatters what toLocaleString writes, zone by zone, and Invalid Date for no date', () => {
    const options = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    for (const zone of [undefined, 'UTC', 'America/New_York', 'Asia/Tokyo', 'UTC']) {
      for (const at of ['2026-03-08T06:59:00Z', '2026-11-22T23:30:00Z', '2024-02-29T12:00:00.123Z']) {
        expect(formatDate(at, zone)).toBe(new Date(at).toLocaleDateString('en-US', { ...options, timeZone: zone }));
        expect(formatDateTime(at, zone)).toBe(
          new Date(at).toLocaleString('en-US', { ...options, hour: 'numeric', minute: '2-digit', timeZone: zone }),
        );
      }
    }
    expect(formatDate('not a date')).toBe('Invalid Date');
    expect(formatDateTime('not a date', 'UTC')).toBe('Invalid Date');
    expect(() => formatDate('2026-11-22T12:00:00Z', 'Not/AZone')).toThrow(RangeError);
  });

  it('sizes in words, 1024-based', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('turns a moment into the local calendar day a date input holds, and a picked day into its last local instant', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 0, 0, 1))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31');
    expect(new Date(endOfLocalDay('2026-03-08')!).getTime()).toBe(new Date(2026, 2, 8, 23, 59, 59, 999).getTime());
    expect(endOfLocalDay('')).toBeNull();
    expect(endOfLocalDay(null)).toBeNull();
  });

  it('counts things in the singular for one and the plural otherwise, with grouping', () => {
    expect(countLabel(1, 'result')).toBe('1 result');
    expect(countLabel(0, 'result')).toBe('0 results');
    expect(countLabel(2, 'result')).toBe('2 results');
    expect(countLabel(10000, 'file')).toBe('10,000 files');
    expect(countLabel(1, 'activity', 'activities')).toBe('1 activity');
    expect(countLabel(3, 'activity', 'activities')).toBe('3 activities');
    expect(plural(1, 'task')).toBe('task');
    expect(plural(2, 'task')).toBe('tasks');
    expect(plural(2, 'business', 'businesses')).toBe('businesses');
    expect(formatBytes(1)).toBe('1 byte');
  });

  it('shows a session address as people read it: IPv4-mapped as IPv4, IPv6 compressed, this computer for loopback', () => {
    expect(formatIpAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(formatIpAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(formatIpAddress('0:0:0:0:0:ffff:102:304')).toBe('1.2.3.4');
    expect(formatIpAddress('::FFFF:C000:0280')).toBe('192.0.2.128');
    expect(formatIpAddress('2001:0db8:0000:0000:0000:ff00:0042:8329')).toBe('2001:db8::ff00:42:8329');
    expect(formatIpAddress('2001:DB8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(formatIpAddress('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(formatIpAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const local of [
      '127.0.0.1',
      '127.3.0.12',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::',
      '0000:0000:0000:0000:0000:0000:0000:0000',
      '0.0.0.0',
      '::ffff:127.0.0.1',
    ])
      expect(formatIpAddress(local), local).toBe('this computer');
    expect(formatIpAddress(null)).toBe('unknown');
    expect(formatIpAddress('')).toBe('unknown');
    // Not an address (an old row, a proxy's text): shown as stored rather than guessed at.
    expect(formatIpAddress('not-an-ip')).toBe('not-an-ip');
    expect(formatIpAddress('1:2:3')).toBe('1:2:3');
  });
});
