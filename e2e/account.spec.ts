import {
  chooseClient,
  clientSelector,
  expect,
  expectPath,
  screenshot,
  signIn,
  signedInAdmin,
  signedInClient,
  test,
} from './fixtures';

test('My Account lists who viewed or changed the client’s data', async ({ page }) => {
  await signedInClient(page);
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/account"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Manage your account preferences and settings')).toBeVisible();
  await expect(page.getByText('Activity on your account')).toBeVisible();
  await expect(page.getByText('No activity yet. Nobody has viewed or changed your data.')).toBeVisible();

  // The profile form arrives with the My Account issue; until then, the same API calls it will make.
  const revealed = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const base = `/api/clients/${session.user.id}/profile`;
    const json = { 'content-type': 'application/json' };
    await fetch(base, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ businessName: 'E2E Co', ownerSsn: '222-33-4444', agreement: 'I AGREE' }),
    });
    const listed = (await (await fetch(base)).json()) as { profile: { ownerSsnMasked: string } };
    const reveal = (await (await fetch(`${base}/reveal/ssn`, { method: 'POST' })).json()) as { value: string };
    return { masked: listed.profile.ownerSsnMasked, value: reveal.value };
  });
  expect(revealed).toEqual({ masked: '•••• 4444', value: '222-33-4444' });

  await page.reload();
  await expect(page.getByText('You viewed the SSN on your business owner profile')).toBeVisible();
  await screenshot(page, 'account-activity');
});

