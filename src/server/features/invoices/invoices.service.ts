import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  firstStepAccounts,
  firstStepOpenings,
  revolvingCredits,
  storeCreditCards,
  tradelineInvoices,
  users,
} from '../../db/schema';
import type { Scope } from '../../middleware/access';
import type { TradelineSource } from '../../../shared/credit-rules';
import type { Page, PageQuery } from '../../../shared/paging';
import { LIMITS, limitReached } from '../../../shared/limits';
import { addDays, INVOICE_MESSAGES, invoiceStatus, type Invoice } from '../../../shared/invoices-rules';
import { parseInvoiceCsv, type InvoiceInput } from '../../../shared/invoices';
import {
  estimatePaydex,
  paydexEstimateHistory,
  type EstimatePoint,
  type PaydexEstimate,
} from '../../../shared/paydex-estimate';
import { isoDay } from '../../../shared/tradelines';
import {
  DEFAULT_PLAN_TARGET,
  isPlanTarget,
  planPaydex,
  type PaydexPlan,
  type PlanInvoice,
  type PlanTarget,
} from '../../../shared/paydex-plan';
import { ForbiddenError, InvalidError, LimitReachedError } from '../../lib/domain-errors';
import { enforceRecordLimit } from '../../lib/record-limit';
import { pageOf, pageWindow, totalOver } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { notifyStaffAction } from '../notifications/staff-action';

// A tradeline's invoices. The routes have checked that the tradeline is the scope client's
// (ownTradeline); every query still filters by the client and the tradeline, so another client's
// invoice, or one of another tradeline, is simply not there (404).

const ENTITY = 'tradeline_invoice' as const;
const t = tradelineInvoices;

/** The invoice column that points at a tradeline of this source. */
const TRADELINE_COLUMN: Record<TradelineSource, PgColumn> = {
  store: t.storeCardId,
  revolving: t.revolvingCreditId,
  'first-step': t.firstStepOpeningId,
};
const TRADELINE_KEY = {
  store: 'storeCardId',
  revolving: 'revolvingCreditId',
  'first-step': 'firstStepOpeningId',
} as const;

export type TradelineRef = { source: TradelineSource; id: string };

const ofTradeline = (clientId: string, ref: TradelineRef): SQL =>
  and(eq(t.userId, clientId), eq(TRADELINE_COLUMN[ref.source], ref.id))!;

const invoiceColumns = {
  id: t.id,
  number: t.number,
  invoiceDate: t.invoiceDate,
  termsDays: t.termsDays,
  amount: t.amount,
  paidDate: t.paidDate,
  paidAmount: t.paidAmount,
  createdAt: t.createdAt,
};
type InvoiceRow = {
  id: string;
  number: string;
  invoiceDate: string;
  termsDays: number;
  amount: string;
  paidDate: string | null;
  paidAmount: string | null;
  createdAt: Date;
};

const toInvoice = (r: InvoiceRow): Invoice => {
  const amount = Number(r.amount);
  const paidAmount = r.paidAmount === null ? null : Number(r.paidAmount);
  return {
    id: r.id,
    number: r.number,
    invoiceDate: r.invoiceDate,
    termsDays: r.termsDays,
    dueDate: addDays(r.invoiceDate, r.termsDays),
    amount,
    paidDate: r.paidDate,
    paidAmount,
    status: invoiceStatus(amount, paidAmount),
    createdAt: r.createdAt.toISOString(),
  };
};

const values = (input: InvoiceInput) => ({
  number: input.number,
  invoiceDate: input.invoiceDate,
  termsDays: input.termsDays,
  amount: input.amount.toFixed(2),
  paidDate: input.paidDate || null,
  paidAmount: input.paidAmount === null ? null : input.paidAmount.toFixed(2),
});

/** Route parameters are text: anything but a UUID names no invoice. */
export const isInvoiceId = (raw: string | undefined): raw is string =>
  !!raw && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw);

