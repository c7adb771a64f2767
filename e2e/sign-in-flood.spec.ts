import { SIGN_IN_CODE_SENT, SIGN_IN_CODE_WRONG } from '../src/shared/auth-errors';
import {
  expect,
  expectAccessible,
  expectPath,
  expectSignedIn,
  screenshot,
  signInForm,
  signUpAndVerify,
  test,
  waitForMails,
} from './fixtures';
import { postFrom } from './support/post-from';

// Many wrong passwords for one account from many addresses must not lock its owner out: a browser
// that never signed in to it is asked for a code, e-mailed because the password was right.
test('after a flood of wrong passwords, a new browser signs in with the password and the e-mailed code', async ({
  page,
  baseURL,
}) => {
  // 200 failed sign-ins (each hashes a password) take a while on a busy machine.
  test.setTimeout(420_000);
  // The landing half of the page types its headline and fades things in: still, for the axe scan below.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await signUpAndVerify(page);

  // 200 wrong passwords (the account's limit in 15 minutes) from 25 addresses, 8 each: under every per-address limit.
  const net = 1 + Math.floor(Math.random() * 250);
  const statuses: number[] = [];
  const worker = async (w: number) => {
    for (let a = w; a < 25; a += 4) {
      for (let i = 0; i < 8; i++)
        statuses.push(
          await postFrom(`127.201.${net}.${a + 1}`, baseURL!, '/api/auth/sign-in/email', {
            email: user.email,
            password: `guess-${a}-${i}`,
          }),
        );
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  expect(statuses.filter((s) => s !== 401)).toEqual([]);
  expect(statuses).toHaveLength(200);

  const form = signInForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page.getByText(SIGN_IN_CODE_SENT)).toBeVisible({ timeout: 15_000 });
  const codeField = page.getByLabel('Sign-in code');
  await expect(codeField).toBeVisible();
  await expectPath(page, '/signin');

  const mails = await waitForMails(user.email, 2); // the verification mail, then the code
  const mail = mails[mails.length - 1];
  expect(mail.subject).toContain('Your sign-in code');
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'sign-in-code-asked');

  // A wrong code says so and keeps the field; the right one signs in.
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(SIGN_IN_CODE_WRONG);
  await codeField.fill(code!);
  await form.submit.click();
  await expectSignedIn(page);
  await expectPath(page, '/');
});
