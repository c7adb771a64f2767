import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { jobFailed } from '../../db/unavailable';
import { union } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { firstStepAccounts, firstStepOpenings, revolvingCredits, storeCreditCards } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { schedulePeriodic } from '../../lib/periodic';
import type { Mailer } from '../../mail/mailer';
import { TRADELINE_STALE_DAYS } from '../../../shared/credit';
import { isoDay } from '../../../shared/tradelines';
import { sendNotification } from '../notifications/notifications.service';
import { staleTradelinesMail, type StaleLine } from './stale-mail';
import { countLabel } from '../../../shared/format';

// Stale tradelines: one not reported for more than TRADELINE_STALE_DAYS days (counted from its date
// opened when it was never reported). Its client is told once per stale period: the period starts
// on the day it went stale, so a tradeline reported again (a newer last reported date) that goes
// stale later is told about again. stale_notified_at on the tradeline's own row records the claim.

const DAY_MS = 24 * 60 * 60 * 1000;
const SUMMARY_LINK = '/dnb';

export type StaleDeps = {
  db: Db;
  mailer: Pick<Mailer, 'drain'>;
  config: Pick<Config, 'appUrl'>;
  log?: Logger;
  now?: Date;
  /** Set when the server stops: the pass ends after the client it is on. */
  signal?: AbortSignal;
  /** Clients one query reads (tests make it small). */
  batchClients?: number;
};
export type StaleResult = { clients: number; tradelines: number; mails: number };

type Table = typeof storeCreditCards | typeof revolvingCredits | typeof firstStepOpenings;

/** The day reporting is counted from: the last reported date, else the date opened (null with neither). */
const since = (t: Table) => sql<string | null>`coalesce(nullif(${t.lastReported}, ''), nullif(${t.dateOpened}, ''))`;

/** Stale on `today`, and not told about since this stale period began. */
function staleUnclaimed(t: Table, now: Date): SQL {
  const cutoff = isoDay(new Date(now.getTime() - TRADELINE_STALE_DAYS * DAY_MS));
  const periodStart = sql`((${since(t)})::date + ${TRADELINE_STALE_DAYS + 1}::int)::timestamp at time zone 'UTC'`;
  return and(lt(since(t), cutoff), or(isNull(t.staleNotifiedAt), lt(t.staleNotifiedAt, periodStart)))!;
}

/** The next clients (by id, after `after`) with at least one stale tradeline not yet told about. */
async function clientsWithStale(db: Db, now: Date, after: string, limit: number): Promise<string[]> {
  const clientsOf = (t: Table) =>
    db
      .select({ userId: t.userId })
      .from(t)
      .where(and(gt(t.userId, after), staleUnclaimed(t, now)));
  const rows = await union(clientsOf(storeCreditCards), clientsOf(revolvingCredits), clientsOf(firstStepOpenings))
    .orderBy(asc(sql`1`))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Claims the client's stale tradelines (the conditional update decides which run tells them, so a
 * second instance finds nothing left) and, in the same transaction, notifies them (with the mail
 * when their e-mail alerts are on: notify decides). Null when another run had claimed everything.
 */
