import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/client';
import { authUsers, payments, programInstalments, stripeEvents } from '../../db/schema';
import type { Scope } from '../../middleware/access';
import {
  NOT_PAYABLE,
  PAYMENT_SERVICE_FAILED,
  PAYMENTS_OFF,
  SIGN_FIRST,
  type Instalment,
  type InstalmentStatus,
} from '../../../shared/billing';
import { formatMoney } from '../../../shared/format';
import { programById, type Program, type ProgramId } from '../../../shared/programs';
import type { Page, PageQuery } from '../../../shared/paging';
import { pageWindow, toPage } from '../../lib/paging';
import { ConflictError, UpstreamError } from '../../lib/domain-errors';
import type { Logger } from '../../lib/logger';
import { notify, notifyStaff } from '../notifications/notifications.service';
import { recordAudit, recordOutsideChange } from '../audit/audit.service';
import { REFUNDED_IN_STRIPE } from '../../../shared/audit-labels';
import { signedAgreementFor } from './agreements.service';
import { clientMail, queueMail } from './billing-mail';
import { stripeClient } from './stripe-client';

export const instalmentColumns = {
  id: programInstalments.id,
  agreementId: programInstalments.agreementId,
  programId: programInstalments.programId,
  number: programInstalments.number,
  of: programInstalments.of,
  amount: programInstalments.amount,
  currency: programInstalments.currency,
  dueDate: programInstalments.dueDate,
  status: programInstalments.status,
  paymentId: programInstalments.paymentId,
};
export const toInstalment = (r: { amount: string; programId: string } & Omit<Instalment, 'amount' | 'programId'>) => ({
  ...r,
  programId: r.programId as ProgramId,
  amount: Number(r.amount),
});

/** The client's instalments, by due date. */
export async function listInstalments(db: Db, clientId: string, q: PageQuery): Promise<Page<Instalment>> {
  const where = eq(programInstalments.userId, clientId);
  return toPage(
    q,
    db
      .select(instalmentColumns)
      .from(programInstalments)
      .where(where)
      .orderBy(asc(programInstalments.dueDate), asc(programInstalments.agreementId), asc(programInstalments.number))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset)
      .then((rows) => rows.map(toInstalment)),
    db.$count(programInstalments, where),
  );
}

export const cents = (amount: string | number) => Math.round(Number(amount) * 100);
export const instalmentName = (p: Program, i: { number: number; of: number }) =>
  `${p.name} - payment ${i.number} of ${i.of}`;

/**
 * "Make a Payment" with Stripe on: a Checkout Session for the program's next instalment still to
 * pay (due or failed). Amount and currency are the instalment's, made from the program at signing;
 * the browser sends nothing but which program. No card data reaches the portal: the client pays on
 * Stripe's page and the webhook tells us.
 */
export async function createCheckout(deps: Deps, scope: Scope, program: Program): Promise<{ url: string }> {
  const settings = deps.config.stripe;
  if (!settings) throw new ConflictError(PAYMENTS_OFF);
  const signed = await signedAgreementFor(deps.db, scope.clientId, program.id);
  if (!signed) throw new ConflictError(SIGN_FIRST);
  const [next] = await deps.db
    .select({ ...instalmentColumns, email: authUsers.email, checkoutSessionId: programInstalments.checkoutSessionId })
    .from(programInstalments)
    .innerJoin(authUsers, eq(authUsers.id, programInstalments.userId))
    .where(
      and(
        eq(programInstalments.agreementId, signed.id),
        eq(programInstalments.userId, scope.clientId),
        inArray(programInstalments.status, ['due', 'failed']),
      ),
    )
    .orderBy(asc(programInstalments.number))
    .limit(1);
  if (!next) throw new ConflictError(NOT_PAYABLE);
  const back = (outcome: string) => `${deps.config.appUrl}/?payment=${outcome}&program=${program.id}#business-programs`;
  const metadata = { instalmentId: String(next.id), clientId: scope.clientId };
  const stripe = await stripeClient(settings);
  // A session still open for this instalment is the one to go back to: two open at once could both be paid.
  if (next.checkoutSessionId) {
    const open = await stripe.checkout.sessions.retrieve(next.checkoutSessionId).catch(() => null);
    if (open?.status === 'open' && open.url) return { url: open.url };
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: next.currency,
            unit_amount: cents(next.amount),
            product_data: { name: instalmentName(program, next) },
          },
        },
      ],
      client_reference_id: scope.clientId,
      customer_email: next.email,
      metadata,
      payment_intent_data: { metadata },
      success_url: back('done'),
      cancel_url: back('cancelled'),
    });
  } catch (e) {
    deps.log.error(`stripe checkout for instalment ${next.id} failed: ${e instanceof Error ? e.message : String(e)}`);
    throw new UpstreamError(PAYMENT_SERVICE_FAILED);
  }
  if (!session.url) throw new UpstreamError(PAYMENT_SERVICE_FAILED);
  await deps.db
    .update(programInstalments)
    .set({ checkoutSessionId: session.id, updatedAt: new Date() })
    .where(eq(programInstalments.id, next.id));
  return { url: session.url };
}

