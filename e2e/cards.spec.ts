import type { Page } from '@playwright/test';
import { expect, screenshot, signedInAdmin, signedInClient, test } from './fixtures';

/** The client's audited reveals of store card secrets, read through the client's own audit route. */
async function cardReveals(page: Page) {
  const audit = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    return (await (await fetch(`/api/clients/${session.user.id}/audit?pageSize=100`)).json()) as {
      rows: { action: string; entityType: string; field: string | null }[];
    };
  });
  return audit.rows
    .filter((r) => r.action === 'reveal' && r.entityType === 'store_credit_card')
    .map((r) => r.field ?? '');
}

test('a client adds a store card with secrets, reveals and copies them, edits and deletes it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInClient(page);
  await page.goto('/store-credit');
  await expect(page.getByRole('heading', { name: 'Store Credit Building', level: 1 })).toBeVisible();
  await expect(page.getByText('No store cards yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Store Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Store Card' });
  // The shared schema's words: the issuer is required, a limit must be a number.
  await dialog.getByLabel('Credit Limit (USD)').fill('lots');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(dialog.getByText('Enter the issuer.')).toBeVisible();
  await expect(dialog.getByText('Enter the credit limit as a number, like 2500 or 2500.00.')).toBeVisible();
  await dialog.getByLabel('Issuer').fill('Home Depot');
  await dialog.getByLabel('Card Type').fill('Commercial Revolving');
  await dialog.getByLabel('Credit Limit (USD)').fill('2500');
  await dialog.getByLabel('APR').fill('26.99%');
  await dialog.getByLabel('Application URL').fill('https://www.homedepot.example/credit/apply');
  await dialog.getByLabel('Benefits').fill('6 months special financing');
  await dialog.getByLabel('Requirements').fill('EIN and D-U-N-S number');
  await dialog.getByLabel('Account Number').fill('6035322298765432');
  await dialog.getByLabel('Username').fill('casey-depot');
  await dialog.getByLabel('Password').fill('Depot-pass-77');
  await screenshot(page, 'cards-store-add-dialog');
  const save = dialog.getByRole('button', { name: 'Add Card' });
  // A refusal the server names a field for stands under that field, not in the alert (answered here
  // as the API answers a schema refusal).
  const refusal = 'Issuer can be at most 200 characters.';
  await page.route('**/api/clients/*/store-cards', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { error: refusal, field: 'issuer' } })
      : route.fallback(),
  );
  await save.click();
  await expect(dialog.getByLabel('Issuer')).toHaveAccessibleDescription(refusal);
  await expect(dialog.getByRole('alert').filter({ hasText: 'Failed to add card.' })).toHaveCount(0);
  await page.unroute('**/api/clients/*/store-cards');
  await save.click();
  await expect(page.getByText('Card added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Home Depot' });
  await expect(card.getByText('$2,500.00')).toBeVisible();
  await expect(card.getByText('26.99%')).toBeVisible();
  await expect(card.getByText('6 months special financing')).toBeVisible();
  await expect(card.getByTestId('account-number-value')).toHaveText('•••• 5432');
  await expect(card.getByTestId('username-value')).toHaveText('•••• epot');
  await expect(card.getByTestId('password-value')).toHaveText('••••••••');
  await expect(card.getByText('6035322298765432')).toHaveCount(0);
  await expect(card.getByText('Depot-pass-77')).toHaveCount(0);
  const apply = card.getByRole('link', { name: /^Apply/ });
  await expect(apply).toHaveAttribute('href', 'https://www.homedepot.example/credit/apply');
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', /noopener/);
  // The tradeline section (bureaus and dates) sits in the card's view.
  await expect(card.getByTestId('tradeline-section')).toBeVisible();

  // Reveal (an audited request), then hide again.
  await card.getByRole('button', { name: 'Reveal Account Number' }).click();
  await expect(card.getByTestId('account-number-value')).toHaveText('6035322298765432');
  await card.getByRole('button', { name: 'Reveal Password' }).click();
  await expect(card.getByTestId('password-value')).toHaveText('Depot-pass-77');
  await screenshot(page, 'cards-store-revealed');
  await card.getByRole('button', { name: 'Hide Password' }).click();
  await expect(card.getByTestId('password-value')).toHaveText('••••••••');

  // Copy the username: fetched through the reveal route, then on the clipboard.
  await card.getByRole('button', { name: 'Copy Username' }).click();
  await expect(card.getByRole('button', { name: 'Copy Username' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('casey-depot');
  await card.getByRole('button', { name: 'Copy Password' }).click();
  await expect(card.getByRole('button', { name: 'Copy Password' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Depot-pass-77');
  expect((await cardReveals(page)).sort()).toEqual(['account_number', 'password', 'password', 'username']);

  // Edit: a blank secret keeps the stored one; Remove takes one away.
  await card.getByRole('button', { name: 'Edit Home Depot' }).click();
  await expect(card.getByText('Leave blank to keep •••• 5432.')).toBeVisible();
  await card.getByLabel('Issuer').fill('Home Depot Pro');
  await card.getByLabel('Credit Limit (USD)').fill('5000');
  await card.getByLabel('Remove the stored username').check();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Card updated successfully!')).toBeVisible();
  const edited = page.getByRole('article', { name: 'Home Depot Pro' });
  await expect(edited.getByText('$5,000.00')).toBeVisible();
  await expect(edited.getByTestId('account-number-value')).toHaveText('•••• 5432');
  await expect(edited.getByTestId('username-value')).toHaveCount(0);
  await edited.getByRole('button', { name: 'Reveal Password' }).click();
  await expect(edited.getByTestId('password-value')).toHaveText('Depot-pass-77');

  // Delete: confirmation first; Cancel keeps the card.
  await edited.getByRole('button', { name: 'Delete Home Depot Pro' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this store card?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete Home Depot Pro' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Store Credit Deleted Successfully')).toBeVisible();
  await expect(page.getByText('No store cards yet.')).toBeVisible();

  // The reveals read in words under Activity on your account.
  await page.goto('/account');
  await expect(page.getByText('You viewed the password on your store credit card').first()).toBeVisible();
});

test('a client adds and edits a revolving credit card with an annual fee; an admin sees both kinds with the client named', async ({
  page,
}) => {
  const client = await signedInClient(page, { name: `Card Holder ${Date.now().toString(36)}` });
  await page.goto('/revolving-credit');
  await expect(page.getByRole('heading', { name: 'Revolving Credit', level: 1 })).toBeVisible();
  await expect(page.getByText('No credit cards yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Credit Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Credit Card' });
  await dialog.getByLabel('Issuer').fill('Capital Bank');
  await dialog.getByLabel('Card Type').fill('Visa Business');
  await dialog.getByLabel('Credit Limit (USD)').fill('10000');
  await dialog.getByLabel('APR').fill('19.99%');
  await dialog.getByLabel('Annual Fee (USD)').fill('95');
  await dialog.getByLabel('Rewards').fill('2% cash back on everything');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Card added successfully!')).toBeVisible();
  const card = page.getByRole('article', { name: 'Capital Bank' });
  await expect(card.getByText('$95.00')).toBeVisible();
  await expect(card.getByText('$10,000.00')).toBeVisible();
  await expect(card.getByText('2% cash back on everything')).toBeVisible();
  // No secrets on revolving credit.
  await expect(card.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit Capital Bank' }).click();
  await expect(card.getByLabel('Annual Fee (USD)')).toHaveValue('95');
  await card.getByLabel('Annual Fee (USD)').fill('0');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Card updated successfully!')).toBeVisible();
  await expect(card.getByText('$0.00')).toBeVisible();
  await screenshot(page, 'cards-revolving-client');

  // A store card too, so the admin sees both kinds.
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${session.user.id}/store-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ issuer: 'Staples Business', accountNumber: '7777000011112222' }),
    });
    return res.status;
  });
  expect(status).toBe(201);
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/revolving-credit');
  await page.getByLabel("Show every client's credit cards").check();
  const named = page.getByRole('article', { name: 'Capital Bank' }).filter({ hasText: `Client: ${client.name}` });
  await expect(named).toBeVisible();
  await expect(named.getByText('$0.00')).toBeVisible();
  await screenshot(page, 'cards-revolving-admin');

  await page.goto('/store-credit');
  await page.getByLabel("Show every client's store cards").check();
  const store = page.getByRole('article', { name: 'Staples Business' }).filter({ hasText: `Client: ${client.name}` });
  await expect(store.getByTestId('account-number-value')).toHaveText('•••• 2222');
  // The admin reveals it for the client (audited with the admin as the actor).
  await store.getByRole('button', { name: 'Reveal Account Number' }).click();
  await expect(store.getByTestId('account-number-value')).toHaveText('7777000011112222');
  await screenshot(page, 'cards-store-admin');
});

