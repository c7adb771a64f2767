import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, errors, expect, type Page } from '@playwright/test';
import { nextClientIp, startClientIpProxy } from './support/client-ip-proxy';
import { google, mailsTo, waitForMails, type StoredMail } from './support/control';
import { ADMIN_EMAIL, ENV, fromEnv } from './support/env';
import { postFrom } from './support/post-from';

export { expect, google, mailsTo, waitForMails, type StoredMail };

export type TestUser = { name: string; email: string; phone: string; password: string };

/**
 * Every test gets a fresh browser context (Playwright's default) whose traffic reaches the portal
 * from a loopback address of its own (see support/client-ip-proxy.ts), and the portal's URL as
 * baseURL.
 */
export const test = base.extend<{ clientIp: string }>({
  baseURL: async ({}, use) => use(fromEnv(ENV.baseUrl)),
  clientIp: async ({}, use, testInfo) => use(nextClientIp(testInfo.workerIndex)),
  proxy: async ({ clientIp }, use) => {
    const proxy = await startClientIpProxy(clientIp);
    await use({ server: proxy.url });
    await proxy.close();
  },
});

let sequence = 0;
/** A unique, lower-case address per call (per run, worker and test). */
export function uniqueEmail(prefix = 'client'): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid.toString(36)}.${sequence}@example.com`.toLowerCase();
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    name: 'Casey Client',
    email: uniqueEmail(),
    phone: '(302) 555-0100',
    password: 'Secret-pass-1',
    ...overrides,
  };
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Waits until the page shows `path` (ignoring query and hash). */
export const expectPath = (page: Page, path: string) => expect(page).toHaveURL((url) => url.pathname === path);

/**
 * A sign-in hashes the password (scrypt) and the browser then loads the signed-in app's chunks: on a
 * busy 2-core machine that took longer than the 7 s every other wait gets (e2e-under-load.sh).
 */
export const SIGN_IN_TIMEOUT = 30_000;

/** Waits for the signed-in shell (its Sign Out button) after a sign-in or a reload. */
export const expectSignedIn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible({ timeout: SIGN_IN_TIMEOUT });

/** The newest message to `email` once at least `atLeast` have arrived. */
export async function latestMailTo(email: string, { atLeast = 1 }: { atLeast?: number } = {}): Promise<StoredMail> {
  const mails = await waitForMails(email, atLeast);
  return mails[mails.length - 1];
}

/** The first link in a mail's text that points at the portal. */
export function linkFrom(mail: StoredMail): string {
  const base = fromEnv(ENV.baseUrl);
  const link = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.startsWith(base));
  if (!link) throw new Error(`no portal link in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

/** The sign-in form's e-mail and password fields and its submit button. */
export function signInForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign In', exact: true }),
  };
}

/** Fills /signup and waits for the confirmation message. */
export async function signUp(page: Page, user: TestUser) {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Phone Number').fill(user.phone);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(
    page.getByText(`A confirmation email was sent to ${user.email}. Please verify to complete sign up.`),
  ).toBeVisible();
}

/** Opens the newest verification link sent to `email`; the portal answers with the Sign In page. */
export async function openVerificationLink(page: Page, email: string, { atLeast = 1 } = {}) {
  const mail = await latestMailTo(email, { atLeast });
  expect(mail.subject).toContain('Verify your email');
  await page.goto(linkFrom(mail));
  await expectPath(page, '/signin');
  await expect(page.getByText('Your email is verified')).toBeVisible();
}

/** Signs up through the real form and verifies through the link from the real mail. */
export async function signUpAndVerify(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await signUp(page, user);
  await openVerificationLink(page, user.email);
  return user;
}

/** Signs in through /signin and waits for the shell on /. */
export async function signIn(page: Page, email: string, password: string) {
  if (pathOf(page) !== '/signin') await page.goto('/signin');
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
  await expectSignedIn(page);
  await expectPath(page, '/');
}

/**
 * `count` clients named `${prefix} 001` onwards, signed up through the real API (not verified,
 * not signed in) from addresses of their own (127.<block>.x.1), since sign-up is limited per
 * address, 20 an hour.
 */
