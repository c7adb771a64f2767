import { desc, eq } from 'drizzle-orm';
import { fundabilityScores } from '../db/schema';
import { recomputeFundability } from '../features/fundability/fundability.service';
import { daysAgo, type DemoContext } from './demo-context';

/**
 * A fundability history point as the app makes one after a request's writes to what the checks
 * read (lib/changes.ts; the demo calls the services outside any request, where nothing follows
 * their announcements, so it asks here), dated on the day of the demo's weeks that write belongs
 * to. A recompute that changes nothing adds no point.
 */
export async function fundabilityPoint(ctx: DemoContext, clientId: string, ago: number) {
  const { db } = ctx.deps;
  const rows = () => db.$count(fundabilityScores, eq(fundabilityScores.userId, clientId));
  const before = await rows();
  await recomputeFundability(db, clientId, ctx.now);
  if ((await rows()) === before) return;
  const [latest] = await db
    .select({ id: fundabilityScores.id })
    .from(fundabilityScores)
    .where(eq(fundabilityScores.userId, clientId))
    .orderBy(desc(fundabilityScores.id))
    .limit(1);
  await db
    .update(fundabilityScores)
    .set({ computedAt: daysAgo(ctx, ago) })
    .where(eq(fundabilityScores.id, latest.id));
}
