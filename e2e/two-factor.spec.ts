import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { totpCode } from '../src/server/test/totp';
import { expect, expectAccessible, expectPath, expectSignedIn, screenshot, signInForm, test as base } from './fixtures';
import { DEMO_START_TIMEOUT_MS, startDemoPortal } from './support/demo-portal';

const ADMIN_EMAIL = 'admin@demo.local';

/**
 * A portal of this spec's own with REQUIRE_ADMIN_2FA on (the shared one has it off for the other
 * specs), with the demo admin, whose password the server prints once at its first start.
 */
const test = base.extend<object, { portal: { url: string; password: string; clientPassword: string } }>({
  portal: [
    async ({}, use) => {
      const portal = await startDemoPortal('two-factor', { REQUIRE_ADMIN_2FA: 'true' });
      try {
        await use({ url: portal.url, password: portal.passwords.admin, clientPassword: portal.passwords.client });
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: DEMO_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

/** A request from the page itself (its cookies, its origin), as the app makes them. */
const fetchInPage = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { accept: 'application/json' } });
    return { status: res.status, body: (await res.json().catch(() => null)) as { code?: string } | null };
  }, url);

async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an admin signs in the first time, must set up two-factor, saves the recovery codes, and signs in again with a code', async ({
  page,
  portal,
}) => {
  await page.goto('/signin');
  const form = signInForm(page);
  await form.email.fill(ADMIN_EMAIL);
  await form.password.fill(portal.password);
  await form.submit.click();

  // Sent to the set-up page, and kept there: the app and the API refuse everything else.
  await expectPath(page, '/two-factor-setup');
  await expect(page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' })).toBeVisible();
  await page.goto('/clients');
  await expectPath(page, '/two-factor-setup');
  const refused = await fetchInPage(page, '/api/clients');
  expect(refused.status).toBe(403);
  expect(refused.body?.code).toBe('TWO_FACTOR_REQUIRED');

  await page.getByLabel('Password', { exact: true }).fill(portal.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7 ]{32,}$/);
  await screenshot(page, 'two-factor-setup');
  await expectAccessible(page);
  await fitsPhone(page, 'two-factor-setup');

  // A wrong code first: said in words, nothing turned on.
  await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret, Date.now() - 10 * 60_000));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Check the time on your phone and try the newest code.',
  );

  await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const shown = await codes.allTextContents();
  await screenshot(page, 'two-factor-recovery-codes');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const file = fs.readFileSync((await download.path())!, 'utf8');
  for (const code of shown) expect(file).toContain(code);
  await page.getByRole('button', { name: 'I Saved My Recovery Codes' }).click();
  await expectSignedIn(page);
  await expectPath(page, '/');
  expect((await fetchInPage(page, '/api/clients')).status).toBe(200);

  // Out, and in again: the password, then a code.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expectPath(page, '/signin');
  await form.email.fill(ADMIN_EMAIL);
  await form.password.fill(portal.password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
  expect((await fetchInPage(page, '/api/auth/get-session')).body).toBeNull();
  await screenshot(page, 'two-factor-prompt');
  await expectAccessible(page);
  await fitsPhone(page, 'two-factor-prompt');
  await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
  await expectPath(page, '/');

  // My Account shows it on; an administrator cannot turn it off while it is required.
  await page.goto('/account');
  await expect(page.getByText('On: signing in asks for a code from your app.')).toBeVisible();
  await expect(page.getByText('Administrators must keep two-factor sign-in on.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn Off', exact: true })).toHaveCount(0);
});

test('a client turns two-factor on in My Account, signs in with a recovery code once, and turns it off with the password and a code', async ({
  page,
  portal,
}) => {
  const email = 'client@demo.local';
  await page.goto('/signin');
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(portal.clientPassword);
  await form.submit.click();
  await expectSignedIn(page);
  await page.goto('/account');
  await expect(page.getByText('Off: signing in asks for your password only.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn On', exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(portal.clientPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify and Turn On' }).click();
  const items = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const recovery = await items.allTextContents();
  await page.getByRole('button', { name: 'I Saved My Recovery Codes' }).click();
  await expect(page.getByText('On: signing in asks for a code from your app.')).toBeVisible();
  await screenshot(page, 'two-factor-account-on');
  await expectAccessible(page);

  // Signed out and in with a recovery code; the same code a second time is refused.
  for (const attempt of ['first', 'again'] as const) {
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectPath(page, '/signin');
    await form.email.fill(email);
    await form.password.fill(portal.clientPassword);
    await form.submit.click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expectSignedIn(page);
    } else {
      await expect(page.getByRole('alert')).toHaveText('That recovery code is not valid or has already been used.');
      await page.getByLabel('Recovery code').fill(recovery[1]);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectSignedIn(page);
    }
  }

  // Off: the password and a current code.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Turn Off', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn Off Two-Factor Sign-In' });
  await dialog.getByLabel('Password', { exact: true }).fill(portal.clientPassword);
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter the 6-digit code from your authenticator app.');
  await dialog.getByLabel('Code from your authenticator app').fill(await totpCode(secret));
  await screenshot(page, 'two-factor-turn-off');
  await fitsPhone(page, 'two-factor-turn-off');
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Off: signing in asks for your password only.')).toBeVisible();
});
