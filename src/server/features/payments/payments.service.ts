import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { Payment, paymentInput, paymentUpdate } from '../../../shared/payments';
import { formatDate, formatMoney } from '../../../shared/format';
import { LIMITS } from '../../../shared/limits';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { enforceRecordLimit } from '../../lib/record-limit';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';
import { notify } from '../notifications/notifications.service';

const columns = {
  id: payments.id,
  description: payments.description,
  amount: payments.amount,
  date: payments.date,
  status: payments.status,
  included: payments.included,
};

// numeric comes back as a string; the API speaks numbers.
const toPayment = (row: { amount: string } & Omit<Payment, 'amount'>): Payment => ({
  ...row,
  amount: Number(row.amount),
});

/** A client's payments, newest first. */
export async function listPayments(db: Db, clientId: string, q: PageQuery): Promise<Page<Payment>> {
  const where = eq(payments.userId, clientId);
  const rows = db
    .select(columns)
    .from(payments)
    .where(where)
    .orderBy(desc(payments.date), desc(payments.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return toPage(
    q,
    rows.then((r) => r.map(toPayment)),
    db.$count(payments, where),
  );
}

/** Route parameters are text: anything but a positive 32-bit integer names no payment. */
export const parsePaymentId = (raw: string | undefined) =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

export async function paymentExists(db: Db, clientId: string, paymentId: number) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, clientId)));
  return Boolean(row);
}

export async function addPayment(db: Db, scope: Scope, input: z.output<typeof paymentInput>): Promise<Payment> {
  return db.transaction(async (tx) => {
    await enforceRecordLimit(tx, payments.userId, scope.clientId, LIMITS.payments, 'payments');
    const [row] = await tx
      .insert(payments)
      .values({ userId: scope.clientId, ...input, amount: input.amount.toFixed(2) })
      .returning(columns);
    await recordAudit(tx, scope, { action: 'create', entityType: 'payment', entityId: row.id });
    if (scope.isAdmin)
      await notify(tx, {
        userId: scope.clientId,
        clientId: scope.clientId,
        kind: 'payment_recorded',
        title: `Payment recorded: ${row.description}`,
        body: `${formatMoney(row.amount)} on ${formatDate(row.date)}`,
        link: '/',
      });
    return toPayment(row);
  });
}

/** Updates one of the scope client's payments; null when it is not theirs. */
export async function updatePayment(
  db: Db,
  scope: Scope,
  paymentId: number,
  input: z.output<typeof paymentUpdate>,
): Promise<Payment | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ ...input, amount: input.amount.toFixed(2) })
      .where(and(eq(payments.id, paymentId), eq(payments.userId, scope.clientId)))
      .returning(columns);
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: 'payment', entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: 'payment' });
    return toPayment(row);
  });
}
