import { expect, screenshot, signedInClient, test } from './fixtures';

// A failed load whose answer carries a request id (a 500 from the server) shows it, so the user
// can quote it to support; the id here is the stub's own.
test('a list that fails with a 500 shows the request id to quote', async ({ page }) => {
  await signedInClient(page);
  await page.route('**/api/clients/*/bank-accounts?*', (route) =>
    route.fulfill({
      status: 500,
      json: {
        error:
          'Something went wrong on our side. Please try again, and quote request id e2e-req-4242 if you contact support.',
        requestId: 'e2e-req-4242',
      },
    }),
  );
  await page.goto('/bank');
  const alert = page.getByText('Could not load the bank accounts.');
  await expect(alert).toBeVisible();
  await expect(page.getByText('If you contact support, quote request id e2e-req-4242.')).toBeVisible();
  await screenshot(page, 'request-id-list-error');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('If you contact support, quote request id e2e-req-4242.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'request-id-list-error-phone');
});

test('a page and a document section that fail with a 500 show the request id once, with Retry', async ({ page }) => {
  await signedInClient(page);
  const fail = (id: string) => ({
    status: 500,
    json: {
      error: `Something went wrong on our side. Please try again, and quote request id ${id} if you contact support.`,
      requestId: id,
    },
  });
  await page.route('**/api/clients/*/fundability', (route) => route.fulfill(fail('e2e-req-fund')));
  await page.goto('/fundability');
  await expect(page.getByText('Could not load the fundability check.')).toBeVisible();
  await expect(page.getByText('If you contact support, quote request id e2e-req-fund.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();

  await page.route('**/api/clients/*/documents?type=Standard_Corporate*', (route) =>
    route.fulfill(fail('e2e-req-docs')),
  );
  await page.goto('/documents');
  const corporate = page.getByRole('region', { name: 'Standard Corporate', exact: true });
  await expect(corporate.getByRole('alert')).toHaveText(
    /^Could not load the documents\.If you contact support, quote request id e2e-req-docs\.Retry$/,
  );
  await expect(corporate.getByText(/e2e-req-docs/)).toHaveCount(1);
});
