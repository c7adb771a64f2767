import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sharedSecret } from '../../db/open';
import type { Keyring } from '../../security/keyring';

export type VapidKeys = { publicKey: string; privateKey: string };

// Read once per database (an app's own): the pair never changes while the portal runs.
const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The VAPID key pair push services know this portal by: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when
 * set, else a pair the first instance makes and keeps in app_settings, sealed with the data key
 * like the auth secret. Every instance on one database signs with the same pair, which is what
 * the browsers' subscriptions were made for (docs/decisions/0017-web-push-keys-and-delivery.md).
 */
export function vapidKeys(db: Db, keyring: Keyring, config: Pick<Config, 'push'>): Promise<VapidKeys> {
  if (config.push.vapidKeys) return Promise.resolve(config.push.vapidKeys);
  let keys = loaded.get(db);
  if (!keys) {
    keys = sharedSecret(db, 'vapid_keys', keyring, async () => {
      const { default: webpush } = await import('web-push');
      return JSON.stringify(webpush.generateVAPIDKeys());
    }).then((json) => JSON.parse(json) as VapidKeys);
    loaded.set(db, keys);
    // A failed read (the database was down) is tried again by the next caller.
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}