export async function signUpClients(baseUrl: string, prefix: string, count: number, block: number) {
  const perAddress = 15;
  const statuses: number[] = [];
  const worker = async (w: number) => {
    for (let i = w; i < count; i += 4) {
      const address = `127.${block}.${Math.floor(i / perAddress) + 1}.1`;
      const body = {
        name: `${prefix} ${String(i + 1).padStart(3, '0')}`,
        email: uniqueEmail('bulk'),
        phone: '(302) 555-0100',
        password: 'Secret-pass-1',
      };
      statuses.push(await postFrom(address, baseUrl, '/api/signup', body));
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  expect(
    statuses.filter((s) => s !== 200),
    'sign-up statuses other than 200',
  ).toEqual([]);
}

/** The signed-in user's id, from the session the page holds. */
export const myId = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );

/** A JSON request from the page (its cookies, as the portal's own calls): the status. */
export const sendFromPage = (page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    async ({ method, path, body }) =>
      (await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
        .status,
    { method, path, body },
  );

/**
 * A new client, signed up, verified through the link in the real mail and signed in, through the
 * portal's own API from the page (its cookies): the forms behind these steps have their own tests
 * (auth.spec.ts, sign-in-flood.spec.ts), and three page loads a test was a tenth of the suite.
 */
export async function signedInClient(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  await page.goto('/api/health');
  const post = (path: string, body: object) =>
    page.evaluate(
      async ({ path, body }) =>
        (
          await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { path, body },
    );
  expect(await post('/api/signup', { ...user, initiator: fromEnv(ENV.baseUrl) }), 'sign-up status').toBe(200);
  const mail = await latestMailTo(user.email);
  expect(mail.subject).toContain('Verify your email');
  expect(await page.evaluate(async (link) => (await fetch(link)).status, linkFrom(mail)), 'verify status').toBe(200);
  expect(await post('/api/auth/sign-in/email', { email: user.email, password: user.password }), 'sign-in').toBe(200);
  await page.goto('/');
  await expectSignedIn(page);
  return user;
}

/**
 * Full-page screenshot into e2e/screenshots/ (gitignored), for people to look at. It asserts
 * nothing, so a capture that stalls (software compositing on a busy machine once took over 10 s
 * for one frame) is noted in the report instead of failing the test.
 */
export async function screenshot(page: Page, name: string) {
  try {
    await page.screenshot({
      path: path.join(import.meta.dirname, 'screenshots', `${name}.png`),
      fullPage: true,
      animations: 'disabled',
      timeout: 20_000,
    });
  } catch (error) {
    if (page.isClosed() || !(error instanceof errors.TimeoutError)) throw error;
    test
      .info()
      .annotations.push({ type: 'screenshot skipped', description: `${name}: ${error.message.split('\n')[0]}` });
  }
}

/**
 * axe finds no serious or critical WCAG 2.0/2.1 A or AA problem on what the page shows now (within
 * `selector` when given, e.g. an open dialog).
 */
export async function expectAccessible(page: Page, selector?: string) {
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (selector) axe.include(selector);
  const results = await axe
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * The one admin (ADMIN_EMAIL), signed in. Whichever spec needs it first signs it up and verifies
 * it through the real form and mail; later ones (and a racing worker) just sign in.
 */
export async function signedInAdmin(page: Page): Promise<TestUser> {
  const admin = newUser({ name: 'Ada Admin', email: ADMIN_EMAIL });
  // Through the browser (its proxy, its cookies): a successful probe signs this page in.
  await page.goto('/signin');
  const probe = await page.evaluate(async ({ email, password }) => {
    const res = await fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return res.status;
  }, admin);
  if (probe === 200) {
    await page.goto('/');
    await expectSignedIn(page);
    return admin;
  }
  // 403: signed up (maybe by another worker) but not verified yet; otherwise no account yet.
  if (probe !== 403) await signUp(page, admin);
  const deadline = Date.now() + 15_000;
  let verify: StoredMail | undefined;
  while (!(verify = (await mailsTo(admin.email)).findLast((m) => m.subject.includes('Verify your email')))) {
    if (Date.now() > deadline) throw new Error(`no verification mail for ${admin.email}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  await page.goto(linkFrom(verify));
  await expectPath(page, '/signin');
  await signIn(page, admin.email, admin.password);
  return admin;
}

/** The admin's client selector (a combobox labelled Client). */
export const clientSelector = (page: Page) => page.getByRole('combobox', { name: 'Client', exact: true });

/**
 * An admin picks a client in the selector with the keyboard: types `search` (part of a name,
 * e-mail or phone; the whole name by default), ArrowDown to the option named `name`, Enter.
 */
export async function chooseClient(page: Page, name: string, search = name) {
  const box = clientSelector(page);
  // Emptied first: when the page's default client is this one, typing the same text changes nothing.
  await box.fill('');
  await box.fill(search);
  const option = page.getByRole('listbox', { name: 'Clients' }).getByRole('option', { name }).first();
  // Each ArrowDown highlights the next option; the first press waits for the search to settle. A
  // page's default client arriving late (a busy machine) replaces the typed text and closes the
  // list, also when it is the client asked for: type it again.
  await expect(async () => {
    if ((await box.inputValue()) !== search || (await box.getAttribute('aria-expanded')) !== 'true') {
      await box.fill('');
      await box.fill(search);
    }
    await expect(option).toBeVisible({ timeout: 2_000 });
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await box.press('Enter');
  await expect(box).toHaveValue(name);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}
