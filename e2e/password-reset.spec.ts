import {
  expect,
  expectPath,
  latestMailTo,
  linkFrom,
  mailsTo,
  screenshot,
  signIn,
  signInForm,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './fixtures';
import { nextClientIp, startClientIpProxy } from './support/client-ip-proxy';
import { ENV, fromEnv } from './support/env';

test('forgot password: the mailed link sets a new password once', async ({ page }) => {
  const user = await signUpAndVerify(page);
  const newPassword = 'Brand-new-pass-2';

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forget');
  await expect(page.getByRole('heading', { level: 1, name: 'Forget Password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email Sent Successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('x-psw-email'))).toBe(user.email);

  const mail = await latestMailTo(user.email, { atLeast: 2 });
  expect(mail.subject).toBe('Total Business Build-Out - Reset your password');
  const link = linkFrom(mail);
  await page.goto(link);
  await expectPath(page, '/update-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Update Password' })).toBeVisible();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(user.email);
  await expect(email).not.toBeEditable();

  // The form states the minimum length; a short password is refused in words, inline and as a toast.
  await expect(page.getByText('At least 6 characters.')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 6 characters' }).first(),
  ).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(2); // inline and the toast
  await expect(page.getByText(/PASSWORD.TOO.SHORT|Password too short/i)).toHaveCount(0);

  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await expectPath(page, '/update-password');

  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password successfully changed')).toBeVisible();
  await expectPath(page, '/signin');

  // The link worked once: opened again it explains instead of showing the form.
  await page.goto(link);
  await expectPath(page, '/update-password');
  await expect(page.getByRole('alert')).toContainText(/invalid|already been used|expired/i);
  await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);

  await page.goto('/signin');
  const form = signInForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectPath(page, '/signin');

  await signIn(page, user.email, newPassword);
});

test('forgot password answers the same for an unknown e-mail, and sends nothing', async ({ page }) => {
  const email = uniqueEmail('unknown');
  await page.goto('/forget');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email Sent Successfully')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await mailsTo(email)).toEqual([]);
});

test('forgot password wants a valid e-mail address', async ({ page }) => {
  await page.goto('/forget');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Send Email' }).click();
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await expect(page.getByText('Email Sent Successfully')).toHaveCount(0);
});

test('update password without a link says where to get one', async ({ page }) => {
  await page.goto('/update-password');
  await expect(page.getByText('Open the link from your password reset email to choose a new password.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expectPath(page, '/forget');
});

test('a reset link opened in another browser shows the account e-mail from the link', async ({
  page,
  browser,
}, testInfo) => {
  const user = await signUpAndVerify(page);
  await page.goto('/forget');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email Sent Successfully')).toBeVisible();
  const link = linkFrom(await latestMailTo(user.email, { atLeast: 2 }));

  // Another browser: nothing stored from the request above.
  const proxy = await startClientIpProxy(nextClientIp(testInfo.workerIndex));
  const other = await browser.newContext({ baseURL: fromEnv(ENV.baseUrl), proxy: { server: proxy.url } });
  try {
    const fresh = await other.newPage();
    await fresh.goto(link);
    await expectPath(fresh, '/update-password');
    expect(await fresh.evaluate(() => localStorage.getItem('x-psw-email'))).toBeNull();
    const email = fresh.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue(user.email);
    await expect(email).not.toBeEditable();
    await screenshot(fresh, 'update-password-other-browser');

    await fresh.getByLabel('New Password', { exact: true }).fill('Other-browser-3');
    await fresh.getByLabel('Confirm Password', { exact: true }).fill('Other-browser-3');
    await fresh.getByRole('button', { name: 'Update Password' }).click();
    await expect(fresh.getByText('Password successfully changed')).toBeVisible();
    await expectPath(fresh, '/signin');
  } finally {
    await other.close();
    await proxy.close();
  }
  await signIn(page, user.email, 'Other-browser-3');
});
