import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signedInAdmin, signedInClient, test } from './fixtures';
import { makePdf } from '../src/server/test/make-pdf';
import { countLabel } from '../src/shared/format';

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchInput = (page: Page) => searchDialog(page).getByRole('combobox');
const group = (page: Page, name: string) => searchDialog(page).getByRole('group', { name });

/** The viewport (not the full page: the dialog covers the viewport) into e2e/screenshots/. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), animations: 'disabled' });

/** Ctrl-K, then `text` typed into the search. */
async function searchFor(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  await expect(searchDialog(page)).toBeVisible();
  await expect(searchInput(page)).toBeFocused();
  await searchInput(page).fill(text);
}

test('a client finds a compliance task and a document with Ctrl-K and opens them', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInClient(page, { name: `Search Client ${Date.now().toString(36)}` });
  await page.goto('/documents');
  const corporate = page.getByRole('region', { name: 'Standard Corporate', exact: true });
  await corporate.locator('input[type=file]').setInputFiles({
    name: 'Operating Agreement Signed.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf('operating agreement'),
  });
  await expect(corporate.getByText('Operating Agreement Signed.pdf')).toBeVisible();

  // The starter task 'Contact Support', found by a word's start, opened with Enter.
  await searchFor(page, 'contact supp');
  const task = group(page, 'Compliance tasks').getByRole('option', { name: /Contact Support/ });
  await expect(task).toBeVisible();
  await expect(task).toHaveAttribute('aria-selected', 'true');
  await expect(searchInput(page)).toHaveAttribute('aria-activedescendant', (await task.getAttribute('id'))!);
  await searchInput(page).press('Enter');
  await expect(searchDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/compliance\?task=\d+$/);
  await expect(page.getByRole('dialog', { name: 'Contact Support' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Pages and the document together; arrows move through both groups, a click opens the document.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(searchInput(page)).toBeFocused();
  await searchInput(page).fill('a');
  for (const name of ['Pages', 'Compliance tasks', 'Documents']) await expect(group(page, name)).toBeVisible();
  await searchInput(page).press('ArrowDown');
  await screenshot(page, 'search-client-desktop');
  await expectAccessible(page, '[role="dialog"]');
  await searchInput(page).fill('agreement');
  const doc = group(page, 'Documents').getByRole('option', { name: /Operating Agreement Signed\.pdf/ });
  await expect(doc).toBeVisible();
  await expect(doc).toContainText('Standard Corporate');
  // The count screen readers hear agrees in number ('1 result', '2 results').
  const shown = await searchDialog(page).getByRole('option').count();
  await expect(searchDialog(page).getByText(countLabel(shown, 'result'), { exact: true })).toBeAttached();
  await doc.click();
  await expect(page).toHaveURL(/\/documents\?highlight=/);
  const item = page.locator('[data-search-highlighted]');
  await expect(item).toContainText('Operating Agreement Signed.pdf');
  await expect(item).toBeFocused();

  // Keyboard only: ArrowDown moves, Escape closes; no results and the page list still work.
  await searchFor(page, 'zzqx nothing here');
  await expect(searchDialog(page).getByText('No results for “zzqx nothing here”')).toBeVisible();
  await searchInput(page).fill('bank');
  const bankPage = group(page, 'Pages').getByRole('option', { name: /Business Bank Accounts/ });
  await expect(bankPage).toHaveAttribute('aria-selected', 'true');
  await searchInput(page).press('Escape');
  await expect(searchDialog(page)).toBeHidden();
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search dialog fits a 390 px phone', async ({ page }) => {
    await signedInClient(page, { name: `Phone Search ${Date.now().toString(36)}` });
    await page.getByRole('button', { name: 'Search' }).click();
    await searchInput(page).fill('support');
    await expect(group(page, 'Compliance tasks').getByRole('option').first()).toBeVisible();
    await expect(group(page, 'Pages').getByRole('option', { name: /Support Chat/ })).toBeVisible();
    const box = await searchDialog(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'search-client-phone');
    await expectAccessible(page, '[role="dialog"]');
  });
});

test('an admin finds a client by name and by e-mail and opens their account', async ({ page }) => {
  test.setTimeout(120_000);
  const client = await signedInClient(page, { name: `Findable Person ${Date.now().toString(36)}` });
  await page.context().clearCookies();
  await signedInAdmin(page);

  await searchFor(page, client.name.toLowerCase());
  const option = group(page, 'Clients').getByRole('option', { name: new RegExp(client.name) });
  await expect(option).toBeVisible();
  await expect(option).toContainText(client.email);
  await searchInput(page).fill(client.email);
  await expect(option).toBeVisible();
  // The Pages group may come first: arrow down until the client is the active option.
  await expect(async () => {
    await searchInput(page).press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/\/account\?client=/);
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(client.name);

  // Acting for that client (?client=), the search finds their things, and clients too.
  await searchFor(page, 'co');
  for (const name of ['Pages', 'Compliance tasks', 'Clients']) await expect(group(page, name)).toBeVisible();
  await screenshot(page, 'search-admin-desktop');
  await searchInput(page).fill('contact support');
  const task = group(page, 'Compliance tasks').getByRole('option', { name: /Contact Support/ });
  await expect(task).toBeVisible();
  await task.click();
  await expect(page).toHaveURL(/\/compliance\?client=[^&]+&task=\d+$/);
  await expect(page.getByRole('dialog', { name: 'Contact Support' })).toBeVisible();
});
