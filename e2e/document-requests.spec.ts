import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';
import { makePdf } from '../src/server/test/make-pdf';

const DOC = 'Articles of Organization';
const REASON = 'The state filing stamp is missing on page 1.';

/** The page is no wider than the screen (nothing scrolls sideways). */
async function fitsWidth(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** What a phone shows (a full-page shot of a 390 px page is too tall to read). */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(page);
  await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), animations: 'disabled' });
  await taskDialog(page).getByRole('heading', { name: 'Uploads' }).scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(import.meta.dirname, 'screenshots', `${name}-uploads.png`),
    animations: 'disabled',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const taskDialog = (page: Page) => page.getByRole('dialog', { name: DOC, exact: true });

async function openTask(page: Page) {
  await page.goto('/compliance');
  await page.getByRole('button', { name: `View task ${DOC}`, exact: true }).click();
  await expect(taskDialog(page)).toBeVisible();
}

async function uploadInto(page: Page, name: string) {
  await taskDialog(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: makePdf(name) });
  await expect(page.getByText(`${name} uploaded. Our team will review it.`)).toBeVisible();
  await expect(taskDialog(page).getByRole('link', { name: `Download ${name}` })).toBeVisible();
}

/** The admin opens the client's request from the Document Requests list. */
async function adminOpensRequest(page: Page, clientName: string) {
  await page.goto('/document-requests');
  await expect(page.getByRole('heading', { name: 'Document Requests', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: `Open task: ${DOC} for ${clientName}` }).click();
  await expect(taskDialog(page)).toBeVisible();
}

test('a document request: requested, uploaded, rejected with a reason, uploaded again, accepted', async ({ page }) => {
  test.setTimeout(180_000);
  const client = await signedInClient(page, { name: `Req Client ${Date.now().toString(36)}` });
  // The starter tasks are in place once the timeline counts them.
  await expect(
    page.getByRole('region', { name: 'Business Build Out Timeline' }).getByTestId('tasks-completed'),
  ).toHaveText('0/45 tasks completed', { timeout: 20_000 });
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  await page.context().clearCookies();

  // The admin asks for the document on the client's compliance page.
  await signedInAdmin(page);
  await page.goto(`/compliance?client=${clientId}`);
  await expect(page.getByRole('listitem', { name: 'Contact Support' })).toBeVisible();
  await page.getByRole('button', { name: 'Request a Document' }).click();
  const form = page.getByRole('dialog', { name: 'Request a Document' });
  await form.getByRole('button', { name: 'Request Document' }).click();
  await expect(form.getByText('Please enter the document you are requesting.')).toBeVisible();
  await form.getByLabel('Document', { exact: true }).fill(DOC);
  await form.getByLabel('Section').selectOption({ label: 'Standard Corporate' });
  await expectAccessible(page);
  await screenshot(page, 'document-requests-form');
  await form.getByRole('button', { name: 'Request Document' }).click();
  await expect(form).toBeHidden();
  const tile = page.getByRole('listitem', { name: DOC, exact: true });
  await expect(tile).toContainText('Document request');
  await expect(tile).toContainText('Upload to Standard Corporate');
  await page.context().clearCookies();

  // The client uploads into the slot: the request is Submitted.
  await signIn(page, client.email, client.password);
  await openTask(page);
  await expect(taskDialog(page)).toContainText('Standard Corporate');
  await expect(taskDialog(page)).toContainText('Nothing uploaded yet.');
  await uploadInto(page, 'articles-v1.pdf');
  await expect(taskDialog(page).getByText('Submitted', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'document-requests-client-submitted');
  await page.context().clearCookies();

  // The admin finds it among the open requests and rejects it with a reason.
  await signedInAdmin(page);
  await page.goto('/document-requests');
  await expect(page.getByRole('listitem').filter({ hasText: client.name }).filter({ hasText: DOC })).toContainText(
    'Submitted: review',
  );
  await expectAccessible(page);
  await screenshot(page, 'document-requests-admin-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(page);
  await screenshot(page, 'document-requests-admin-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await adminOpensRequest(page, client.name);
  await taskDialog(page).getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject document' });
  await reject.getByRole('button', { name: 'Reject document' }).click();
  await expect(reject.getByText('Please say why the document is rejected.')).toBeVisible();
  await reject.getByLabel('Reason').fill(REASON);
  await reject.getByRole('button', { name: 'Reject document' }).click();
  await expect(reject).toBeHidden();
  await expect(taskDialog(page)).toContainText(`Rejected: ${REASON}`);
  await page.context().clearCookies();

  // The client sees why, and uploads again; the first upload stays listed.
  await signIn(page, client.email, client.password);
  await page.goto('/compliance');
  await expect(page.getByRole('listitem', { name: DOC, exact: true })).toContainText(`Rejected: ${REASON}`);
  await openTask(page);
  await expect(taskDialog(page)).toContainText(`Rejected: ${REASON}`);
  await expectAccessible(page);
  await screenshot(page, 'document-requests-client-rejected');
  await phoneShot(page, 'document-requests-client-rejected-390');
  await uploadInto(page, 'articles-v2.pdf');
  await expect(taskDialog(page).getByRole('link', { name: 'Download articles-v1.pdf' })).toBeVisible();
  await page.context().clearCookies();

  // The admin accepts: Completed.
  await signedInAdmin(page);
  await adminOpensRequest(page, client.name);
  await expectAccessible(page);
  await screenshot(page, 'document-requests-admin-review');
  await phoneShot(page, 'document-requests-admin-review-390');
  await taskDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Document accepted', { exact: true })).toBeVisible();
  await expect(taskDialog(page).getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(taskDialog(page).locator('input[type=file]')).toHaveCount(0);
  await page.goto('/document-requests');
  await expect(page.getByRole('link', { name: `Open task: ${DOC} for ${client.name}` })).toHaveCount(0);
  await page.context().clearCookies();

  // The client's task is Completed and both files are in Business Documents' Standard Corporate section.
  await signIn(page, client.email, client.password);
  await page.goto('/compliance');
  await expect(page.getByRole('listitem', { name: DOC, exact: true })).toContainText('Completed');
  await expect(page.getByRole('listitem', { name: DOC, exact: true })).not.toContainText('Rejected:');
  await page.goto('/documents');
  const corporate = page.getByRole('region', { name: 'Standard Corporate', exact: true });
  await expect(corporate.getByText('articles-v1.pdf')).toBeVisible();
  await expect(corporate.getByText('articles-v2.pdf')).toBeVisible();
  await screenshot(page, 'document-requests-client-documents');
});
