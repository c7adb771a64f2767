import type { Page } from '@playwright/test';
import {
  expect,
  expectPath,
  expectSignedIn,
  mailsTo,
  newUser,
  screenshot,
  signUpAndVerify,
  signedInAdmin,
  signUpClients,
  test,
} from './fixtures';
import { readFile } from 'node:fs/promises';
import { formatDate } from '../src/shared/format';
import { parseCsv } from '../src/shared/csv';

// No STAFF_EMAIL in the e2e server's environment: staff mail goes to the default address.
const STAFF = 'staff@localhost';

/** Waits for the staff notice about `email`'s first sign-in. */
async function staffMailAbout(email: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await mailsTo(STAFF)).find((m) => m.text.includes(`Email: ${email}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no staff mail about ${email}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The e-mail column of the clients table, top to bottom. */
// The first column is the admin's row selection (a checkbox): the client's cells follow it.
const emailColumn = (page: Page) => page.locator('table tbody tr td:nth-child(3)').allTextContents();

test('a client’s first sign-in sets up the account without holding the page, and tells the staff', async ({ page }) => {
  const user = await signUpAndVerify(page, newUser({ name: 'Fiona First' }));
  // The original product's set-up call is held until the page has shown its data: the page does not wait for
  // it, since the server sets the client up at their first request (decision 0004).
  let calls = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me/setup', async (route) => {
    calls++;
    await held;
    await route.continue();
  });
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectSignedIn(page);
  await expectPath(page, '/');
  await expect(page.getByTestId('named-task')).toHaveCount(3);
  await expect(page.getByTestId('tasks-completed')).toHaveText('0/45 tasks completed');
  await screenshot(page, 'first-login-setup');
  release();
  await expectSignedIn(page);
  await expect.poll(() => calls).toBe(1);

  const mail = await staffMailAbout(user.email);
  expect(mail.subject).toContain('New client signed up: Fiona First');
  expect(mail.text).toContain('Phone: (302) 555-0100');

  // Another page load runs the (idempotent) setup again; no second notice.
  await page.reload();
  await expectSignedIn(page);
  expect(calls).toBe(2);
  expect((await mailsTo(STAFF)).filter((m) => m.text.includes(`Email: ${user.email}`))).toHaveLength(1);
});

test('a failed first-login setup alerts with the product tag, then lets the client in', async ({ page }) => {
  const user = await signUpAndVerify(page);
  await page.route('**/api/me/setup', (route) =>
    route.fulfill({ status: 500, json: { status: 500, message: 'Something brokey.' } }),
  );
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectSignedIn(page);
  // The call runs beside the page's own requests: its alert comes when it fails.
  await expect.poll(() => alerts).toEqual(['[Total Business Build-Out] Error: Something brokey.']);
  // The page has the client's data all the same: the server set the account up.
  await expect(page.getByTestId('named-task')).toHaveCount(3);
});

test('admin: the Clients list shows new clients and sorts by e-mail', async ({ page }) => {
  const tag = `sort${Date.now().toString(36)}`;
  // Created a then z: newest first puts z on top, e-mail A-Z puts a on top.
  const first = await signUpAndVerify(page, newUser({ name: 'Abby Early', email: `a.${tag}@example.com` }));
  const second = await signUpAndVerify(
    page,
    newUser({ name: 'Zack Later', email: `z.${tag}@example.com`, phone: '(302) 555-0199' }),
  );

  await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/clients"]').click();
  await expectPath(page, '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients', exact: true })).toBeVisible();
  await expect(page.getByText('A list of all registered clients including their details')).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');
  for (const h of ['Name', 'Email', 'Password', 'Phone', 'Provider', 'Membership', 'Created', 'Assigned to'])
    await expect(page.getByRole('columnheader', { name: h, exact: true })).toBeVisible();

  const row = page.getByRole('row', { name: `Open My Account for ${second.name}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([
    '',
    second.name,
    second.email,
    'set',
    '(302) 555-0199',
    'email',
    /No$/,
    formatDate(new Date()),
    '-',
  ]);
  await expect(row.getByRole('switch', { name: `Paid membership for ${second.name}` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('cell', { name: 'admin.e2e@example.com' })).toHaveCount(0);
  await screenshot(page, 'clients-list');

  // Only this test's two clients: the order follows the sort.
  await page.getByLabel('Search clients').fill(tag);
  await expect.poll(() => emailColumn(page)).toEqual([second.email, first.email]);
  await page.getByLabel('Sort by').selectOption({ label: 'Email (A-Z)' });
  await expect.poll(() => emailColumn(page)).toEqual([first.email, second.email]);
  await page.getByLabel('Sort by').selectOption({ label: 'Email (Z-A)' });
  await expect.poll(() => emailColumn(page)).toEqual([second.email, first.email]);
  await page.getByLabel('Sort by').selectOption({ label: 'Oldest First' });
  await expect.poll(() => emailColumn(page)).toEqual([first.email, second.email]);

  await page.getByLabel('Search clients').fill(`nobody-${tag}`);
  await expect(page.getByText('No clients found')).toBeVisible();
  await screenshot(page, 'clients-empty-search');
  await page.getByLabel('Search clients').fill(tag);
  await expect.poll(() => emailColumn(page)).toHaveLength(2);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'clients-mobile');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A row opens My Account for that client, by keyboard too.
  const target = page.getByRole('row', { name: `Open My Account for ${first.name}` });
  await target.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.searchParams.get('client') !== null);
});

