import { expect, expectPath, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

test('admin adds and edits a client’s payment; the client sees it and cannot edit', async ({ page }) => {
  const client = await signedInClient(page, { name: `Pay Client ${Date.now().toString(36)}` });
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/clients');
  await page.getByLabel('Search clients').fill(client.email);
  await page.getByRole('row', { name: `Open My Account for ${client.name}` }).click();
  await expectPath(page, '/account');

  const add = page.getByRole('form', { name: 'Add a payment' });
  await expect(add.getByRole('button', { name: 'Add' })).toBeDisabled();
  await add.getByLabel('Description').fill('Advanced program, month 1');
  await add.getByLabel('Amount (USD)').fill('1635');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Advanced program, month 1')).toBeVisible();

  await page.getByRole('button', { name: 'Edit payment Advanced program, month 1' }).click();
  const row = page.getByRole('listitem', { name: 'Editing Advanced program, month 1' });
  await row.getByLabel('Status').selectOption('pending');
  await row.getByLabel('Amount (USD)').fill('1635.5');
  await row.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByText('$1,635.50')).toBeVisible();
  await screenshot(page, 'payments-admin');

  // The client sees the payment (and the signup credit) but no add form and no edit buttons.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  const clientPage = page;
  await clientPage.goto('/account');
  await expect(clientPage.getByText('Advanced program, month 1')).toBeVisible();
  await expect(clientPage.getByText('$1,635.50')).toBeVisible();
  await expect(clientPage.getByText('signup user credit')).toBeVisible();
  await expect(clientPage.getByRole('form', { name: 'Add a payment' })).toHaveCount(0);
  await expect(clientPage.getByRole('button', { name: /Edit payment/ })).toHaveCount(0);
});
