import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, payments, programInstalments } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  NOT_PAYABLE,
  PAYMENT_SERVICE_FAILED,
  type Instalment,
  type RevenueRow,
  type settleInstalmentInput,
} from '../../../shared/billing';
import { formatMoney } from '../../../shared/format';
import { programById, programs, type ProgramId } from '../../../shared/programs';
import type { Logger } from '../../lib/logger';
import { ConflictError, UpstreamError } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.service';
import { notify } from '../notifications/notifications.service';
import { cents, failedNotice, instalmentColumns, instalmentName, markRefunded, toInstalment } from './checkout.service';
import { stripeClient } from './stripe-client';

/** Route parameters are text: anything but a positive 32-bit integer names no instalment. */
export const parseInstalmentId = (raw: string | undefined) =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

export async function instalmentExists(db: Db, clientId: string, id: number) {
  const [row] = await db
    .select({ id: programInstalments.id })
    .from(programInstalments)
    .where(and(eq(programInstalments.id, id), eq(programInstalments.userId, clientId)));
  return Boolean(row);
}

const today = () => new Date().toISOString().slice(0, 10);
const describe = (i: { programId: string; number: number; of: number }) => {
  const p = programById(i.programId);
  return p ? instalmentName(p, i) : `Program payment ${i.number} of ${i.of}`;
};

/**
 * An administrator settles an instalment without Stripe: waived (nothing owed), or paid another way
 * (a completed payment is recorded for it). Audited, and told to the client.
 */
export async function settleInstalment(
  db: Db,
  scope: Scope,
  id: number,
  input: z.output<typeof settleInstalmentInput>,
): Promise<Instalment> {
  return db.transaction(async (tx) => {
    const [i] = await tx
      .select(instalmentColumns)
      .from(programInstalments)
      .where(and(eq(programInstalments.id, id), eq(programInstalments.userId, scope.clientId)))
      .for('update');
    if (!i || !['due', 'failed'].includes(i.status)) throw new ConflictError(NOT_PAYABLE);
    const description = describe(i);
    let paymentId = i.paymentId;
    if (input.outcome === 'paid_outside') {
      const note = input.note ? ` (${input.note})` : '';
      const [p] = await tx
        .insert(payments)
        .values({
          userId: scope.clientId,
          description: `${description}, paid outside Stripe${note}`.slice(0, 200),
          amount: i.amount,
          date: today(),
          status: 'completed',
        })
        .returning({ id: payments.id });
      paymentId = p.id;
    }
    const [row] = await tx
      .update(programInstalments)
      .set({ status: input.outcome, paymentId, updatedAt: new Date() })
      .where(eq(programInstalments.id, id))
      .returning(instalmentColumns);
    await recordAudit(tx, scope, { action: 'update', entityType: 'instalment', entityId: id, field: input.outcome });
    await notify(tx, {
      userId: scope.clientId,
      clientId: scope.clientId,
      kind: 'payment_recorded',
      title: input.outcome === 'waived' ? `Payment waived: ${description}` : `Payment recorded: ${description}`,
      body: formatMoney(i.amount) + (input.note ? ` - ${input.note}` : ''),
      link: '/#business-programs',
    });
    return toInstalment(row);
  });
}

/**
 * Staff ask the client to pay an instalment now (the later instalments are paid when the client
 * chooses to, or when staff ask: decision 15): the bell and an e-mail with the link to pay.
 */
export async function requestInstalment(deps: Deps, scope: Scope, id: number): Promise<Instalment> {
  return deps.db.transaction(async (tx) => {
    const [i] = await tx
      .select({ ...instalmentColumns, userId: programInstalments.userId, email: authUsers.email, name: authUsers.name })
      .from(programInstalments)
      .innerJoin(authUsers, eq(authUsers.id, programInstalments.userId))
      .where(and(eq(programInstalments.id, id), eq(programInstalments.userId, scope.clientId)));
    if (!i || !['due', 'failed'].includes(i.status)) throw new ConflictError(NOT_PAYABLE);
    await failedNotice(
      deps.config.appUrl,
      tx,
      i,
      describe(i),
      `Payment ${i.number} of ${i.of} (${formatMoney(i.amount)}) is ready to be paid.`,
      'payment_due',
    );
    await recordAudit(tx, scope, { action: 'update', entityType: 'instalment', entityId: id, field: 'requested' });
    return toInstalment(i);
  });
}

