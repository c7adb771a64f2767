import type { Page, Response } from '@playwright/test';
import { expect, expectPath, signIn, signedInAdmin, signedInClient, test } from './fixtures';

/** Every /api answer with 401 from now on. */
function watch401s(page: Page) {
  const seen: string[] = [];
  const listener = (res: Response) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() === 401)
      seen.push(`${res.request().method()} ${url.pathname}`);
  };
  page.on('response', listener);
  return seen;
}

/** Waits until the page has made no request for a while (its queries and polling settled). */
async function quiet(page: Page, ms = 1500) {
  let last = Date.now();
  const bump = () => (last = Date.now());
  page.on('request', bump);
  await expect.poll(() => Date.now() - last, { timeout: 20_000 }).toBeGreaterThan(ms);
  page.off('request', bump);
}

test('after Sign Out no query fires against the ended session (no 401); signing in again loads fresh data', async ({
  page,
}) => {
  const user = await signedInClient(page);
  // The dashboard (many queries, the bell polling), then My Account (more queries).
  await expect(page.getByTestId('named-task')).toHaveCount(3, { timeout: 20_000 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await quiet(page);

  const unauthorized = watch401s(page);
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expectPath(page, '/signin');
  await quiet(page, 3000);
  // A tab coming back into view checks the session again: still nothing refused.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await quiet(page);
  expect(unauthorized).toEqual([]);

  // The same browser signs in again: the API answers again and the pages load.
  await signIn(page, user.email, user.password);
  await expect(page.getByTestId('named-task')).toHaveCount(3, { timeout: 20_000 });
  expect(unauthorized).toEqual([]);
});

test("the sidebar's Logout does the same for an admin", async ({ page }) => {
  await signedInAdmin(page);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await quiet(page);
  const unauthorized = watch401s(page);
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expectPath(page, '/signin');
  await quiet(page, 3000);
  expect(unauthorized).toEqual([]);
});
