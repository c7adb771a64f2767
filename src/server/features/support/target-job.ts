import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { jobFailed } from '../../db/unavailable';
import type { Db } from '../../db/client';
import { authUsers, supportBreaches, supportConversations } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { schedulePeriodic } from '../../lib/periodic';
import { formatBusinessDuration, targetMinutes, type WaitKind } from '../../../shared/support-targets-rules';
import { sendNotification } from '../notifications/notifications.service';
import { readTargetSettings, redate } from './support.targets';

export type TargetJobDeps = {
  db: Db;
  log?: Logger;
  /** The clock: tests pass the instant a pass runs at. */
  now?: Date;
  signal?: AbortSignal;
  /** Conversations one claim takes (tests make it small). */
  batch?: number;
};

const c = supportConversations;
type Claimed = { clientId: string; kind: WaitKind | null };

const assignedStaff = sql`(select u.assigned_staff_id from ${authUsers} u where u.id = ${c.clientId})`;

/**
 * One pass of the response-target breaches, each step claimed with one UPDATE ... RETURNING whose
 * WHERE is checked again on each locked row, so instances side by side (or a rerun after a stop)
 * tell each person once:
 * 1. a wait past its deadline (stage 0): its client's assigned staff member is told (stage 1), or,
 *    for a client in the admins' pool, every admin (stage 2); the breach is kept for the report;
 * 2. a wait still unanswered a further target later (stage 1 past escalateAt): every admin (stage 2).
 * Notices go through notifications, so each person's e-mail preference decides the e-mail.
 */
export async function runSupportTargets({ db, log, now = new Date(), signal, batch = 200 }: TargetJobDeps) {
  const s = await readTargetSettings(db);
  // Waits found by the migration have no deadlines yet.
  await redate(db, s, 'missing', signal);
  const label = (kind: WaitKind | null) =>
    `${kind === 'first' ? 'first-response' : 'reply'} target of ${formatBusinessDuration(targetMinutes(kind ?? 'reply', s) * 60_000)}`;
  let told = 0;

  const pass = async (stage: 0 | 1) => {
    for (;;) {
      if (signal?.aborted) return;
      const claimed = await db.transaction(async (tx) => {
        const due =
          stage === 0
            ? and(isNotNull(c.waitingSince), eq(c.breachStage, 0), lte(c.dueAt, now))
            : and(isNotNull(c.waitingSince), eq(c.breachStage, 1), lte(c.escalateAt, now));
        const candidates = tx.select({ id: c.clientId }).from(c).where(due).limit(batch);
        const rows: (Claimed & { dueAt: Date | null })[] = await tx
          .update(c)
          .set({ breachStage: stage === 0 ? sql`case when ${assignedStaff} is null then 2 else 1 end` : 2 })
          .where(and(inArray(c.clientId, candidates), due))
          .returning({ clientId: c.clientId, kind: c.waitingKind, dueAt: c.dueAt });
        if (!rows.length) return 0;
        const clients = await tx
          .select({
            id: authUsers.id,
            name: authUsers.name,
            email: authUsers.email,
            staffId: authUsers.assignedStaffId,
          })
          .from(authUsers)
          .where(
            inArray(
              authUsers.id,
              rows.map((r) => r.clientId),
            ),
          );
        const admins = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.role, 'admin'));
        for (const r of rows) {
          const client = clients.find((x) => x.id === r.clientId);
          if (!client) continue;
          const name = client.name || client.email;
          const link = `/support?conversation=${encodeURIComponent(client.id)}`;
          if (stage === 0)
            await tx
              .insert(supportBreaches)
              .values({ clientId: client.id, staffId: client.staffId, kind: r.kind ?? 'reply', dueAt: r.dueAt ?? now });
          const toStaff = stage === 0 && client.staffId;
          const recipients = toStaff ? [client.staffId!] : admins.map((a) => a.id);
          for (const userId of recipients)
            await sendNotification(tx, {
              userId,
              clientId: client.id,
              kind: 'support_overdue',
              title:
                stage === 0
                  ? `Support Chat: ${name} has waited past the ${label(r.kind)}`
                  : `Support Chat: ${name} is still waiting, past twice the ${label(r.kind)}`,
              body: toStaff
                ? 'The client is assigned to you. If it is still unanswered a further target later, the administrators are told.'
                : stage === 0
                  ? 'The client has no staff member (the administrators’ pool).'
                  : 'Their staff member was told when the target passed.',
              link,
            });
          told += recipients.length;
        }
        return rows.length;
      });
      if (claimed < batch) return;
    }
  };
  await pass(0);
  await pass(1);
  if (told) log?.info(`support targets: ${told} breach notices`);
  return { told };
}

/** Every minute (`intervalMs`), the first 30 s after start; stop() waits for a running pass. */
export function scheduleSupportTargets(
  deps: Omit<TargetJobDeps, 'now' | 'signal'>,
  opts: { firstDelayMs?: number; intervalMs?: number } = {},
) {
  return schedulePeriodic((signal) => runSupportTargets({ ...deps, signal }), {
    firstDelayMs: opts.firstDelayMs ?? 30_000,
    intervalMs: opts.intervalMs ?? 60_000,
    onError: (e) => deps.log && jobFailed(deps.db, deps.log, 'support targets')(e),
  });
}
