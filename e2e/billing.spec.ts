import { chooseClient, expect, expectAccessible, screenshot, signIn, test as base } from './fixtures';
import { DEMO_START_TIMEOUT_MS, startDemoPortal } from './support/demo-portal';
import { startMailServer, type MailServer } from './support/mail-server';
import { startStripeStandin, type StripeStandin } from '../src/server/test/stripe-standin';

const WEBHOOK_SECRET = 'whsec_e2e_portal';
const PHONE = { width: 390, height: 844 };

/**
 * A portal of this spec's own with card payments on: its Stripe calls go to a local stand-in whose
 * checkout page sends the signed webhook to the portal and comes back, as Stripe's does. The shared
 * portal keeps today's e-mailed request (programs.spec.ts).
 */
const test = base.extend<
  object,
  { portal: { url: string; client: string; admin: string; stripe: StripeStandin; mail: MailServer } }
>({
  portal: [
    async ({}, use) => {
      const mail = await startMailServer();
      const stripe = await startStripeStandin({ webhookSecret: WEBHOOK_SECRET });
      try {
        const portal = await startDemoPortal('billing', {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stripe.base,
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        });
        stripe.setWebhookUrl(`${portal.url}/api/stripe/webhook`);
        try {
          await use({ url: portal.url, client: portal.passwords.client, admin: portal.passwords.admin, stripe, mail });
        } finally {
          await portal.stop();
        }
      } finally {
        await stripe.close();
        await mail.close();
      }
    },
    { scope: 'worker', timeout: DEMO_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

test('a client signs the agreement, pays through Checkout, comes back to the payment completed and gets the receipt', async ({
  page,
  portal,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'client@demo.local', portal.client);
  await page.goto('/?program=standard#business-programs');
  const section = page.locator('#business-programs');
  const details = section.getByRole('region', { name: 'Standard Business Build-Out Program' });
  await expect(details).toBeVisible();
  // With card payments on there is no note for staff: the agreement comes first.
  await expect(details.getByLabel('Additional Notes (Optional)')).toHaveCount(0);
  await details.getByRole('button', { name: 'Make a Payment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Service Agreement: Standard Business Build-Out Program' });
  await expect(dialog.getByText('Payment 1 of 2: $1,600.00, due on signing')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  // Consent is required.
  await dialog.getByLabel('Type your full name to sign').fill('Demo Client');
  await dialog.getByRole('button', { name: 'Sign agreement' }).click();
  await expect(dialog.getByText('Please tick the box to agree.')).toBeVisible();
  await dialog.getByLabel('I have read this agreement and agree to sign it electronically.').check();
  await dialog.getByRole('button', { name: 'Sign agreement' }).click();
  await expect(dialog.getByText(/Signed by Demo Client on/)).toBeVisible();
  await expect(dialog.getByText(/SHA-256: [0-9a-f]{64}/)).toBeVisible();
  await screenshot(page, 'billing-agreement-signed');

  // Stripe's page (the stand-in's): the amount is the program's.
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(
    page.getByRole('heading', { name: 'Pay Standard Business Build-Out Program - payment 1 of 2' }),
  ).toBeVisible();
  await expect(page.locator('#amount')).toHaveText('1600.00 USD');
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the portal: the payment is completed in Payment History, the next instalment due.
  await expect(page.getByText('Thank you. Your payment was received')).toBeVisible();
  const history = section.getByRole('list', { name: 'Payment history' });
  const row = history.getByRole('listitem').filter({ hasText: 'Standard Business Build-Out Program - payment 1 of 2' });
  await expect(row.getByText('completed')).toBeVisible();
  await expect(row.getByText('$1,600.00')).toBeVisible();
  const instalments = section.getByRole('list', { name: 'Program instalments' });
  await expect(instalments.getByRole('listitem').nth(0)).toContainText('Paid');
  await expect(instalments.getByRole('listitem').nth(1)).toContainText('Due');
  await expectAccessible(page);
  await screenshot(page, 'billing-paid');

  // The receipt and the signed agreement, e-mailed.
  await expect
    .poll(() => portal.mail.mailsTo('client@demo.local').map((m) => m.subject), { timeout: 15_000 })
    .toEqual(
      expect.arrayContaining([
        expect.stringContaining('Receipt: Standard Business Build-Out Program - payment 1 of 2'),
        expect.stringContaining('Your signed service agreement for Standard Business Build-Out Program'),
      ]),
    );

  // The signed agreement on My Account, and the page fits a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/account');
  const agreements = page.getByRole('list', { name: 'Signed agreements' });
  await expect(agreements.getByText('Standard Business Build-Out Program (version 1)')).toBeVisible();
  await expect(agreements.getByRole('link', { name: 'Download the signed PDF' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.goto('/');
  await expect(section.getByRole('list', { name: 'Program instalments' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('a declined card comes back as not completed, and the payment shows failed', async ({ page, portal }) => {
  test.setTimeout(180_000);
  await signIn(page, 'client@demo.local', portal.client);
  await page.goto('/?program=standard#business-programs');
  const section = page.locator('#business-programs');
  await section
    .getByRole('region', { name: 'Standard Business Build-Out Program' })
    .getByRole('button', { name: 'Make a Payment' })
    .click();
  // Signed in the test before (one worker, in order) or now.
  const dialog = page.getByRole('dialog', { name: 'Service Agreement: Standard Business Build-Out Program' });
  const pay = dialog.getByRole('button', { name: 'Continue to payment' });
  const sign = dialog.getByRole('button', { name: 'Sign agreement' });
  await expect(pay.or(sign)).toBeVisible();
  if (await sign.isVisible()) {
    await dialog.getByLabel('Type your full name to sign').fill('Demo Client');
    await dialog.getByLabel('I have read this agreement and agree to sign it electronically.').check();
    await sign.click();
  }
  await pay.click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('The payment was not completed.')).toBeVisible();
  const history = section.getByRole('list', { name: 'Payment history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'failed' }).first()).toBeVisible();
  await expect
    .poll(() => portal.mail.mailsTo('client@demo.local').some((m) => m.subject.includes('Payment failed')), {
      timeout: 15_000,
    })
    .toBe(true);
});

test('an administrator edits the agreement as a new version, reads the revenue, and refunds the card payment', async ({
  page,
  portal,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin@demo.local', portal.admin);
  await page.goto('/');
  await page.getByRole('link', { name: 'Service agreements' }).click();
  await expect(page.getByRole('heading', { name: 'Service agreements', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current version 1' })).toBeVisible();
  const revenue = page.getByRole('table');
  await expect(revenue.getByRole('row', { name: /Standard Business Build-Out Program/ })).toContainText('$1,600.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'New version...' }).click();
  const body = page.getByLabel('Agreement text (Markdown)');
  await body.fill('# Our agreement\n\nFor {{client_name}}:\n\n{{fee_schedule}}');
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page.getByRole('heading', { name: 'Current version 2' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Agreement versions' }).getByRole('listitem')).toHaveCount(2);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The client's page: the signed agreement, and a refund of the paid instalment through Stripe.
  await page.goto('/account');
  await chooseClient(page, 'Maya Thompson');
  await expect(page.getByRole('list', { name: 'Signed agreements' })).toContainText('Signed by Demo Client');
  const instalments = page.getByRole('list', { name: 'Program instalments' });
  await instalments.getByRole('button', { name: 'Refund: payment 1 of 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this payment through Stripe?' });
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(confirm).toBeHidden();
  await expect(instalments.getByRole('listitem').first()).toContainText('Refunded');
  expect(portal.stripe.refunds.at(-1)).toMatchObject({ amount: 160000 });
});
