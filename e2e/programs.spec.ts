import { expect, mailsTo, screenshot, signedInClient, test } from './fixtures';

const STAFF_EMAIL = 'staff@localhost'; // the app server's default STAFF_EMAIL (e2e/support/app-server.ts sets none)

test('a new client requests the Advanced program and staff receive the request', async ({ page }) => {
  const user = await signedInClient(page);
  const section = page.locator('#business-programs');
  await expect(section.getByRole('heading', { name: 'Business Programs' })).toBeVisible();

  // Payment History: empty, or the signup credit once first-login setup adds it.
  const history = section.getByRole('list', { name: 'Payment history' });
  await expect(section.getByText('No payment history found').or(history)).toBeVisible();
  if (await history.isVisible()) await expect(history.getByRole('listitem').first()).toBeVisible();

  await section.getByLabel('Choose a program').selectOption('advanced');
  const details = section.getByRole('region', { name: 'Advanced Business Build-Out Program' });
  await expect(details).toBeVisible();
  await expect(details.getByText('$1,635/month for 3 months, TOTAL $4,900')).toBeVisible();
  await expect(details.getByText('Monthly Payment')).toBeVisible();
  await expect(details.getByText('Total Program Cost')).toBeVisible();
  await expect(details.getByText('Included Features')).toBeVisible();
  await details.getByLabel('Additional Notes (Optional)').fill('Please call me in the morning.');
  await screenshot(page, 'business-programs-detail');

  await details.getByRole('button', { name: 'Make a Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Submitted!' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(
      "The admin has received your payment request. You'll receive an email with payment instructions shortly.",
    ),
  ).toBeVisible();
  await screenshot(page, 'business-programs-submitted');

  // Staff get the request (other tests mail staff too: find this client's).
  const subject = 'Total Business Build-Out - Payment Request for Advanced Business Build-Out Program';
  await expect
    .poll(
      async () =>
        (await mailsTo(STAFF_EMAIL)).find((m) => m.subject === subject && m.text?.includes(user.email))?.text ?? '',
      { timeout: 15_000 },
    )
    .toContain('Please call me in the morning.');

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  // The card closes after 6 s and the selection clears.
  await expect(details).toBeHidden({ timeout: 8_000 });
  await expect(section.getByLabel('Choose a program')).toHaveValue('');
});

test('a plan link preselects its program, and Cancel hides the card', async ({ page }) => {
  await signedInClient(page);
  await page.goto('/?program=enterprise#business-programs');
  const section = page.locator('#business-programs');
  await expect(section.getByLabel('Choose a program')).toHaveValue('enterprise');
  const details = section.getByRole('region', { name: 'Enterprise Plan Business Build-Out Program' });
  await expect(details.getByText('$3,199/month for 3 months, TOTAL $9,595')).toBeVisible();
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details).toBeHidden();
  // 'Check out our other services': branding points them at this portal's pricing page, so they
  // open in place, without an external-link icon or a new tab.
  const services = section.getByRole('region', { name: 'Check out our other services' }).getByRole('link');
  await expect(services).toHaveText([
    'Do It Yourself',
    'Business Tradelines',
    'Social Media Automations',
    'Credit Accelerator Program',
  ]);
  for (const link of await services.all()) {
    await expect(link).toHaveAttribute('href', '/legal/pricing');
    await expect(link).not.toHaveAttribute('target');
    await expect(link.locator('svg')).toHaveCount(0);
  }
  await section.getByRole('link', { name: 'Business Tradelines' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing and Fees' })).toBeVisible();
  expect(page.context().pages()).toHaveLength(1);
  await page.goBack();
  await expect(section.getByRole('heading', { name: 'Business Programs' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'business-programs-mobile');
});
