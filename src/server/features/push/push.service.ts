import { createECDH, createHash, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { InvalidError } from '../../lib/domain-errors';
import { enforceRecordLimit } from '../../lib/record-limit';
import { LIMITS } from '../../../shared/limits';
import type { PushSubscriptionInput } from '../../../shared/push';
import {
  PUSH_DEVICES_FULL,
  PUSH_DEVICES_LISTED,
  PUSH_ENDPOINT_REFUSED,
  type PushDevice,
} from '../../../shared/push-rules';
import { describeDevice } from '../../../shared/user-agent';
import { acceptsEndpoint } from './push-endpoint';

const device = (r: { id: string; endpoint: string; label: string; createdAt: Date; lastSuccessAt: Date | null }) => ({
  id: r.id,
  label: r.label,
  endpointTag: endpointTag(r.endpoint),
  createdAt: r.createdAt.toISOString(),
  lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
});

/**
 * What tells a browser its own row apart in the list without the list carrying endpoints (each is
 * a capability: with the keys, it is where to send): the first 16 characters of the base64url
 * SHA-256 of the endpoint, which the page works out for its own subscription.
 */
const endpointTag = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 16);

/** The caller's devices with push on, the newest first. */
export async function listPushDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_DEVICES_LISTED);
  return rows.map(device);
}

/** Whether `p256dh` (base64url) is a point on P-256: web-push could not encrypt to anything else. */
function onCurve(p256dh: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the browser's subscription for the caller. The same browser again (a renewed subscription,
 * or another person now signed in on it: a browser has one subscription per site) updates its row,
 * which then belongs to the caller; a new one counts against LIMITS.pushDevices.
 */
export async function subscribePush(
  db: Db,
  config: Pick<Config, 'push'>,
  userId: string,
  userAgent: string | undefined,
  input: PushSubscriptionInput,
): Promise<PushDevice> {
  if (!acceptsEndpoint(input.endpoint, config)) throw new InvalidError(PUSH_ENDPOINT_REFUSED);
  if (!onCurve(input.keys.p256dh)) throw new InvalidError('The p256dh key is not a valid key');
  const values = {
    userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: describeDevice(userAgent),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (existing?.userId !== userId)
      await enforceRecordLimit(tx, pushSubscriptions.userId, userId, LIMITS.pushDevices, 'devices', PUSH_DEVICES_FULL);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning();
    return device(row);
  });
}

/** Turns push off for one of the caller's devices; false when it is not theirs (or already gone). */
export async function removePushDevice(db: Db, userId: string, id: string): Promise<boolean> {
  if (id.length > 64) return false;
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
