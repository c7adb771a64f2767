import { expect, expectAccessible, signedInClient, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test('a client turns on the calendar feed in My Account, reads it, and a new address retires the old one', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A calendar app's request: no cookie, straight to the portal from Node (Playwright's API request
  // contexts go through the pages' client-address proxy by CONNECT, which it refuses).
  const calendarApp = { get: (url: string) => fetch(url) };
  await signedInClient(page);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Add to calendar' });
  await expect(card.getByText('Your calendar feed is off.')).toBeVisible();
  await card.getByRole('button', { name: 'Add to calendar' }).click();

  const address = card.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  // Seen now, so the wait for it to go (before axe) cannot pass before it came: sonner loads with it.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Calendar feed turned on' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy calendar address' })).toBeVisible();
  for (const app of ['Google Calendar', 'Apple Calendar', 'Outlook'])
    await expect(card.getByRole('heading', { name: app })).toBeVisible();
  const first = await address.inputValue();

  // The feed holds the new client's set-up tasks, each with its due date.
  const feed = await calendarApp.get(first);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain('SUMMARY:Task due: Download Your Free Guide');

  // The toast fades (its contrast mid-animation is not the page's): checked once it has gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page);

  // A new address, after confirming: the old one answers 404.
  await card.getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a new calendar address?' });
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Make a new address' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await calendarApp.get(first)).status).toBe(404);
  expect((await calendarApp.get(second)).status).toBe(200);

  // On a phone the card fits the width.
  await page.setViewportSize(PHONE);
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Later visits say the feed is on without showing the address; turning it off retires it.
  await page.reload();
  await expect(card.getByText(/Your calendar feed is on/)).toBeVisible();
  await expect(address).toHaveCount(0);
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off the calendar feed?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await expect(card.getByText('Your calendar feed is off.')).toBeVisible();
  expect((await calendarApp.get(second)).status).toBe(404);
});