async function tellClient(
  db: Db,
  appUrl: string,
  clientId: string,
  now: Date,
): Promise<{ count: number; mailId: number | null } | null> {
  return db.transaction(async (tx) => {
    const claim = (t: Table) =>
      tx
        .update(t)
        .set({ staleNotifiedAt: now })
        .where(and(eq(t.userId, clientId), staleUnclaimed(t, now)))
        .returning({ id: t.id, since: since(t) });
    const cardNames = async (
      t: typeof storeCreditCards | typeof revolvingCredits,
      claimed: { id: string; since: string | null }[],
    ) => {
      if (!claimed.length) return [];
      const rows = await tx
        .select({ id: t.id, issuer: t.issuer, cardType: t.cardType })
        .from(t)
        .where(
          inArray(
            t.id,
            claimed.map((c) => c.id),
          ),
        );
      return claimed.map((c) => {
        const r = rows.find((x) => x.id === c.id);
        return { name: [r?.issuer, r?.cardType].filter(Boolean).join(' ') || 'Card', since: c.since ?? '' };
      });
    };
    // In turn: the transaction is one connection.
    const store = await claim(storeCreditCards);
    const revolving = await claim(revolvingCredits);
    const openings = await claim(firstStepOpenings);
    const vendors = openings.length
      ? await tx
          .select({ id: firstStepOpenings.id, vendor: firstStepAccounts.vendor })
          .from(firstStepOpenings)
          .innerJoin(firstStepAccounts, eq(firstStepAccounts.id, firstStepOpenings.firstStepAccountId))
          .where(
            inArray(
              firstStepOpenings.id,
              openings.map((o) => o.id),
            ),
          )
      : [];
    const lines: StaleLine[] = [
      ...(await cardNames(storeCreditCards, store)),
      ...(await cardNames(revolvingCredits, revolving)),
      ...openings.map((o) => ({
        name: vendors.find((v) => v.id === o.id)?.vendor ?? 'First Step Account',
        since: o.since ?? '',
      })),
    ].sort((a, b) => a.since.localeCompare(b.since) || a.name.localeCompare(b.name));
    if (!lines.length) return null;

    const n = lines.length;
    const { mailId } = await sendNotification(tx, {
      userId: clientId,
      clientId,
      kind: 'tradeline_stale',
      title:
        n === 1
          ? `${lines[0].name} has not been reported for ${TRADELINE_STALE_DAYS} days`
          : `${n} tradelines have not been reported for ${TRADELINE_STALE_DAYS} days`,
      body: `Ask the creditor to report your payments, then update the last reported date: ${lines.map((l) => l.name).join(', ')}`.slice(
        0,
        500,
      ),
      link: SUMMARY_LINK,
      mail: (to) => staleTradelinesMail(to.email, to.name, lines, `${appUrl}${SUMMARY_LINK}`, `${appUrl}/account`),
    });
    return { count: n, mailId };
  });
}

/** One pass over every client's tradelines; `now` is injectable for tests. */
export async function runStaleTradelines({
  db,
  mailer,
  config,
  log,
  now = new Date(),
  signal,
  batchClients = 500,
}: StaleDeps): Promise<StaleResult> {
  const result: StaleResult = { clients: 0, tradelines: 0, mails: 0 };
  // Client by client in batches, so a pass over thousands of clients holds one batch of ids in
  // memory and a stop waits for one client at most.
  let after = '';
  for (;;) {
    const clients = await clientsWithStale(db, now, after, batchClients);
    for (const clientId of clients) {
      if (signal?.aborted) return result;
      after = clientId;
      try {
        const told = await tellClient(db, config.appUrl, clientId, now);
        if (!told) continue;
        result.clients++;
        result.tradelines += told.count;
        if (told.mailId === null) continue;
        result.mails++;
        await mailer
          .drain([told.mailId])
          .catch((e) => log?.warn(`stale tradeline mail ${told.mailId} not delivered yet (retried later): ${e}`));
      } catch (e) {
        // A card deleted meanwhile, a lost connection: the claim rolled back, the next run retries.
        log?.error(`stale tradelines for ${clientId} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (clients.length < batchClients) break;
  }
  if (result.clients)
    log?.info(
      `stale tradelines: ${countLabel(result.clients, 'client')} told about ${countLabel(result.tradelines, 'tradeline')}`,
    );
  return result;
}

/**
 * Runs the stale-tradeline pass every 6 hours, the first one minute after start; stop() ends a
 * running pass after the client it is on and waits for that.
 */
export function scheduleStaleTradelines(
  deps: Omit<StaleDeps, 'now' | 'signal'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  return schedulePeriodic((signal) => runStaleTradelines({ ...deps, signal }), {
    firstDelayMs: opts.firstDelayMs ?? 60_000,
    intervalMs: opts.intervalMs ?? 6 * 60 * 60_000,
    onError: (e) => deps.log && jobFailed(deps.db, deps.log, 'stale tradelines')(e),
  });
}
