import { z } from 'zod';

// A browser's PushSubscription as subscription.toJSON() gives it. The keys are checked by their
// shape here; the server also checks that p256dh is a point on P-256 (push.service.ts) and which
// push services it sends to (push-endpoint.ts).
const base64url = (label: string, pattern: RegExp) =>
  z.string({ message: `${label} is missing` }).regex(pattern, `${label} is not a valid key`);

export const pushSubscriptionInput = z
  .object({
    endpoint: z
      .string({ message: 'The push endpoint is missing' })
      .max(2048, 'The push endpoint is too long')
      .url('The push endpoint must be an address'),
    // Chrome and Firefox send null; it is not kept (an expired subscription is removed on its 404/410).
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // An uncompressed P-256 point: 65 bytes starting with 0x04, i.e. 'B' then 86 characters.
        p256dh: base64url('The p256dh key', /^B[A-Za-z0-9_-]{86}=?$/),
        // 16 random bytes.
        auth: base64url('The auth secret', /^[A-Za-z0-9_-]{22}(==)?$/),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;
