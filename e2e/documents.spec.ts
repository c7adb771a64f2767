import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseClient, expect, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';
import type { Page } from '@playwright/test';
import { makePdf } from '../src/server/test/make-pdf';

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function uploadTo(page: Page, title: string, name: string, text = name) {
  await section(page, title)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: makePdf(text) });
}

test('a client uploads a PDF with a progress bar, downloads it and deletes it', async ({ page }) => {
  await signedInClient(page, { name: `Doc Client ${Date.now().toString(36)}` });
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Business Documents', level: 1 })).toBeVisible();
  for (const title of [
    'Standard Corporate',
    'Advanced Corporate',
    'Financial Documents',
    'Marketing & PR',
    'Additional Documents',
    'Secret to Wealth Documents',
  ]) {
    await expect(section(page, title)).toBeVisible();
  }
  await expect(page.getByText('No documents yet. Upload one above.')).toHaveCount(6);

  // Held back for a moment, so the progress bar can be seen while the upload is in flight.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/documents/upload', async (route) => {
    await held;
    await route.continue();
  });
  await uploadTo(page, 'Standard Corporate', 'Articles of Organization.pdf');
  const corporate = section(page, 'Standard Corporate');
  await expect(corporate.getByRole('progressbar')).toBeVisible();
  await expect(corporate.getByText('Uploading...')).toBeVisible();
  await expect(corporate.locator('input[type=file]')).toBeDisabled();
  await screenshot(page, 'documents-uploading');
  release();
  await expect(corporate.getByText('Articles of Organization.pdf')).toBeVisible();
  await expect(corporate.getByRole('progressbar')).toHaveCount(0);
  await page.unroute('**/documents/upload');

  // The browser refuses a file over 10 MB before sending it.
  // From a file on disk: pushing 10 MB through the browser protocol as a buffer is slow under load.
  const huge = path.join(os.tmpdir(), `huge-${process.pid}.pdf`);
  fs.writeFileSync(huge, Buffer.concat([makePdf('big'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]));
  await section(page, 'Additional Documents').locator('input[type=file]').setInputFiles(huge, { timeout: 30_000 });
  fs.rmSync(huge, { force: true });
  await expect(
    section(page, 'Additional Documents').getByText('File is too large. The maximum size is 10 MB.'),
  ).toBeVisible();
  await screenshot(page, 'documents-client');

  const link = corporate.getByRole('link', { name: 'Download Articles of Organization.pdf' });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Articles of Organization.pdf');
  // The bytes through the same authorised route, with the page's session (Chromium may cancel a
  // download's temp file under load, which says nothing about the portal).
  const res = await page.evaluate(
    async (href) => {
      const r = await fetch(href);
      const buf = new Uint8Array(await r.arrayBuffer());
      return {
        status: r.status,
        disposition: r.headers.get('content-disposition'),
        nosniff: r.headers.get('x-content-type-options'),
        bytes: Array.from(buf),
      };
    },
    (await link.getAttribute('href'))!,
  );
  expect(res.status).toBe(200);
  expect(res.disposition).toMatch(/^attachment;/);
  expect(res.nosniff).toBe('nosniff');
  const bytes = Buffer.from(res.bytes);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.equals(makePdf('Articles of Organization.pdf'))).toBe(true);

  await corporate.getByRole('button', { name: 'Delete Articles of Organization.pdf' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(dialog).toContainText('Articles of Organization.pdf');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByText('Document deleted successfully!');
  await expect(toast).toBeVisible();
  await expect(corporate.getByText('Articles of Organization.pdf')).toHaveCount(0);
  // Shown for 2 seconds (not the default 4).
  await expect(toast).toBeHidden({ timeout: 3_500 });
});

test('a file chosen while the list is still loading shows once uploaded', async ({ page }) => {
  await signedInClient(page, { name: `Doc Race ${Date.now().toString(36)}` });
  // The section's first load answers "no documents", as the server would have before the upload,
  // but reaches the page only after the upload: the page must ask again rather than keep it.
  let deliver!: () => void;
  const uploaded = new Promise<void>((r) => (deliver = r));
  await page.route(
    /\/documents\?type=Standard_Corporate/,
    async (route) => {
      await uploaded;
      // The page may have given up on this request meanwhile (it asks again): then there is no one to answer.
      await route.fulfill({ json: { items: [], total: 0, page: 1, pageSize: 50 } }).catch(() => undefined);
    },
    { times: 1 },
  );
  await page.goto('/documents');
  const corporate = section(page, 'Standard Corporate');
  await expect(corporate.getByText('Loading documents...')).toBeVisible();
  await uploadTo(page, 'Standard Corporate', 'Chosen Early.pdf');
  // The toast shows as the page refreshes its lists: only then does the older answer arrive.
  await expect(page.getByText('Chosen Early.pdf uploaded.')).toBeVisible();
  deliver();
  await expect(corporate.getByText('Chosen Early.pdf')).toBeVisible();
});

test('an admin sees a client’s documents, named, and uploads one for them', async ({ page }) => {
  const client = await signedInClient(page, { name: `Doc Owner ${Date.now().toString(36)}` });
  await page.goto('/documents');
  await uploadTo(page, 'Advanced Corporate', 'Operating Agreement.pdf');
  await expect(section(page, 'Advanced Corporate').getByText('Operating Agreement.pdf')).toBeVisible();
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/documents');
  const advanced = section(page, 'Advanced Corporate');
  await expect(
    advanced
      .getByRole('listitem')
      .filter({ hasText: 'Operating Agreement.pdf' })
      .filter({ hasText: client.name })
      .first(),
  ).toBeVisible();
  // Every client's view: nobody to upload for yet.
  await expect(section(page, 'Marketing & PR').getByText('Choose a client above to upload for them.')).toBeVisible();

  await chooseClient(page, client.name);
  await expect(advanced.getByText('Operating Agreement.pdf')).toHaveCount(1);
  await uploadTo(page, 'Marketing & PR', 'Press Kit.pdf');
  const marketing = section(page, 'Marketing & PR');
  await expect(marketing.getByText('Press Kit.pdf')).toBeVisible();
  await expect(marketing.getByRole('listitem').filter({ hasText: 'Press Kit.pdf' })).toContainText(client.name);
  await screenshot(page, 'documents-admin');

  // The client finds the document the admin filed for them.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/documents');
  await expect(section(page, 'Marketing & PR').getByText('Press Kit.pdf')).toBeVisible();
});