/** A page of the tradeline's invoices, the newest invoice date first: one statement (the rows carry their total). */
export async function listInvoices(db: Db, clientId: string, ref: TradelineRef, q: PageQuery): Promise<Page<Invoice>> {
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ ...invoiceColumns, total: totalOver() })
    .from(t)
    .where(ofTradeline(clientId, ref))
    .orderBy(desc(t.invoiceDate), desc(t.createdAt), desc(t.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    q,
    rows,
    async () => (await db.select({ n: count() }).from(t).where(ofTradeline(clientId, ref)))[0].n,
    toInvoice,
  );
}

/**
 * Refuses `adding` more invoices past either limit: the client's (under enforceRecordLimit's lock,
 * which also serialises this client's creates on every tradeline) and the tradeline's.
 */
async function enforceInvoiceLimits(tx: Db, clientId: string, ref: TradelineRef, adding: number) {
  await enforceRecordLimit(
    tx,
    t.userId,
    clientId,
    LIMITS.invoices - adding + 1,
    'invoices',
    limitReached(LIMITS.invoices, 'invoices'),
  );
  const [{ n }] = await tx.select({ n: count() }).from(t).where(ofTradeline(clientId, ref));
  if (n + adding > LIMITS.invoicesPerTradeline) throw new LimitReachedError(INVOICE_MESSAGES.perTradeline);
}

export async function addInvoice(db: Db, scope: Scope, ref: TradelineRef, input: InvoiceInput): Promise<Invoice> {
  return db.transaction(async (tx) => {
    await enforceInvoiceLimits(tx, scope.clientId, ref, 1);
    const [row] = await tx
      .insert(t)
      .values({
        id: crypto.randomUUID(),
        userId: scope.clientId,
        [TRADELINE_KEY[ref.source]]: ref.id,
        ...values(input),
      })
      .returning(invoiceColumns);
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY, entityId: row.id });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY });
    return toInvoice(row);
  });
}