test('admin: the Clients list pages with Next and Previous, in the order chosen, each client once', async ({
  page,
  baseURL,
}) => {
  // 55 sign-ups (each hashes a password) take 10-60 s, depending on the machine's load.
  test.setTimeout(180_000);
  const run = `paged${Date.now().toString(36)}`;
  await signUpClients(baseURL!, `Paged ${run}`, 55, 201);
  await signedInAdmin(page);
  await page.goto('/clients');
  await page.getByLabel('Search clients').fill(run);
  const pages = page.getByRole('navigation', { name: 'Client pages' });
  const next = pages.getByRole('button', { name: 'Next' });
  const previous = pages.getByRole('button', { name: 'Previous' });
  await expect(pages).toContainText('55 clients');
  await expect(pages).toContainText('Page 1 of 2');
  await expect.poll(() => emailColumn(page)).toHaveLength(50);
  await expect(previous).toBeDisabled();
  const first = await emailColumn(page);

  await next.click();
  await expect(pages).toContainText('Page 2 of 2');
  await expect.poll(() => emailColumn(page)).toHaveLength(5);
  const second = await emailColumn(page);
  expect(new Set([...first, ...second]).size).toBe(55);
  await expect(next).toBeDisabled();
  await screenshot(page, 'clients-page-2');
  await previous.click();
  await expect(pages).toContainText('Page 1 of 2');
  await expect.poll(() => emailColumn(page)).toEqual(first);

  // Another order starts again at the first page; its pages together are every client, in that order.
  await page.getByLabel('Sort by').selectOption({ label: 'Email (A-Z)' });
  const sorted = [...first, ...second].sort();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(0, 50));
  await expect(pages).toContainText('Page 1 of 2');
  await next.click();
  await expect.poll(() => emailColumn(page)).toEqual(sorted.slice(50));
  await expect(pages).toContainText('Page 2 of 2');
});

test('admin: the Clients list offers Retry when loading fails', async ({ page }) => {
  await signedInAdmin(page);
  let fail = true;
  await page.route('**/api/clients?*', (route) =>
    fail ? route.fulfill({ status: 500, json: { error: 'down' } }) : route.continue(),
  );
  await page.goto('/clients');
  await expect(page.getByText('Failed to load client data')).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'clients-error');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('columnheader', { name: 'Email', exact: true })).toBeVisible();
});

test.describe('in a time zone far from UTC', () => {
  // UTC+14: most of the day the local date differs from the UTC date.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('admin: Export CSV writes the rows the screen shows, in its order, columns and dates', async ({ page }) => {
    const tag = `csv${Date.now().toString(36)}`;
    await signUpAndVerify(page, newUser({ name: 'Cora Export', email: `c.${tag}@example.com` }));
    await signUpAndVerify(
      page,
      newUser({ name: 'Abe Export', email: `a.${tag}@example.com`, phone: '(302) 555-0142' }),
    );
    await signUpAndVerify(page, newUser({ name: 'Bea Export', email: `b.${tag}@example.com` }));

    await signedInAdmin(page);
    await page.goto('/clients');
    await page.getByLabel('Search clients').fill(tag);
    await page.getByLabel('Sort by').selectOption({ label: 'Email (Z-A)' });
    await expect
      .poll(() => emailColumn(page))
      .toEqual([`c.${tag}@example.com`, `b.${tag}@example.com`, `a.${tag}@example.com`]);

    // Past the selection column (the screen's own): what the CSV holds.
    const headers = (await page.locator('table thead th').allTextContents()).slice(1);
    // Each cell as it reads on screen (the Membership cell's visible word, not its switch's label).
    const visible = await page
      .locator('table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('td')]
            .slice(1)
            .map((td, i) => (i === 5 ? td.querySelector('[aria-hidden="true"]')?.textContent : td.textContent) ?? ''),
        ),
      );
    expect(visible[0][6]).toBe(formatDate(new Date(), 'Pacific/Kiritimati'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(parseCsv(text)).toEqual([headers, ...visible]);
  });
});
