import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jobFailed } from '../../db/unavailable';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authUsers, mailOutbox, supportConversations } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { schedulePeriodic } from '../../lib/periodic';
import type { Mailer } from '../../mail/mailer';
import { SUPPORT_REPLY_MAIL_AFTER_MS, SUPPORT_REPLY_MAIL_EVERY_MS } from '../../../shared/support';
import { supportReplyMail } from './reply-mail';
import { wantsEmailSql } from '../notifications/notifications.service';

export type ReplyMailDeps = {
  db: Db;
  mailer: Pick<Mailer, 'drain'>;
  config: Pick<Config, 'appUrl'>;
  log?: Logger;
  now?: Date;
  signal?: AbortSignal;
  /** Conversations one claim takes (tests make it small). */
  batch?: number;
};

const c = supportConversations;
// The newest staff message of the conversation, and when the oldest reply not yet read nor mailed
// about was written: the 5 minutes run from the first unanswered reply, so staff replying every few
// minutes do not put the e-mail off for ever.
const lastStaffId = sql<number>`(select max(m.id) from support_messages m where m.client_id = ${c.clientId} and m.from_staff)`;
const firstPendingAt = sql`(select m.created_at from support_messages m where m.client_id = ${c.clientId} and m.from_staff and m.id > greatest(${c.clientReadId}, ${c.replyMailedId}) order by m.id limit 1)`;

/**
 * Due: a staff reply is unread by the client, not mailed about yet, the first such one older than
 * SUPPORT_REPLY_MAIL_AFTER_MS, no such mail this hour, and the client wanting e-mail (the rule
 * notifications decide channels by).
 */
function due(now: Date) {
  const readBy = new Date(now.getTime() - SUPPORT_REPLY_MAIL_AFTER_MS).toISOString();
  const mailedBefore = new Date(now.getTime() - SUPPORT_REPLY_MAIL_EVERY_MS);
  return and(
    sql`${lastStaffId} > ${c.clientReadId}`,
    sql`${lastStaffId} > ${c.replyMailedId}`,
    sql`${firstPendingAt} < ${readBy}::timestamptz`,
    or(isNull(c.replyMailedAt), lt(c.replyMailedAt, mailedBefore)),
    wantsEmailSql(c.clientId),
  );
}

/**
 * One pass: claims due conversations with one UPDATE ... RETURNING (the WHERE is checked again on
 * each locked row, so a second instance finds them claimed) and queues one mail each in the same
 * transaction, delivered after the commit. `now` is injectable for tests.
 */
export async function runSupportReplyMail({
  db,
  mailer,
  config,
  log,
  now = new Date(),
  signal,
  batch = 200,
}: ReplyMailDeps) {
  let mails = 0;
  for (;;) {
    if (signal?.aborted) break;
    const ids = await db.transaction(async (tx) => {
      const candidates = tx.select({ id: c.clientId }).from(c).where(due(now)).limit(batch);
      const claimed = await tx
        .update(c)
        .set({ replyMailedId: lastStaffId, replyMailedAt: now })
        .where(and(inArray(c.clientId, candidates), due(now)))
        .returning({ clientId: c.clientId });
      if (!claimed.length) return { claimed: 0, mailIds: [] as number[] };
      const clients = await tx
        .select({ email: authUsers.email, name: authUsers.name })
        .from(authUsers)
        .where(
          inArray(
            authUsers.id,
            claimed.map((r) => r.clientId),
          ),
        );
      const msgs = clients.map((cl) => ({
        ...supportReplyMail(cl.email, cl.name, `${config.appUrl}/support`, `${config.appUrl}/account`),
        nextAttemptAt: new Date(),
      }));
      const rows = msgs.length ? await tx.insert(mailOutbox).values(msgs).returning({ id: mailOutbox.id }) : [];
      return { claimed: claimed.length, mailIds: rows.map((r) => r.id) };
    });
    mails += ids.mailIds.length;
    if (ids.mailIds.length)
      await mailer
        .drain(ids.mailIds)
        .catch((e) => log?.warn(`support reply mails not delivered yet (retried later): ${e}`));
    if (ids.claimed < batch) break;
  }
  if (mails) log?.info(`support reply mails: ${mails} sent`);
  return { mails };
}

/** Every minute, the first a minute after start; stop() waits for a running pass. */
export function scheduleSupportReplyMail(
  deps: Omit<ReplyMailDeps, 'now' | 'signal'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  return schedulePeriodic((signal) => runSupportReplyMail({ ...deps, signal }), {
    firstDelayMs: opts.firstDelayMs ?? 60_000,
    intervalMs: opts.intervalMs ?? 60_000,
    onError: (e) => deps.log && jobFailed(deps.db, deps.log, 'support reply mails')(e),
  });
}
