import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signedInClient, test } from './fixtures';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A calendar day `offset` days from today, 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function fitsPhone(page: Page, ready: Locator, name: string) {
  await page.setViewportSize(PHONE);
  await expect(ready).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function openInvoices(page: Page, vendor: string) {
  await page
    .getByRole('article', { name: vendor })
    .getByRole('button', { name: `Invoices of ${vendor}` })
    .click();
  return page.getByRole('dialog', { name: `Invoices: ${vendor}` });
}

async function addInvoice(dialog: Locator, inv: { number: string; date: string; amount: string; paid: string }) {
  await dialog.getByRole('button', { name: 'Add invoice' }).click();
  const form = dialog.getByRole('form', { name: 'Add invoice' });
  await form.getByLabel('Invoice number').fill(inv.number);
  await form.getByLabel('Invoice date').fill(inv.date);
  await form.getByLabel('Invoice amount (USD)').fill(inv.amount);
  await form.getByLabel('Paid date').fill(inv.paid);
  await form.getByLabel('Paid amount (USD)').fill(inv.amount);
  await form.getByRole('button', { name: 'Add invoice' }).click();
  await expect(dialog.getByTestId('invoice-row').filter({ hasText: inv.number })).toBeVisible();
}

test('a client records invoices on two vendors (by hand and by CSV) and sees the estimated PAYDEX on /dnb', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const uline = `Uline ${stamp}`;
  const quill = `Quill ${stamp}`;
  await signedInClient(page, { name: `Invoice Client ${stamp}` });
  const created = await page.evaluate(
    async (issuers) => {
      const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
      const statuses: number[] = [];
      for (const issuer of issuers)
        statuses.push(
          (
            await fetch(`/api/clients/${session.user.id}/store-cards`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ issuer }),
            })
          ).status,
        );
      return statuses;
    },
    [uline, quill],
  );
  expect(created).toEqual([201, 201]);

  // By hand: $500 paid on Net 30 terms, $300 paid 10 days early.
  await page.goto('/store-credit');
  let dialog = await openInvoices(page, uline);
  await expect(dialog.getByText('No invoices yet')).toBeVisible();
  // The shared schema's sentence before anything is sent.
  await dialog.getByRole('button', { name: 'Add invoice' }).click();
  await dialog.getByLabel('Invoice number').fill('UL-0');
  await dialog.getByLabel('Invoice date').fill(day(-20));
  await dialog.getByLabel('Invoice amount (USD)').fill('10');
  await dialog.getByLabel('Paid date').fill(day(-30));
  await dialog.getByLabel('Paid amount (USD)').fill('10');
  await dialog.getByRole('form', { name: 'Add invoice' }).getByRole('button', { name: 'Add invoice' }).click();
  await expect(dialog.getByText('The paid date cannot be before the invoice date.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await addInvoice(dialog, { number: 'UL-1', date: day(-60), amount: '500', paid: day(-30) });
  await addInvoice(dialog, { number: 'UL-2', date: day(-50), amount: '300.00', paid: day(-30) });
  // One more, edited, then deleted after a confirmation.
  await addInvoice(dialog, { number: 'UL-9', date: day(-5), amount: '50', paid: day(-1) });
  await dialog.getByRole('button', { name: 'Edit invoice UL-9' }).click();
  const edit = dialog.getByRole('form', { name: 'Edit invoice' });
  await edit.getByLabel('Invoice number').fill('UL-9B');
  await edit.getByRole('button', { name: 'Save invoice' }).click();
  await expect(dialog.getByTestId('invoice-row').filter({ hasText: 'UL-9B' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete invoice UL-9B' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this invoice?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByTestId('invoice-row')).toHaveCount(2);
  await expectAccessible(page, '[role="dialog"]');
  await fitsPhone(page, dialog.getByTestId('invoice-row').first(), 'invoices-dialog');
  await screenshot(page, 'invoices-dialog');
  await page.keyboard.press('Escape');

  // By CSV: a wrong row writes nothing and is named; the corrected file imports $200 paid 15 days late.
  dialog = await openInvoices(page, quill);
  await dialog.getByRole('button', { name: 'Import CSV' }).click();
  await expect(dialog.getByRole('button', { name: 'Download the template' })).toBeVisible();
  const header = 'invoice_number,invoice_date,terms,amount,paid_date,paid_amount\n';
  const file = (body: string) => ({ name: 'invoices.csv', mimeType: 'text/csv', buffer: Buffer.from(header + body) });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(file(`Q-1,${day(-90)},Net 30,200,${day(-45)},200\nQ-2,${day(-10)},Net 30,0,,\n`));
  await expect(dialog.getByRole('list', { name: 'Rows to correct' })).toContainText('Row 3: Amount: Enter the amount');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog.getByLabel('CSV file').setInputFiles(file(`Q-1,${day(-90)},Net 30,200,${day(-45)},200\n`));
  await expect(dialog.getByText('1 invoice ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('1 invoice imported.')).toBeVisible();
  await expect(dialog.getByTestId('invoice-row')).toHaveCount(1);
  await page.keyboard.press('Escape');

  // (500 * 0 + 300 * -10 + 200 * 15) / 1000 = on terms: 80.
  await page.goto('/dnb');
  const card = page.getByTestId('paydex-estimate');
  await expect(card.getByTestId('estimate-score')).toHaveText('80');
  await expect(
    card.getByText('Estimate from your invoices; D&B computes the official score from what vendors report.'),
  ).toBeVisible();
  await expect(card.getByRole('region', { name: 'Estimate per vendor' })).toContainText(`${quill}`);
  await card.getByRole('img', { name: /Estimated PAYDEX over the last 12 months/ }).scrollIntoViewIfNeeded();
  await expect(card.locator('.recharts-surface').first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'invoices-dnb');
  await fitsPhone(page, card.getByTestId('estimate-score'), 'invoices-dnb');
});
