import { inflateSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  businessDocuments,
  notifications,
  payments,
  programInstalments,
  signedAgreements,
  stripeEvents,
} from '../../db/schema';
import { createTestApp, type TestAgent, type TestApp } from '../../test/test-app';
import { startStripeStandin, type StripeStandin } from '../../test/stripe-standin';
import type { ProgramAgreement } from '../../../shared/billing';
import { pruneStripeEvents, STRIPE_EVENTS_KEEP_DAYS } from './checkout.service';

const SECRET = 'whsec_test_portal';

/** The text pdf-lib drew: each content stream inflated, its hex strings (`<...> Tj`) decoded. */
function pdfText(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const h of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      text += `${Buffer.from(h[1], 'hex').toString('latin1')}\n`;
  }
  return text;
}
let t: TestApp;
let stripe: StripeStandin;
type Who = { id: string; email: string; agent: TestAgent };
let a: Who;
let b: Who;
let admin: Who;

beforeAll(async () => {
  // The stand-in hands its webhooks to the test app in-process, as Stripe would POST them.
  let app: TestApp | undefined;
  stripe = await startStripeStandin({
    webhookSecret: SECRET,
    deliver: async (payload, header) =>
      (
        await app!.request('POST', '/api/stripe/webhook', {
          body: payload,
          origin: null,
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
        })
      ).status,
  });
  t = app = await createTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: stripe.base,
  });
  ({ a, b, admin } = await t.clientsAndAdmin({ a: 'Ana Client' }));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const agreement = async (who: Who, programId = 'standard') => {
  const res = await who.agent.get(`/api/clients/${who.id}/agreement?programId=${programId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ProgramAgreement;
};
const sign = (who: Who, body: Record<string, unknown>) => who.agent.post(`/api/clients/${who.id}/agreements`, body);
const webhook = (payload: string, header: string) =>
  t.request('POST', '/api/stripe/webhook', {
    body: payload,
    origin: null,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });

describe('agreement templates', () => {
  it('admins keep versions: an edit is a new version, clients see the newest filled in and sanitised', async () => {
    const before = await agreement(a);
    expect(before.template.html).toContain('Ana Client');
    expect(before.template.html).toContain('$1,600.00, due on signing');
    expect(before.onlinePayments).toBe(true);
    const res = await admin.agent.post('/api/agreement-templates', {
      programId: 'standard',
      body: '# Agreement v2\n\nFor {{client_name}}: {{fee_schedule}}\n\n<script>alert(1)</script> **bold** <img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(201);
    const { template } = await res.json();
    expect(template.version).toBe(before.template.version + 1);
    const list = await (await admin.agent.get('/api/agreement-templates?programId=standard')).json();
    expect(list.items.map((v: { version: number }) => v.version)).toEqual([template.version, before.template.version]);
    const after = await agreement(a);
    expect(after.template.id).toBe(template.id);
    expect(after.template.html).toContain('<strong>bold</strong>');
    expect(after.template.html).not.toMatch(/<script|<img/);
    expect(after.template.html).toContain('&lt;script&gt;');
  });

  it('refuses clients (403) and bad input (400)', async () => {
    expect((await a.agent.post('/api/agreement-templates', { programId: 'standard', body: 'x' })).status).toBe(403);
    const bad = await admin.agent.post('/api/agreement-templates', { programId: 'platinum', body: 'x' });
    expect(bad.status).toBe(400);
    expect((await admin.agent.post('/api/agreement-templates', { programId: 'standard', body: ' ' })).status).toBe(400);
  });
});

describe('signing', () => {
  it('needs a signed agreement before payment', async () => {
    const res = await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('Please sign the service agreement for this program before paying.');
  });

  it('refuses an old version, no consent, a short name, and staff signing for the client', async () => {
    const current = await agreement(a, 'advanced');
    expect(
      (await sign(a, { programId: 'advanced', templateId: current.template.id, fullName: 'Ana Client' })).status,
    ).toBe(400);
    expect(
      (await sign(a, { programId: 'advanced', templateId: current.template.id, fullName: 'A', consent: true })).status,
    ).toBe(400);
    const staffSigns = await admin.agent.post(`/api/clients/${a.id}/agreements`, {
      programId: 'advanced',
      templateId: current.template.id,
      fullName: 'Ana Client',
      consent: true,
    });
    expect(staffSigns.status).toBe(403);
    await admin.agent.post('/api/agreement-templates', { programId: 'advanced', body: 'Newer: {{fee_schedule}}' });
    const stale = await sign(a, {
      programId: 'advanced',
      templateId: current.template.id,
      fullName: 'Ana Client',
      consent: true,
    });
    expect(stale.status).toBe(409);
    expect(await t.db.select().from(signedAgreements).where(eq(signedAgreements.userId, a.id))).toEqual([]);
  });

  it('stores the signed version, name, time, address and browser; files the PDF; mails the client; makes the instalments', async () => {
    const current = await agreement(a, 'advanced');
    const res = await a.agent.post(
      `/api/clients/${a.id}/agreements`,
      { programId: 'advanced', templateId: current.template.id, fullName: 'Ana María Client', consent: true },
      { headers: { 'user-agent': 'AgreementTest/1.0' } },
    );
    expect(res.status).toBe(201);
    const { agreement: signed } = await res.json();
    expect(signed).toMatchObject({
      programId: 'advanced',
      signedName: 'Ana María Client',
      userAgent: 'AgreementTest/1.0',
    });
    expect(signed.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.ipAddress).toBeTruthy();
    const [row] = await t.db.select().from(signedAgreements).where(eq(signedAgreements.id, signed.id));
    expect(row.text).toContain('Payment 3 of 3: $1,630.00');
    // The PDF, in Business Documents, holds the SHA-256.
    const [doc] = await t.db.select().from(businessDocuments).where(eq(businessDocuments.id, signed.documentId));
    expect(doc.documentName).toContain('Service Agreement - Advanced Business Build-Out Program');
    const download = await a.agent.get(`/api/clients/${a.id}/documents/${doc.id}/download`);
    expect(download.status).toBe(200);
    const pdf = Buffer.from(await download.arrayBuffer());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const text = pdfText(pdf);
    expect(text).toContain(signed.sha256);
    expect(text).toContain('Signed by typing the full name: Ana María Client');
    expect(text).toContain('AgreementTest/1.0');
    const mail = await t.lastMail(a.email, 'signed service agreement');
    expect(mail.text).toContain(signed.sha256);
    // Staff see it on the client's page.
    const list = await (await admin.agent.get(`/api/clients/${a.id}/agreements`)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: signed.id, sha256: signed.sha256 })]);
    const inst = await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json();
    expect(inst.items.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [1635, 'due'],
      [1635, 'due'],
      [1630, 'due'],
    ]);
    // Signed once: a second signature is refused, and the row cannot be changed even in the database.
    const again = await sign(a, {
      programId: 'advanced',
      templateId: current.template.id,
      fullName: 'Ana',
      consent: true,
    });
    expect(again.status).toBe(409);
    await expect(
      t.db.update(signedAgreements).set({ signedName: 'Someone else' }).where(eq(signedAgreements.id, signed.id)),
    ).rejects.toThrow();
    // Another client sees none of it.
    expect((await b.agent.get(`/api/clients/${a.id}/agreements`)).status).toBe(404);
  });
});

describe('paying through Stripe Checkout', () => {
  it('opens a Checkout Session for the first instalment, with the amount and currency of the program', async () => {
    const res = await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced', amount: 1 });
    expect(res.status).toBe(400); // nothing but the program is taken from the browser
    const ok = await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' });
    expect(ok.status).toBe(201);
    const { url } = await ok.json();
    expect(url).toMatch(new RegExp(`^${stripe.base}/pay/cs_test_`));
    const call = stripe.calls.findLast((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.body).toMatchObject({
      mode: 'payment',
      customer_email: a.email,
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '163500' } } },
      metadata: { clientId: a.id },
    });
    expect(String((call.body as { success_url: string }).success_url)).toContain('/?payment=done&program=advanced');
    expect((await admin.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).status).toBe(403);
    // Asked again while that session is open: the same session, not a second one that could also be paid.
    const again = await (await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).json();
    expect(again.url).toBe(url);
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
  });

  it('refuses a webhook with a bad or missing signature (400) and stores nothing', async () => {
    const session = [...stripe.sessions.values()].at(-1)!;
    const forged = stripe.signedEvent(
      'checkout.session.completed',
      { ...session, payment_status: 'paid' },
      { secret: 'whsec_wrong' },
    );
    expect((await webhook(forged.payload, forged.header)).status).toBe(400);
    expect((await t.request('POST', '/api/stripe/webhook', { json: { id: 'evt_x' }, origin: null })).status).toBe(400);
    const good = stripe.signedEvent('checkout.session.completed', session);
    expect((await webhook(good.payload.replace('"livemode":false', '"livemode":true'), good.header)).status).toBe(400);
    expect(await t.db.select().from(stripeEvents)).toEqual([]);
    const [first] = await t.db.select().from(programInstalments).where(eq(programInstalments.userId, a.id)).limit(1);
    expect(first.status).toBe('due');
  });

  it('marks the instalment paid on checkout.session.completed, records the payment and e-mails a receipt; a replay changes nothing', async () => {
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(await stripe.pay(session.id)).toBe(200);
    const history = await (await a.agent.get(`/api/clients/${a.id}/payments`)).json();
    expect(history.items[0]).toMatchObject({
      description: 'Advanced Business Build-Out Program - payment 1 of 3',
      amount: 1635,
      status: 'completed',
    });
    const inst = await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json();
    expect(inst.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'due', 'due']);
    const receipt = await t.lastMail(a.email, 'Receipt');
    expect(receipt.text).toContain('$1,635.00 USD');
    // The same event again (Stripe retries): one event row, one payment.
    const [stored] = await t.db.select().from(stripeEvents);
    const replay = stripe.signedEvent(
      'checkout.session.completed',
      (stored.payload as { data: { object: unknown } }).data.object,
      {
        eventId: stored.id,
      },
    );
    const res = await webhook(replay.payload, replay.header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, replay: true });
    expect((await t.db.select().from(payments).where(eq(payments.userId, a.id))).length).toBe(1);
    // A second completion of the same instalment under a new event id is stored but changes nothing.
    const dup = stripe.signedEvent(
      'checkout.session.completed',
      (stored.payload as { data: { object: unknown } }).data.object,
    );
    expect(await (await webhook(dup.payload, dup.header)).json()).toEqual({ received: true, ignored: true });
    expect((await t.db.select().from(payments).where(eq(payments.userId, a.id))).length).toBe(1);
  });

  it('marks the next instalment failed on a declined card, tells the client with a link to pay, and lets them pay again', async () => {
    const { url } = await (await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).json();
    const sessionId = url.split('/').pop();
    expect(await stripe.decline(sessionId)).toBe(200);
    const inst = await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json();
    expect(inst.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'failed', 'due']);
    const history = await (await a.agent.get(`/api/clients/${a.id}/payments`)).json();
    expect(history.items.map((p: { status: string }) => p.status).sort()).toEqual(['completed', 'failed']);
    const mail = await t.lastMail(a.email, 'Payment failed');
    expect(mail.text).toContain('Your card was declined.');
    expect(mail.text).toContain(`${t.config.appUrl}/?program=advanced#business-programs`);
    const bell = await (await a.agent.get('/api/me/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({ kind: 'payment_failed' });
    // The failed instalment is the one paid next.
    const retry = await (await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).json();
    const session = stripe.sessions.get(retry.url.split('/').pop())!;
    expect(session.metadata.instalmentId).toBe(String(inst.items[1].id));
    expect(await stripe.pay(session.id)).toBe(200);
    const after = await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json();
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'due']);
  });

  it('ignores (and logs) events it does not act on, and a payment of another amount', async () => {
    const other = stripe.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await (await webhook(other.payload, other.header)).json()).toEqual({ received: true, ignored: true });
    const [row] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.type, 'customer.created'));
    expect(row.outcome).toBe('unhandled type');
    const { url } = await (await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).json();
    const s = stripe.sessions.get(url.split('/').pop())!;
    const cheap = stripe.signedEvent('checkout.session.completed', { ...s, amount_total: 100, payment_status: 'paid' });
    expect(await (await webhook(cheap.payload, cheap.header)).json()).toEqual({ received: true, ignored: true });
    const inst = await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json();
    expect(inst.items[2].status).toBe('due');
  });

  it('answers 502 when Stripe cannot be reached, and 409 when nothing is left to pay', async () => {
    stripe.setDown(true);
    try {
      const res = await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' });
      expect(res.status).toBe(502);
      expect((await res.json()).error).toContain('payment service could not be reached');
    } finally {
      stripe.setDown(false);
    }
    const { url } = await (await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' })).json();
    await stripe.pay(url.split('/').pop());
    const done = await a.agent.post(`/api/clients/${a.id}/checkout`, { programId: 'advanced' });
    expect(done.status).toBe(409);
  });
});

