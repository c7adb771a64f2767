import { expect, expectPath, test } from './fixtures';

// While the portal cannot reach its database its session check answers 503: the web app says so
// and waits, instead of taking it for "signed out" and sending the user to the sign-in page.
test('a database outage shows as an outage, not a sign-out, and the page comes back by itself', async ({ page }) => {
  await page.route('**/api/auth/get-session', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The portal cannot reach its database; try again in a minute.' }),
    }),
  );
  await page.goto('/dashboard');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'The portal is unavailable' })).toBeVisible();
  await expect(alert).toContainText('The portal cannot reach its database; try again in a minute.');
  await expectPath(page, '/dashboard');
  // Asked again after the Retry-After: still down, still the same page.
  await page.waitForRequest('**/api/auth/get-session');
  await expectPath(page, '/dashboard');

  // The database is back: this visitor has no session, so now (and only now) the sign-in page.
  await page.unroute('**/api/auth/get-session');
  await expectPath(page, '/signin');
});
