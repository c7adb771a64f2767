import fs from 'node:fs';
import path from 'node:path';
import {
  chooseClient,
  expect,
  expectAccessible,
  newUser,
  screenshot,
  signIn,
  signedInAdmin,
  signedInClient,
  signUpAndVerify,
  test,
} from './fixtures';
import type { Page } from '@playwright/test';
import { makePdf } from '../src/server/test/make-pdf';
import { readZip } from '../src/server/test/zip';
import { CLIENTS_TABLE_HEADERS } from '../src/shared/clients';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SSN = '321-54-9876';

/** The signed-in user's id, from the session the page holds. */
const myId = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );

/** What the screen shows (not the full page: fixed layers such as dialogs stay in place), into e2e/screenshots/. */
const viewShot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`), animations: 'disabled' });

/** The page is no wider than the screen (nothing scrolls sideways). */
async function fitsWidth(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('a client downloads all their data: the zip opens with data.json, a CSV per area and their document; secrets only with the password', async ({
  page,
}) => {
  const user = await signedInClient(page, { name: `Export Client ${Date.now().toString(36)}` });
  const id = await myId(page);
  // A profile with an SSN and an uploaded document, through the portal's own routes.
  const status = await page.evaluate(
    async ({ id, ssn, pdf }) => {
      const profile = await fetch(`/api/clients/${id}/profile`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          businessName: 'Export Test LLC',
          ownerSsn: ssn,
          ownerDob: '1980-01-02',
          agreement: 'I AGREE',
        }),
      });
      const form = new FormData();
      form.append('documentType', 'Standard_Corporate');
      form.append('file', new File([new Uint8Array(pdf)], 'Operating Agreement.pdf', { type: 'application/pdf' }));
      const upload = await fetch(`/api/clients/${id}/documents/upload`, { method: 'POST', body: form });
      return [profile.status, upload.status];
    },
    { id, ssn: SSN, pdf: Array.from(makePdf('Operating Agreement')) },
  );
  expect(status).toEqual([200, 201]);

  await page.setViewportSize(DESKTOP);
  await page.goto('/account');
  const panel = page.getByRole('heading', { name: 'Your Data' });
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'All my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download all data' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Include secrets in clear/ }).check();
  const download = dialog.getByRole('button', { name: 'Download', exact: true });
  await expect(download).toBeDisabled();
  // A wrong password: the server's sentence, nothing downloaded, the dialog stays open.
  await dialog.getByLabel('Your password').fill('not-the-password');
  await download.click();
  await expect(dialog.getByRole('alert')).toContainText('The password is not correct');
  await dialog.getByLabel('Your password').fill(user.password);
  await expectAccessible(page);
  // The dialog as seen (viewport): a full-page shot misplaces fixed layers.
  await viewShot(page, 'data-export-dialog-desktop');
  await page.setViewportSize(PHONE);
  await fitsWidth(page);
  await viewShot(page, 'data-export-dialog-phone');
  await page.setViewportSize(DESKTOP);

  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^all-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog).toBeHidden();
  const zip = readZip(fs.readFileSync((await file.path())!));
  for (const name of [
    'README.txt',
    'data.json',
    'tables/account.csv',
    'tables/profile.csv',
    'tables/tasks.csv',
    'tables/activities.csv',
    'tables/payments.csv',
    'tables/bank-accounts.csv',
    'tables/business-accounts.csv',
    'tables/documents.csv',
  ])
    expect(zip.has(name), name).toBe(true);
  expect(
    zip.get('files/business-documents/Standard Corporate/Operating Agreement.pdf')?.subarray(0, 5).toString(),
  ).toBe('%PDF-');
  expect(zip.get('tables/profile.csv')!.toString()).toContain(SSN);
  const data = JSON.parse(zip.get('data.json')!.toString());
  expect(data).toMatchObject({ clientId: id, secretsIncluded: true });
  expect(data.areas.account[0].email).toBe(user.email);

  // The download is in the client's account activity.
  await page.reload();
  await expect(page.getByText('You downloaded all of your data, secrets included')).toBeVisible();
});

test('an admin downloads the Clients list as CSV with the current search: the expected header and the matching clients', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const client = await signUpAndVerify(page, newUser({ name: `Csv Person ${tag}` }));
  await signedInAdmin(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/clients');
  await page.getByLabel('Search clients').fill(`Csv Person ${tag}`);
  const link = page.getByRole('link', { name: 'Export CSV' });
  // The screen's search and order, and the reader's time zone for the dates.
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^/api/clients/export\\?sort=newest&q=Csv\\+Person\\+${tag}&tz=[\\w%+-]+$`),
  );
  await expect(page.getByText(client.email)).toBeVisible();
  await screenshot(page, 'clients-export-desktop');
  const downloading = page.waitForEvent('download');
  await link.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(CLIENTS_TABLE_HEADERS.join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(`^Csv Person ${tag},${client.email.replace(/[.]/g, '\\.')},set,\\(302\\) 555-0100,email,No,`),
  );
});

test("an admin acting for a client ends all the client's sessions after confirming", async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Ended Client ${Date.now().toString(36)}`;
  const user = await signUpAndVerify(page, newUser({ name }));
  const clientContext = await browser.newContext({ baseURL });
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, user.email, user.password);
  await signedInAdmin(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/account');
  await chooseClient(page, name);
  await page.getByRole('button', { name: 'End all sessions' }).click();
  const confirm = page.getByRole('dialog', { name: "End all of this client's sessions?" });
  await expect(confirm).toBeVisible();
  await viewShot(page, 'sessions-admin-confirm');
  await confirm.getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByText('The client was signed out of 1 session')).toBeVisible();
  expect(await clientPage.evaluate(async () => (await fetch('/api/me/sessions')).status)).toBe(401);
  await clientContext.close();
});

test("Active Sessions shows 'This device'; signing out another session ends it there at once", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await signedInClient(page, { name: `Session Client ${Date.now().toString(36)}` });
  // The same account signed in on a phone (another browser context).
  const phone = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  await signIn(phonePage, user.email, user.password);

  await page.setViewportSize(DESKTOP);
  await page.goto('/account');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const mine = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(mine).toContainText(/Chrome on /);
  const other = sessions.getByRole('listitem').filter({ hasText: 'Safari on iPhone' });
  await expect(other).toContainText('Last active:');
  // Both reach the portal over loopback (whatever form the address takes): read as this computer, not a row of zeros.
  for (const session of [mine, other]) await expect(session).toContainText('Address: this computer');
  await expect(mine.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'sessions-desktop');
  await page.setViewportSize(PHONE);
  await fitsWidth(page);
  await page.getByRole('heading', { name: 'Active Sessions' }).scrollIntoViewIfNeeded();
  await viewShot(page, 'sessions-phone');
  await page.setViewportSize(DESKTOP);

  await other.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Signed out of Safari on iPhone')).toBeVisible();
  // The phone's session is gone: its next request is refused and it is back on the sign-in page.
  expect(await phonePage.evaluate(async () => (await fetch('/api/me/sessions')).status)).toBe(401);
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/signin/);
  await phone.close();

  // 'Sign out everywhere else' asks first; with no other session it is disabled.
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
});
