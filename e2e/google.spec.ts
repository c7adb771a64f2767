import type { Page } from '@playwright/test';
import { expect, expectPath, expectSignedIn, google, screenshot, signedInClient, test, uniqueEmail } from './fixtures';

const GRANT_PATH = '/signup/v/user/grant';

/**
 * Holds the session reads the grant page makes until `release()`, so its 'Completing
 * authentication...' state can be seen; without this it lasts a few milliseconds.
 */
async function holdGrantPageSession(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/get-session*', async (route) => {
    if (new URL(page.url()).pathname === GRANT_PATH) await held;
    await route.continue();
  });
  return release;
}

test.beforeEach(async () => {
  await google.reset();
});

test('Sign In with Google goes through the provider and lands on / signed in', async ({ page }) => {
  const release = await holdGrantPageSession(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();

  await expectPath(page, GRANT_PATH);
  await expect(page.getByText('Completing authentication...')).toBeVisible();
  release();

  await expectSignedIn(page);
  await expectPath(page, '/');
  await expect(page.getByText('google.user@example.com').first()).toBeVisible();
  await expect(page.getByText('Google User').first()).toBeVisible();
});

test('/signin/auto starts Google sign-in at once', async ({ page }) => {
  const user = { sub: `auto-${Date.now()}`, email: uniqueEmail('google.auto'), name: 'Auto Google' };
  await google.setUser(user);
  await page.goto('/signin/auto');
  await expectSignedIn(page);
  await expectPath(page, '/');
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test('Sign Up with Google creates the account too', async ({ page }) => {
  const user = { sub: `signup-${Date.now()}`, email: uniqueEmail('google.signup'), name: 'Signup Google' };
  await google.setUser(user);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up with Google' }).click();
  await expectPath(page, '/');
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test('a refused Google sign-in shows Authentication Error and leads back to Sign In', async ({ page }) => {
  await google.failNext({ error: 'access_denied' });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();

  await expectPath(page, GRANT_PATH);
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  const message = 'Access was denied by the sign-in provider.';
  await expect(page.getByText(message)).toBeVisible();

  await page.getByRole('button', { name: 'Return to Login' }).click();
  await expectPath(page, '/signin');
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In', exact: true })).toBeVisible();
});

test("the provider's error description follows the known sentence, as plain text and at most 200 characters", async ({
  page,
}) => {
  await google.failNext({ error: 'access_denied', description: 'User cancelled' });
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expectPath(page, GRANT_PATH);
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Access was denied by the sign-in provider.')).toBeVisible();
  await expect(alert.getByText('User cancelled', { exact: true })).toBeVisible();

  // Markup in the description stays text, and a long one is cut to 200 characters.
  const long = `<b>bold</b> ${'x'.repeat(300)}`;
  await page.goto(`${GRANT_PATH}?error=access_denied&error_description=${encodeURIComponent(long)}`);
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  const description = page.getByTestId('provider-error-description');
  await expect(description).toHaveText(`${long.slice(0, 199)}…`);
  await expect(description.locator('b')).toHaveCount(0);
});

test('a signed-in e-mail user connects Google in the sidebar footer, then signs in with Google', async ({ page }) => {
  const user = await signedInClient(page, { name: 'Link Google' });
  const footer = page.getByTestId('sidebar-footer');
  // The footer offers to connect, not to sign in again.
  await expect(footer.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  await screenshot(page, 'sidebar-footer-connect-google');
  await google.setUser({ sub: `link-${Date.now()}`, email: user.email, name: 'Link Google' });
  await footer.getByRole('button', { name: 'Connect Google' }).click();

  // Back from the provider on the same page, still signed in, now linked.
  await expectSignedIn(page);
  // A full page load: the footer asks which sign-in methods the account has once the shell is up.
  await expect(footer.getByText('Google connected')).toBeVisible({ timeout: 15_000 });
  await expect(footer.getByRole('button', { name: 'Connect Google' })).toHaveCount(0);
  await screenshot(page, 'sidebar-footer-google-connected');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByText('Google connected')).toBeVisible();
  await screenshot(page, 'sidebar-footer-google-connected-phone');
  // Closed while still on the phone: above the phone breakpoint the drawer closes itself.
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize({ width: 1366, height: 900 });

  // Signed out, Google signs in to the same account.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expectPath(page, '/signin');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expectSignedIn(page);
  await expectPath(page, '/');
  await expect(page.getByText(user.email).first()).toBeVisible();
  await expect(page.getByText(user.name).first()).toBeVisible();
});