export type WebhookResult = {
  status: 200 | 400;
  body: { received: boolean; replay?: true; ignored?: true; error?: string };
};

/**
 * POST /api/stripe/webhook: the signature checked by the library against the raw body (400 when it
 * fails), each event id kept once (a replay changes nothing), events the portal does not act on
 * kept and logged as ignored.
 */
export async function handleWebhook(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResult> {
  const settings = deps.config.stripe;
  if (!settings) return { status: 400, body: { received: false, error: 'Stripe is not configured.' } };
  const stripe = await stripeClient(settings);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch (e) {
    deps.log.warn(`stripe webhook refused: ${e instanceof Error ? e.message : String(e)}`);
    return { status: 400, body: { received: false, error: 'Invalid signature.' } };
  }
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({
        id: event.id,
        type: event.type,
        outcome: 'received',
        payload: event as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { status: 200, body: { received: true, replay: true } } as const;
    const outcome = await applyEvent(deps, tx, event);
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
    if (outcome !== 'handled') deps.log.info(`stripe event ${event.id} (${event.type}) ignored: ${outcome}`);
    return outcome === 'handled'
      ? ({ status: 200, body: { received: true } } as const)
      : ({ status: 200, body: { received: true, ignored: true } } as const);
  });
}

/**
 * How long a webhook event is kept. Its row is what makes a replay change nothing, and Stripe stops
 * retrying an event after 3 days; past 90 a row only answers "what did Stripe send" for a while.
 */
export const STRIPE_EVENTS_KEEP_DAYS = 90;
const PRUNE_BATCH = 1_000;

/**
 * Deletes the stored webhook events older than STRIPE_EVENTS_KEEP_DAYS, in batches so the first run
 * on a long history holds no long lock (with the reminder pass). Returns how many went.
 */
export async function pruneStripeEvents({ db, log, now = new Date() }: { db: Db; log?: Logger; now?: Date }) {
  const before = new Date(now.getTime() - STRIPE_EVENTS_KEEP_DAYS * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const old = db
      .select({ id: stripeEvents.id })
      .from(stripeEvents)
      .where(lt(stripeEvents.receivedAt, before))
      .orderBy(asc(stripeEvents.receivedAt))
      .limit(PRUNE_BATCH);
    const rows = await db.delete(stripeEvents).where(inArray(stripeEvents.id, old)).returning({ id: stripeEvents.id });
    removed += rows.length;
    if (rows.length < PRUNE_BATCH) break;
  }
  if (removed) log?.info(`stripe events: ${removed} older than ${STRIPE_EVENTS_KEEP_DAYS} days removed`);
  return removed;
}

async function applyEvent(deps: Deps, tx: Db, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.payment_status !== 'paid') return 'not paid yet';
      const intent = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
      return markPaid(deps, tx, s.metadata?.instalmentId, { amount: s.amount_total, currency: s.currency, intent });
    }
    case 'checkout.session.async_payment_failed':
      return markFailed(deps, tx, event.data.object.metadata?.instalmentId, 'The payment did not go through.');
    case 'charge.refunded':
      return refundedInStripe(deps, tx, event.data.object);
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return markFailed(
        deps,
        tx,
        pi.metadata?.instalmentId,
        pi.last_payment_error?.message ?? 'The payment did not go through.',
      );
    }
    default:
      return 'unhandled type';
  }
}

