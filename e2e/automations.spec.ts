import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, mailsTo, screenshot, signedInAdmin, signedInClient, signIn, test, type TestUser } from './fixtures';
import { XSS_CORPUS } from '../src/server/features/automations/xss-corpus';
import {
  AUTOMATION_NAME_REQUIRED,
  REQUEST_DESCRIPTION_REQUIRED,
  REQUEST_STATE_LABELS,
} from '../src/shared/automations';

const media = (name: string) => path.join(import.meta.dirname, 'fixtures-media', name);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
// No STAFF_EMAIL in the e2e server's environment: staff mail goes to the default address.
const STAFF = 'staff@localhost';

const run = Date.now().toString(36);
const plain = `Invoice Reminders ${run}`;
const hostile = `Hostile HTML ${run}`;
const requestType = `Payroll sync ${run}`;
let client: TestUser;

const card = (page: Page, name: string) => page.getByRole('article', { name });

/**
 * A JSON POST with the page's session cookies, sent from the test rather than from the page: the
 * browser logs a refused fetch as a console error, which the watch for script would count. Node's
 * fetch, not Playwright's request contexts: those go through the context's client-address proxy as a
 * CONNECT tunnel, which the proxy refuses.
 */
const postInPage = async (page: Page, url: string, body: unknown) => {
  const { origin } = new URL(page.url());
  const cookie = (await page.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(new URL(url, origin), {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, error: ((await res.json()) as { error?: string }).error };
};

/** Counts what injected script would cause: dialogs (alert), console errors and page errors. */
function watchForScript(page: Page) {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

test.describe.configure({ mode: 'serial' });

test('an admin adds automations (one with the stored-XSS corpus and an image), sees nothing run, and re-orders', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page);
  // From here on (signing in may log a refused probe).
  const seen = watchForScript(page);
  await page.goto('/automations');
  await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Automation' })).toHaveCount(0);

  // Through the form: name, type default 'Custom', emoji, switches, image.
  await page.getByRole('button', { name: 'Add Automation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Automation' });
  await expect(dialog.getByLabel('Type')).toHaveValue('Custom');
  await expect(dialog.getByRole('radio', { name: 'Emoji ⚙️' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('radio')).toHaveCount(20);
  // Empty: nothing is published; the name says why, and the server refuses it too.
  const catalogueSize = () =>
    page.evaluate(async () => ((await (await fetch('/api/automations')).json()) as { total: number }).total);
  const sizeBefore = await catalogueSize();
  await dialog.getByRole('button', { name: 'Add Automation' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(AUTOMATION_NAME_REQUIRED);
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(await postInPage(page, '/api/automations', { name: '  ' })).toEqual({
    status: 400,
    error: AUTOMATION_NAME_REQUIRED,
  });
  expect(await catalogueSize()).toBe(sizeBefore);
  await dialog.getByLabel('Name').fill(plain);
  await dialog
    .getByLabel('Description')
    .fill('<p>Sends a <strong>friendly</strong> reminder three days before an invoice is due.</p>');
  await dialog.getByRole('radio', { name: 'Emoji 🤖' }).click();
  await dialog.getByRole('switch', { name: 'Auto-sync' }).check();
  await dialog.getByLabel('Image (optional)').setInputFiles(media('thumbnail.png'));
  await screenshot(page, 'automations-add-dialog');
  await dialog.getByRole('button', { name: 'Add Automation' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(card(page, plain).getByTestId('automation-status')).toHaveText('active');
  await expect(card(page, plain).getByText('friendly')).toBeVisible();

  // The corpus through the API (the form would send it the same way), with an image.
  const status = await page.evaluate(
    async ({ name, html, png }) => {
      const res = await fetch('/api/automations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, description: html, notes: html, emoji: '🎯' }),
      });
      const { automation } = (await res.json()) as { automation: { id: string } };
      const form = new FormData();
      form.set('image', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))]), 'x.png');
      const img = await fetch(`/api/automations/${automation.id}/image/upload`, { method: 'POST', body: form });
      return [res.status, img.status];
    },
    {
      name: hostile,
      html: XSS_CORPUS,
      png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    },
  );
  expect(status).toEqual([201, 200]);
  await page.reload();
  const x = card(page, hostile);
  await expect(x).toBeVisible();
  await expect(x.getByRole('link', { name: 'safe link' }).first()).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(x.getByRole('link', { name: 'safe link' }).first()).toHaveAttribute('target', '_blank');
  // Nothing the allow-list leaves out is in the page; no link goes anywhere but http(s)/mailto.
  const html = x.locator('.automation-html');
  await expect(
    html.locator('script, iframe, svg, math, style, img, object, embed, form, input, meta, base, template'),
  ).toHaveCount(0);
  const hrefs = await html.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.every((h) => /^(https?:|mailto:)/i.test(h))).toBe(true);
  const handlers = await html
    .locator('*')
    .evaluateAll((els) =>
      els
        .flatMap((el) => [...el.attributes].map((a) => a.name))
        .filter((n) => n.startsWith('on') || n === 'style' || n === 'srcdoc'),
    );
  expect(handlers).toEqual([]);
  // Hover and click what had handlers, then give anything deferred a chance: still nothing ran.
  await x.getByText('hover me').first().hover();
  await x.getByText('hover me').first().click();
  await expect.poll(() => page.evaluate(() => new Promise((r) => setTimeout(() => r(true), 500)))).toBe(true);
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
  await screenshot(page, 'automations-admin-desktop');

  // Re-order: the hostile one (last) moves up above the plain one.
  await page.getByRole('button', { name: 'Re-order' }).click();
  const reorder = page.getByRole('dialog', { name: 'Re-order Automations' });
  const items = reorder.getByRole('listitem');
  await expect(items.last()).toContainText(hostile);
  const last = reorder.getByRole('button', { name: new RegExp(hostile) });
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await expect(reorder.getByRole('button', { name: 'Move Down' })).toBeDisabled();
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'false');
  await expect(reorder.getByRole('button', { name: 'Move Up' })).toBeDisabled();
  await last.click();
  await reorder.getByRole('button', { name: 'Move Up' }).click();
  await expect(items.last()).toContainText(plain);
  await reorder.getByRole('button', { name: 'Save Order' }).click();
  await expect(reorder).toBeHidden();
  const names = page.getByTestId('automation-card').getByRole('heading', { level: 2 });
  await expect
    .poll(async () => {
      const all = await names.allTextContents();
      return all.indexOf(hostile) < all.indexOf(plain) && all.indexOf(hostile) >= 0;
    })
    .toBe(true);
  expect(seen.dialogs).toEqual([]);
});

