import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sharedSecret } from '../../db/open';
import { jobFailed } from '../../db/unavailable';
import { authUsers, businessCompliance, fundabilityScores, mailOutbox, users, weeklyDigests } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { schedulePeriodic } from '../../lib/periodic';
import type { Mailer } from '../../mail/mailer';
import type { Keyring } from '../../security/keyring';
import { countLabel } from '../../../shared/format';
import { readTargetSettings } from '../support/support.targets';
import { digestMail, hasNews, type DigestContent, type DigestItem, type DigestSection } from './digest-mail';
import { unsubscribeToken } from './digest-token';
import { digestWeek, type DigestWeek } from './digest-week';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Items one section lists; the rest are "and K more". */
export const DIGEST_SECTION_ITEMS = 10;

export type DigestDeps = {
  db: Db;
  mailer: Pick<Mailer, 'drain'>;
  config: Pick<Config, 'appUrl' | 'authSecret'>;
  keyring: Keyring;
  log?: Logger;
  now?: Date;
  signal?: AbortSignal;
  /** Clients one query reads (tests make it small). */
  batchSize?: number;
  sectionItems?: number;
};
export type DigestResult = { mails: number; clients: number };

export const unsubscribeUrl = (appUrl: string, secret: string, userId: string) =>
  `${appUrl}/api/digest/unsubscribe?token=${unsubscribeToken(secret, userId)}`;

/** What the client's digest says at `now`: a few statements, each bounded by `n` rows. */
export async function digestContent(
  db: Db,
  appUrl: string,
  clientId: string,
  now: Date,
  week: Pick<DigestWeek, 'end'>,
  n = DIGEST_SECTION_ITEMS,
): Promise<DigestContent> {
  const bc = businessCompliance;
  const nowIso = now.toISOString();
  const overdue = sql<boolean>`(${bc.taskDueDate} < ${nowIso}::timestamptz)`;
  // Open tasks (document requests too) due before the week ends: overdue ones and this week's,
  // the first n of each by due date and how many there are.
  const open = db
    .select({
      id: bc.id,
      name: bc.taskName,
      due: bc.taskDueDate,
      kind: bc.kind,
      overdue: overdue.as('overdue'),
      rn: sql<number>`row_number() over (partition by ${overdue} order by ${bc.taskDueDate}, ${bc.id})`.as('rn'),
      total: sql<number>`(count(*) over (partition by ${overdue}))::int`.as('total'),
    })
    .from(bc)
    .where(
      and(
        eq(bc.userId, clientId),
        notInArray(bc.taskStatus, ['Completed', 'Submitted']),
        isNotNull(bc.taskDueDate),
        lt(bc.taskDueDate, week.end),
      ),
    )
    .as('open');
  const tasks = await db.select().from(open).where(lte(open.rn, n)).orderBy(asc(open.rn));
  const item = (r: { id: number; name: string; kind: DigestItem['kind'] }, date: Date): DigestItem => ({
    name: r.name,
    date,
    kind: r.kind,
    url: `${appUrl}/compliance?task=${r.id}`,
  });
  const section = (rows: typeof tasks): DigestSection => ({
    items: rows.map((r) => item(r, r.due as Date)),
    more: rows.length ? Number(rows[0].total) - rows.length : 0,
  });
  const requests = await db
    .select({
      id: bc.id,
      name: bc.taskName,
      kind: bc.kind,
      createdAt: bc.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(bc)
    .where(
      and(
        eq(bc.userId, clientId),
        eq(bc.kind, 'document_request'),
        notInArray(bc.taskStatus, ['Completed', 'Submitted']),
        gte(bc.createdAt, new Date(now.getTime() - 7 * DAY_MS)),
        lte(bc.createdAt, now),
      ),
    )
    .orderBy(desc(bc.createdAt), desc(bc.id))
    .limit(n);
  const scoreAt = (at: Date) =>
    sql<
      number | null
    >`(select ${fundabilityScores.score} from ${fundabilityScores} where ${fundabilityScores.userId} = ${clientId} and ${fundabilityScores.computedAt} <= ${at.toISOString()}::timestamptz order by ${fundabilityScores.computedAt} desc limit 1)`;
  const [scores] = await db
    .select({ now: scoreAt(now), before: scoreAt(new Date(now.getTime() - 7 * DAY_MS)) })
    .from(sql`(select 1) as one`);
  return {
    overdue: section(tasks.filter((r) => r.overdue)),
    dueThisWeek: section(tasks.filter((r) => !r.overdue)),
    newRequests: {
      items: requests.map((r) => item(r, r.createdAt)),
      more: requests.length ? Number(requests[0].total) - requests.length : 0,
    },
    score:
      scores.now !== null && scores.before !== null && Number(scores.now) !== Number(scores.before)
        ? { now: Number(scores.now), before: Number(scores.before) }
        : null,
  };
}

type Client = { id: string; email: string; name: string };

/**
 * Claims the client's week and, when there is something to say, puts the digest in the outbox, in
 * one transaction: the conditional upsert on the client's row decides which run goes on (a second
 * instance waits for the first's commit, then finds the week taken). Returns the outbox id, null
 * for a week with nothing to say, undefined when another run had the week.
 */
async function digestClient(
  db: Db,
  c: Client,
  ctx: { appUrl: string; secret: string; now: Date; week: DigestWeek; timeZone: string; n: number },
): Promise<number | null | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(weeklyDigests)
      .values({ userId: c.id, weekStart: ctx.week.weekStart, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: weeklyDigests.userId,
        set: { weekStart: ctx.week.weekStart, mailedAt: null, updatedAt: ctx.now },
        setWhere: lt(weeklyDigests.weekStart, ctx.week.weekStart),
      })
      .returning({ userId: weeklyDigests.userId });
    if (!claimed.length) return undefined;
    const content = await digestContent(tx, ctx.appUrl, c.id, ctx.now, ctx.week, ctx.n);
    if (!hasNews(content)) return null;
    const msg = digestMail(c.email, c.name, content, {
      app: ctx.appUrl,
      unsubscribe: unsubscribeUrl(ctx.appUrl, ctx.secret, c.id),
      timeZone: ctx.timeZone,
    });
    // Due by this process's clock (the mailer's claim compares with it).
    const [mail] = await tx
      .insert(mailOutbox)
      .values({ ...msg, nextAttemptAt: new Date() })
      .returning({ id: mailOutbox.id });
    await tx.update(weeklyDigests).set({ mailedAt: ctx.now }).where(eq(weeklyDigests.userId, c.id));
    return mail.id;
  });
}

