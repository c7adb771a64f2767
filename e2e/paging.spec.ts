import { expect, signedInClient, test } from './fixtures';

// Lists come a page at a time from the server; "Show more" brings the next page.
test('bank accounts beyond the first page appear with Show more', async ({ page }) => {
  await signedInClient(page);
  // 60 accounts through the real API (a page holds 50).
  await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const url = `/api/clients/${session.user.id}/bank-accounts`;
    for (let i = 1; i <= 60; i++) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bankName: `Paged Bank ${i}` }),
      });
      if (res.status !== 201) throw new Error(`account ${i}: ${res.status}`);
    }
  });
  await page.goto('/bank');
  await expect(page.getByRole('heading', { name: 'Paged Bank 60', exact: true })).toBeVisible();
  await expect(page.getByText('Showing 50 of 60 accounts')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paged Bank 1', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/paging-show-more.png' });
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('heading', { name: 'Paged Bank 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
