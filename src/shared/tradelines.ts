import {
  BUREAUS,
  PAYDEX_MIN_TRADELINES,
  TRADELINE_STALE_DAYS,
  type Bureau,
  type TradelineSource,
} from './credit-rules';
import type { Tradeline } from './credit';
import type { Page } from './paging';
import { countLabel } from './format';

// The tradeline summary (beyond the original product): how many tradelines report to each bureau,
// which went stale, and what is still needed. Pure, with `today` passed in, so the server, the
// stale-notification pass and the tests all compute it the same way.

/** Where a tradeline's source is managed in the portal. */
export const TRADELINE_SOURCE_PAGES: Record<TradelineSource, { label: string; path: string }> = {
  store: { label: 'Store Credit', path: '/store-credit' },
  revolving: { label: 'Revolving Credit', path: '/revolving-credit' },
  'first-step': { label: 'First Step Accounts', path: '/first-step-accounts' },
};

/** How many tradelines each bureau should have before the summary stops asking for more. */
export const BUREAU_MIN_TRADELINES: Record<Bureau, number> = { dnb: PAYDEX_MIN_TRADELINES, experian: 1, equifax: 1 };

export type TradelineState = 'current' | 'stale' | 'not-reported';

export type TradelineStatus = {
  state: TradelineState;
  /** The last reported date, or the date opened when it was never reported; '' when neither is known. */
  since: string;
  /** Whole days from `since` to today; null when `since` is ''. */
  days: number | null;
};

export type TradelineView = Tradeline & { status: TradelineStatus };

export type TradelineSummary = {
  total: number;
  byBureau: { key: Bureau; label: string; count: number }[];
  /** The stale tradelines, longest unreported first (at most STALE_LIST_MAX; staleCount has them all). */
  stale: TradelineView[];
  staleCount: number;
  notReportedCount: number;
  /** Sentences: what to do next, empty when nothing is missing. */
  needed: string[];
};

/** The summary's answer: the summary and one page of the tradelines themselves. */
export type TradelinesResponse = { summary: TradelineSummary; tradelines: Page<TradelineView> };

export const STALE_LIST_MAX = 100;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (isoDay: string) =>
  Date.UTC(Number(isoDay.slice(0, 4)), Number(isoDay.slice(5, 7)) - 1, Number(isoDay.slice(8, 10))) / DAY_MS;

/** Today's calendar day in UTC, 'YYYY-MM-DD' (the server's clock; tests inject theirs). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string) => Math.round(dayNumber(to) - dayNumber(from));

/** The day a tradeline last reported from 'since' becomes stale: more than TRADELINE_STALE_DAYS later. */
export const staleFrom = (since: string) => isoDay(new Date((dayNumber(since) + TRADELINE_STALE_DAYS + 1) * DAY_MS));

/**
 * Stale when it has not been reported for more than TRADELINE_STALE_DAYS days; a tradeline never
 * reported counts from its date opened; with neither date it is 'not reported yet'.
 */
export function tradelineStatus(t: Pick<Tradeline, 'dateOpened' | 'lastReported'>, today: string): TradelineStatus {
  const since = t.lastReported || t.dateOpened;
  if (!since) return { state: 'not-reported', since: '', days: null };
  const days = daysBetween(since, today);
  return { state: days > TRADELINE_STALE_DAYS ? 'stale' : 'current', since, days };
}

export function summarizeTradelines(tradelines: Tradeline[], today: string): TradelineSummary {
  const views = tradelines.map((t) => ({ ...t, status: tradelineStatus(t, today) }));
  const byBureau = BUREAUS.map((b) => ({
    key: b.key,
    label: b.label,
    count: tradelines.filter((t) => t.bureaus.includes(b.key)).length,
  }));
  const stale = views
    .filter((v) => v.status.state === 'stale')
    .sort((a, b) => (b.status.days ?? 0) - (a.status.days ?? 0) || a.name.localeCompare(b.name));
  const notReportedCount = views.filter((v) => v.status.state === 'not-reported').length;
  const noBureau = tradelines.filter((t) => t.bureaus.length === 0).length;

  const needed: string[] = [];
  for (const b of byBureau) {
    const min = BUREAU_MIN_TRADELINES[b.key];
    if (b.count >= min) continue;
    needed.push(
      b.key === 'dnb'
        ? `PAYDEX needs at least ${countLabel(min, 'trade experience')} reported to ${b.label}: you have ${b.count}.`
        : `${b.label} needs at least ${countLabel(min, 'tradeline')} reporting to it to build your business credit file there: you have ${b.count}.`,
    );
  }
  if (noBureau)
    needed.push(
      `${countLabel(noBureau, 'tradeline does', 'tradelines do')} not report to any bureau yet: record the bureaus ${noBureau === 1 ? 'it reports' : 'they report'} to.`,
    );
  if (stale.length)
    needed.push(
      `${countLabel(stale.length, 'tradeline has', 'tradelines have')} not been reported for more than ${TRADELINE_STALE_DAYS} days: ask the creditor to report your payments, then update the last reported date.`,
    );
  if (notReportedCount)
    needed.push(
      `${countLabel(notReportedCount, 'tradeline has', 'tradelines have')} no date opened or last reported date yet: add ${notReportedCount === 1 ? 'it' : 'them'} to track reporting.`,
    );

  return {
    total: tradelines.length,
    byBureau,
    stale: stale.slice(0, STALE_LIST_MAX),
    staleCount: stale.length,
    notReportedCount,
    needed,
  };
}
