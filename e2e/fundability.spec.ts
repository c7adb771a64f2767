import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chooseClient, expect, screenshot, signedInAdmin, signedInClient, test } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A screenshot of one element (the dashboard card), into e2e/screenshots/ like the full-page ones. */
const shoot = (locator: Locator, name: string) =>
  locator.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), animations: 'disabled' });

const PROFILE = {
  businessName: 'Casey Ventures LLC',
  businessAddress: '100 Main Street, Suite 4, Springfield, IL 62701',
  businessPhone: '(217) 555-0100',
  businessEmail: 'owner@caseyventures.example',
  businessWebsite: 'https://caseyventures.example',
  agreement: 'I AGREE',
};

/** Saves the business profile and one bank account whose address differs, through the real API. */
async function seedMismatch(page: Page) {
  const statuses = await page.evaluate(async (profile) => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const base = `/api/clients/${session.user.id}`;
    const send = async (method: string, path: string, body: unknown) =>
      (
        await fetch(`${base}/${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    return [
      await send('PUT', 'profile', profile),
      await send('POST', 'bank-accounts', {
        bankName: 'First Federal Bank',
        accountOwner: 'Casey Ventures LLC',
        address: '9 Elm Road, Springfield, IL 62702',
        phone: '217-555-0100',
        monthlyFees: 0,
      }),
    ];
  }, PROFILE);
  expect(statuses).toEqual([200, 201]);
}

const checkItem = (page: Page, title: RegExp | string) =>
  page.getByTestId('fundability-check').filter({ has: page.getByRole('heading', { name: title }) });
const scoreOf = async (page: Page) =>
  Number((await page.getByTestId('fundability-score').locator('span').first().textContent())?.trim());

test('a client sees the failing address check, fixes the bank account and sees it pass and the score rise', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signedInClient(page, { name: 'Fundability Client' });
  await seedMismatch(page);

  // The dashboard card: the score and the top things to fix, linking to the page.
  await page.goto('/');
  const card = page.getByTestId('fundability-card');
  await expect(card.getByTestId('fundability-score')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Top things to fix' }).getByTestId('fundability-check')).toHaveCount(3);
  await shoot(card, 'fundability-dashboard-card-1280');

  // The sidebar item under CREDIT BUILDING opens the page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fundability' }).click();
  await expect(page.getByRole('heading', { name: 'Fundability', level: 1 })).toBeVisible();
  const address = checkItem(page, 'Business address matches everywhere');
  await expect(address).toHaveAttribute('data-state', 'failed');
  await expect(address.getByTestId('check-state')).toHaveText('Needs attention');
  await expect(address.getByText(/9 Elm Road, Springfield, IL 62702 differs from/)).toBeVisible();
  // Every check says its state in words, not colour only.
  for (const state of await page.getByTestId('check-state').allTextContents())
    expect(['Passed', 'Needs attention', 'Not yet possible']).toContain(state);
  await expect(page.getByTestId('history-Fundability score')).toBeVisible();
  const before = await scoreOf(page);
  await screenshot(page, 'fundability-page-1280');

  // Follow the fix link to the bank accounts and correct the address ('St'/'Ste' count as the same).
  await address.getByRole('link', { name: 'Open Business Bank Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Business Bank Accounts', level: 1 })).toBeVisible();
  const bank = page.getByRole('article', { name: 'First Federal Bank' });
  await bank.getByRole('button', { name: 'Edit First Federal Bank' }).click();
  await bank.getByLabel('Address on the account').fill('100 Main St., Ste 4, Springfield, IL 62701');
  await bank.getByRole('button', { name: 'Save Changes' }).click();
  await expect(bank.getByRole('button', { name: 'Edit First Federal Bank' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fundability' }).click();
  await expect(checkItem(page, 'Business address matches everywhere')).toHaveAttribute('data-state', 'passed');
  await expect(checkItem(page, 'Business address matches everywhere').getByTestId('check-state')).toHaveText('Passed');
  await expect.poll(() => scoreOf(page)).toBeGreaterThan(before);
  // The history shows the rise (a point per change).
  await expect(page.getByTestId('change-Fundability score')).toHaveText(
    new RegExp(`^\\+\\d+ since the previous score \\(${before}\\)$`),
  );
  await screenshot(page, 'fundability-page-fixed-1280');

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, 'fundability-page-390');
  await page.goto('/');
  await expect(page.getByTestId('fundability-card').getByTestId('fundability-score')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await shoot(page.getByTestId('fundability-card'), 'fundability-dashboard-card-390');
});

test("an admin sees a chosen client's checks, and the fix links keep that client", async ({
  page,
  browser,
  baseURL,
}) => {
  const clientPage = await (await browser.newContext({ baseURL })).newPage();
  await signedInClient(clientPage, { name: 'Fundability Acting Client' });
  await seedMismatch(clientPage);
  await clientPage.context().close();

  await page.setViewportSize(DESKTOP);
  await signedInAdmin(page);
  await page.goto('/fundability');
  await chooseClient(page, 'Fundability Acting Client');
  const address = checkItem(page, 'Business address matches everywhere');
  await expect(address).toHaveAttribute('data-state', 'failed');
  const clientId = new URL(page.url()).searchParams.get('client');
  expect(clientId).toBeTruthy();
  await expect(address.getByRole('link', { name: 'Open Business Bank Accounts' })).toHaveAttribute(
    'href',
    `/bank?client=${clientId}`,
  );
  await screenshot(page, 'fundability-page-admin-1280');
});