/**
 * One pass of the weekly digest; `now` is injectable for tests. The week is Monday to Sunday in the
 * business time zone (Support targets' setting); nothing goes out before Monday 08:00 there, and
 * any run later in the week sends the week's digest to a client who has not had it (a Monday the
 * server was down is made up on Tuesday), once.
 */
export async function runWeeklyDigest({
  db,
  mailer,
  config,
  keyring,
  log,
  now = new Date(),
  signal,
  batchSize = 500,
  sectionItems = DIGEST_SECTION_ITEMS,
}: DigestDeps): Promise<DigestResult> {
  const result: DigestResult = { mails: 0, clients: 0 };
  const { timeZone } = await readTargetSettings(db);
  const week = digestWeek(now, timeZone);
  if (now < week.sendFrom) return result;
  const secret = config.authSecret ?? (await sharedSecret(db, 'auth_secret', keyring));
  const ctx = { appUrl: config.appUrl, secret, now, week, timeZone, n: sectionItems };
  // Clients by id in batches (keyset), so however many there are one batch is in memory; staff
  // and admins get no digest.
  let after = '';
  for (;;) {
    const batch = await db
      .select({ id: authUsers.id, email: authUsers.email, name: authUsers.name })
      .from(authUsers)
      .leftJoin(users, eq(users.id, authUsers.id))
      .leftJoin(weeklyDigests, eq(weeklyDigests.userId, authUsers.id))
      .where(
        and(
          eq(authUsers.role, 'client'),
          gt(authUsers.id, after),
          sql`coalesce(${users.weeklyDigestEnabled}, true)`,
          or(sql`${weeklyDigests.weekStart} is null`, lt(weeklyDigests.weekStart, week.weekStart)),
        ),
      )
      .orderBy(asc(authUsers.id))
      .limit(batchSize);
    for (const c of batch) {
      if (signal?.aborted) return result;
      after = c.id;
      try {
        const mailId = await digestClient(db, c, ctx);
        if (mailId === undefined) continue;
        result.clients++;
        if (mailId === null) continue;
        result.mails++;
        await mailer
          .drain([mailId])
          .catch((e) => log?.warn(`digest mail ${mailId} not delivered yet (retried later): ${e}`));
      } catch (e) {
        // The claim rolled back with it: the next run tries this client again.
        log?.error(`weekly digest for ${c.id} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (batch.length < batchSize) break;
  }
  if (result.mails) log?.info(`weekly digest: ${countLabel(result.mails, 'mail')}`);
  return result;
}

/** Runs the digest pass every 15 minutes (a pass outside Monday 08:00 to Sunday finds nothing to claim quickly). */
export function scheduleWeeklyDigest(
  deps: Omit<DigestDeps, 'now' | 'signal'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  return schedulePeriodic((signal) => runWeeklyDigest({ ...deps, signal }), {
    firstDelayMs: opts.firstDelayMs ?? 60_000,
    intervalMs: opts.intervalMs ?? 15 * 60_000,
    onError: (e) => deps.log && jobFailed(deps.db, deps.log, 'weekly digest')(e),
  });
}
