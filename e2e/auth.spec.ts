import {
  expect,
  expectPath,
  latestMailTo,
  linkFrom,
  newUser,
  openVerificationLink,
  screenshot,
  signIn,
  signInForm,
  signUp,
  signUpAndVerify,
  signedInClient,
  test,
  waitForMails,
} from './fixtures';

test.describe('sign up', () => {
  test('asks for every field', async ({ page }) => {
    // Reduced motion shows the typing headline whole, for the screenshot.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up', exact: true })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every success story starts with a decision. Make yours now!' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up with Google' })).toBeVisible();
    await screenshot(page, 'sign-up');

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('visible-secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('');

    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Name, Email, Password and Phone are all required');
    await expectPath(page, '/signup');
  });

  test('confirms by e-mail, and the link verifies the address', async ({ page }) => {
    const user = newUser({ name: 'Avery Applicant' });
    await signUp(page, user);

    const mail = await latestMailTo(user.email);
    expect(mail.subject).toBe('Total Business Build-Out - Verify your email');
    expect(mail.text).toContain('Hello Avery Applicant,');
    expect(linkFrom(mail)).toContain('/api/auth/verify-email?token=');

    await openVerificationLink(page, user.email);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In', exact: true })).toBeVisible();
  });

  test('the form has a link to Sign In', async ({ page }) => {
    await page.goto('/signup');
    await page.getByText('Already have an account?').getByRole('link', { name: 'Sign In', exact: true }).click();
    await expectPath(page, '/signin');
  });
});

test.describe('sign in', () => {
  test('asks for e-mail and password', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forget');
    await screenshot(page, 'sign-in');

    const form = signInForm(page);
    await form.submit.click();
    await expect(page.getByRole('alert')).toHaveText('email and password are required');
    await form.email.fill('someone@example.com');
    await form.submit.click();
    await expect(page.getByRole('alert')).toHaveText('email and password are required');
  });

  test('before verifying: explains, and resends the confirmation mail', async ({ page }) => {
    const user = newUser();
    await signUp(page, user);
    await waitForMails(user.email, 1);

    await page.goto('/signin');
    const form = signInForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(
      page.getByText(
        `Please verify your email address before signing in. Open the confirmation link we sent to ${user.email}.`,
      ),
    ).toBeVisible();
    await expectPath(page, '/signin');

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(`A new confirmation email was sent to ${user.email}.`)).toBeVisible();
    await waitForMails(user.email, 2);

    await openVerificationLink(page, user.email, { atLeast: 2 });
    await signIn(page, user.email, user.password);
  });

  test('wrong password and unknown e-mail are refused alike', async ({ page }) => {
    const user = await signUpAndVerify(page);
    const form = signInForm(page);
    await form.email.fill(user.email);
    await form.password.fill('not-the-password');
    await form.submit.click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toBeVisible();
    const message = (await refusal.textContent())?.trim();
    expect(message).toBeTruthy();
    await expectPath(page, '/signin');

    await form.email.fill(`nobody.${Date.now()}@example.com`);
    await form.submit.click();
    await expect(page.getByRole('alert')).toHaveText(message!);
    await expectPath(page, '/signin');
  });

  test('lands on / inside the shell', async ({ page }) => {
    const user = await signedInClient(page, { name: 'Shell Sam' });
    await expect(page.getByRole('heading', { level: 1, name: 'Business Formation' })).toBeVisible();
    await expect(page.getByText('TOTAL BUSINESS BUILD-OUT', { exact: true })).toBeVisible();
    // The sidebar header names who is signed in.
    await expect(page.getByText(user.email).first()).toBeVisible();
  });
});

test.describe('guards and sign out', () => {
  test('a signed-out visitor to a protected page is sent to /signin', async ({ page }) => {
    for (const path of ['/', '/bank', '/account', '/clients']) {
      await page.goto(path);
      await expectPath(page, '/signin');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign In', exact: true })).toBeVisible();
    }
  });

  test('a signed-in user is kept out of guest pages, unknown paths go home, Sign Out ends the session', async ({
    page,
  }) => {
    await signedInClient(page);
    for (const path of ['/signin', '/signup', '/forget']) {
      await page.goto(path);
      await expectPath(page, '/');
    }
    await page.goto('/nope');
    await expectPath(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Formation' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectPath(page, '/signin');
    await page.goto('/');
    await expectPath(page, '/signin');
  });
});

test.describe('errors carried in the URL', () => {
  // Anyone can send a link to /signin?error=...: only the sentences of known codes are shown.
  const GENERIC = 'Something went wrong. Please try again.';
  const evil = '<script>window.__evil = 1</script>Evil text: your account is locked, call 555-0199';

  test('/signin shows a known code as its sentence and any other text as one generic sentence', async ({ page }) => {
    await page.goto(`/signin?error=${encodeURIComponent(evil)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(GENERIC);
    await expect(page.getByText('Evil text', { exact: false })).toHaveCount(0);
    expect(await page.locator('body').innerText()).not.toContain('555-0199');
    expect(await page.evaluate(() => (window as unknown as { __evil?: number }).__evil)).toBeUndefined();

    // A verification link that expired comes back as ?verified=1&error=TOKEN_EXPIRED.
    await page.goto('/signin?verified=1&error=TOKEN_EXPIRED');
    await expect(page.getByRole('alert')).toHaveText('This link has expired. Please request a new one.');
    // Names of the table's own machinery are not codes either.
    for (const code of ['constructor', '__proto__', 'toString']) {
      await page.goto(`/signin?error=${code}`);
      await expect(page.getByRole('alert')).toHaveText(GENERIC);
    }
  });

  test('/update-password does the same', async ({ page }) => {
    await page.goto(`/update-password?token=abc&error=${encodeURIComponent(evil)}`);
    await expect(page.getByRole('alert')).toHaveText(GENERIC);
    await expect(page.getByText('Evil text', { exact: false })).toHaveCount(0);
    await page.goto('/update-password?error=INVALID_TOKEN');
    await expect(page.getByRole('alert')).toHaveText('This link is invalid or has already been used.');
  });

  test("the Google return page shows the known code's sentence, the provider's description only as plain text, and carries only the code to Sign In", async ({
    page,
  }) => {
    await page.goto(
      `/signup/v/user/grant?error=${encodeURIComponent(evil)}&error_description=${encodeURIComponent(evil)}`,
    );
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText(GENERIC)).toBeVisible();
    // The description is the provider's words, shown as text: the markup is not parsed, nothing runs.
    await expect(page.getByTestId('provider-error-description')).toHaveText(evil);
    expect(await page.evaluate(() => (window as { __evil?: number }).__evil)).toBeUndefined();
    await page.getByRole('button', { name: 'Return to Login' }).click();
    await expectPath(page, '/signin');
    await expect(page.getByRole('alert')).toHaveText(GENERIC);
    await expect(page.getByText('Evil text', { exact: false })).toHaveCount(0);

    await page.goto(`/signup/v/user/grant#error=access_denied&error_description=${encodeURIComponent(evil)}`);
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('Access was denied by the sign-in provider.')).toBeVisible();
    await expect(page.getByTestId('provider-error-description')).toHaveText(evil);
  });
});
