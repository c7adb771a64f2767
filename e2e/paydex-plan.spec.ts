import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signedInAdmin, signedInClient, test } from './fixtures';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A calendar day `offset` days from today (UTC, as the server counts), 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Seed = { number: string; card: 0 | 1; invoiceDate: string; amount: number; paidDate: string };
/**
 * Two store cards and their invoices, through the portal's API from the page (the Invoices dialog has
 * its own spec): three paid on terms (an estimate of 80), $12,000 dated 10 days ago (due in 20 days)
 * and $50 due 10 days ago, both open.
 */
async function seedInvoices(page: Page, stamp: string) {
  const paid = (number: string, card: 0 | 1): Seed => ({
    number,
    card,
    invoiceDate: day(-60),
    amount: 100,
    paidDate: day(-30),
  });
  const invoices: Seed[] = [
    paid('H-1', 0),
    paid('H-2', 0),
    paid('H-3', 1),
    { number: 'BIG-1', card: 0, invoiceDate: day(-10), amount: 12_000, paidDate: '' },
    { number: 'LATE-1', card: 1, invoiceDate: day(-40), amount: 50, paidDate: '' },
  ];
  return page.evaluate(
    async ({ stamp, invoices }) => {
      const post = async (url: string, body: unknown) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const { user } = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
      const cards: string[] = [];
      for (const issuer of [`Uline ${stamp}`, `Quill ${stamp}`])
        cards.push(
          ((await post(`/api/clients/${user.id}/store-cards`, { issuer })) as { card: { id: string } }).card.id,
        );
      for (const { card, paidDate, amount, ...inv } of invoices)
        await post(`/api/clients/${user.id}/tradelines/store/${cards[card]}/invoices`, {
          ...inv,
          termsDays: 30,
          amount,
          paidDate,
          paidAmount: paidDate ? amount : null,
        });
      return user.id;
    },
    { stamp, invoices },
  );
}

test('a client follows the pay-early plan on /dnb: picks 90, marks an invoice paid on its pay-by date; staff see it read-only', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const name = `Plan Client ${stamp}`;
  await signedInClient(page, { name });
  const clientId = await seedInvoices(page, stamp);

  await page.goto('/dnb');
  const card = page.getByTestId('paydex-plan');
  const items = card.getByTestId('plan-item');
  const big = items.filter({ hasText: 'BIG-1' });
  const late = items.filter({ hasText: 'LATE-1' });
  await expect(items).toHaveCount(2);
  // 90 until the client chooses; the choice is saved (the reminders follow it).
  await expect(card.getByRole('radio', { name: '90' })).toBeChecked();
  await card.getByText('80', { exact: true }).click();
  await expect(page.getByText('Target saved: your reminders now follow the plan for 80.')).toBeVisible();
  // Target 80: the past-due invoice today, the big one on its due date; the projection is 80.
  await expect(late.getByTestId('plan-pay-by')).toHaveText('Pay by today');
  await expect(late).toContainText('past due since');
  await expect(big.getByTestId('plan-pay-by')).not.toHaveText('Pay by today');
  await expect(card.getByTestId('plan-projected')).toHaveText('80');
  await expect(card.getByRole('radio', { name: '80' })).toBeChecked();

  // Target 90 (by keyboard): the big invoice 20 days before its due date, today; the projection moves to 90.
  await card.getByRole('radio', { name: '80' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(card.getByRole('radio', { name: '90' })).toBeChecked();
  await expect(page.getByText('Target saved: your reminders now follow the plan for 90.')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('radio', { name: '90' })).toBeChecked();
  await expect(big.getByTestId('plan-pay-by')).toHaveText('Pay by today');
  await expect(card.getByTestId('plan-projected')).toHaveText('90');
  await expect(card.getByTestId('plan-outcome')).toHaveText('Following the plan reaches your target.');
  await expectAccessible(page, '[data-testid="paydex-plan"]');
  await screenshot(page, 'paydex-plan');

  // Mark paid on its pay-by date: the estimate today reaches the projection, the invoice leaves the plan.
  await expect(page.getByTestId('estimate-score')).toHaveText('79');
  await big.getByRole('button', { name: `Mark paid for Uline ${stamp} invoice BIG-1` }).click();
  await expect(page.getByText(`Uline ${stamp} invoice BIG-1 marked paid today.`)).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId('estimate-score')).toHaveText('90');
  await expect(card.getByTestId('plan-projected')).toHaveText('90');

  await page.setViewportSize(PHONE);
  await expect(late).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'paydex-plan-phone');

  // Staff acting for the client: the same plan, the past-due invoice shown, no Mark paid.
  const staff = await browser.newPage({ viewport: DESKTOP });
  try {
    await signedInAdmin(staff);
    await staff.goto(`/dnb?client=${clientId}`);
    const staffCard = staff.getByTestId('paydex-plan');
    await expect(staffCard.getByTestId('plan-item')).toHaveCount(1);
    await expect(staffCard.getByRole('radio', { name: '90' })).toBeChecked();
    await expect(staffCard.getByTestId('plan-overdue')).toHaveText('1 invoice past due: $50.00 owed.');
    await expect(staffCard.getByRole('button', { name: /Mark paid/ })).toHaveCount(0);
    await expect(staffCard.getByText(/The client's plan for their target \(read-only\)/)).toBeVisible();
    // Staff look at another target in the URL; the client's own stays 90.
    await staffCard.getByText('100', { exact: true }).click();
    await expect(staff).toHaveURL(/target=100/);
    await expect(staffCard.getByRole('radio', { name: '100' })).toBeChecked();
    await page.reload();
    await expect(card.getByRole('radio', { name: '90' })).toBeChecked();
  } finally {
    await staff.close();
  }
});