/** null: not an invoice of the scope client's tradeline. */
export async function updateInvoice(
  db: Db,
  scope: Scope,
  ref: TradelineRef,
  invoiceId: string,
  input: InvoiceInput,
): Promise<Invoice | null> {
  if (!isInvoiceId(invoiceId)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({
        ...values(input),
        // A new due date is a new pay-by date and a new past-due day: their reminders may go again.
        remindedAt: sql`case when ${t.invoiceDate} = ${input.invoiceDate}::date and ${t.termsDays} = ${input.termsDays} then ${t.remindedAt} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(t.id, invoiceId), ofTradeline(scope.clientId, ref)))
      .returning(invoiceColumns);
    if (!row) return null;
    await recordAudit(tx, scope, { action: 'update', entityType: ENTITY, entityId: invoiceId });
    await notifyStaffAction(tx, scope, { action: 'update', entityType: ENTITY });
    return toInvoice(row);
  });
}

export async function deleteInvoice(db: Db, scope: Scope, ref: TradelineRef, invoiceId: string): Promise<boolean> {
  if (!isInvoiceId(invoiceId)) return false;
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(t)
      .where(and(eq(t.id, invoiceId), ofTradeline(scope.clientId, ref)))
      .returning({ id: t.id });
    if (!rows.length) return false;
    await recordAudit(tx, scope, { action: 'delete', entityType: ENTITY, entityId: invoiceId });
    await notifyStaffAction(tx, scope, { action: 'delete', entityType: ENTITY });
    return true;
  });
}

/**
 * Imports a CSV file's invoices onto the tradeline, all or nothing: a wrong row (the first is named,
 * with how many more there are) or a limit the file would pass writes nothing. One transaction.
 */
export async function importInvoices(
  db: Db,
  scope: Scope,
  ref: TradelineRef,
  csv: string,
): Promise<{ imported: number }> {
  const { invoices, errors } = parseInvoiceCsv(csv);
  if (errors.length) {
    const [first] = errors;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more ${errors.length === 2 ? 'row' : 'rows'})` : '';
    throw new InvalidError(`Row ${first.row}: ${first.message}${more} ${INVOICE_MESSAGES.importNothingWritten}`);
  }
  return db.transaction(async (tx) => {
    await enforceInvoiceLimits(tx, scope.clientId, ref, invoices.length);
    await tx.insert(t).values(
      invoices.map((input) => ({
        id: crypto.randomUUID(),
        userId: scope.clientId,
        [TRADELINE_KEY[ref.source]]: ref.id,
        ...values(input),
      })),
    );
    await recordAudit(tx, scope, { action: 'create', entityType: ENTITY, field: 'import' });
    await notifyStaffAction(tx, scope, { action: 'create', entityType: ENTITY });
    return { imported: invoices.length };
  });
}

export type PaydexEstimateResponse = { estimate: PaydexEstimate; history: EstimatePoint[] };

/**
 * Every invoice of the client (at most LIMITS.invoices, small columns), named by their tradeline and
 * with the tradeline's source and id, for the estimate and the plan: one statement.
 */
async function planInvoicesOf(db: Db, clientId: string): Promise<PlanInvoice[]> {
  const vendorId = sql<string>`coalesce(${t.storeCardId}, ${t.revolvingCreditId}, ${t.firstStepOpeningId})`;
  const source = sql<TradelineSource>`case when ${t.storeCardId} is not null then 'store' when ${t.revolvingCreditId} is not null then 'revolving' else 'first-step' end`;
  const cardName = (c: typeof storeCreditCards | typeof revolvingCredits) =>
    sql`nullif(trim(concat_ws(' ', nullif(${c.issuer}, ''), nullif(${c.cardType}, ''))), '')`;
  const rows = await db
    .select({
      id: t.id,
      number: t.number,
      source,
      vendorId,
      vendorName: sql<string>`coalesce(${cardName(storeCreditCards)}, ${cardName(revolvingCredits)}, ${firstStepAccounts.vendor}, 'Card')`,
      invoiceDate: t.invoiceDate,
      termsDays: t.termsDays,
      amount: t.amount,
      paidDate: t.paidDate,
      paidAmount: t.paidAmount,
    })
    .from(t)
    .leftJoin(storeCreditCards, eq(storeCreditCards.id, t.storeCardId))
    .leftJoin(revolvingCredits, eq(revolvingCredits.id, t.revolvingCreditId))
    .leftJoin(firstStepOpenings, eq(firstStepOpenings.id, t.firstStepOpeningId))
    .leftJoin(firstStepAccounts, eq(firstStepAccounts.id, firstStepOpenings.firstStepAccountId))
    .where(eq(t.userId, clientId));
  return rows.map((r) => ({
    ...r,
    amount: Number(r.amount),
    paidAmount: r.paidAmount === null ? null : Number(r.paidAmount),
  }));
}

/** The client's estimated PAYDEX today and at the end of each of the last 12 months: one statement. */
export async function paydexEstimateOf(db: Db, clientId: string, now = new Date()): Promise<PaydexEstimateResponse> {
  const invoices = await planInvoicesOf(db, clientId);
  const today = isoDay(now);
  return { estimate: estimatePaydex(invoices, today), history: paydexEstimateHistory(invoices, today) };
}

/** The target the client chose for their plan (DEFAULT_PLAN_TARGET until they choose). */
async function ownTargetOf(db: Db, clientId: string): Promise<PlanTarget> {
  const [row] = await db.select({ target: users.paydexTarget }).from(users).where(eq(users.id, clientId));
  return isPlanTarget(row?.target) ? row.target : DEFAULT_PLAN_TARGET;
}

/**
 * The pay-early plan for `target` (left out: the client's own) over the client's invoices as of
 * today: the estimate's one statement, and the target's.
 */
export async function paydexPlanOf(
  db: Db,
  clientId: string,
  target?: PlanTarget,
  now = new Date(),
): Promise<PaydexPlan> {
  const [invoices, chosen] = await Promise.all([planInvoicesOf(db, clientId), target ?? ownTargetOf(db, clientId)]);
  return planPaydex(invoices, chosen, isoDay(now));
}

/** The client's own target, which the reminders and the calendar feed follow; staff only look. */
export async function setOwnTarget(db: Db, scope: Scope, target: PlanTarget): Promise<PlanTarget> {
  if (scope.isAdmin) throw new ForbiddenError(INVOICE_MESSAGES.targetIsTheClients);
  // The users row may not exist before the first sign-in's set-up (as with the preferences).
  await db
    .insert(users)
    .values({ id: scope.clientId, paydexTarget: target })
    .onConflictDoUpdate({ target: users.id, set: { paydexTarget: target } });
  return target;
}
