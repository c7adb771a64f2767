import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportConversations, supportMessages, supportResponses, supportTargetSettings } from '../../db/schema';
import {
  addBusinessMs,
  businessMsBetween,
  DEFAULT_SUPPORT_TARGETS,
  targetMinutes,
  type SupportTargetSettings,
  type WaitKind,
} from '../../../shared/support-targets-rules';

const c = supportConversations;
const MINUTE_MS = 60_000;
/** Waiting conversations one update re-dates at a time when the settings change. */
const REDATE_BATCH = 500;

/** The response targets' settings (the defaults until an admin saves them). */
export async function readTargetSettings(db: Db): Promise<SupportTargetSettings> {
  const [row] = await db
    .select({ value: supportTargetSettings.value })
    .from(supportTargetSettings)
    .where(eq(supportTargetSettings.id, 1));
  return { ...DEFAULT_SUPPORT_TARGETS, ...row?.value };
}

/** A wait's deadlines: the target from its start, and a further target on for the admins. */
export function deadlinesOf(since: Date, kind: WaitKind, s: SupportTargetSettings) {
  const targetMs = targetMinutes(kind, s) * MINUTE_MS;
  const dueAt = addBusinessMs(since, targetMs, s);
  return { dueAt, escalateAt: addBusinessMs(dueAt, targetMs, s) };
}

/**
 * Saves the settings and re-dates every conversation waiting now by them, in one transaction (the
 * inbox sorts by the deadline). Who was told of a breach already stays told.
 */
export async function saveTargetSettings(db: Db, actorId: string, value: SupportTargetSettings) {
  await db.transaction(async (tx) => {
    await tx
      .insert(supportTargetSettings)
      .values({ id: 1, value, updatedBy: actorId })
      .onConflictDoUpdate({
        target: supportTargetSettings.id,
        set: { value, updatedBy: actorId, updatedAt: new Date() },
      });
    await redate(tx, value, 'all');
  });
  return value;
}

/**
 * Works out the deadlines of waiting conversations, a batch at a time in client id order: all of
 * them (the settings changed) or only those without (waits the migration found).
 */
export async function redate(db: Db, s: SupportTargetSettings, which: 'all' | 'missing', signal?: AbortSignal) {
  let after = '';
  let done = 0;
  for (;;) {
    if (signal?.aborted) break;
    const rows = await db
      .select({ clientId: c.clientId, since: c.waitingSince, kind: c.waitingKind })
      .from(c)
      .where(and(isNotNull(c.waitingSince), which === 'missing' ? isNull(c.dueAt) : undefined, gt(c.clientId, after)))
      .orderBy(asc(c.clientId))
      .limit(REDATE_BATCH);
    if (!rows.length) break;
    const values = rows.map((r) => {
      const d = deadlinesOf(r.since!, r.kind ?? 'reply', s);
      return sql`(${r.clientId}, ${d.dueAt.toISOString()}::timestamptz, ${d.escalateAt.toISOString()}::timestamptz)`;
    });
    await db.execute(sql`
      update ${c} set due_at = v.due, escalate_at = v.esc
      from (values ${sql.join(values, sql`, `)}) as v(id, due, esc)
      where ${c.clientId} = v.id and ${c.waitingSince} is not null`);
    done += rows.length;
    after = rows[rows.length - 1].clientId;
    if (rows.length < REDATE_BATCH) break;
  }
  return done;
}

type Conversation = typeof c.$inferSelect;

/**
 * A client's message: starts a wait when none is running. It is a first response when staff never
 * wrote in the conversation or the conversation was archived (closed) when the client wrote again.
 */
export async function startWait(tx: Db, conv: Conversation, at: Date, s: SupportTargetSettings) {
  if (conv.waitingSince) return;
  let kind: WaitKind = 'first';
  if (!conv.archivedAt) {
    const [staffWrote] = await tx
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.clientId, conv.clientId), eq(supportMessages.fromStaff, true)))
      .limit(1);
    if (staffWrote) kind = 'reply';
  }
  const d = deadlinesOf(at, kind, s);
  await tx
    .update(c)
    .set({ waitingSince: at, waitingKind: kind, dueAt: d.dueAt, escalateAt: d.escalateAt, breachStage: 0 })
    .where(eq(c.clientId, conv.clientId));
}

/** A staff message ends the wait; the answer is kept for the report (who, how long in business time). */
export async function answerWait(tx: Db, conv: Conversation, staffId: string, at: Date, s: SupportTargetSettings) {
  if (!conv.waitingSince) return;
  await tx.insert(supportResponses).values({
    clientId: conv.clientId,
    staffId,
    kind: conv.waitingKind ?? 'reply',
    waitingSince: conv.waitingSince,
    answeredAt: at,
    businessMs: businessMsBetween(conv.waitingSince, at, s),
    breached: conv.breachStage > 0 || (!!conv.dueAt && at >= conv.dueAt),
  });
  await tx.update(c).set(noWait).where(eq(c.clientId, conv.clientId));
}

/** The columns of a conversation nobody waits on (answered, or archived by staff). */
export const noWait = { waitingSince: null, waitingKind: null, dueAt: null, escalateAt: null, breachStage: 0 };
