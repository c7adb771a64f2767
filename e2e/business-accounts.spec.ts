import { expect, screenshot, signedInClient, test } from './fixtures';

test('a client adds a business account with two details and edits it', async ({ page }) => {
  await signedInClient(page);
  await page.goto('/business-presence');
  await expect(page.getByRole('heading', { name: 'Business Presence Accounts', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Account' });
  // Nothing can be saved without a name.
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Account Name').fill('Dun & Bradstreet');
  await dialog.getByLabel('Description').fill('D-U-N-S number listing');
  await dialog.getByLabel('URL').fill('https://www.dnb.com');
  await dialog.getByLabel('Notes').fill('Renew every year');
  await dialog.getByRole('button', { name: 'Add Detail' }).click();
  await dialog.getByLabel('Detail 1 label').fill('DUNS');
  await dialog.getByLabel('Detail 1 value').fill('12-345-6789');
  await dialog.getByRole('button', { name: 'Add Detail' }).click();
  await dialog.getByLabel('Detail 2 label').fill('Login');
  await dialog.getByLabel('Detail 2 value').fill('owner@example.com');
  await screenshot(page, 'business-accounts-add-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account added successfully')).toBeVisible();

  const card = page.getByRole('article', { name: 'Dun & Bradstreet' });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('12-345-6789')).toBeVisible();
  await expect(card.getByText('owner@example.com')).toBeVisible();
  await screenshot(page, 'business-accounts');

  await card.getByRole('button', { name: 'Edit Dun & Bradstreet' }).click();
  await card.getByLabel('Account Name').fill('Dun & Bradstreet (D&B)');
  await card.getByLabel('Detail 1 value').fill('98-765-4321');
  await card.getByRole('button', { name: 'Remove detail 2' }).click();
  await card.getByRole('button', { name: 'Save' }).click();

  const edited = page.getByRole('article', { name: 'Dun & Bradstreet (D&B)' });
  await expect(edited.getByText('98-765-4321')).toBeVisible();
  await expect(edited.getByText('owner@example.com')).toHaveCount(0);
  await expect(edited.getByText('Active')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Dun & Bradstreet (D&B)' }).getByText('98-765-4321')).toBeVisible();
  await screenshot(page, 'business-accounts-edited');
});
