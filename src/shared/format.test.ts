import { describe, expect, it } from 'vitest';
import { endOfLocalDay, formatBytes, formatCount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, localIsoDate } from './format';

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
});
