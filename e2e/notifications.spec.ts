import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, screenshot, signedInAdmin, signedInClient, test } from './fixtures';
import { nextClientIp, startClientIpProxy } from './support/client-ip-proxy';
import { ENV, fromEnv } from './support/env';

/**
 * The bell: a staff write on a client's data reaches the client's open page live (the
 * minute's poll is far off), and push alerts decide the badge while the list keeps every row.
 */

/** A second browser (its own cookies and address), as the staff member's would be. */
async function secondBrowser(browser: Browser, testInfo: TestInfo) {
  const proxy = await startClientIpProxy(nextClientIp(testInfo.workerIndex));
  const context = await browser.newContext({
    baseURL: fromEnv(ENV.baseUrl),
    proxy: { server: proxy.url },
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  return { page, close: async () => (await context.close(), await proxy.close()) };
}

/** The staff member adds a bank account for the client through the API, as their screen would. */
async function staffAddsBankAccount(staff: Page, clientId: string, bankName: string) {
  const status = await staff.evaluate(
    async ({ clientId, bankName }) =>
      (
        await fetch(`/api/clients/${clientId}/bank-accounts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ bankName, accountNumber: '000123456789', routingNumber: '021000021' }),
        })
      ).status,
    { clientId, bankName },
  );
  expect(status).toBe(201);
}

test("a staff change shows on the client's bell live; push alerts off hide the count, not the rows", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInClient(page, { name: `Bell Client ${Date.now().toString(36)}` });
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  // The page has loaded its bell (and opened its live stream) before staff act.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  const quietBell = page.getByRole('button', { name: 'Notifications', exact: true });

  const staff = await secondBrowser(browser, testInfo);
  try {
    await signedInAdmin(staff.page);
    await staffAddsBankAccount(staff.page, clientId, 'First Federal');

    // Live: well within the minute the poll would take. (The reminder job may have told the new
    // client of their starter tasks meanwhile: the count is at least 1.)
    const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
    await expect(bell).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('notifications-badge')).toBeVisible();
    await bell.click();
    const item = page.getByTestId('notification').filter({ hasText: 'Our team added a bank account' });
    await expect(item).toBeVisible({ timeout: 10_000 });
    await screenshot(page, 'notifications-live-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(item).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'notifications-live-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Push alerts off: the badge goes, the row stays (unread), 'Mark all as read' too.
    await page.goto('/account');
    const push = page.getByRole('switch', { name: 'Push notifications' });
    await push.click();
    await expect(push).not.toBeChecked();
    await expect(quietBell).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
    await quietBell.click();
    await expect(
      page.getByTestId('notification').filter({ hasText: 'Our team added a bank account (unread)' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    await screenshot(page, 'notifications-push-off');
  } finally {
    await staff.close();
  }
});
