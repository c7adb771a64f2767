import { describe, expect, it } from 'vitest';
import type { Tradeline } from './credit';
import { daysBetween, staleFrom, summarizeTradelines, tradelineStatus } from './tradelines';

const line = (name: string, t: Partial<Tradeline> = {}): Tradeline => ({
  source: 'store',
  id: name,
  name,
  bureaus: [],
  dateOpened: '',
  lastReported: '',
  ...t,
});
const TODAY = '2026-03-31';

describe('tradeline status', () => {
  it('counts from the last reported date, else the date opened, and is stale after 45 days', () => {
    expect(tradelineStatus(line('a', { dateOpened: '2026-01-01', lastReported: '2026-02-14' }), TODAY)).toEqual({
      state: 'current',
      since: '2026-02-14',
      days: 45,
    });
    expect(tradelineStatus(line('a', { dateOpened: '2026-01-01', lastReported: '2026-02-13' }), TODAY)).toEqual({
      state: 'stale',
      since: '2026-02-13',
      days: 46,
    });
    expect(tradelineStatus(line('a', { dateOpened: '2026-02-13' }), TODAY)).toEqual({
      state: 'stale',
      since: '2026-02-13',
      days: 46,
    });
    expect(tradelineStatus(line('a', { dateOpened: '2026-03-30' }), TODAY)).toEqual({
      state: 'current',
      since: '2026-03-30',
      days: 1,
    });
    expect(tradelineStatus(line('a'), TODAY)).toEqual({ state: 'not-reported', since: '', days: null });
  });

  it('computes whole days across month ends and leap days, and the first stale day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-31', '2026-03-31')).toBe(0);
    expect(staleFrom('2026-02-14')).toBe('2026-04-01');
    expect(tradelineStatus(line('a', { lastReported: '2026-02-14' }), staleFrom('2026-02-14')).state).toBe('stale');
  });
});

describe('tradeline summary', () => {
  it('counts tradelines per bureau, lists the stale ones longest first, and says what is needed', () => {
    const s = summarizeTradelines(
      [
        line('Quill', { bureaus: ['dnb', 'experian'], dateOpened: '2026-01-02', lastReported: '2026-03-20' }),
        line('Uline', { bureaus: ['dnb'], dateOpened: '2025-12-01' }),
        line('Grainger', { bureaus: [], dateOpened: '2026-01-10', lastReported: '2026-02-01' }),
        line('New card'),
      ],
      TODAY,
    );
    expect(s.total).toBe(4);
    expect(s.byBureau).toEqual([
      { key: 'dnb', label: 'Dun & Bradstreet', count: 2 },
      { key: 'experian', label: 'Experian Business', count: 1 },
      { key: 'equifax', label: 'Equifax Business', count: 0 },
    ]);
    expect(s.stale.map((v) => [v.name, v.status.days])).toEqual([
      ['Uline', 120],
      ['Grainger', 58],
    ]);
    expect(s.staleCount).toBe(2);
    expect(s.notReportedCount).toBe(1);
    expect(s.needed).toEqual([
      'PAYDEX needs at least 3 trade experiences reported to Dun & Bradstreet: you have 2.',
      'Equifax Business needs at least 1 tradeline reporting to it to build your business credit file there: you have 0.',
      '2 tradelines do not report to any bureau yet: record the bureaus they report to.',
      '2 tradelines have not been reported for more than 45 days: ask the creditor to report your payments, then update the last reported date.',
      '1 tradeline has no date opened or last reported date yet: add it to track reporting.',
    ]);
  });

  it('needs nothing once every bureau has enough current tradelines', () => {
    const all = ['a', 'b', 'c'].map((n) =>
      line(n, { bureaus: ['dnb', 'experian', 'equifax'], dateOpened: '2026-03-01' }),
    );
    const s = summarizeTradelines(all, TODAY);
    expect(s.needed).toEqual([]);
    expect(s.byBureau.map((b) => b.count)).toEqual([3, 3, 3]);
    expect(summarizeTradelines([], TODAY).needed[0]).toBe(
      'PAYDEX needs at least 3 trade experiences reported to Dun & Bradstreet: you have 0.',
    );
  });
});