describe('keeping webhook events', () => {
  it(`removes events older than ${STRIPE_EVENTS_KEEP_DAYS} days and keeps the rest (the reminder pass runs it)`, async () => {
    const now = new Date('2026-06-30T12:00:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);
    const rows = [
      { id: 'evt_prune_old', receivedAt: daysAgo(STRIPE_EVENTS_KEEP_DAYS + 1) },
      { id: 'evt_prune_older', receivedAt: daysAgo(400) },
      { id: 'evt_prune_recent', receivedAt: daysAgo(STRIPE_EVENTS_KEEP_DAYS - 1) },
      { id: 'evt_prune_today', receivedAt: now },
    ];
    await t.db
      .insert(stripeEvents)
      .values(rows.map((r) => ({ ...r, type: 'charge.succeeded', outcome: 'unhandled type', payload: {} })));
    const ids = rows.map((r) => r.id);
    // Events received for real in the tests above are newer than the clock's 90 days before.
    const realBefore = await t.db.$count(stripeEvents);
    expect(await pruneStripeEvents({ db: t.db, now })).toBe(2);
    const left = await t.db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual(['evt_prune_recent', 'evt_prune_today']);
    expect(await t.db.$count(stripeEvents)).toBe(realBefore - 2);
    expect(await pruneStripeEvents({ db: t.db, now })).toBe(0);
  });
});

describe('without Stripe keys', () => {
  it('keeps the e-mailed request; checkout and the webhook refuse', async () => {
    const plain = await createTestApp({}, { database: t.database });
    try {
      const c = await plain.createSignedInUser({ role: 'client' });
      const res = await c.agent.post(`/api/clients/${c.user.id}/program-requests`, { programId: 'standard' });
      expect(res.status).toBe(201);
      const ag = await (await c.agent.get(`/api/clients/${c.user.id}/agreement?programId=standard`)).json();
      expect(ag.onlinePayments).toBe(false);
      const checkout = await c.agent.post(`/api/clients/${c.user.id}/checkout`, { programId: 'standard' });
      expect(checkout.status).toBe(409);
      expect((await checkout.json()).error).toContain('Card payments are not set up');
      const e = stripe.signedEvent('checkout.session.completed', {});
      const hook = await plain.request('POST', '/api/stripe/webhook', {
        body: e.payload,
        origin: null,
        headers: { 'stripe-signature': e.header },
      });
      expect(hook.status).toBe(400);
    } finally {
      const { closeSecondInstance } = await import('../../test/test-app');
      await closeSecondInstance(plain);
    }
  });
});

describe('failed and late payments, and what administrators do about them', () => {
  let c: Who;
  const instalments = async () =>
    (await (await c.agent.get(`/api/clients/${c.id}/instalments`)).json()).items as {
      id: number;
      status: string;
      amount: number;
    }[];
  const attention = async () =>
    (
      (await (await admin.agent.get('/api/attention?reason=instalment_unpaid&pageSize=100')).json()).items as {
        clientId: string;
        count: number;
      }[]
    ).find((r) => r.clientId === c.id);

  beforeAll(async () => {
    const u = await t.createSignedInUser({ role: 'client', name: 'Late Payer' });
    c = { id: u.user.id, email: u.email, agent: u.agent };
    const { template } = await agreement(c, 'standard');
    expect(
      (await sign(c, { programId: 'standard', templateId: template.id, fullName: 'Late Payer', consent: true })).status,
    ).toBe(201);
  });

  it('an instalment still due after its due date tells the client once and is in Needs attention', async () => {
    expect(await attention()).toBeUndefined();
    const [first] = await instalments();
    await t.db.update(programInstalments).set({ dueDate: '2020-01-01' }).where(eq(programInstalments.id, first.id));
    const { runOverdueInstalments } = await import('./billing.admin');
    expect(await runOverdueInstalments({ db: t.db, config: t.config })).toBeGreaterThanOrEqual(1);
    expect(await runOverdueInstalments({ db: t.db, config: t.config })).toBe(0);
    const mail = await t.lastMail(c.email, 'Payment due');
    expect(mail.text).toContain('was due on 2020-01-01 and has not been paid');
    expect(mail.text).toContain('/?program=standard#business-programs');
    const bell = await (await c.agent.get('/api/me/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({ kind: 'payment_due' });
    expect(await attention()).toMatchObject({ count: 1 });
  });

  it('staff ask the client to pay an instalment (bell and e-mail with the link); a client cannot', async () => {
    const [, second] = await instalments();
    const path = `/api/clients/${c.id}/instalments/${second.id}/request`;
    expect((await c.agent.post(path, {})).status).toBe(403);
    expect((await admin.agent.post(path, {})).status).toBe(200);
    const mail = await t.lastMail(c.email, 'Payment due: Standard Business Build-Out Program - payment 2 of 2');
    expect(mail.text).toContain('is ready to be paid');
  });

  it('admins mark an instalment waived or paid outside Stripe (audited); clients and bad outcomes are refused', async () => {
    const [first, second] = await instalments();
    const path = (id: number) => `/api/clients/${c.id}/instalments/${id}/settle`;
    expect((await c.agent.post(path(first.id), { outcome: 'waived' })).status).toBe(403);
    expect((await admin.agent.post(path(first.id), { outcome: 'free' })).status).toBe(400);
    expect(
      (await admin.agent.post(`/api/clients/${a.id}/instalments/${first.id}/settle`, { outcome: 'waived' })).status,
    ).toBe(404);
    const outside = await admin.agent.post(path(first.id), { outcome: 'paid_outside', note: 'Bank transfer' });
    expect(outside.status).toBe(200);
    expect((await outside.json()).instalment.status).toBe('paid_outside');
    expect(await attention()).toBeUndefined();
    const history = await (await c.agent.get(`/api/clients/${c.id}/payments`)).json();
    expect(history.items[0]).toMatchObject({ status: 'completed', amount: 1600 });
    expect(history.items[0].description).toContain('paid outside Stripe (Bank transfer)');
    expect((await admin.agent.post(path(second.id), { outcome: 'waived' })).status).toBe(200);
    expect((await admin.agent.post(path(second.id), { outcome: 'waived' })).status).toBe(409);
    const audit = await (await admin.agent.get(`/api/clients/${c.id}/audit`)).json();
    expect(audit.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'update', entityType: 'instalment' })]),
    );
  });

  it('admins refund a Stripe payment through Stripe (audited), and see the revenue per program, also as CSV', async () => {
    // Client A's advanced instalments were all paid through Stripe above.
    const [paid] = (await (await a.agent.get(`/api/clients/${a.id}/instalments`)).json()).items;
    const refundPath = (id: number) => `/api/clients/${a.id}/instalments/${id}/refund`;
    expect((await a.agent.post(refundPath(paid.id), {})).status).toBe(403);
    const before = await (await admin.agent.get('/api/billing/revenue')).json();
    const advancedBefore = before.items.find((r: { programId: string }) => r.programId === 'advanced');
    const res = await admin.agent.post(refundPath(paid.id), {});
    expect(res.status).toBe(200);
    expect((await res.json()).instalment.status).toBe('refunded');
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 163500 });
    expect((await admin.agent.post(refundPath(paid.id), {})).status).toBe(409);
    const history = await (await a.agent.get(`/api/clients/${a.id}/payments?pageSize=100`)).json();
    expect(history.items.find((p: { id: number }) => p.id === paid.paymentId).status).toBe('refunded');
    // Waived and paid-outside instalments above: the outside one counts as paid.
    const after = await (await admin.agent.get('/api/billing/revenue')).json();
    const advanced = after.items.find((r: { programId: string }) => r.programId === 'advanced');
    expect(advanced.paid).toBe(advancedBefore.paid - 1635);
    expect(after.items.find((r: { programId: string }) => r.programId === 'standard').paid).toBeGreaterThanOrEqual(
      1600,
    );
    const csv = await admin.agent.get('/api/billing/revenue.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Program,Paid,Due,Failed');
    expect(lines).toHaveLength(4);
    expect((await a.agent.get('/api/billing/revenue')).status).toBe(403);
  });
});

