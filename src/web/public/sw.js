// The portal's service worker, for Web Push only: it shows each pushed notification and opens its
// page when clicked. It handles no fetch, so pages load from the network exactly as without it.
// The payload is the server's PushPayload (src/server/features/push/push-delivery.ts).

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this portal is opened: a payload can never send the person elsewhere. */
function portalUrl(path) {
  const url = new URL(typeof path === 'string' ? path : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + '/';
}

// An event a script made (a test's) cannot be extended: its work still runs.
function extend(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    /* not a browser's event */
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  extend(
    event,
    self.registration.showNotification(data.title || 'Total Business Build-Out', {
      body: data.body || '',
      tag: data.tag,
      icon: '/favicon.svg',
      data: { url: portalUrl(data.url) },
    }),
  );
});

/** A portal tab already open is brought forward on the page; without one, a new window opens it. */
async function openPage(href) {
  const tabs = await self.clients.matchAll({ type: 'window' });
  const tab = tabs.find((c) => c.focused) || tabs.find((c) => c.visibilityState === 'visible') || tabs[0];
  if (!tab) return self.clients.openWindow(href);
  // Focusing needs the click's user activation; without it (a test's event) the tab still goes there.
  await tab.focus().catch(() => undefined);
  return tab.url === href ? tab : tab.navigate(href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  extend(event, openPage(portalUrl(event.notification.data && event.notification.data.url)));
});
