import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { capitalScores, paydexScores } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import { LIMITS } from '../../../shared/limits';
import {
  SCORE_HISTORY_LIMIT,
  scoreChangedText,
  tierFor,
  type ScorePoint,
  type ScoresResponse,
} from '../../../shared/scores';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { announce } from '../../lib/changes';

export type ScoreKind = 'capital' | 'paydex';

// Both tables have the same shape; one description of each keeps the two paths identical.
const kinds = {
  capital: { table: capitalScores, name: 'CapitalScore', audit: 'capital_score' },
  paydex: { table: paydexScores, name: 'PAYDEX score', audit: 'paydex_score' },
} as const;

/** The newest SCORE_HISTORY_LIMIT rows of one score, oldest first. */
async function historyOf(db: Db, kind: ScoreKind, clientId: string): Promise<ScorePoint[]> {
  const { table } = kinds[kind];
  const rows = await db
    .select({ score: table.score, lastUpdatedAt: table.lastUpdatedAt })
    .from(table)
    .where(eq(table.userId, clientId))
    .orderBy(desc(table.lastUpdatedAt), desc(table.id))
    .limit(SCORE_HISTORY_LIMIT);
  return rows.reverse().map((r) => ({ score: r.score, lastUpdatedAt: r.lastUpdatedAt.toISOString() }));
}

const withLatest = (history: ScorePoint[]) => ({ latest: history.at(-1) ?? null, history });

/** A client's CapitalScore and PAYDEX: the latest of each and their recent history. */
export async function getScores(db: Db, clientId: string): Promise<ScoresResponse> {
  const [capital, paydex] = await Promise.all([historyOf(db, 'capital', clientId), historyOf(db, 'paydex', clientId)]);
  return { capital: withLatest(capital), paydex: withLatest(paydex) };
}

/**
 * An admin's save of one of a client's scores: a new history row, the oldest rows beyond
 * LIMITS.scoreHistory dropped, audited, and the client told when the value changed. The caller
 * has checked that the actor is an admin.
 */
export async function setScore(db: Db, scope: Scope, kind: ScoreKind, score: number): Promise<ScoresResponse> {
  const { table, name, audit } = kinds[kind];
  await db.transaction(async (tx) => {
    // Two saves for one client at once: the second waits, so each notification names the value it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${audit}), hashtext(${scope.clientId}))`);
    const [previous] = await tx
      .select({ score: table.score })
      .from(table)
      .where(eq(table.userId, scope.clientId))
      .orderBy(desc(table.lastUpdatedAt), desc(table.id))
      .limit(1);
    // clock_timestamp(), not now(): now() is the transaction's start, which could order two saves wrongly.
    const [row] = await tx
      .insert(table)
      .values({ userId: scope.clientId, score, lastUpdatedAt: sql`clock_timestamp()` })
      .returning({ id: table.id });
    const keep = tx
      .select({ id: table.id })
      .from(table)
      .where(eq(table.userId, scope.clientId))
      .orderBy(desc(table.lastUpdatedAt), desc(table.id))
      .limit(LIMITS.scoreHistory);
    await tx.delete(table).where(and(eq(table.userId, scope.clientId), notInArray(table.id, keep)));
    await recordAudit(tx, scope, { action: 'update', entityType: audit, entityId: row.id });
    announce({ clientId: scope.clientId, area: 'scores' });
    const from = previous?.score ?? null;
    if (from !== score) {
      const body = kind === 'capital' ? `Your tier: ${tierFor(score).name}` : '';
      await notify(tx, {
        userId: scope.clientId,
        clientId: scope.clientId,
        kind: 'score_changed',
        title: scoreChangedText(name, from, score),
        body,
        link: '/dnb',
      });
    }
  });
  return getScores(db, scope.clientId);
}
