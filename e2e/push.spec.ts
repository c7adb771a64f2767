import type { Browser, BrowserContext, TestInfo, Worker } from '@playwright/test';
import { expect, expectAccessible, expectPath, myId, signIn, signedInAdmin, signedInClient, test } from './fixtures';
import { nextClientIp, startClientIpProxy } from './support/client-ip-proxy';
import { ENV, fromEnv } from './support/env';
import { startPushEndpoint } from '../src/server/test/push-endpoint';

/**
 * Web Push from My Account to the service worker. Real: the permission asked and granted (to the
 * context), the service worker registered at /sw.js, the server keeping the subscription and, when
 * staff change the client's data, encrypting and VAPID-signing a push to the endpoint (which this
 * test decrypts), and the push event the service worker handles (a trusted one, delivered by
 * Chromium through DevTools with the decrypted payload). Stubbed, because Chromium's headless shell
 * can do neither: the page's PushManager (a real subscription needs Google's push service; the shell
 * answers "Registration failed - permission denied"), which hands back a subscription at this test's
 * push service stand-in with keys the test made; and showing the notification (the shell grants no
 * permission to show one), recorded in the worker instead, so the click is an event dispatched in
 * the worker with the notification's data.
 */

const PHONE = { width: 390, height: 844 };

/** The service worker's global scope, as far as this test reaches into it (the DOM types lack it). */
type SwScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  ExtendableEvent: new (type: string) => Event;
  /** What the worker asked to show, recorded by the test. */
  shown: ({ title: string; data?: unknown } & NotificationOptions)[];
};

/** The page's PushManager answering with `subscription`, kept across reloads as a browser keeps it. */
async function stubPushManager(context: BrowserContext, subscription: unknown) {
  await context.addInitScript((sub) => {
    const KEY = 'e2e-push-subscription';
    const make = () => ({
      ...(sub as object),
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => sub,
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? (make() as never) : null);
    PushManager.prototype.subscribe = async () => (localStorage.setItem(KEY, '1'), make() as never);
  }, subscription);
}

/** A second browser (its own cookies and address) for the admin. */
async function secondBrowser(browser: Browser, testInfo: TestInfo) {
  const proxy = await startClientIpProxy(nextClientIp(testInfo.workerIndex));
  const context = await browser.newContext({ baseURL: fromEnv(ENV.baseUrl), proxy: { server: proxy.url } });
  const page = await context.newPage();
  return { page, close: async () => (await context.close(), await proxy.close()) };
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? context.waitForEvent('serviceworker');
}

test('a client turns notifications on for this device, gets a push when staff change their data, and its click opens the page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = page.context();
  const origin = new URL(fromEnv(ENV.baseUrl)).origin;
  await context.grantPermissions(['notifications'], { origin });
  const endpoint = await startPushEndpoint();
  const subscription = endpoint.subscription('e2e');
  await stubPushManager(context, subscription.json);
  const admin = await secondBrowser(browser, testInfo);
  try {
    const client = await signedInClient(page, { name: `Push Client ${Date.now().toString(36)}` });
    const clientId = await myId(page);
    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Notifications on this device' });
    await expect(card.getByText('No devices yet')).toBeVisible();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
    const device = card.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(device).toContainText(/^Chrome on \w+/);
    await expect(device).toContainText(/Added \w+/);
    const worker = await serviceWorker(context);
    // The toast fades in (its contrast mid-animation is not the page's): checked once it has shown
    // (sonner loads with the first toast, so it may not be there yet) and gone.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Notifications turned on for this device' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 20_000 });
    await expectAccessible(page);

    // Staff add a bank account for the client: the portal pushes the client's notification.
    await signedInAdmin(admin.page);
    const status = await admin.page.evaluate(
      async (id) =>
        (
          await fetch(`/api/clients/${id}/bank-accounts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ bankName: 'First Federal' }),
          })
        ).status,
      clientId,
    );
    expect(status).toBe(201);
    const [push] = await endpoint.waitFor(1, 15_000);
    const payload = JSON.parse(subscription.decrypt(push.body)) as { title: string; body: string; url: string };
    expect(payload.title).toContain('bank account');
    expect(payload.url).toBe('/bank');

    // The service worker receives it as the browser would: a trusted push event (delivered by
    // Chromium through DevTools). The headless shell grants no permission to show a notification
    // (showNotification refuses), so what the worker asks to show is recorded instead.
    await worker.evaluate(() => {
      const sw = self as unknown as SwScope;
      sw.shown = [];
      sw.registration.showNotification = async (title, options) => void sw.shown.push({ title, ...options });
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() => worker.evaluate(() => (self as unknown as SwScope).shown))
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: expect.stringMatching(/^notification-\d+$/),
          icon: '/favicon.svg',
          data: { url: `${origin}/bank` },
        },
      ]);

    // A click on it brings the open portal tab to the notification's page. (No notification was
    // shown to click: the worker gets the click event with the notification's data.)
    await page.goto('/account');
    await worker.evaluate(() => {
      const sw = self as unknown as SwScope;
      const click = new sw.ExtendableEvent('notificationclick');
      Object.defineProperty(click, 'notification', { value: { data: sw.shown[0].data, close() {} } });
      sw.dispatchEvent(click);
    });
    await expect(page).toHaveURL((url) => url.pathname === '/bank');

    // On a phone the card fits; removing this device asks first, then ends its subscription.
    await page.goto('/account');
    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await expect(device).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await device.getByRole('button', { name: /^Remove Chrome on \w+, added / }).click();
    const dialog = page.getByRole('dialog', { name: /^Turn off notifications on Chrome on \w+\?$/ });
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByText('No devices yet')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Turn on notifications on this device' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();

    // Signing out ends this browser's push: the next person at this computer gets none of it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectPath(page, '/signin');
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
    await signIn(page, client.email, client.password);
    await page.goto('/account');
    await expect(card.getByText('No devices yet')).toBeVisible();
  } finally {
    await admin.close();
    await endpoint.close();
  }
});

test('a browser where notifications are blocked says so and offers no button that cannot work', async ({ page }) => {
  await signedInClient(page);
  // The person blocked notifications for the site: the browser reads the permission as 'denied'.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = async (d) =>
      d.name === 'notifications'
        ? ({ state: 'denied', addEventListener() {}, removeEventListener() {} } as unknown as PermissionStatus)
        : query(d);
  });
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Notifications on this device' });
  const button = card.getByRole('button', { name: 'Turn on notifications on this device' });
  await expect(button).toBeDisabled();
  await expect(card.getByText(/Notifications are blocked for this site/)).toBeVisible();
  await expectAccessible(page);
});
