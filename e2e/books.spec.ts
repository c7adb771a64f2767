import type { Page } from '@playwright/test';
import { expect, expectPath, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

const HEADING = 'The Secret to Wealth: Volumes 1 & 2';
const bookCard = (page: Page, volume: number) =>
  page.getByRole('region', { name: new RegExp(`^The Secret to Wealth, Volume ${volume}:`) });

/** Clicks a book's Download button; checks the saved name and, through the same route, that it is a PDF. */
async function downloadVolume(page: Page, volume: number) {
  const downloading = page.waitForEvent('download');
  await bookCard(page, volume)
    .getByRole('button', { name: `Download Volume ${volume}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`the-secret-to-wealth-volume-${volume}.pdf`);
  await expect(page.getByText(`Volume ${volume} downloaded.`)).toBeVisible();
  // The bytes through the same authorised route with the page's session (Chromium may drop a
  // download's temp file under load, which says nothing about the portal).
  const res = await page.evaluate(async (href) => {
    const r = await fetch(href);
    const head = new Uint8Array(await r.arrayBuffer()).subarray(0, 5);
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      disposition: r.headers.get('content-disposition'),
      head: String.fromCharCode(...head),
    };
  }, `/api/books/${volume}/download`);
  expect(res).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect(res.disposition).toMatch(/^attachment;/);
}

test('a client reads volume 1, meets the lock on volume 2, becomes a member and reads volume 2', async ({ page }) => {
  // Three sign-ins (client, admin, client) and three downloads: 100 s on a busy machine.
  test.setTimeout(180_000);
  const client = await signedInClient(page, { name: 'Wendy Wealth' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: HEADING }).click();
  await expectPath(page, '/wealth-secrets');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(bookCard(page, 4)).toBeVisible();

  await downloadVolume(page, 1);

  // Volumes 2 to 4 are locked, with the reason and the way to join.
  for (const volume of [2, 3, 4]) {
    const card = bookCard(page, volume);
    await expect(card.getByText(`Volume ${volume} is for members. See Business Programs to join.`)).toBeVisible();
    await expect(card.getByRole('button', { name: /Download/ })).toHaveCount(0);
  }
  await expect(bookCard(page, 2).getByRole('link', { name: 'See Business Programs' })).toHaveAttribute('href', '/');
  // The server refuses too, whatever the page shows.
  expect(await page.evaluate(async () => (await fetch('/api/books/2/download')).status)).toBe(403);
  await expect(
    page.getByRole('region', { name: 'Secret to Wealth Documents' }).getByText('No documents yet. Upload one above.'),
  ).toBeVisible();
  await screenshot(page, 'books-client');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'books-client-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // My Account says so too.
  await page.goto('/account');
  await expect(page.getByText('Membership:')).toContainText('Not a member');
  await expect(page.getByRole('link', { name: 'See Business Programs to join' })).toBeVisible();

  // The admin turns the membership on from the Clients list.
  await page.context().clearCookies();
  await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/clients"]').click();
  await page.getByLabel('Search clients').fill(client.email);
  const toggle = page.getByRole('switch', { name: `Paid membership for ${client.name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByText(`${client.name}: membership on.`)).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectPath(page, '/clients');
  await screenshot(page, 'clients-membership');

  // The admin's books page: every volume open, a replacement button per book.
  await page.goto('/wealth-secrets');
  await expect(bookCard(page, 4).getByRole('button', { name: 'Download Volume 4' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Replace Volume \d PDF$/ })).toHaveCount(4);
  await screenshot(page, 'books-admin');

  // Back as the client: volume 2 downloads, and My Account says Active.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/wealth-secrets');
  await expect(bookCard(page, 2).getByText(/is for members/)).toHaveCount(0);
  await downloadVolume(page, 2);
  await page.goto('/account');
  await expect(page.getByText('Membership:')).toContainText('Active');
  await screenshot(page, 'account-membership');
});
