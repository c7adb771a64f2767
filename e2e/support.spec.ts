import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, expectPath, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';
import { nextClientIp, startClientIpProxy } from './support/client-ip-proxy';
import { ENV, fromEnv } from './support/env';
import { makePdf } from '../src/server/test/make-pdf';
import { TOO_MANY_SUPPORT_MESSAGES } from '../src/shared/limits';
import { SUPPORT_MESSAGE_TOO_LONG } from '../src/shared/support';

/**
 * Support Chat end to end: a client and an admin, each in a browser of their own, talk live (no
 * reload on either side), with an attachment both ways of the download route, Archive and its
 * undoing by the client's next message, and View profile.
 */

/** A second browser (its own cookies and its own address, as another person's would be). */
async function secondBrowser(browser: Browser, testInfo: TestInfo, viewport = { width: 1280, height: 900 }) {
  const proxy = await startClientIpProxy(nextClientIp(testInfo.workerIndex));
  const context = await browser.newContext({ baseURL: fromEnv(ENV.baseUrl), proxy: { server: proxy.url }, viewport });
  const page = await context.newPage();
  return { page, close: async () => (await context.close(), await proxy.close()) };
}

/** axe's serious and critical WCAG A/AA findings (every-page.spec covers /support?client=; this, the inbox and the client's thread with a file). */
async function seriousAxeFindings(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
const inbox = (page: Page) => page.getByRole('list', { name: 'Open conversations' });

test('a client and an admin talk live, with a file, archive and view profile', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const client = await signedInClient(page, { name: `Chat Client ${Date.now().toString(36)}` });
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support Chat', level: 1 })).toBeVisible();
  await expect(page.getByText('No messages yet. Write to us below.')).toBeVisible();
  // The composer is ready to type into on arrival; Send waits for something to send.
  await expect(composer(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

  // Enter sends; Shift+Enter is a new line in the same message.
  await composer(page).pressSequentially('Hello, I need help with my EIN letter.');
  await composer(page).press('Enter');
  await expect(messages(page).getByText('Hello, I need help with my EIN letter.')).toBeVisible();
  await expect(composer(page)).toHaveValue('');
  await composer(page).pressSequentially('Line one');
  await composer(page).press('Shift+Enter');
  await composer(page).pressSequentially('Line two https://irs.example/ein?x=1 javascript:alert(1)');
  await expect(composer(page)).toHaveValue('Line one\nLine two https://irs.example/ein?x=1 javascript:alert(1)');
  await composer(page).press('Enter');
  const twoLines = messages(page).getByRole('listitem').filter({ hasText: 'Line one' });
  await expect(twoLines).toContainText('Line one\nLine two', { useInnerText: true });
  // Only the http(s) address is a link, opening in a new tab without an opener.
  const link = twoLines.getByRole('link', { name: 'https://irs.example/ein?x=1' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(twoLines.getByRole('link')).toHaveCount(1);
  await expect(twoLines.getByRole('img', { name: 'Sent' })).toBeVisible();

  // The admin, in a browser of their own, has the inbox open while the client writes again.
  const admin = await secondBrowser(browser, testInfo);
  try {
    const staff = admin.page;
    await signedInAdmin(staff);
    await staff.goto('/support');
    const row = inbox(staff).getByRole('button', { name: new RegExp(client.name) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('2 unread');
    // The sidebar counts conversations waiting for an answer (other tests' clients may wait too).
    await expect(
      staff
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /^Support Chat\s*, \d+ unread conversations?$/ }),
    ).toBeVisible();

    await composer(page).fill('Are you there?');
    await page.getByRole('button', { name: 'Send' }).click();
    // Live: the row moves its preview and count without a reload.
    await expect(row).toContainText('Are you there?');
    await expect(row).toContainText('3 unread');

    await row.click();
    const pane = staff.getByRole('region', { name: `Conversation with ${client.name}` });
    await expect(pane.getByRole('heading', { name: client.name })).toBeVisible();
    await expect(
      pane.getByRole('list', { name: 'Messages' }).getByText('Hello, I need help with my EIN letter.'),
    ).toBeVisible();
    // Opened and seen: read for the client too (their ticks turn to Read), and no longer unread.
    await expect(
      messages(page).getByRole('listitem').filter({ hasText: 'Are you there?' }).getByRole('img', { name: 'Read' }),
    ).toBeVisible();
    await expect(row).not.toContainText('unread');

    await composer(page).fill('One more thing: my business address changed.');
    await composer(page).press('Enter');
    await expect(
      pane.getByRole('list', { name: 'Messages' }).getByText('One more thing: my business address changed.'),
    ).toBeVisible();

    // The admin answers with a PDF; the client sees it arrive and downloads it.
    await expect(composer(staff)).toBeFocused();
    await pane.locator('input[type=file]').setInputFiles({
      name: 'EIN Confirmation Letter.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('EIN letter'),
    });
    await expect(pane.getByText('EIN Confirmation Letter.pdf')).toBeVisible();
    await composer(staff).fill('Here is your letter.');
    await composer(staff).press('Enter');
    const answer = messages(page).getByRole('listitem').filter({ hasText: 'Here is your letter.' });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Ada Admin');
    const file = answer.getByRole('link', { name: /EIN Confirmation Letter\.pdf/ });
    await expect(file).toBeVisible();
    await screenshot(page, 'support-client-desktop');
    await screenshot(staff, 'support-staff-desktop');
    expect.soft(await seriousAxeFindings(page), 'axe on the client view').toEqual([]);
    expect.soft(await seriousAxeFindings(staff), 'axe on the staff inbox').toEqual([]);

    const downloading = page.waitForEvent('download');
    await file.click();
    expect((await downloading).suggestedFilename()).toBe('EIN Confirmation Letter.pdf');
    const res = await page.evaluate(
      async (href) => {
        const r = await fetch(href);
        return {
          status: r.status,
          disposition: r.headers.get('content-disposition'),
          start: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)),
        };
      },
      (await file.getAttribute('href'))!,
    );
    expect(res).toMatchObject({ status: 200, start: '%PDF-' });
    expect(res.disposition).toMatch(/^attachment;/);

    // Archive: the conversation leaves the open inbox...
    await pane.getByRole('button', { name: 'Archive' }).click();
    await expect(pane.getByRole('button', { name: 'Move to inbox' })).toBeVisible();
    await expect(row).toHaveCount(0);
    await staff.getByRole('button', { name: 'Archived' }).click();
    await expect(
      staff
        .getByRole('list', { name: 'Archived conversations' })
        .getByRole('button', { name: new RegExp(client.name) }),
    ).toBeVisible();
    await staff.getByRole('button', { name: 'Open', exact: true }).click();
    // ...and comes back, unread, when the client writes again.
    await composer(page).fill('Thank you!');
    await composer(page).press('Enter');
    await expect(row).toBeVisible();
    await expect(pane.getByRole('list', { name: 'Messages' }).getByText('Thank you!')).toBeVisible();
    await expect(pane.getByRole('button', { name: 'Archive' })).toBeVisible();

    // View profile opens the client's My Account.
    await pane.getByRole('link', { name: 'View profile' }).click();
    await expectPath(staff, '/account');
    expect(new URL(staff.url()).searchParams.get('client')).toBeTruthy();
    await expect(staff.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(client.name);
  } finally {
    await admin.close();
  }
});

test('phone: the client view and the staff inbox one pane at a time', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const client = await signedInClient(page, { name: `Phone Chat ${Date.now().toString(36)}` });
  await page.goto('/support');
  await expect(page.getByText('No messages yet. Write to us below.')).toBeVisible();
  // Near the limit the count shows; past it, the limit's sentence, and Send waits.
  const send = page.getByRole('button', { name: 'Send' });
  await composer(page).fill('a'.repeat(4_600));
  await expect(page.getByText('4,600 of 5,000 characters.')).toBeVisible();
  await expect(send).toBeEnabled();
  await composer(page).fill('a'.repeat(5_001));
  await expect(page.getByText(`${SUPPORT_MESSAGE_TOO_LONG} 5,001 of 5,000 characters.`)).toBeVisible();
  await expect(send).toBeDisabled();
  // The server's refusal is shown and the text kept to send again.
  await page.route('**/support/messages', (route) =>
    route.fulfill({ status: 429, json: { error: TOO_MANY_SUPPORT_MESSAGES } }),
  );
  await composer(page).fill('Is anyone there?');
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: TOO_MANY_SUPPORT_MESSAGES })).toBeVisible();
  await expect(composer(page)).toHaveValue('Is anyone there?');
  await page.unroute('**/support/messages');
  await composer(page).fill(
    'Writing from my phone, with a long address: https://www.example.com/a/very/long/path/that/should/wrap/on/a/small/screen?with=query',
  );
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messages(page).getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, 'support-client-phone');

  const admin = await secondBrowser(browser, testInfo, { width: 390, height: 844 });
  try {
    const staff = admin.page;
    await signedInAdmin(staff);
    await staff.goto('/support');
    const row = inbox(staff).getByRole('button', { name: new RegExp(client.name) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await screenshot(staff, 'support-staff-inbox-phone');
    await row.click();
    await expect(messages(staff).getByText('Writing from my phone')).toBeVisible();
    // One pane at a time: the list is hidden while the conversation is open.
    await expect(inbox(staff)).toBeHidden();
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(staff, 'support-staff-conversation-phone');
    await staff.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(row).toBeVisible();
  } finally {
    await admin.close();
  }
  // Signed in again after the admin's visit: the conversation is still there.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/support');
  await expect(messages(page).getByText('Writing from my phone')).toBeVisible();
});

