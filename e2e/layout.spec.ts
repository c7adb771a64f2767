import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, signedInAdmin, signedInClient, test } from './fixtures';

// Layout details a new user trips over: where toasts appear, fields that
// repeat or clip what they show, and parts that must keep their size or fit the screen.

/** The element the user hits at the centre of `target` is the target itself (or inside it). */
async function expectUncovered(target: Locator) {
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top === el || el.contains(top) ? 'the control' : (top?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(hit, `what covers ${await target.evaluate((el) => el.textContent)}`).toBe('the control');
}

/** What the screen shows (not the full page), into e2e/screenshots/ for people to look at. */
const viewShot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`) });

const boxOf = async (l: Locator) => (await l.boundingBox())!;

async function topBarControls(page: Page) {
  const bar = page.getByRole('banner');
  return [
    bar.getByRole('link', { name: 'View Documents' }),
    bar.getByRole('link', { name: /Support/ }),
    bar.getByRole('button', { name: 'Sign Out', exact: true }),
  ];
}

test('a client: toasts leave the top bar free; the DOB hint is not repeated; Getting Started circles keep their size on a phone', async ({
  page,
}) => {
  await signedInClient(page, { name: 'Layout Client' });

  // A save's toast appears away from the top bar, whose actions stay clickable meanwhile.
  await page.goto('/bank');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await dialog.getByLabel('Bank Name').fill('Layout Bank');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Bank account added' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  const header = await boxOf(page.getByRole('banner'));
  const toastBox = await boxOf(toast);
  expect(toastBox.y, 'the toast starts below the top bar').toBeGreaterThanOrEqual(header.y + header.height);
  for (const control of await topBarControls(page)) await expectUncovered(control);
  await viewShot(page, 'layout-toast-desktop');

  // Date of Birth: the hint says 'January 1st 1980' once; the field has no placeholder repeating it.
  await page.goto('/account');
  const dob = page.getByLabel('Date of Birth', { exact: true });
  await expect(dob).toBeVisible();
  await expect(page.getByText('January 1st 1980', { exact: true })).toHaveCount(1);
  expect(await dob.getAttribute('placeholder')).toBeNull();

  // Getting Started: each status circle stays 20 x 20 at 390 px, however the task name wraps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const tasks = page.getByTestId('named-task');
  await expect(tasks).toHaveCount(3, { timeout: 15_000 });
  for (const task of await tasks.all()) {
    const circle = await boxOf(task.locator('svg').first());
    expect(
      [Math.round(circle.width), Math.round(circle.height)],
      `circle of ${await task.getAttribute('data-task')}`,
    ).toEqual([20, 20]);
  }
  await tasks.first().scrollIntoViewIfNeeded();
  await viewShot(page, 'layout-getting-started-phone');
});

test('an admin: the whole sidebar fits 1366x900 without scrolling; the payment date shows its calendar button', async ({
  page,
}) => {
  await signedInClient(page, { name: 'Layout Pay Client' });
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  await page.context().clearCookies();
  await signedInAdmin(page);

  // With Google sign-in configured (the e2e server) and without (the footer then adds a note).
  for (const googleEnabled of [true, false]) {
    if (!googleEnabled) {
      // Google off; the rest as the e2e server says (two-factor not required: else the admin is sent to set-up).
      await page.route('**/api/public-config', (route) =>
        route.fulfill({ json: { googleEnabled: false, requireAdmin2fa: false } }),
      );
      await page.reload();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      // Nothing about Google when it is not configured (no dead control, no note).
      await expect(page.getByTestId('sidebar-footer').getByText(/Google/)).toHaveCount(0);
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    const last = nav.getByRole('link').last();
    await expect(last).toContainText('App info');
    const fits = await nav.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(
      fits.scrollHeight,
      `the sidebar needs no scrolling (Google ${googleEnabled ? 'on' : 'off'})`,
    ).toBeLessThanOrEqual(fits.clientHeight);
    const navBox = await boxOf(nav);
    const lastBox = await boxOf(last);
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(navBox.y + navBox.height);
    await viewShot(page, `layout-admin-sidebar-google-${googleEnabled ? 'on' : 'off'}`);
  }
  await page.unroute('**/api/public-config');

  // The add-payment date field is wide enough for its value and its calendar button.
  await page.goto(`/account?client=${clientId}`);
  const form = page.getByRole('form', { name: 'Add a payment' });
  const date = form.getByLabel('Date');
  await expect(date).toBeVisible();
  const width = await date.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    box: el.getBoundingClientRect().width,
  }));
  expect(width.scroll, `date field content fits (${JSON.stringify(width)})`).toBeLessThanOrEqual(width.client);
  expect(width.box).toBeGreaterThanOrEqual(150);
  await form.scrollIntoViewIfNeeded();
  await viewShot(page, 'layout-admin-payment-date');
});
