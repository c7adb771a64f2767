// This browser's side of Web Push: whether it can, the permission, the service worker and the
// subscription. The server keeps the subscription; the browser keeps its private keys.

export type PushAvailability = 'available' | 'unsupported' | 'denied';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Whether this browser can turn push on now, and `onChange` as the person changes the site's
 * permission. The Permissions API's answer first: it follows the browser's site settings (and
 * Chromium's headless shell reads Notification.permission as 'denied' whatever it grants).
 * Returns the stop function.
 */
export function watchPushAvailability(onChange: (a: PushAvailability) => void): () => void {
  if (!supported()) {
    onChange('unsupported');
    return () => {};
  }
  let stopped = false;
  let status: PermissionStatus | undefined;
  const report = (state: PermissionState | NotificationPermission) =>
    !stopped && onChange(state === 'denied' ? 'denied' : 'available');
  const changed = () => status && report(status.state);
  navigator.permissions
    .query({ name: 'notifications' })
    .then((s) => {
      status = s;
      report(s.state);
      s.addEventListener('change', changed);
    })
    .catch(() => report(Notification.permission));
  return () => {
    stopped = true;
    status?.removeEventListener('change', changed);
  };
}

/** This browser's push subscription for the portal, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's endpointTag of a subscription: the first 16 characters of the base64url SHA-256 of its endpoint. */
export async function endpointTag(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .slice(0, 16);
}

const fromBase64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

export class PushRefused extends Error {}

/**
 * Asks the browser for permission, registers the service worker and subscribes with the portal's
 * VAPID key (a subscription made for another key, from before the key changed, is replaced).
 * Returns the subscription as the server takes it.
 */
export async function subscribeThisBrowser(publicKey: string) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefused(
      permission === 'denied'
        ? "Notifications are blocked for this site. Allow them in your browser's site settings, then try again."
        : 'Notifications were not turned on: choose Allow when your browser asks.',
    );
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = fromBase64url(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new PushRefused('This browser gave no usable subscription. Try again, or use another browser.');
  return {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  };
}
