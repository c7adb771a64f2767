import type { Config } from '../../config';

/**
 * The push services browsers use (Chrome, Opera and Samsung Internet: Google's FCM; Firefox:
 * Mozilla's; Safari: Apple's; Edge: Windows'). The server POSTs to whatever endpoint a signed-in
 * person hands it, for every later notification: held to these hosts, a subscription cannot turn
 * the portal into a client of an address inside its own network. A host matches itself and its
 * subdomains.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the portal sends to this endpoint: https on a push service's default port, or (tests only) loopback. */
export function acceptsEndpoint(endpoint: string, config: Pick<Config, 'push'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.push.allowLoopback && LOOPBACK.has(url.hostname) && /^https?:$/.test(url.protocol)) return true;
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
  );
}
