import { readFile } from 'node:fs/promises';
import {
  expect,
  expectAccessible,
  myId,
  screenshot,
  sendFromPage as send,
  signedInAdmin,
  signedInClient,
  signIn,
  test,
} from './fixtures';
import { REPORT_CSV_HEADER } from '../src/shared/support-report-rules';
import { parseCsv } from '../src/shared/csv';

const PHONE = { width: 390, height: 844 };

test('a staff member’s answer shows in the administrators’ support report and its CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  // A future staff member, and a client who writes to support.
  const staff = await signedInClient(page, { name: `Rhea Report ${run}` });
  const staffId = await myId(page);
  await page.context().clearCookies();
  await signedInClient(page, { name: `Quinn Question ${run}` });
  const clientId = await myId(page);
  expect(await send(page, 'POST', `/api/clients/${clientId}/support/messages`, { body: 'Can someone help?' })).toBe(
    201,
  );
  await page.context().clearCookies();

  // The admin makes the first a staff member and gives them the client.
  await signedInAdmin(page);
  expect(await send(page, 'PUT', `/api/users/${staffId}/role`, { role: 'staff' })).toBe(200);
  expect(await send(page, 'PUT', `/api/clients/${clientId}/assignment`, { staffId })).toBe(200);
  await page.context().clearCookies();

  // The staff member answers, and may not open the report.
  await signIn(page, staff.email, staff.password);
  expect(await send(page, 'POST', `/api/clients/${clientId}/support/messages`, { body: 'Happy to help.' })).toBe(201);
  await page.goto('/support-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Support report' })).toBeVisible();
  await expect(page.getByText('Only administrators see the support report.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await page.context().clearCookies();

  // The admin opens it from the Support Chat inbox: the staff member's week holds the answer.
  await signedInAdmin(page);
  await page.goto('/support');
  await page.getByRole('link', { name: 'Support report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support report' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Support report table' });
  // Newest week first: the staff member's first row is this week.
  const week = table.getByRole('row', { name: new RegExp(staff.name) }).first();
  await expect(week.getByRole('cell')).toHaveText([/\d{4}-W\d\d/, /min|-/, '1', '0', '0', '1']);
  await expect(page.getByRole('img', { name: /Median first response by week/ })).toBeVisible();
  await page.getByLabel('Weeks').selectOption({ label: 'Last 4 weeks' });
  await expect(table.getByRole('row', { name: new RegExp(staff.name) })).toHaveCount(4);
  await expectAccessible(page);
  await screenshot(page, 'support-report');

  // The CSV: the header, and the staff member's week (the newest is their last line).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^support-report-\d{4}-\d\d-\d\d\.csv$/);
  const [head, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(head).toEqual([...REPORT_CSV_HEADER]);
  const theirs = rows.filter((r) => r[1] === staff.email);
  expect(theirs).toHaveLength(4);
  expect(theirs.at(-1)!.slice(5)).toEqual(['1', '0', '0', '1']);

  // A phone: the table scrolls in its own box, never the page.
  await page.setViewportSize(PHONE);
  await expect(week).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await screenshot(page, 'support-report-390');
});
