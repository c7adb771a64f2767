import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chooseClient, expect, expectPath, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A calendar day `offset` days from today, 'YYYY-MM-DD'. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function phoneShot(page: Page, name: string, ready: Locator) {
  await page.setViewportSize(PHONE);
  await expect(ready).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** Records a tradeline through the card's (or opening's) Tradeline section. */
async function recordTradeline(scope: Locator, t: { bureaus: string[]; dateOpened: string; lastReported: string }) {
  const section = scope.getByTestId('tradeline-section');
  await section.getByRole('button', { name: 'Edit tradeline' }).click();
  for (const b of t.bureaus) await section.getByLabel(b).check();
  await section.getByLabel('Date opened').fill(t.dateOpened);
  await section.getByLabel('Last reported').fill(t.lastReported);
  await section.getByRole('button', { name: 'Save tradeline' }).click();
  await expect(section.getByRole('button', { name: 'Edit tradeline' })).toBeVisible();
  await expect(section.getByText(t.bureaus.join(', '))).toBeVisible();
}

test('First Step Accounts are for members; a member opens one, records bureaus on a store and a revolving card, and reads the tradeline summary', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  const vendor = `Uline Shipping Supplies ${stamp}`;
  const store = `Staples Business Credit ${stamp}`;
  const revolving = `Capital One Spark Cash ${stamp}`;
  const client = await signedInClient(page, { name: `Tradeline Client ${stamp}` });

  // A non-member sees the original product's notice with the way to join, and the server refuses the list too.
  await page.goto('/first-step-accounts');
  await expect(page.getByRole('heading', { name: 'Members Only Access' })).toBeVisible();
  await expect(page.getByText('First Step Accounts are exclusive to registered members.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See Business Programs' })).toHaveAttribute('href', '/');
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/first-step-accounts');
    return { status: res.status, error: ((await res.json()) as { error: string }).error };
  });
  expect(refused).toEqual({
    status: 403,
    error: 'First Step Accounts are exclusive to registered members. See Business Programs to become a member.',
  });
  await screenshot(page, 'first-step-non-member');
  await phoneShot(page, 'first-step-non-member', page.getByRole('heading', { name: 'Members Only Access' }));

  // The client's store card and revolving credit, through the API.
  const created = await page.evaluate(
    async ({ store, revolving }) => {
      const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
      const post = async (path: string, body: unknown) =>
        (
          await fetch(`/api/clients/${session.user.id}/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status;
      return [
        await post('store-cards', { issuer: store, cardType: 'Net 30' }),
        await post('revolving-credits', { issuer: revolving, cardType: 'Business card' }),
      ];
    },
    { store, revolving },
  );
  expect(created).toEqual([201, 201]);

  // The admin, acting for the client: told they are no member; adds a vendor account.
  await page.context().clearCookies();
  await signedInAdmin(page);
  await page.goto('/first-step-accounts');
  await chooseClient(page, client.name);
  await expect(page.getByText(`${client.name} is not a member`)).toBeVisible();
  await page.getByRole('button', { name: 'Add Vendor Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Vendor Account' });
  // The schema's sentence before anything is sent.
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(dialog.getByText('Enter the vendor.')).toBeVisible();
  await dialog.getByLabel('Vendor').fill(vendor);
  await dialog.getByLabel('What it sells').fill('Shipping boxes, packing tape and warehouse supplies.');
  await dialog.getByLabel('Requirements').fill('EIN, D-U-N-S number, business address and phone listed with 411.');
  await dialog.getByLabel('Dun & Bradstreet').check();
  await dialog.getByLabel('Experian Business').check();
  await dialog.getByLabel('Application URL').fill('https://www.uline.example/net-30/apply?ref=portal');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText('Account added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const adminCard = page.getByRole('article', { name: vendor });
  await expect(adminCard.getByText('Dun & Bradstreet')).toBeVisible();
  await expect(adminCard.getByRole('button', { name: `Edit ${vendor}` })).toBeVisible();
  await expect(adminCard.getByRole('button', { name: `Delete ${vendor}` })).toBeVisible();
  await screenshot(page, 'first-step-admin');

  // Membership on, from the Clients list.
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/clients"]').click();
  await page.getByLabel('Search clients').fill(client.email);
  const toggle = page.getByRole('switch', { name: `Paid membership for ${client.name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectPath(page, '/clients');

  // The member: the account with its application link; marks it opened a month ago.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/first-step-accounts');
  const card = page.getByRole('article', { name: vendor });
  await expect(card.getByText('Shipping boxes, packing tape')).toBeVisible();
  const apply = card.getByRole('link', { name: `Apply at ${vendor} (opens in a new tab)` });
  await expect(apply).toHaveAttribute('href', 'https://www.uline.example/net-30/apply?ref=portal');
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', /noopener/);
  await expect(card.getByRole('button', { name: `Edit ${vendor}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Mark as opened for ${vendor}` }).click();
  await card.getByLabel('Date opened').fill(day(-30));
  await card.getByRole('button', { name: 'Mark as opened', exact: true }).click();
  await expect(page.getByText(`${vendor} marked as opened.`)).toBeVisible();
  await expect(card.getByText(/Opened on /)).toBeVisible();
  // Its tradeline carries the vendor's bureaus.
  await expect(card.getByTestId('tradeline-section').getByText('Dun & Bradstreet, Experian Business')).toBeVisible();
  await screenshot(page, 'first-step-member');
  await phoneShot(page, 'first-step-member', card.getByText(/Opened on /));

  // The store card reports to D&B and Equifax, last reported 10 days ago.
  await page.goto('/store-credit');
  await recordTradeline(page.getByRole('article', { name: store }), {
    bureaus: ['Dun & Bradstreet', 'Equifax Business'],
    dateOpened: day(-100),
    lastReported: day(-10),
  });

  // Three tradelines, two of them reporting to D&B so far (the revolving credit has no bureaus yet): the summary asks for a third.
  await page.goto('/dnb');
  const summary = page.getByRole('region', { name: 'Tradelines' });
  await expect(summary.getByTestId('tradelines-total')).toHaveText('3 tradelines in all.');
  await expect(summary.getByTestId('tradelines-needed')).toContainText('1 tradeline does not report to any bureau yet');
  await expect(summary.getByTestId('tradelines-needed')).toContainText(
    'PAYDEX needs at least 3 trade experiences reported to Dun & Bradstreet: you have 2.',
  );

  // The revolving credit: D&B, last reported 60 days ago, so it is stale.
  await page.goto('/revolving-credit');
  const revolvingCard = page.getByRole('article', { name: revolving });
  await recordTradeline(revolvingCard, {
    bureaus: ['Dun & Bradstreet'],
    dateOpened: day(-120),
    lastReported: day(-60),
  });
  await expect(revolvingCard.getByText(/Stale: not reported for 60 days/)).toBeVisible();

  // The summary on the CapitalScore page: counts per bureau, the stale one, what is needed, links.
  await page.goto('/dnb');
  await expect(summary.getByTestId('tradelines-total')).toHaveText('3 tradelines in all.');
  await expect(summary.getByTestId('bureau-dnb')).toContainText('3');
  await expect(summary.getByTestId('bureau-experian')).toContainText('1');
  await expect(summary.getByTestId('bureau-equifax')).toContainText('1');
  await expect(summary.getByTestId('stale-tradelines')).toContainText(
    `${revolving} Business card (Revolving Credit): last reported`,
  );
  await expect(summary.getByTestId('stale-tradelines')).not.toContainText(store);
  await expect(summary.getByTestId('tradelines-needed')).not.toContainText('PAYDEX needs');
  await expect(summary.getByTestId('tradelines-needed')).toContainText(
    '1 tradeline has not been reported for more than 45 days',
  );
  for (const [name, href] of [
    ['Store Credit', '/store-credit'],
    ['Revolving Credit', '/revolving-credit'],
    ['First Step Accounts', '/first-step-accounts'],
  ])
    await expect(summary.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await screenshot(page, 'tradelines-summary');
  await phoneShot(page, 'tradelines-summary', summary.getByTestId('bureau-dnb'));
  // The card alone, at both widths (the full page is long).
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await summary.screenshot({
      path: path.join(import.meta.dirname, 'screenshots', `tradelines-card-${size.width}.png`),
      animations: 'disabled',
    });
  }
  await page.setViewportSize(DESKTOP);

  // Undo the opening (confirmed): the summary counts two again.
  await page.goto('/first-step-accounts');
  await card.getByRole('button', { name: `Undo opened ${vendor}` }).click();
  await page
    .getByRole('dialog', { name: 'Undo opened account?' })
    .getByRole('button', { name: 'Undo', exact: true })
    .click();
  await expect(card.getByRole('button', { name: `Mark as opened for ${vendor}` })).toBeVisible();
  await page.goto('/dnb');
  await expect(summary.getByTestId('tradelines-total')).toHaveText('2 tradelines in all.');
});