test('a client completes the profile, reveals the SSN, keeps a preference and changes the password; the admin edits the profile', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Morgan Owner ${Date.now().toString(36)}`;
  const user = await signedInClient(page, { name });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Client', { exact: true })).toHaveCount(0); // no selector for clients

  // Business Owner Profile Information
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect(field('Business Name')).toBeVisible();
  await field('Business Name').fill('Morgan Ventures');
  await field('Business Website').fill('https://morgan.example');
  await field('Owner First Name').fill('Morgan');
  await field('Owner Last Name').fill('Owner');
  await field('Social Security Number (SSN)').fill('123-45-6789');
  await field('Date of Birth').fill('January 1st 1980');
  await expect(page.getByText('January 1st 1980', { exact: true })).toBeVisible(); // the DOB hint
  await field('State of Formation').selectOption('Delaware');
  await expect(
    page.getByText('Secretary of State formation fees above $500 are invoiced as an additional charge.'),
  ).toBeVisible();
  await field('Business Structure').selectOption({ label: 'Limited Liability Company' });
  await expect(page.getByText('Personal assets protected from business liabilities')).toBeVisible();
  // EIN: a wrong shape is named in words; 9 digits are formatted NN-NNNNNNN.
  await field('EIN (optional)').fill('12-345');
  await field('Business Phone (optional)').fill('(302) 555-0111');
  await field('Forward Phone').fill('(302) 555-0112');
  await field('Business Address (optional)').fill('1 Main St, Dover, DE 19901');
  await field('Owner Home Address').fill('2 Home Rd, Dover, DE 19901');
  await field('Business Email').fill('hello@morgan.example');
  await field('Forward Email').fill('morgan@example.com');

  // Owner type: multiple raises the count to 2; non-numeric becomes 1; sole hides the count.
  await page.getByLabel('Multiple owners').check();
  await expect(field('Number of Owners')).toHaveValue('2');
  await expect(page.getByText('Please enter 2 or more for multiple owners.')).toBeVisible();
  await field('Number of Owners').fill('abc');
  await field('Number of Owners').blur();
  await expect(field('Number of Owners')).toHaveValue('1');
  await page.getByLabel('Sole owner').check();
  await expect(field('Number of Owners')).toHaveCount(0);

  // I AGREE: Save disabled until it matches; the message clears on typing.
  const save = page.getByRole('button', { name: 'Save Profile' });
  await expect(save).toBeDisabled();
  const agree = field('Type "I AGREE" to confirm');
  await agree.fill('I agreed');
  await agree.blur();
  await expect(page.getByText('You must type "I AGREE" exactly to proceed')).toBeVisible();
  await agree.fill('i agree');
  await expect(page.getByText('You must type "I AGREE" exactly to proceed')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Please enter the EIN as NN-NNNNNNN')).toBeVisible();
  await field('EIN (optional)').fill('987654321');
  await expect(page.getByText('Please enter the EIN as NN-NNNNNNN')).toHaveCount(0);

  // Slow the save a little so 'Saving...' can be seen.
  await page.route('**/api/clients/*/profile', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await save.click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByText('Profile saved. Your My Account section is complete!')).toBeVisible();
  await page.unroute('**/api/clients/*/profile');

  // SSN and DOB come back masked; Reveal shows the clear value until hidden.
  const ssn = field('Social Security Number (SSN)');
  await expect(ssn).toHaveValue('•••• 6789');
  await page.getByRole('button', { name: 'Reveal Social Security Number (SSN)' }).click();
  await expect(ssn).toHaveValue('123-45-6789');
  await page.getByRole('button', { name: 'Hide Social Security Number (SSN)' }).click();
  await expect(ssn).toHaveValue('•••• 6789');
  await expect(field('Date of Birth')).toHaveValue('••••');
  const ein = field('EIN (optional)');
  await expect(ein).toHaveValue('•••• 4321');
  await page.getByRole('button', { name: 'Reveal EIN (optional)' }).click();
  await expect(ein).toHaveValue('98-7654321');
  await page.getByRole('button', { name: 'Hide EIN (optional)' }).click();
  await expect(ein).toHaveValue('•••• 4321');

  // Notification Preferences persist.
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await expect(push).toBeChecked();
  await push.click();
  await expect(push).not.toBeChecked();
  await expect(push).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  // The weekly digest: on by default, its own switch.
  const digest = page.getByRole('switch', { name: 'Weekly digest e-mail' });
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(digest).not.toBeChecked();
  await expect(digest).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly digest e-mail' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();

  // Security Settings and the Change Password modal.
  await expect(page.getByText('Password unchanged')).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const submit = dialog.getByRole('button', { name: 'Update Password' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('New Password', { exact: true }).fill('short');
  await expect(dialog.getByText('Minimum 6 characters')).toBeVisible();
  await dialog.getByLabel('New Password', { exact: true }).fill('New-secret-2');
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('New-secret-3');
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('New-secret-2');
  await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Show password' }).first().click();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveAttribute('type', 'text');
  await submit.click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
  await dialog.getByLabel('Current Password', { exact: true }).fill(user.password);
  await submit.click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Last changed /)).toBeVisible();
  await screenshot(page, 'account-client');

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expectPath(page, '/signin');
  await signIn(page, user.email, 'New-secret-2');

  // The admin picks that client and edits the business name.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expectPath(page, '/signin');
  await signedInAdmin(page);
  await page.goto('/account');
  await expect(clientSelector(page)).toBeVisible();
  await chooseClient(page, name);
  await expect(page).toHaveURL(/\?client=/);
  await expect(field('Business Name')).toHaveValue('Morgan Ventures');
  await expect(page.getByText('Activity on your account')).toHaveCount(0);
  // The client's panels sit in the admin's 'Acting for client' section (the admin's own Security Settings are above it).
  await expect(
    page.getByRole('region', { name: 'Acting for client' }).getByRole('button', { name: 'Change Password' }),
  ).toBeDisabled();
  await field('Business Name').fill('Morgan Ventures LLC');
  await field('Type "I AGREE" to confirm').fill('I AGREE');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(clientSelector(page)).toHaveValue(name);
  await expect(field('Business Name')).toHaveValue('Morgan Ventures LLC');
  await screenshot(page, 'account-admin');
});

test('the profile form at phone width, with the EIN stored', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInClient(page);
  await page.goto('/account');
  // The EIN stored beforehand, so the masked value with Reveal and Change shows.
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${session.user.id}/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessName: 'Phone Width LLC', ein: '12-3456789', agreement: 'I AGREE' }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await expect(page.getByLabel('EIN (optional)', { exact: true })).toHaveValue('•••• 6789');
  await expect(page.getByRole('button', { name: 'Change EIN (optional)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'account-profile-mobile');
});