async function instalmentFor(tx: Db, rawId: string | undefined) {
  if (!rawId || !/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) return null;
  const [row] = await tx
    .select({ ...instalmentColumns, userId: programInstalments.userId, email: authUsers.email, name: authUsers.name })
    .from(programInstalments)
    .innerJoin(authUsers, eq(authUsers.id, programInstalments.userId))
    .where(eq(programInstalments.id, Number(rawId)))
    .for('update', { of: programInstalments });
  return row ?? null;
}

const payableNow: InstalmentStatus[] = ['due', 'failed'];
const today = () => new Date().toISOString().slice(0, 10);

async function markPaid(
  deps: Deps,
  tx: Db,
  instalmentId: string | undefined,
  paid: { amount: number | null; currency: string | null; intent: string | null },
): Promise<string> {
  const i = await instalmentFor(tx, instalmentId);
  if (!i) return 'no instalment of ours';
  if (!payableNow.includes(i.status)) return `instalment already ${i.status}`;
  // What Stripe took must be what the program asks: anything else is looked at by a person.
  if (paid.amount !== cents(i.amount) || paid.currency !== i.currency) {
    deps.log.warn(
      `stripe payment for instalment ${i.id} was ${paid.amount} ${paid.currency}, expected ${cents(i.amount)} ${i.currency}`,
    );
    return 'amount or currency differs';
  }
  const program = programById(i.programId);
  const description = program ? instalmentName(program, i) : `Program payment ${i.number} of ${i.of}`;
  const [payment] = await tx
    .insert(payments)
    .values({ userId: i.userId, description, amount: i.amount, date: today(), status: 'completed', kind: 'stripe' })
    .returning({ id: payments.id });
  await tx
    .update(programInstalments)
    .set({ status: 'paid', paymentId: payment.id, paymentIntentId: paid.intent, updatedAt: new Date() })
    .where(eq(programInstalments.id, i.id));
  const title = `Payment received: ${description}`;
  await notify(tx, {
    userId: i.userId,
    clientId: i.userId,
    kind: 'payment_receipt',
    title,
    body: formatMoney(i.amount),
    link: '/#business-programs',
    mail: false,
  });
  await queueMail(
    tx,
    clientMail(i, {
      subject: `Receipt: ${description}`,
      lines: ['Thank you. We received your payment.'],
      rows: [
        ['Payment', description],
        ['Amount', `${formatMoney(i.amount)} ${i.currency.toUpperCase()}`],
        ['Date', today()],
        ['Reference', paid.intent ?? ''],
      ],
      action: { label: 'See your payment history', url: `${deps.config.appUrl}/#business-programs` },
    }),
  );
  await notifyStaff(tx, {
    kind: 'payment_recorded',
    clientId: i.userId,
    title: `${i.name || i.email} paid ${description}`,
    body: formatMoney(i.amount),
    link: `/account?client=${encodeURIComponent(i.userId)}`,
  });
  return 'handled';
}

/**
 * Marks a paid instalment refunded and its payment too, records who did it and tells the client:
 * `by` is the administrator who refunded through the portal, or 'stripe' for a refund made in
 * Stripe's dashboard (told by the webhook, recorded with no actor). Null when the instalment is not
 * paid (any more): refunded already, by the other path.
 */
