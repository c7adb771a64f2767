import type Stripe from 'stripe';
import type { Config } from '../../config';

export type StripeSettings = NonNullable<Config['stripe']>;

const clients = new WeakMap<StripeSettings, Promise<Stripe>>();

/**
 * The Stripe client for the configured keys, made once per configuration. STRIPE_API_BASE (tests)
 * sends its calls to a stand-in; no retries, so a failed call is answered at once and the client
 * may simply try again (a Checkout Session opened twice costs nothing). The library (a few MB of
 * the server's memory) is loaded with the first call, so a portal without card payments never holds it.
 */
export function stripeClient(settings: StripeSettings): Promise<Stripe> {
  let client = clients.get(settings);
  if (!client) {
    client = made(settings);
    clients.set(settings, client);
  }
  return client;
}

async function made(settings: StripeSettings): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}