/** An administrator refunds a paid instalment through Stripe, in full: audited, the payment marked refunded. */
export async function refundInstalment(deps: Deps, scope: Scope, id: number): Promise<Instalment> {
  const settings = deps.config.stripe;
  const [i] = await deps.db
    .select({ ...instalmentColumns, paymentIntentId: programInstalments.paymentIntentId })
    .from(programInstalments)
    .where(and(eq(programInstalments.id, id), eq(programInstalments.userId, scope.clientId)));
  if (!settings || !i || i.status !== 'paid' || !i.paymentIntentId)
    throw new ConflictError('Only a payment made through Stripe can be refunded through Stripe.');
  try {
    // The idempotency key makes a repeated click one refund at Stripe.
    const stripe = await stripeClient(settings);
    await stripe.refunds.create(
      { payment_intent: i.paymentIntentId, amount: cents(i.amount) },
      { idempotencyKey: `refund-instalment-${i.id}` },
    );
  } catch (e) {
    deps.log.error(`stripe refund for instalment ${i.id} failed: ${e instanceof Error ? e.message : String(e)}`);
    throw new UpstreamError(PAYMENT_SERVICE_FAILED);
  }
  return deps.db.transaction(async (tx) => {
    const refunded = await markRefunded(tx, scope.clientId, id, scope);
    if (refunded) return refunded;
    // Stripe's charge.refunded for this very refund can arrive before this transaction: the webhook
    // has marked it and told the client; the administrator's refund is still recorded as theirs.
    const [now] = await tx
      .select(instalmentColumns)
      .from(programInstalments)
      .where(and(eq(programInstalments.id, id), eq(programInstalments.userId, scope.clientId)));
    if (now?.status !== 'refunded') throw new ConflictError('The payment was refunded already.');
    await recordAudit(tx, scope, { action: 'update', entityType: 'instalment', entityId: id, field: 'refunded' });
    return toInstalment(now);
  });
}

/**
 * Per program: paid (through Stripe or outside it, less refunds), still due and failed, over every
 * client the asker works (one statement).
 */
export async function revenue(db: Db, worked: ReturnType<typeof sql>): Promise<RevenueRow[]> {
  const rows = await db
    .select({
      programId: programInstalments.programId,
      paid: sql<string>`coalesce(sum(${programInstalments.amount}) filter (where ${programInstalments.status} in ('paid', 'paid_outside')), 0)`,
      due: sql<string>`coalesce(sum(${programInstalments.amount}) filter (where ${programInstalments.status} = 'due'), 0)`,
      failed: sql<string>`coalesce(sum(${programInstalments.amount}) filter (where ${programInstalments.status} = 'failed'), 0)`,
    })
    .from(programInstalments)
    .innerJoin(authUsers, eq(authUsers.id, programInstalments.userId))
    .where(worked)
    .groupBy(programInstalments.programId);
  const byProgram = new Map(rows.map((r) => [r.programId, r]));
  return programs.map((p) => {
    const r = byProgram.get(p.id);
    return {
      programId: p.id as ProgramId,
      programName: p.name,
      paid: Number(r?.paid ?? 0),
      due: Number(r?.due ?? 0),
      failed: Number(r?.failed ?? 0),
    };
  });
}

/**
 * The overdue pass (with the reminders): each instalment still due after its due date tells its
 * client once (bell and e-mail with the link to pay) and staff. The claim is the UPDATE of
 * overdue_notified_at, so two instances tell each client once.
 */
export async function runOverdueInstalments({
  db,
  config,
  log,
  now = new Date(),
}: {
  db: Db;
  config: { appUrl: string };
  log?: Logger;
  now?: Date;
}) {
  const day = now.toISOString().slice(0, 10);
  let told = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: programInstalments.id })
        .from(programInstalments)
        .where(
          and(
            eq(programInstalments.status, 'due'),
            lt(programInstalments.dueDate, day),
            isNull(programInstalments.overdueNotifiedAt),
          ),
        )
        .orderBy(asc(programInstalments.dueDate), asc(programInstalments.id))
        .limit(100);
      const claimed = await tx
        .update(programInstalments)
        .set({ overdueNotifiedAt: now })
        .where(and(inArray(programInstalments.id, due), isNull(programInstalments.overdueNotifiedAt)))
        .returning({ id: programInstalments.id });
      if (!claimed.length) return 0;
      const rows = await tx
        .select({
          ...instalmentColumns,
          userId: programInstalments.userId,
          email: authUsers.email,
          name: authUsers.name,
        })
        .from(programInstalments)
        .innerJoin(authUsers, eq(authUsers.id, programInstalments.userId))
        .where(
          inArray(
            programInstalments.id,
            claimed.map((c) => c.id),
          ),
        );
      for (const i of rows)
        await failedNotice(
          config.appUrl,
          tx,
          i,
          describe(i),
          `Payment ${i.number} of ${i.of} was due on ${i.dueDate} and has not been paid.`,
          'payment_due',
        );
      return claimed.length;
    });
    told += batch;
    if (batch < 100) break;
  }
  if (told) log?.info(`overdue program instalments: ${told} told`);
  return told;
}