export async function markRefunded(tx: Db, clientId: string, id: number, by: Scope | 'stripe') {
  const [row] = await tx
    .update(programInstalments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(
      and(
        eq(programInstalments.id, id),
        eq(programInstalments.userId, clientId),
        eq(programInstalments.status, 'paid'),
      ),
    )
    .returning(instalmentColumns);
  if (!row) return null;
  if (row.paymentId) await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, row.paymentId));
  const entry = { action: 'update', entityType: 'instalment', entityId: id } as const;
  if (by === 'stripe') await recordOutsideChange(tx, clientId, { ...entry, field: REFUNDED_IN_STRIPE });
  else await recordAudit(tx, by, { ...entry, field: 'refunded' });
  const program = programById(row.programId);
  await notify(tx, {
    userId: clientId,
    clientId,
    kind: 'payment_recorded',
    title: `Payment refunded: ${program ? instalmentName(program, row) : `Program payment ${row.number} of ${row.of}`}`,
    body: `${formatMoney(row.amount)} back to the card that paid`,
    link: '/#business-programs',
  });
  return toInstalment(row);
}

/**
 * charge.refunded: a refund made in Stripe's dashboard (or the echo of the portal's own). The
 * charge's payment intent names the instalment; only a full refund of a paid one marks it, as the
 * portal's refund does. One already refunded (by the portal, or an earlier event) changes nothing;
 * a partial refund is left to a person.
 */
async function refundedInStripe(deps: Deps, tx: Db, charge: Stripe.Charge): Promise<string> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return 'no payment intent';
  const [i] = await tx
    .select({ ...instalmentColumns, userId: programInstalments.userId })
    .from(programInstalments)
    .where(eq(programInstalments.paymentIntentId, intent))
    .for('update');
  if (!i) return 'no instalment of ours';
  if (i.status !== 'paid') return `instalment already ${i.status}`;
  if (!charge.refunded || charge.amount_refunded < cents(i.amount) || charge.currency !== i.currency) {
    deps.log.warn(
      `stripe charge ${charge.id} for instalment ${i.id}: ${charge.amount_refunded} ${charge.currency} refunded of ${cents(i.amount)} ${i.currency}, not marked`,
    );
    return 'partial refund';
  }
  return (await markRefunded(tx, i.userId, i.id, 'stripe')) ? 'handled' : 'instalment no longer paid';
}

async function markFailed(deps: Deps, tx: Db, instalmentId: string | undefined, reason: string): Promise<string> {
  const i = await instalmentFor(tx, instalmentId);
  if (!i) return 'no instalment of ours';
  if (!payableNow.includes(i.status)) return `instalment already ${i.status}`;
  const program = programById(i.programId);
  const description = program ? instalmentName(program, i) : `Program payment ${i.number} of ${i.of}`;
  const [payment] = await tx
    .insert(payments)
    .values({ userId: i.userId, description, amount: i.amount, date: today(), status: 'failed', kind: 'stripe' })
    .returning({ id: payments.id });
  await tx
    .update(programInstalments)
    .set({ status: 'failed', paymentId: payment.id, updatedAt: new Date() })
    .where(eq(programInstalments.id, i.id));
  await failedNotice(deps.config.appUrl, tx, i, description, reason);
  return 'handled';
}

/** Tells the client a payment failed or is overdue (bell, and an e-mail with the link to pay), and staff. */
export async function failedNotice(
  appUrl: string,
  tx: Db,
  i: { userId: string; email: string; name: string; programId: string; amount: string },
  description: string,
  reason: string,
  kind: 'payment_failed' | 'payment_due' = 'payment_failed',
) {
  const link = `/?program=${i.programId}#business-programs`;
  const title = kind === 'payment_failed' ? `Payment failed: ${description}` : `Payment due: ${description}`;
  await notify(tx, { userId: i.userId, clientId: i.userId, kind, title, body: reason, link, mail: false });
  await queueMail(
    tx,
    clientMail(i, {
      subject: title,
      lines: [
        reason,
        `Please pay ${formatMoney(i.amount)} through the portal: open the program and choose Make a Payment.`,
      ],
      action: { label: 'Pay now', url: `${appUrl}${link}` },
    }),
  );
  await notifyStaff(tx, {
    kind,
    clientId: i.userId,
    title: `${i.name || i.email}: ${title.toLowerCase()}`,
    body: reason,
    link: `/account?client=${encodeURIComponent(i.userId)}`,
  });
}