test('older messages load on scrolling to the top; a dropped stream resumes without losing or repeating', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await signedInClient(page, { name: `History Chat ${Date.now().toString(36)}` });
  // 30 from the client (its limit a minute) and 25 answers: 55, one more page than the first 50.
  const post = (p: Page, clientId: string, from: string, n: number) =>
    p.evaluate(
      async ({ clientId, from, n }) => {
        const statuses: number[] = [];
        for (let i = 1; i <= n; i++) {
          const res = await fetch(`/api/clients/${clientId}/support/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ body: `${from} message ${i}` }),
          });
          statuses.push(res.status);
        }
        return statuses;
      },
      { clientId, from, n },
    );
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  expect(new Set(await post(page, clientId, 'Client', 30))).toEqual(new Set([201]));
  const admin = await secondBrowser(browser, testInfo);
  try {
    await signedInAdmin(admin.page);
    expect(new Set(await post(admin.page, clientId, 'Staff', 25))).toEqual(new Set([201]));

    const streams: string[] = [];
    page.on('request', (req) => req.url().includes('/support/stream') && streams.push(req.url()));
    // Keeps the page's streams within reach, so the test can make the browser give one up.
    await page.addInitScript(() => {
      const Native = window.EventSource;
      const opened: EventSource[] = [];
      Object.assign(window, { openedStreams: opened });
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          opened.push(this);
        }
      };
    });
    await page.goto('/support');
    const items = messages(page).getByRole('listitem');
    await expect(items.last()).toContainText('Staff message 25');
    await expect(items).toHaveCount(50);
    const older = page.getByRole('button', { name: 'Load older messages' });
    await expect(older).toBeVisible();
    await screenshot(page, 'support-client-history');
    // Scrolling to the top brings the first five, and the button goes (nothing older).
    await page.getByRole('region', { name: 'Messages with support' }).evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(55);
    await expect(items.first()).toContainText('Client message 1');
    await expect(older).toHaveCount(0);

    // The browser gives the stream up (as after an error answer); an answer sent meanwhile
    // arrives when the page opens it again from its last message, once.
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    const opened = streams.length;
    await page.evaluate(() => {
      const source = (window as unknown as { openedStreams: EventSource[] }).openedStreams.at(-1)!;
      source.close();
      source.dispatchEvent(new Event('error'));
    });
    expect(await post(admin.page, clientId, 'While dropped', 1)).toEqual([201]);
    await expect(items.filter({ hasText: 'While dropped message 1' })).toHaveCount(1, { timeout: 15_000 });
    expect(streams.at(-1)).toMatch(/after=\d+$/);
    expect(streams.length, 'the stream was opened again').toBeGreaterThan(opened);
    expect(await post(admin.page, clientId, 'After', 1)).toEqual([201]);
    await expect(items.filter({ hasText: 'After message 1' })).toHaveCount(1);
    await expect(items).toHaveCount(57);
  } finally {
    await admin.close();
  }
});
