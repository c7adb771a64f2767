import { expect, mailsTo, screenshot, signedInAdmin, test } from './fixtures';

// No STAFF_EMAIL in the e2e server's environment: staff mail goes to the default address.
const STAFF = 'staff@localhost';

test('an admin gets no client set-up; My Account shows their own account, then acting for a client explicitly', async ({
  page,
}) => {
  const setupCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/me/setup') setupCalls.push(req.method());
  });
  const admin = await signedInAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Formation' })).toBeVisible();

  // Set-up is for clients only: the web does not ask, and the server adds nothing when asked.
  expect(setupCalls).toEqual([]);
  const own = await page.evaluate(async () => {
    const { user } = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const setup = await fetch('/api/me/setup', { method: 'POST' });
    const payments = (await (await fetch(`/api/clients/${user.id}/payments`)).json()) as { items: unknown[] };
    return { setup: setup.status, payments: payments.items.length };
  });
  expect(own).toEqual({ setup: 200, payments: 0 }); // no $125 sign-up credit
  expect((await mailsTo(STAFF)).some((m) => m.subject.includes(`New client signed up: ${admin.name}`))).toBe(false);

  // My Account: the admin's own name, e-mail and Security Settings, reachable without ?client=.
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/account"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page).not.toHaveURL(/client=/);
  const mine = page
    .getByRole('heading', { name: 'Your Account' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await expect(mine.getByText(admin.email, { exact: true })).toBeVisible();
  await expect(mine.getByText('Administrator', { exact: true })).toBeVisible();
  const acting = page.getByRole('region', { name: 'Acting for client' });
  const changePassword = page.getByRole('button', { name: 'Change Password' });
  // The spec keeps Change Password disabled for admins, and says where to change it instead.
  await expect(changePassword.first()).toBeDisabled();
  await expect(
    page.getByText(
      'Administrators cannot change their password here. To choose a new one, use Forgot password? on the Sign In page.',
    ),
  ).toBeVisible();

  // Acting for a client is its own, labelled section with the client selector; the admin's own panels are outside it.
  await expect(acting).toBeVisible();
  await expect(acting.getByRole('heading', { name: 'Acting for client' })).toBeVisible();
  await expect(acting.getByText('Choose a client to see and change their profile')).toBeVisible();
  await expect(acting.getByRole('heading', { name: 'Your Account' })).toHaveCount(0);
  await expect(page.getByText('Activity on your account')).toHaveCount(0);
  await screenshot(page, 'account-admin-own');
});