test('a client sees the cards, enlarges an image, and requests an automation', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  client = await signedInClient(page);
  const seen = watchForScript(page);
  await page.goto('/automations');
  const c = card(page, plain);
  await expect(c).toBeVisible();
  await expect(c.getByText('Auto-sync')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Automation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-order' })).toHaveCount(0);
  await expect(c.getByRole('link', { name: 'Open image in a new tab' })).toHaveAttribute('rel', 'noopener noreferrer');
  await c.getByRole('button', { name: `Enlarge the image of ${plain}` }).click();
  const big = page.getByRole('dialog', { name: plain });
  await expect
    .poll(() => big.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await screenshot(page, 'automations-image-enlarged');
  // Open in a new tab: the picture itself, through the authorised route, without an opener.
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    big.getByRole('link', { name: 'Open in a new tab' }).click(),
  ]);
  await expect
    .poll(() => tab.evaluate(() => [document.contentType, window.opener === null]))
    .toEqual(['image/png', true]);
  await expect
    .poll(() => tab.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await tab.close();
  await page.keyboard.press('Escape');
  await expect(big).toBeHidden();

  await page.getByRole('button', { name: 'Request Automation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Automation' });
  // Empty: nothing is sent to staff; the description says why, and the server refuses it too.
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription(REQUEST_DESCRIPTION_REQUIRED);
  await expect(dialog.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  expect(await postInPage(page, `/api/clients/${clientId}/automation-requests`, { type: 'Blank' })).toEqual({
    status: 400,
    error: REQUEST_DESCRIPTION_REQUIRED,
  });
  await expect(page.getByTestId('automation-request')).toHaveCount(0);
  await dialog.getByLabel('Type').fill(requestType);
  await dialog.getByLabel('Description').fill('Copy approved timesheets into payroll every Friday.');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByTestId('automation-request').filter({ hasText: requestType });
  await expect(mine.getByTestId('request-state')).toHaveText('Received');
  await expect(mine).toContainText('High priority');
  await expect
    .poll(async () => (await mailsTo(STAFF)).some((m) => (m.text ?? '').includes(requestType)), { timeout: 15_000 })
    .toBe(true);
  expect(seen.dialogs).toEqual([]);
  expect(seen.errors).toEqual([]);
  await screenshot(page, 'automations-client-desktop');
  await page.setViewportSize(PHONE);
  await expect(mine).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'automations-client-phone');
});

