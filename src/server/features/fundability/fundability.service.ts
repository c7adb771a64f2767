import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fundabilityScores } from '../../db/schema';
import {
  evaluateFundability,
  type CheckState,
  type FundabilityAnswer,
  type FundabilityPoint,
} from '../../../shared/fundability';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { gatherFacts } from './fundability.facts';

type StoredCheck = { id: string; state: CheckState };

const sameChecks = (a: StoredCheck[], b: StoredCheck[]) =>
  a.length === b.length && a.every((c, i) => c.id === b[i]!.id && c.state === b[i]!.state);

/** A client's fundability from their records now, written nowhere (the page's read). null: no such user. */
export async function currentFundability(
  db: Db,
  clientId: string,
  now = new Date(),
): Promise<FundabilityAnswer | null> {
  const facts = await gatherFacts(db, clientId, now);
  return facts ? { ...evaluateFundability(facts), computedAt: now.toISOString() } : null;
}

/**
 * Computes a client's fundability from their records now and keeps its history: a row when the
 * score or any check's state differs from the client's last row, the oldest dropped past
 * LIMITS.fundabilityHistory. One client's recomputes take turns (an advisory lock held to commit),
 * so two at once read each other's row and never both write the same change. null: no such user.
 */
export async function recomputeFundability(
  db: Db,
  clientId: string,
  now = new Date(),
): Promise<FundabilityAnswer | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fundability'), hashtext(${clientId}))`);
    // Read under the lock: a recompute that waited sees the records as the one before it left them.
    const facts = await gatherFacts(tx, clientId, now);
    if (!facts) return null;
    const result = evaluateFundability(facts);
    const checks: StoredCheck[] = result.checks.map((c) => ({ id: c.id, state: c.state }));
    const [last] = await tx
      .select({ score: fundabilityScores.score, checks: fundabilityScores.checks })
      .from(fundabilityScores)
      .where(eq(fundabilityScores.userId, clientId))
      .orderBy(desc(fundabilityScores.computedAt), desc(fundabilityScores.id))
      .limit(1);
    if (!last || last.score !== result.score || !sameChecks(last.checks, checks)) {
      // clock_timestamp(), not now(): now() is the transaction's start, which could order two rows wrongly.
      await tx
        .insert(fundabilityScores)
        .values({ userId: clientId, score: result.score, checks, computedAt: sql`clock_timestamp()` });
      const keep = tx
        .select({ id: fundabilityScores.id })
        .from(fundabilityScores)
        .where(eq(fundabilityScores.userId, clientId))
        .orderBy(desc(fundabilityScores.computedAt), desc(fundabilityScores.id))
        .limit(LIMITS.fundabilityHistory);
      await tx
        .delete(fundabilityScores)
        .where(and(eq(fundabilityScores.userId, clientId), notInArray(fundabilityScores.id, keep)));
    }
    return { ...result, computedAt: now.toISOString() };
  });
}

/** A page of the client's score history, newest first. */
export async function fundabilityHistory(db: Db, clientId: string, q: PageQuery): Promise<Page<FundabilityPoint>> {
  const where = eq(fundabilityScores.userId, clientId);
  const { limit, offset } = pageWindow(q);
  const rows = db
    .select({ score: fundabilityScores.score, computedAt: fundabilityScores.computedAt })
    .from(fundabilityScores)
    .where(where)
    .orderBy(desc(fundabilityScores.computedAt), desc(fundabilityScores.id))
    .limit(limit)
    .offset(offset)
    .then((r) => r.map((p) => ({ score: p.score, computedAt: p.computedAt.toISOString() })));
  const total = db
    .select({ n: count() })
    .from(fundabilityScores)
    .where(where)
    .then(([r]) => r.n);
  return toPage(q, rows, total);
}
