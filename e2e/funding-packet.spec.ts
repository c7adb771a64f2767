import type { Page } from '@playwright/test';
import { expect, expectAccessible, myId, screenshot, signedInAdmin, signedInClient, test } from './fixtures';
import { expectNoHorizontalOverflow, PHONE } from './support/every-page';
import { makePdf } from '../src/server/test/make-pdf';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function uploadTyped(page: Page, title: string, type: string, name: string) {
  const s = section(page, title);
  await s.getByLabel('Type (for lenders)').selectOption({ label: type });
  await s.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: makePdf(name) });
  await expect(s.getByText(name, { exact: true })).toBeVisible();
}

test('typed documents, checked by staff, built into a packet, shared by a link whose open is recorded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Packet Client ${Date.now().toString(36)}`;
  await signedInClient(page, { name });
  const clientId = await myId(page);

  // The client uploads typed documents.
  await page.goto('/documents');
  await uploadTyped(page, 'Standard Corporate', 'Certificate of good standing', 'good-standing.pdf');
  await uploadTyped(page, 'Financial Documents', 'Utility bill / proof of address', 'utility-bill.pdf');
  await expect(page.getByLabel('Type of good-standing.pdf')).toHaveValue('good_standing');

  // Staff verify one and reject the other.
  const staff = await (await browser.newContext({ baseURL })).newPage();
  await signedInAdmin(staff);
  await staff.goto(`/documents?client=${clientId}`);
  await staff.getByRole('button', { name: 'Verify good-standing.pdf' }).click();
  await expect(staff.getByText(/Verified by Ada Admin on/)).toBeVisible();
  await staff.getByRole('button', { name: 'Reject utility-bill.pdf' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Reject document' });
  await dialog.getByLabel('Reason').fill('The address is cut off: upload the whole page.');
  await dialog.getByRole('button', { name: 'Reject document' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(/Rejected by Ada Admin on .*The address is cut off/)).toBeVisible();
  await staff.context().close();

  // The client sees who checked what, and builds the packet.
  await page.reload();
  await expect(page.getByText(/Verified by Ada Admin on/)).toBeVisible();
  await expect(page.getByText(/Rejected by Ada Admin on .*The address is cut off/)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/funding-packet');
  await expect(page.getByRole('heading', { name: 'Funding Packet', level: 1 })).toBeVisible();
  const build = section(page, 'Build a packet');
  await expect(build.getByRole('checkbox', { name: /good-standing\.pdf/ })).toBeChecked();
  // A rejected document is not chosen by default.
  await expect(build.getByRole('checkbox', { name: /utility-bill\.pdf/ })).not.toBeChecked();
  await expect(build.getByText(/the packet will list them as missing: .*EIN confirmation letter/)).toBeVisible();
  await expectAccessible(page);
  await build.getByRole('button', { name: 'Build packet' }).click();
  await expect(page.getByText(/Ready, \d/)).toBeVisible({ timeout: 30_000 });
  await page.getByText(/What this packet holds/).click();
  await expect(page.getByText('good-standing.pdf').last()).toBeVisible();
  await expect(page.getByText('Proof of address', { exact: false }).first()).toBeVisible();

  // Sharing shows exactly what the lender will see, then the address once.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share with a lender' });
  await expect(share.getByText('What the lender will see')).toBeVisible();
  await expect(share.getByText('EIN confirmation letter')).toBeVisible();
  await expectAccessible(page, '[role=dialog]');
  await share.getByLabel('Who it is for (optional)').fill('First Lender Bank');
  await share.getByRole('button', { name: 'Create link' }).click();
  const url = (await share.getByTestId('share-url').textContent())!.trim();
  expect(url).toMatch(/\/api\/packet-share\/[A-Za-z0-9_-]{43}$/);
  await screenshot(page, 'funding-packet-share');
  await share.getByRole('button', { name: 'Done' }).click();

  // A lender opens it in a fresh browser, signed in nowhere.
  const lenderContext = await browser.newContext({ baseURL });
  const lender = await lenderContext.newPage();
  await lender.setViewportSize(PHONE);
  await lender.goto(new URL(url).pathname);
  await expect(lender.getByRole('heading', { name: 'Funding packet', level: 1 })).toBeVisible();
  await expect(lender.getByText('good-standing.pdf')).toBeVisible();
  await expect(lender.getByRole('link', { name: /Download the packet/ })).toBeVisible();
  await expectAccessible(lender);
  await expectNoHorizontalOverflow(lender, 'the shared packet page');
  await lenderContext.close();

  // The client sees the open recorded, and is told in the bell.
  await page.reload();
  const links = section(page, 'Share links');
  await expect(links.getByText('First Lender Bank')).toBeVisible();
  await expect(links.getByText(/1 visit or download, first opened/)).toBeVisible();
  await expect(links.getByText(/Opened the page from/)).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByText(/1 visit or download, first opened/)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page, '/funding-packet');
  await screenshot(page, 'funding-packet-390');
});