test('the admin moves the request to In progress, then Done; the client sees the state and a notification', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page);
  await page.goto('/automations');
  const row = page.getByTestId('automation-request').filter({ hasText: requestType });
  await expect(row).toContainText(`From ${client.name}`);
  await row.getByRole('button', { name: /^Move to In progress/ }).click();
  await expect(row.getByTestId('request-state')).toHaveText(REQUEST_STATE_LABELS.in_progress);
  await expect(row.getByRole('button', { name: /^Move to Done/ })).toBeVisible();
  await row.getByRole('button', { name: /^Move to Done/ }).click();
  await expect(row.getByTestId('request-state')).toHaveText('Done');
  await expect(row.getByRole('button')).toHaveCount(0);
  await screenshot(page, 'automations-admin-requests');
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'automations-admin-phone');

  // The client signs in again and sees the state, and a notification for each change.
  await page.context().clearCookies();
  await page.setViewportSize(DESKTOP);
  await signIn(page, client.email, client.password);
  await page.goto('/automations');
  const mine = page.getByTestId('automation-request').filter({ hasText: requestType });
  await expect(mine.getByTestId('request-state')).toHaveText('Done');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByText(`Your automation request (${requestType}) is now Done`)).toBeVisible();
  await expect(page.getByText(`Your automation request (${requestType}) is now In progress`)).toBeVisible();
  await screenshot(page, 'automations-client-notified');
});

test('the admin declines a request with a reason, which the client sees', async ({ page }) => {
  const declined = `Fax integration ${run}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, client.email, client.password);
  await page.goto('/automations');
  await page.getByRole('button', { name: 'Request Automation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Automation' });
  await dialog.getByLabel('Type').fill(declined);
  await dialog.getByLabel('Description').fill('Send signed invoices to our fax number.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  await signedInAdmin(page);
  await page.goto('/automations');
  const row = page.getByTestId('automation-request').filter({ hasText: declined });
  await row.getByRole('button', { name: /^Decline/ }).click();
  const decline = page.getByRole('dialog', { name: 'Decline request' });
  await expect(decline.getByRole('button', { name: 'Decline' })).toBeDisabled();
  await decline.getByLabel('Reason').fill('We no longer support fax machines.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toBeHidden();
  await expect(row.getByTestId('request-state')).toHaveText('Declined');
  await expect(row).toContainText('Reason: We no longer support fax machines.');

  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/automations');
  const mine = page.getByTestId('automation-request').filter({ hasText: declined });
  await expect(mine.getByTestId('request-state')).toHaveText('Declined');
  await expect(mine).toContainText('Reason: We no longer support fax machines.');
});