test('store and revolving credit at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInClient(page);
  await page.goto('/store-credit');
  await page.getByRole('button', { name: 'Add Store Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Store Card' });
  await dialog.getByLabel('Issuer').fill('Amazon Business Line of Credit');
  await dialog.getByLabel('Credit Limit (USD)').fill('15000');
  await dialog
    .getByLabel('Application URL')
    .fill('https://www.amazon.example/business/credit/apply?ref=portal-store-credit-building');
  await dialog.getByLabel('Account Number').fill('55554444');
  await dialog.getByLabel('Password').fill('phone-pass');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  const card = page.getByRole('article', { name: 'Amazon Business Line of Credit' });
  await expect(card.getByTestId('account-number-value')).toHaveText('•••• 4444');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, 'cards-store-phone');

  await page.goto('/revolving-credit');
  await page.getByRole('button', { name: 'Add Credit Card' }).click();
  const credit = page.getByRole('dialog', { name: 'Add Credit Card' });
  await credit.getByLabel('Issuer').fill('American Express Business Gold');
  await credit.getByLabel('Annual Fee (USD)').fill('375');
  await credit.getByRole('button', { name: 'Add Card' }).click();
  await expect(
    page.getByRole('article', { name: 'American Express Business Gold' }).getByText('$375.00'),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, 'cards-revolving-phone');
});
