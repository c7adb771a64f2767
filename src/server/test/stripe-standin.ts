import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local stand-in for the few calls the portal makes to Stripe's API (Checkout Sessions, refunds),
 * with a hosted "checkout page" of its own whose Pay and Decline buttons send the webhook Stripe would
 * send, signed with the library's test-header helper, then go back to the portal as Stripe does.
 * Used by the API tests (the webhook handed to the test app in-process) and the e2e spec (POSTed to
 * the portal's webhook address).
 */
export type StandinSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  success_url: string;
  cancel_url: string;
  line_items_name: string;
  intent_metadata: Record<string, string>;
};

type Deliver = (payload: string, header: string) => Promise<number>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe's form encoding (`a[b][0][c]=v`) as nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let at: Record<string, unknown> = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) at[p] = value;
      else at = (at[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}
const get = (o: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);

export async function startStripeStandin(opts: { webhookSecret: string; webhookUrl?: string; deliver?: Deliver }) {
  const stripe = new Stripe('sk_test_standin');
  const sessions = new Map<string, StandinSession>();
  const refunds: { payment_intent: string; amount: number }[] = [];
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let webhookUrl = opts.webhookUrl;
  let down = false;
  let refundEchoFirst = false;

  const deliver: Deliver =
    opts.deliver ??
    (async (payload, header) => {
      if (!webhookUrl) throw new Error('the stand-in has no webhook address');
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      return res.status;
    });

  /** The event Stripe would send, signed with the webhook secret (or `secret`, to test a bad signature). */
  function signedEvent(type: string, object: unknown, o: { eventId?: string; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: o.eventId ?? id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? opts.webhookSecret });
    return { payload, header };
  }

  const send = async (type: string, object: unknown, o?: { eventId?: string }) => {
    const e = signedEvent(type, object, o);
    return deliver(e.payload, e.header);
  };

  /** Completes a session as a successful card payment and sends checkout.session.completed. */
  async function pay(sessionId: string) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    s.status = 'complete';
    s.payment_status = 'paid';
    const { line_items_name: _n, intent_metadata: _m, ...object } = s;
    return send('checkout.session.completed', object);
  }

  /** A declined card: payment_intent.payment_failed with the metadata the portal put on the intent. */
  async function decline(sessionId: string) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return send('payment_intent.payment_failed', {
      id: s.payment_intent,
      object: 'payment_intent',
      amount: s.amount_total,
      currency: s.currency,
      status: 'requires_payment_method',
      metadata: s.intent_metadata,
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    });
  }

  /**
   * charge.refunded for the paid session of `paymentIntent`, as Stripe sends it after a refund made
   * in its dashboard (or through the API): `amount` refunded in all, the whole charge by default.
   */
  async function refundCharge(paymentIntent: string, o: { amount?: number; eventId?: string } = {}) {
    const s = [...sessions.values()].find((x) => x.payment_intent === paymentIntent && x.payment_status === 'paid');
    if (!s) throw new Error(`no paid session for ${paymentIntent}`);
    const amount = o.amount ?? s.amount_total;
    return send(
      'charge.refunded',
      {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        amount: s.amount_total,
        amount_refunded: amount,
        currency: s.currency,
        payment_intent: paymentIntent,
        paid: true,
        refunded: amount >= s.amount_total,
        status: 'succeeded',
        metadata: {},
      },
      { eventId: o.eventId },
    );
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://standin');
        const body = parseForm(Buffer.concat(chunks).toString('utf8'));
        if (url.pathname.startsWith('/v1/')) {
          calls.push({ method: req.method ?? '', path: url.pathname, body });
          if (down) return json(res, 500, { error: { type: 'api_error', message: 'The stand-in is down.' } });
          if (req.headers.authorization !== 'Bearer sk_test_portal')
            return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const sid = id('cs');
          const s: StandinSession = {
            id: sid,
            object: 'checkout.session',
            url: `${base}/pay/${sid}`,
            mode: String(body.mode),
            status: 'open',
            payment_status: 'unpaid',
            amount_total:
              Number(get(body, 'line_items', '0', 'price_data', 'unit_amount')) *
              Number(get(body, 'line_items', '0', 'quantity') ?? 1),
            currency: String(get(body, 'line_items', '0', 'price_data', 'currency')),
            client_reference_id: (body.client_reference_id as string) ?? null,
            customer_email: (body.customer_email as string) ?? null,
            metadata: (body.metadata as Record<string, string>) ?? {},
            payment_intent: id('pi'),
            success_url: String(body.success_url),
            cancel_url: String(body.cancel_url),
            line_items_name: String(get(body, 'line_items', '0', 'price_data', 'product_data', 'name') ?? ''),
            intent_metadata: (get(body, 'payment_intent_data', 'metadata') as Record<string, string>) ?? {},
          };
          sessions.set(sid, s);
          const { line_items_name: _n, intent_metadata: _m, ...object } = s;
          return json(res, 200, object);
        }
        const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
        if (req.method === 'GET' && sessionPath) {
          const s = sessions.get(sessionPath[1]);
          if (!s)
            return json(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
          const { line_items_name: _n, intent_metadata: _m, ...object } = s;
          return json(res, 200, object);
        }
        if (req.method === 'POST' && url.pathname === '/v1/refunds') {
          const pi = String(body.payment_intent);
          const s = [...sessions.values()].find((x) => x.payment_intent === pi && x.payment_status === 'paid');
          if (!s)
            return json(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
          const amount = body.amount ? Number(body.amount) : s.amount_total;
          refunds.push({ payment_intent: pi, amount });
          // Stripe's own webhook for the refund, when asked for before the answer: the portal's
          // refund then meets its echo first.
          if (refundEchoFirst) await refundCharge(pi, { amount });
          return json(res, 200, {
            id: id('re'),
            object: 'refund',
            amount,
            currency: s.currency,
            payment_intent: pi,
            status: 'succeeded',
          });
        }
        // The hosted checkout page, as a person sees it.
        const page = /^\/pay\/([\w]+)(?:\/(pay|decline))?$/.exec(url.pathname);
        if (page) {
          const s = sessions.get(page[1]);
          if (!s) return json(res, 404, { error: 'no such session' });
          if (req.method === 'POST' && page[2] === 'pay') {
            await pay(s.id);
            res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
            return res.end();
          }
          if (req.method === 'POST' && page[2] === 'decline') {
            await decline(s.id);
            res.writeHead(303, { location: s.cancel_url });
            return res.end();
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in checkout</title></head><body><main>` +
              `<h1>Pay ${esc(s.line_items_name)}</h1><p id="amount">${(s.amount_total / 100).toFixed(2)} ${esc(s.currency.toUpperCase())}</p>` +
              `<form method="post" action="/pay/${s.id}/pay"><button type="submit">Pay</button></form>` +
              `<form method="post" action="/pay/${s.id}/decline"><button type="submit">Decline</button></form>` +
              `</main></body></html>`,
          );
        }
        json(res, 404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
          },
        });
      })().catch((e: unknown) => json(res, 500, { error: { type: 'api_error', message: String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** The secret key the portal must be configured with (the stand-in refuses others, as Stripe does). */
    secretKey: 'sk_test_portal',
    sessions,
    refunds,
    calls,
    signedEvent,
    send,
    pay,
    decline,
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    setDown: (value: boolean) => {
      down = value;
    },
    refundCharge,
    /** Sends charge.refunded for each refund the portal asks for, before answering it. */
    setRefundEchoFirst: (value: boolean) => {
      refundEchoFirst = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type StripeStandin = Awaited<ReturnType<typeof startStripeStandin>>;