describe('refunds made in Stripe (charge.refunded)', () => {
  // Client A's advanced instalments were all paid through Stripe above; the first was refunded in the portal.
  const paidOfA = async () =>
    t.db
      .select()
      .from(programInstalments)
      .where(and(eq(programInstalments.userId, a.id), eq(programInstalments.status, 'paid')))
      .orderBy(programInstalments.number);
  const refundNotices = (number: number) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, a.id),
          eq(notifications.title, `Payment refunded: Advanced Business Build-Out Program - payment ${number} of 3`),
        ),
      );
  const instalment = async (id: number) =>
    (await t.db.select().from(programInstalments).where(eq(programInstalments.id, id)))[0];

  it('a full refund in the dashboard marks the paid instalment refunded, audited as done in Stripe, the client told; once', async () => {
    const [second, third] = await paidOfA();
    expect([second.number, third.number]).toEqual([2, 3]);
    // A partial refund is left to a person.
    expect(await stripe.refundCharge(second.paymentIntentId!, { amount: 1000 })).toBe(200);
    expect((await instalment(second.id)).status).toBe('paid');

    const eventId = 'evt_test_dashboard_refund';
    expect(await stripe.refundCharge(second.paymentIntentId!, { eventId })).toBe(200);
    expect((await instalment(second.id)).status).toBe('refunded');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, second.paymentId!));
    expect(payment.status).toBe('refunded');
    const [event] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
    expect(event.outcome).toBe('handled');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityId, String(second.id))));
    expect(audits).toEqual([expect.objectContaining({ actorId: null, field: 'refunded_in_stripe' })]);
    const shown = await (await admin.agent.get(`/api/clients/${a.id}/audit`)).json();
    expect(shown.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'Stripe', entityType: 'instalment' })]),
    );
    expect(await refundNotices(2)).toHaveLength(1);

    // The replay, another event for the same charge, and the portal's refund change nothing more.
    const replay = stripe.signedEvent('charge.refunded', (event.payload as { data: { object: unknown } }).data.object, {
      eventId,
    });
    expect(await (await webhook(replay.payload, replay.header)).json()).toEqual({ received: true, replay: true });
    const again = await stripe.refundCharge(second.paymentIntentId!, { eventId: 'evt_test_dashboard_refund_2' });
    expect(again).toBe(200);
    const [second2] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_test_dashboard_refund_2'));
    expect(second2.outcome).toBe('instalment already refunded');
    const refundsBefore = stripe.refunds.length;
    expect((await admin.agent.post(`/api/clients/${a.id}/instalments/${second.id}/refund`, {})).status).toBe(409);
    expect(stripe.refunds).toHaveLength(refundsBefore);
    expect(await refundNotices(2)).toHaveLength(1);
    // A charge that is none of ours is stored and ignored.
    const foreign = stripe.signedEvent('charge.refunded', {
      id: 'ch_foreign',
      object: 'charge',
      amount: 500,
      amount_refunded: 500,
      currency: 'usd',
      payment_intent: 'pi_foreign',
      refunded: true,
    });
    expect(await (await webhook(foreign.payload, foreign.header)).json()).toEqual({ received: true, ignored: true });
  });

  it("the portal's refund and Stripe's echo of it are one refund, whichever arrives first", async () => {
    const [third] = await paidOfA();
    stripe.setRefundEchoFirst(true);
    try {
      const res = await admin.agent.post(`/api/clients/${a.id}/instalments/${third.id}/refund`, {});
      expect(res.status).toBe(200);
      expect((await res.json()).instalment.status).toBe('refunded');
    } finally {
      stripe.setRefundEchoFirst(false);
    }
    expect((await instalment(third.id)).status).toBe('refunded');
    expect(await refundNotices(3)).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, a.id), eq(auditLog.entityId, String(third.id))));
    // The webhook got there first (no actor); the administrator's refund is recorded as theirs too.
    expect(audits.map((r) => [r.actorId, r.field])).toEqual(
      expect.arrayContaining([
        [null, 'refunded_in_stripe'],
        [admin.id, 'refunded'],
      ]),
    );
    // The echo after the portal's refund (the usual order) changes nothing.
    expect(await stripe.refundCharge(third.paymentIntentId!, { eventId: 'evt_test_echo_late' })).toBe(200);
    const [late] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_test_echo_late'));
    expect(late.outcome).toBe('instalment already refunded');
    expect(await refundNotices(3)).toHaveLength(1);
  });

  it("an echo after the portal's refund finds it refunded and changes nothing", async () => {
    // The first instalment was refunded by the portal (earlier test), its echo comes now.
    const [first] = await t.db
      .select()
      .from(programInstalments)
      .where(and(eq(programInstalments.userId, a.id), eq(programInstalments.number, 1)));
    expect(first.status).toBe('refunded');
    expect(await stripe.refundCharge(first.paymentIntentId!, { eventId: 'evt_test_echo_first' })).toBe(200);
    const [e] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_test_echo_first'));
    expect(e.outcome).toBe('instalment already refunded');
    expect(await refundNotices(1)).toHaveLength(1);
  });
});
