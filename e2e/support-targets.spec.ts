import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signIn, test as base } from './fixtures';
import { DEMO_START_TIMEOUT_MS, startDemoPortal } from './support/demo-portal';

/**
 * A portal of this spec's own: its targets are cut to one minute around the clock, which on the
 * shared portal would tell the other specs' admins of their clients' waits. The breach job runs
 * every 2 seconds there, so the minute's wait is the only time that passes.
 */
const test = base.extend<object, { portal: { url: string; admin: string; client: string } }>({
  portal: [
    async ({}, use) => {
      const portal = await startDemoPortal('support-targets', { SUPPORT_TARGETS_INTERVAL_SECONDS: '2' });
      try {
        await use({ url: portal.url, admin: portal.passwords.admin, client: portal.passwords.client });
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: DEMO_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

const inPage = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { method, url, body },
  );

test('a breach notifies: the client waits past the target, and staff see it in the inbox and the bell', async ({
  page,
  browser,
  portal,
}) => {
  test.setTimeout(240_000);
  // The admin cuts the targets to one minute, every day around the clock, on the settings page.
  await signIn(page, 'admin@demo.local', portal.admin);
  await page.goto('/support');
  await page.getByRole('link', { name: 'Support targets' }).click();
  await expect(page.getByRole('heading', { name: 'Support targets', level: 1 })).toBeVisible();
  await expect(page.getByText('Monday, Tuesday, Wednesday, Thursday, Friday')).toBeVisible();
  await page.getByRole('button', { name: 'Change targets...' }).click();
  await page.getByLabel('Saturday').check();
  await page.getByLabel('Sunday').check();
  await page.getByLabel('Opens at').fill('00:00');
  await page.getByLabel('Closes at').fill('24:00');
  await page.getByLabel('First-response target (business minutes)').fill('1');
  await page.getByLabel('Reply target (business minutes)').fill('0');
  await page.getByRole('button', { name: 'Save targets' }).click();
  await expect(page.getByText('Reply target must be at least 1 minute')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Reply target (business minutes)').fill('1');
  await page.getByRole('button', { name: 'Save targets' }).click();
  await expect(page.getByText('within 1 m of business time')).toHaveCount(2);
  await expect(page.getByText('00:00 to 24:00 (America/New_York)')).toBeVisible();
  // The toast, mid-fade, would be measured for contrast: the page is checked once it has gone.
  await expect(page.getByText('Support targets saved.')).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, 'support-targets-settings-390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // The demo client (in the admins' pool, answered before: a reply is due) writes.
  const clientContext = await browser.newContext({ baseURL: portal.url });
  const client = await clientContext.newPage();
  await signIn(client, 'client@demo.local', portal.client);
  await client.goto('/support');
  await client.getByPlaceholder('Write a message…').fill('Is anyone there? I need help with my filing.');
  await client.getByRole('button', { name: 'Send' }).click();
  await expect(client.getByText('Is anyone there? I need help with my filing.')).toBeVisible();
  await clientContext.close();

  // What the bell held so far (the demo's events, the client's new message) is read.
  expect((await inPage(page, 'POST', '/api/me/notifications/read', {})).status).toBe(200);
  // The inbox shows the wait against its target at once...
  await page.goto('/support');
  const row = page.locator('[data-conversation]').filter({ hasText: 'Is anyone there?' });
  await expect(row.getByText(/of 1 m/)).toBeVisible();
  // ...and a minute later the breach job tells the admins: the bell, live.
  const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
  await expect(bell).toBeVisible({ timeout: 120_000 });
  await bell.click();
  await expect(page.getByText(/has waited past the reply target of 1 m/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(row.getByText('Overdue:')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'support-targets-overdue');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByText('Overdue:')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
