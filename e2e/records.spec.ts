import type { Page } from '@playwright/test';
import { chooseClient, expect, screenshot, signedInAdmin, signedInClient, test } from './fixtures';
import { makePdf } from '../src/server/test/make-pdf';

const PHONE = { width: 390, height: 844 };

const totalOf = (page: Page, key: string) =>
  page.getByRole('region', { name: 'Totals by status' }).getByTestId(`total-${key}`);

/** The page is no wider than a phone's screen. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBe(width);
}

test('a client adds a receivable, uploads a PDF to it, approves it and sees the badge and totals change', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInClient(page, { name: `Receivable Client ${Date.now().toString(36)}` });
  await page.goto('/account-receivable');
  await expect(page.getByRole('heading', { name: 'Account Receivables', level: 1 })).toBeVisible();
  await expect(page.getByText('No account receivables yet.')).toBeVisible();
  await expect(totalOf(page, 'all')).toHaveText('$0.00');

  await page.getByRole('button', { name: 'New Account Receivable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account Receivable' });
  // The shared schema's sentences, before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the vendor name.')).toBeVisible();
  await expect(dialog.getByText('Enter the amount as a number greater than 0, like 2500 or 2500.00.')).toBeVisible();
  await expect(dialog.getByText('Due date is required.')).toBeVisible();
  await dialog.getByLabel('Vendor Name').fill('Acme Supply Co');
  await dialog.getByLabel('Amount (USD)').fill('12500.5');
  await dialog.getByLabel('Due Date').fill('2026-12-15');
  await expect(dialog.getByLabel('Status')).toHaveValue('pending');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Acme Supply Co' });
  await expect(card).toContainText('$12,500.50');
  await expect(card).toContainText('Dec 15, 2026');
  await expect(card.getByText('Pending', { exact: true })).toHaveAttribute('data-colour', 'yellow');
  await expect(totalOf(page, 'pending')).toHaveText('$12,500.50');
  await expect(totalOf(page, 'approved')).toHaveText('$0.00');

  // Upload Document: a PDF, listed under the record, downloadable through its authorised route.
  await card.getByRole('button', { name: 'Upload Document to Acme Supply Co' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(upload.getByText('PDF, DOC or DOCX, max 10MB')).toBeVisible();
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'Invoice 1001.pdf', mimeType: 'application/pdf', buffer: makePdf('Invoice 1001') });
  await expect(upload).toBeHidden();
  await expect(page.getByText('Invoice 1001.pdf uploaded.')).toBeVisible();
  const link = card.getByRole('link', { name: 'Download Invoice 1001.pdf' });
  await expect(link).toBeVisible();
  const res = await page.evaluate(
    async (href) => {
      const r = await fetch(href);
      return {
        status: r.status,
        disposition: r.headers.get('content-disposition'),
        head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)),
      };
    },
    (await link.getAttribute('href'))!,
  );
  expect(res).toEqual({
    status: 200,
    disposition: expect.stringMatching(/^attachment; filename="Invoice 1001.pdf"/),
    head: '%PDF-',
  });

  // A file that is not a PDF under its name is refused, and the dialog says why.
  await card.getByRole('button', { name: 'Upload Document to Acme Supply Co' }).click();
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await expect(upload.getByRole('alert')).toContainText('does not match its type');
  await upload.getByRole('button', { name: 'Close' }).click();
  await expect(upload).toBeHidden();

  // Edit: the status is saved (the original product's edit dropped it).
  await card.getByRole('button', { name: 'Edit Acme Supply Co' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account Receivable' });
  await expect(edit.getByLabel('Vendor Name')).toHaveValue('Acme Supply Co');
  await expect(edit.getByLabel('Amount (USD)')).toHaveValue('12500.5');
  await edit.getByLabel('Status').selectOption({ label: 'Approved' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Approved', { exact: true })).toHaveAttribute('data-colour', 'green');
  await expect(totalOf(page, 'approved')).toHaveText('$12,500.50');
  await expect(totalOf(page, 'pending')).toHaveText('$0.00');

  // A second, overdue one: red, and the total adds both.
  await page.getByRole('button', { name: 'New Account Receivable' }).click();
  await dialog.getByLabel('Vendor Name').fill('Globex Industrial Services');
  await dialog.getByLabel('Amount (USD)').fill('3200');
  await dialog.getByLabel('Due Date').fill('2026-10-01');
  await dialog.getByLabel('Status').selectOption({ label: 'OverDue' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('article', { name: 'Globex Industrial Services' }).getByText('OverDue', { exact: true }),
  ).toHaveAttribute('data-colour', 'red');
  await expect(totalOf(page, 'all')).toHaveText('$15,700.50');
  await expect(totalOf(page, 'overdue')).toHaveText('$3,200.00');

  // Saved on the server: a reload shows the same.
  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Acme Supply Co' }).getByText('Approved', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Acme Supply Co' }).getByText('Invoice 1001.pdf')).toBeVisible();
  await screenshot(page, 'records-receivables-client');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoOverflow(page);
  await screenshot(page, 'records-receivables-phone');
});

test('a client adds purchase orders and deletes one after confirming', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInClient(page, { name: `Order Client ${Date.now().toString(36)}` });
  await page.goto('/purchase-order');
  await expect(page.getByRole('heading', { name: 'Purchase Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('No purchase orders yet.')).toBeVisible();

  const add = async (vendor: string, amount: string, date: string, status: string) => {
    await page.getByRole('button', { name: 'New Purchase Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Purchase Order' });
    await dialog.getByLabel('Vendor Name').fill(vendor);
    await dialog.getByLabel('Amount (USD)').fill(amount);
    await dialog.getByLabel('Order Date').fill(date);
    await dialog.getByLabel('Status').selectOption({ label: status });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: vendor })).toBeVisible();
  };
  // While the save is under way both buttons are disabled and the dialog stays open.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/clients/*/purchase-orders', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'New Purchase Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Purchase Order' });
  await dialog.getByLabel('Vendor Name').fill('Widget Wholesale');
  await dialog.getByLabel('Amount (USD)').fill('1999.99');
  await dialog.getByLabel('Order Date').fill('2026-11-02');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Widget Wholesale' })).toBeVisible();
  await page.unroute('**/api/clients/*/purchase-orders');
  await add('Office Depot Business', '250', '2026-11-03', 'Rejected');
  await expect(
    page.getByRole('article', { name: 'Office Depot Business' }).getByText('Rejected', { exact: true }),
  ).toHaveAttribute('data-colour', 'red');
  await expect(page.getByRole('article', { name: 'Widget Wholesale' })).toContainText('Nov 2, 2026');
  await expect(totalOf(page, 'all')).toHaveText('$2,249.99');
  await expect(totalOf(page, 'rejected')).toHaveText('$250.00');
  await screenshot(page, 'records-orders-client');

  const order = page.getByRole('article', { name: 'Widget Wholesale' });
  await order.getByRole('button', { name: 'Delete Widget Wholesale' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this purchase order?' });
  await expect(confirm).toContainText('Widget Wholesale ($1,999.99) will be deleted permanently.');
  // Cancel keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(order).toBeVisible();
  await order.getByRole('button', { name: 'Delete Widget Wholesale' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Widget Wholesale deleted.')).toBeVisible();
  await expect(order).toHaveCount(0);
  await expect(totalOf(page, 'all')).toHaveText('$250.00');
  await expect(totalOf(page, 'pending')).toHaveText('$0.00');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoOverflow(page);
  await screenshot(page, 'records-orders-phone');
});

test("an admin sees a client's records with the client named and adds one for them", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const client = await signedInClient(page, { name: `Records Owner ${stamp}` });
  const status = await page.evaluate(async (vendor) => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${session.user.id}/receivables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vendorName: vendor, amount: 4800, dueDate: '2026-12-31' }),
    });
    return res.status;
  }, `Client Vendor ${stamp}`);
  expect(status).toBe(201);
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/account-receivable');
  // Every client's records, each naming its client; no one to add for yet.
  const card = page.getByRole('article', { name: `Client Vendor ${stamp}` });
  await expect(card).toContainText(`Client: ${client.name}`);
  await expect(page.getByRole('button', { name: 'New Account Receivable' })).toBeDisabled();
  await expect(page.getByText('Choose a client below to add one for them.')).toBeVisible();

  await chooseClient(page, client.name);
  await expect(page.getByText(`For ${client.name}`)).toBeVisible();
  await expect(card).toBeVisible();
  await expect(totalOf(page, 'all')).toHaveText('$4,800.00');
  await page.getByRole('button', { name: 'New Account Receivable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account Receivable' });
  await dialog.getByLabel('Vendor Name').fill(`Staff Vendor ${stamp}`);
  await dialog.getByLabel('Amount (USD)').fill('200');
  await dialog.getByLabel('Due Date').fill('2027-01-15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: `Staff Vendor ${stamp}` })).toContainText(`Client: ${client.name}`);
  await expect(totalOf(page, 'all')).toHaveText('$5,000.00');
  await screenshot(page, 'records-receivables-admin');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expectNoOverflow(page);
  await screenshot(page, 'records-receivables-admin-phone');
});
