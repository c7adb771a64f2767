import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Realtime } from '../../lib/realtime';
import type { Keyring } from '../../security/keyring';
import { acceptsEndpoint } from './push-endpoint';
import { vapidKeys } from './vapid';

/** How long one push service may take to answer before the send is given up (logged, not retried). */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** After a gap in the database's announcements, rows this recent that were never claimed are pushed. */
const CATCH_UP = sql`interval '10 minutes'`;
// The body is cut so the encrypted payload stays well inside the 4 kB push services accept.
const BODY_CHARS = 500;

export type PushDeps = {
  db: Db;
  keyring: Keyring;
  config: Pick<Config, 'push'>;
  log: Logger;
  /** The HTTP client (tests may count or fail calls); Node's fetch by default. */
  fetch?: typeof fetch;
};

/** What the service worker receives (public/sw.js): small, and everything it shows. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * Web Push for every notification the bell shows. sendNotification and notifyStaff insert the rows
 * inside their callers' transactions; the database announces each row on commit ('notify:<userId>|
 * n:<id>', migration 0015), so a push leaves only for what was committed, after the request's
 * answer is on its way, and never fails it. Every instance hears every row: the claim (an UPDATE of
 * notifications.pushed_at that also requires the recipient's push_alert_enabled and a device) lets
 * exactly one send it. After a gap in listening, recent rows never claimed are pushed then.
 * Returns the stop function, which waits for sends under way.
 */
export function startPushDelivery(deps: PushDeps & { realtime: Realtime }) {
  const running = new Set<Promise<unknown>>();
  const run = (work: Promise<unknown>) => {
    const p = work
      .catch((e: unknown) => deps.log.warn(`push not delivered: ${String(e)}`))
      .finally(() => running.delete(p));
    running.add(p);
  };
  const unsubscribe = deps.realtime.subscribe('notify:*', (data) => {
    if (data === null) run(pushMissed(deps));
    else if (data.startsWith('n:')) {
      const id = Number(data.slice(2));
      if (Number.isSafeInteger(id)) run(pushClaimed(deps, eq(notifications.id, id)));
    }
  });
  return async () => {
    unsubscribe();
    await Promise.allSettled([...running]);
  };
}

/** After a gap in the announcements: the recent rows no instance claimed. */
export const pushMissed = (deps: PushDeps) => pushClaimed(deps, gt(notifications.createdAt, sql`now() - ${CATCH_UP}`));

/** Claims the unpushed rows matching `which` whose recipient wants pushes and has a device, and pushes each. */
export async function pushClaimed(deps: PushDeps, which: SQL): Promise<number> {
  const claimed = await deps.db
    .update(notifications)
    .set({ pushedAt: new Date() })
    .where(
      and(
        which,
        isNull(notifications.pushedAt),
        sql`coalesce((select u.push_alert_enabled from users u where u.id = ${notifications.userId}), true)`,
        sql`exists (select 1 from ${pushSubscriptions} s where s.user_id = ${notifications.userId})`,
      ),
    )
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    });
  let sent = 0;
  for (const n of claimed) {
    const payload: PushPayload = {
      title: n.title,
      body: n.body.length > BODY_CHARS ? `${n.body.slice(0, BODY_CHARS - 3)}...` : n.body,
      url: n.link?.startsWith('/') ? n.link : '/',
      tag: `notification-${n.id}`,
    };
    sent += await pushToUser(deps, n.userId, payload);
  }
  return sent;
}

/** Sends `payload` to each of the user's devices at once; returns how many push services took it. */
export async function pushToUser(deps: PushDeps, userId: string, payload: PushPayload): Promise<number> {
  const devices = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (!devices.length) return 0;
  const keys = await vapidKeys(deps.db, deps.keyring, deps.config);
  const body = JSON.stringify(payload);
  const results = await Promise.all(devices.map((d) => sendOne(deps, keys, d, body)));
  return results.filter(Boolean).length;
}

type Device = { id: string; endpoint: string; p256dh: string; auth: string };

async function sendOne(
  deps: PushDeps,
  keys: { publicKey: string; privateKey: string },
  d: Device,
  payload: string,
): Promise<boolean> {
  // Held to the same rule as when it was added: a setting changed since (loopback off) stops it.
  if (!acceptsEndpoint(d.endpoint, deps.config)) return false;
  const host = new URL(d.endpoint).host;
  try {
    // web-push encrypts (aes128gcm) and signs (VAPID); the request is ours, so it can reach a
    // plain-http test endpoint, follows no redirect and has a deadline.
    // Loaded with the first push, so a portal nobody turned push on for never holds the library.
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails(
      { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
      payload,
      {
        vapidDetails: { subject: deps.config.push.subject, ...keys },
        TTL: PUSH_TTL_SECONDS,
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([k]) => k.toLowerCase() !== 'content-length')
        .map(([k, v]) => [k, String(v)]),
    );
    const res = await (deps.fetch ?? fetch)(request.endpoint, {
      method: request.method,
      headers,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) {
      await deps.db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.id, d.id));
      return true;
    }
    if (res.status === 404 || res.status === 410) {
      // The browser dropped the subscription (unsubscribed, cleared site data, expired). Only the
      // row as read: one the browser has since renewed under the same endpoint keeps its new keys.
      await deps.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, d.id), eq(pushSubscriptions.p256dh, d.p256dh)));
      deps.log.info(`push subscription at ${host} ended (${res.status}): removed`);
    } else deps.log.warn(`push to ${host} refused: ${res.status}`);
  } catch (e) {
    deps.log.warn(`push to ${host} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return false;
}
