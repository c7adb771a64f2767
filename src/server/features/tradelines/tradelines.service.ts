import { and, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { firstStepAccounts, firstStepOpenings, revolvingCredits, storeCreditCards } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Bureau, Tradeline, TradelineSource } from '../../../shared/credit';
import type { PageQuery } from '../../../shared/paging';
import {
  isoDay,
  summarizeTradelines,
  tradelineStatus,
  type TradelinesResponse,
  type TradelineView,
} from '../../../shared/tradelines';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { announce } from '../../lib/changes';

// Every store card, revolving credit and opened First Step Account is a tradeline; its tradeline
// columns live on its own row (src/server/db/schema/credit.ts). Every query filters by the scope's
// client, so another client's card or opening is simply not there (404).

export const TRADELINE_TABLES = {
  store: storeCreditCards,
  revolving: revolvingCredits,
  'first-step': firstStepOpenings,
} as const;
const ENTITY = 'tradeline' as const;

export type TradelineValues = { bureaus: Bureau[]; dateOpened: string; lastReported: string };

const cardName = (issuer: string, cardType: string) => [issuer, cardType].filter(Boolean).join(' ') || 'Card';

/**
 * Every tradeline of one client (bounded: LIMITS.storeCards + revolvingCredits + firstStepAccounts
 * rows, small columns only), in one statement.
 */
export async function clientTradelines(db: Db, clientId: string): Promise<Tradeline[]> {
  const cards = (source: 'store' | 'revolving', t: typeof storeCreditCards | typeof revolvingCredits) =>
    db
      .select({
        source: (source === 'store' ? sql<TradelineSource>`'store'::text` : sql<TradelineSource>`'revolving'::text`).as(
          'source',
        ),
        id: t.id,
        issuer: t.issuer,
        cardType: t.cardType,
        bureaus: t.bureaus,
        dateOpened: t.dateOpened,
        lastReported: t.lastReported,
      })
      .from(t)
      .where(eq(t.userId, clientId));
  const rows = await unionAll(
    cards('store', storeCreditCards),
    cards('revolving', revolvingCredits),
    db
      .select({
        source: sql<TradelineSource>`'first-step'::text`.as('source'),
        id: firstStepOpenings.id,
        issuer: firstStepAccounts.vendor,
        cardType: sql<string>`''::text`.as('card_type'),
        bureaus: firstStepOpenings.bureaus,
        dateOpened: firstStepOpenings.dateOpened,
        lastReported: firstStepOpenings.lastReported,
      })
      .from(firstStepOpenings)
      .innerJoin(firstStepAccounts, eq(firstStepAccounts.id, firstStepOpenings.firstStepAccountId))
      .where(eq(firstStepOpenings.userId, clientId)),
  );
  const all = rows.map((r): Tradeline => ({
    source: r.source,
    id: r.id,
    // A First Step Account is named by its vendor; a card by its issuer and type.
    name: r.source === 'first-step' ? r.issuer : cardName(r.issuer, r.cardType),
    bureaus: r.bureaus as Bureau[],
    dateOpened: r.dateOpened,
    lastReported: r.lastReported,
  }));
  return all.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The summary over all of a client's tradelines, and one page of them. */
export async function tradelineSummary(
  db: Db,
  clientId: string,
  q: PageQuery,
  now = new Date(),
): Promise<TradelinesResponse> {
  const today = isoDay(now);
  const all = await clientTradelines(db, clientId);
  const start = (q.page - 1) * q.pageSize;
  const items: TradelineView[] = all
    .slice(start, start + q.pageSize)
    .map((t) => ({ ...t, status: tradelineStatus(t, today) }));
  return {
    summary: summarizeTradelines(all, today),
    tradelines: { items, total: all.length, page: q.page, pageSize: q.pageSize },
  };
}

export async function tradelineExists(db: Db, clientId: string, source: TradelineSource, id: string) {
  const table = TRADELINE_TABLES[source];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, clientId)));
  return Boolean(row);
}

/** Records the bureaus and dates of the scope client's tradeline; null when it is not theirs. */
export async function updateTradeline(
  db: Db,
  scope: Scope,
  source: TradelineSource,
  id: string,
  input: TradelineValues,
): Promise<TradelineValues | null> {
  const table = TRADELINE_TABLES[source];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({
        bureaus: input.bureaus,
        dateOpened: input.dateOpened,
        lastReported: input.lastReported,
        updatedAt: new Date(),
      })
      .where(and(eq(table.id, id), eq(table.userId, scope.clientId)))
      .returning({ bureaus: table.bureaus, dateOpened: table.dateOpened, lastReported: table.lastReported });
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: id });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY });
    announce({ clientId: scope.clientId, area: 'tradelines' });
    return { bureaus: row.bureaus as Bureau[], dateOpened: row.dateOpened, lastReported: row.lastReported };
  });
}
