import { expect, screenshot, signedInClient, test } from './fixtures';

test('a client adds, edits, reveals, copies and deletes a bank account', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInClient(page);
  await page.goto('/bank');
  await expect(page.getByRole('heading', { name: 'Business Bank Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('No accounts found.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  // A blank form saves nothing: Bank Name is required. Fees that are no number are named in plain words.
  await dialog.getByLabel('Monthly Fees (USD)').fill('ten');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(dialog.getByText('Enter the bank name.')).toBeVisible();
  await expect(dialog.getByText('Enter the monthly fees as a number, like 25 or 25.00.')).toBeVisible();
  await expect(dialog.getByText(/Invalid input|NaN/)).toHaveCount(0);
  await screenshot(page, 'bank-accounts-add-errors');
  await dialog.getByLabel('Bank Name').fill('First Federal Bank');
  await dialog.getByLabel('Account Owner').fill('Casey Ventures LLC');
  await dialog.getByLabel('Address on the account').fill('12 Elm St, Springfield, IL 62704');
  await dialog.getByLabel('Phone on the account').fill('(555) 010-2000');
  await dialog.getByLabel('Account Number').fill('000123456789');
  await dialog.getByLabel('Routing Number').fill('021000021');
  await dialog.getByLabel('Date Opened').fill('2024-05-06');
  await dialog.getByLabel('Monthly Fees (USD)').fill('12.5');
  await dialog.getByLabel('Business Url').fill('https://bank.example.com/login');
  await dialog.getByLabel('Notes').fill('Operating account');
  await dialog.getByLabel('Debit Card').check();
  await dialog.getByLabel('Savings').check();
  await screenshot(page, 'bank-accounts-add-dialog');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'First Federal Bank' });
  await expect(card.getByText('•••• 6789')).toBeVisible();
  await expect(card.getByText('•••• 0021')).toBeVisible();
  await expect(card.getByText('$12.50')).toBeVisible();
  await expect(card.getByText('12 Elm St, Springfield, IL 62704')).toBeVisible();
  await expect(card.getByText('(555) 010-2000')).toBeVisible();
  await expect(card.getByText('May 6, 2024')).toBeVisible(); // dates as everywhere else
  await expect(card.getByRole('link', { name: 'Business Url' })).toHaveAttribute(
    'href',
    'https://bank.example.com/login',
  );
  await expect(card.getByRole('link', { name: 'Business Url' })).toHaveAttribute('target', '_blank');
  await expect(card.getByText('000123456789')).toHaveCount(0);

  // Inline edit: blank numbers keep the stored ones.
  await card.getByRole('button', { name: 'Edit First Federal Bank' }).click();
  await card.getByLabel('Bank Name').fill('First Federal Credit Union');
  await card.getByLabel('Monthly Fees (USD)').fill('0');
  await expect(card.getByLabel('Address on the account')).toHaveValue('12 Elm St, Springfield, IL 62704');
  await card.getByLabel('Address on the account').fill('9 Oak Ave, Springfield, IL 62704');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  const edited = page.getByRole('article', { name: 'First Federal Credit Union' });
  await expect(edited.getByText('$0.00')).toBeVisible();
  await expect(edited.getByText('9 Oak Ave, Springfield, IL 62704')).toBeVisible();
  await expect(edited.getByText('•••• 6789')).toBeVisible();

  // Reveal (an audited request), then hide again.
  await edited.getByRole('button', { name: 'Reveal Account Number' }).click();
  await expect(edited.getByTestId('account-number-value')).toHaveText('000123456789');
  await screenshot(page, 'bank-accounts-revealed');
  await edited.getByRole('button', { name: 'Hide Account Number' }).click();
  await expect(edited.getByTestId('account-number-value')).toHaveText('•••• 6789');

  // Copy the routing number: fetched through the reveal route, then on the clipboard.
  await edited.getByRole('button', { name: 'Copy Routing Number' }).click();
  await expect(edited.getByRole('button', { name: 'Copy Routing Number' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('021000021');

  // Both the reveal and the copy went through the audited reveal route.
  const audit = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    return (await (await fetch(`/api/clients/${session.user.id}/audit`)).json()) as {
      rows: { action: string; entityType: string; field: string | null }[];
    };
  });
  const reveals = audit.rows
    .filter((r) => r.action === 'reveal' && r.entityType === 'bank_account')
    .map((r) => r.field);
  expect(reveals.sort()).toEqual(['account_number', 'routing_number']);

  await edited.getByRole('button', { name: 'Delete First Federal Credit Union' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this bank account?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No accounts found.')).toBeVisible();

  // Activity on your account names fields and entities in words, not column names.
  await page.goto('/account');
  await expect(page.getByText('You viewed the account number on your bank account')).toBeVisible();
  await expect(page.getByText('You viewed the routing number on your bank account')).toBeVisible();
  await expect(page.getByText(/account_number|routing_number|bank_account/)).toHaveCount(0);
});

test('bank accounts at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInClient(page);
  await page.goto('/bank');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await dialog.getByLabel('Bank Name').fill('Mobile Bank');
  await dialog.getByLabel('Account Number').fill('55554444');
  await dialog
    .getByLabel('Address on the account')
    .fill('1200 North Lincoln Boulevard, Suite 400, Oklahoma City, OK 73105');
  await dialog.getByLabel('Phone on the account').fill('+1 (405) 555-0190');
  await screenshot(page, 'bank-accounts-mobile-dialog');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByRole('article', { name: 'Mobile Bank' }).getByText('•••• 4444')).toBeVisible();
  // Nothing wider than the phone, a long address included.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'bank-accounts-mobile');
});
