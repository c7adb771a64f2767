import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectSignedIn,
  screenshot,
  signedInAdmin,
  signedInClient,
  signIn,
  test,
} from './fixtures';
import { LOAN_MESSAGES } from '../src/shared/loans';
import { LIMITS, limitReached } from '../src/shared/limits';

/** No serious or critical WCAG 2.1 AA violation in the page's content as it stands (the shell has its own checks). */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The offer's id, as the directory lists it (newest first: a new offer is on the first page). */
async function loanIdOf(page: Page, title: string): Promise<string> {
  return page.evaluate(async (t) => {
    const body = (await (await fetch('/api/loans?pageSize=100')).json()) as { items: { id: string; title: string }[] };
    const found = body.items.find((l) => l.title === t);
    if (!found) throw new Error(`no offer named ${t}`);
    return found.id;
  }, title);
}

/** Adds an offer through the real API as whoever is signed in. */
async function addLoanByApi(page: Page, loan: { title: string; aprRange?: string; applyUrl?: string }) {
  const status = await page.evaluate(
    async (json) =>
      (
        await fetch('/api/loans', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        })
      ).status,
    loan,
  );
  expect(status).toBe(201);
}

test('a client adds and edits a loan offer, waiting for review; another client neither sees nor changes it; the author deletes it', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const title = `Harbor Bank Working Capital ${tag}`;
  const author = await signedInClient(page, { name: 'Lena Lender' });
  await page.goto('/term-loan');
  await expect(page.getByRole('heading', { name: 'Credit & Loans Directory', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Loan' });
  // The shared schema checks the form before anything is sent.
  await dialog.getByLabel('Apply URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Apply URL must be a web address starting with http:// or https://')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('APR Range').fill('7.5% - 12%');
  await dialog.getByLabel('Loan Amount').fill('$25,000 - $500,000');
  await dialog.getByLabel('Term Length').fill('12 - 60 months');
  await dialog.getByLabel('Apply URL').fill('https://lender.example.com/apply?ref=portal');
  await screenshot(page, 'loans-add-dialog');

  // While the save is under way the button is disabled; a refused save keeps the dialog open with
  // the server's words (this one held back, then answered as the server answers a limit).
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const refusal = limitReached(LIMITS.loanOffers, 'loan offers');
  await page.route('**/api/loans', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fulfill({ status: 409, json: { error: refusal } });
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(dialog.getByText(refusal)).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await page.unroute('**/api/loans');
  // A refusal that names a field stands under that field instead (answered as the API answers a
  // schema refusal).
  const titleRefusal = 'Title can be at most 200 characters.';
  await page.route('**/api/loans', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { error: titleRefusal, field: 'title' } })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription(titleRefusal);
  await expect(dialog.getByText(refusal)).toBeHidden();
  await page.unroute('**/api/loans');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(LOAN_MESSAGES.added)).toBeVisible();

  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('7.5% - 12%')).toBeVisible();
  await expect(card.getByText('Added by you')).toBeVisible();
  await expect(card.getByText('Waiting for review')).toBeVisible();

  // Edit: the dialog opens with the offer's values.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Loan' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('APR Range').fill('6.9% - 11%');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(LOAN_MESSAGES.updated)).toBeVisible();
  await expect(card.getByText('6.9% - 11%')).toBeVisible();
  const apply = card.getByRole('link', { name: /^Apply/ });
  await expect(apply).toHaveAttribute('href', 'https://lender.example.com/apply?ref=portal');
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  await screenshot(page, 'loans-client');
  await page.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  await screenshot(page, 'loans-client-phone');
  await page.setViewportSize(DESKTOP);
  const loanId = await loanIdOf(page, title);

  // A second client does not see the offer while it waits, and the server refuses a direct change.
  await page.context().clearCookies();
  await signedInClient(page, { name: 'Bo Borrower' });
  await page.goto('/term-loan');
  await expect(page.getByRole('heading', { name: 'Credit & Loans Directory', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading loan offers...')).toHaveCount(0);
  await expect(card).toHaveCount(0);
  // Sent from the page itself (its session cookie, its origin): page.request would go through the
  // context's client-IP proxy as a CONNECT tunnel, which that proxy refuses with a bare 403.
  const direct = (method: string, json?: unknown) =>
    page.evaluate(
      async ({ url, method, json }) => {
        const res = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json' },
          body: json === undefined ? undefined : JSON.stringify(json),
        });
        return { status: res.status, error: ((await res.json()) as { error?: string }).error };
      },
      { url: `/api/loans/${loanId}`, method, json },
    );
  expect(await direct('PATCH', { title: 'Taken over' })).toEqual({ status: 404, error: LOAN_MESSAGES.notFound });
  expect(await direct('DELETE')).toEqual({ status: 404, error: LOAN_MESSAGES.notFound });
  await page.reload();
  await expectSignedIn(page);
  await expect(card).toHaveCount(0);

  // The author deletes it, after confirming.
  await page.context().clearCookies();
  await signIn(page, author.email, author.password);
  await page.goto('/term-loan');
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this loan offer?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(LOAN_MESSAGES.deleted)).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a client's offer waits for review; the admin approves it in the queue; another client then sees it", async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const title = `Northwind Line of Credit ${tag}`;
  await signedInClient(page, { name: 'Petra Poster' });
  await page.goto('/term-loan');
  await page.getByRole('button', { name: 'Add Loan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Loan' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('APR Range').fill('10% - 18%');
  await dialog.getByLabel('Apply URL').fill('https://northwind.example.com/apply');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await expect(card.getByText('Only you and our staff see this offer until staff approve it.')).toBeVisible();
  await screenshot(page, 'loans-waiting');
  await page.setViewportSize(PHONE);
  await expect(card.getByText('Waiting for review')).toBeVisible();
  await screenshot(page, 'loans-waiting-phone');
  await page.setViewportSize(DESKTOP);

  // The admin finds it under Waiting for review and approves it.
  await page.context().clearCookies();
  await signedInAdmin(page);
  await page.goto('/term-loan');
  await page.getByRole('group', { name: 'Offers to show' }).getByRole('button', { name: 'Waiting for review' }).click();
  await expect(page).toHaveURL(/review=pending/);
  await expect(card.getByText('Added by Petra Poster')).toBeVisible();
  await expect(card.getByRole('button', { name: `Reject ${title}` })).toBeVisible();
  await expectAccessible(page, 'main');
  await screenshot(page, 'loans-admin-queue');
  await page.setViewportSize(PHONE);
  await expect(card.getByRole('button', { name: `Approve ${title}` })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await screenshot(page, 'loans-admin-queue-phone');
  await page.setViewportSize(DESKTOP);
  await card.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(page.getByText(LOAN_MESSAGES.approved)).toBeVisible();
  // Approved offers leave the queue.
  await expect(card).toHaveCount(0);

  // Another client now sees it, without edit or delete, and reads only that a member added it.
  await page.context().clearCookies();
  await signedInClient(page, { name: 'Quinn Quester' });
  await page.goto('/term-loan');
  await expect(card.getByText('10% - 18%')).toBeVisible();
  await expect(card.getByRole('link', { name: /^Apply/ })).toHaveAttribute(
    'href',
    'https://northwind.example.com/apply',
  );
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card.getByText('Added by a member')).toBeVisible();
  await expect(card.getByText('Waiting for review')).toHaveCount(0);
  await expect(page.getByText('Petra Poster')).toHaveCount(0);
});

test("an admin edits and deletes a client's offer; staff offers are marked", async ({ page }) => {
  const tag = Date.now().toString(36);
  const title = `Client Equipment Loan ${tag}`;
  const staffTitle = `Partner SBA 7(a) ${tag}`;
  await signedInClient(page, { name: 'Cleo Client' });
  await addLoanByApi(page, { title, aprRange: '9% - 15%', applyUrl: 'https://equipment.example.com' });

  await page.context().clearCookies();
  await signedInAdmin(page);
  await page.goto('/term-loan');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Added by Cleo Client')).toBeVisible();
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Loan' });
  await edit.getByLabel('Term Length').fill('24 months');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('24 months')).toBeVisible();

  // The admin's own offer carries the staff mark.
  await page.getByRole('button', { name: 'Add Loan' }).click();
  const add = page.getByRole('dialog', { name: 'Add Loan' });
  await add.getByLabel('Title').fill(staffTitle);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  const staffCard = page.getByRole('article', { name: staffTitle });
  await expect(staffCard.getByText('Added by staff')).toBeVisible();
  // No address, no Apply link.
  await expect(staffCard.getByRole('link')).toHaveCount(0);
  await screenshot(page, 'loans-admin');

  for (const name of [title, staffTitle]) {
    const c = page.getByRole('article', { name });
    await c.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this loan offer?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(c).toHaveCount(0);
  }
});

test('the Merchant Account page shows the demonstration figures', async ({ page }) => {
  await signedInClient(page);
  await page.goto('/merchant');
  await expect(page.getByRole('heading', { name: 'Merchant Account', level: 1 })).toBeVisible();
  await expect(page.getByText('Demonstration: sample figures, not your account')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Daily T+2')).toBeVisible();
  await expect(page.getByText('2.9% + $0.30')).toBeVisible();
  await expect(page.getByText('$8,108.75')).toBeVisible();
  const rows = page
    .getByRole('table', { name: 'Recent transactions' })
    .getByRole('row')
    .filter({ hasText: 'Monthly consulting' });
  await expect(rows).toHaveCount(13);
  for (const row of await rows.all()) await expect(row).toContainText('$2,495.00');
  await screenshot(page, 'merchant');
  await page.setViewportSize(PHONE);
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await screenshot(page, 'merchant-phone');
});
