import type { Page } from '@playwright/test';
import { chooseClient, expect, screenshot, signedInAdmin, signedInClient, signIn, test } from './fixtures';
import { NO_TEMPLATE, TEMPLATE_MAX_BYTES, TEMPLATE_TOO_LARGE } from '../src/shared/web-presence';

const PHONE = { width: 390, height: 844 };

/**
 * A template trying everything: script, event handlers, a javascript: link, an iframe srcdoc,
 * SVG script, and requests to another origin (image, stylesheet, @import, background, form).
 * Each script would change the tagline or the heading if it ran.
 */
const HOSTILE_TEMPLATE = `<!doctype html>
<html><head><title>Morgan Ventures</title>
<link rel="stylesheet" href="https://cdn.elsewhere.example/site.css">
<style>@import url("https://cdn.elsewhere.example/import.css"); body { font-family: Georgia, serif; color: #1f2937; background: url("https://cdn.elsewhere.example/bg.png") #fdf6e3; } h1 { color: #7c2d12; }</style>
</head><body>
<h1 id="brand">Morgan Ventures</h1>
<p id="tagline">Quality widgets since 1999</p>
<script>alert(1); document.getElementById('tagline').textContent = 'SCRIPT RAN';</script>
<img src="x" onerror="alert(2); document.getElementById('brand').textContent = 'HANDLER RAN'">
<img src="https://tracker.elsewhere.example/pixel.png" alt="">
<svg width="10" height="10" onload="alert(3)"><script>alert(4)</script></svg>
<iframe srcdoc="<script>parent.alert(5)</script>"></iframe>
<p><a href="https://www.elsewhere.example/about">Read our story</a> <a href="javascript:alert(6)">Tricky link</a></p>
<form action="https://collect.elsewhere.example/"><input name="q" aria-label="q"></form>
</body></html>`;

async function ownAudit(page: Page, entityType: string) {
  const audit = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    return (await (await fetch(`/api/clients/${session.user.id}/audit?pageSize=100`)).json()) as {
      rows: { action: string; entityType: string; field: string | null }[];
    };
  });
  return audit.rows.filter((r) => r.entityType === entityType).map((r) => `${r.action} ${r.field ?? ''}`.trim());
}

test('a client saves a hostile template: it renders its text in a sandboxed frame, runs no script and loads nothing from elsewhere; too large is refused', async ({
  page,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // Any request to another origin that reaches the network is answered here (and counted); the
  // ones the frame's CSP blocks never get this far, and Chromium reports them failed as blocked.
  const origin = new URL(baseURL!).origin;
  const isForeign = (url: string) => /^https?:/.test(url) && new URL(url).origin !== origin;
  const foreign: string[] = [];
  await page.context().route(
    (url) => isForeign(url.href),
    async (route) => {
      foreign.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/plain', body: '' });
    },
  );
  const attempted = new Set<string>();
  const blocked = new Set<string>();
  page.on('request', (r) => void (isForeign(r.url()) && attempted.add(r.url())));
  page.on(
    'requestfailed',
    (r) => void (isForeign(r.url()) && /csp/i.test(r.failure()?.errorText ?? '') && blocked.add(r.url())),
  );

  await signedInClient(page);
  await page.goto('/website-template');
  await expect(page.getByRole('heading', { name: 'Website Template', level: 1 })).toBeVisible();
  await expect(page.getByText(NO_TEMPLATE)).toBeVisible();
  await screenshot(page, 'web-presence-template-empty');

  await page.getByRole('button', { name: 'Edit Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await dialog.getByLabel('HTML').fill(HOSTILE_TEMPLATE);
  const frameResponse = page.waitForResponse((r) => r.url().includes('/website-template/frame'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The frame: sandboxed without scripts or same-origin, served under its own CSP.
  const iframe = page.locator('iframe[title="Website template preview"]');
  await expect(iframe).toHaveAttribute('sandbox', '');
  const res = await frameResponse;
  expect(res.status()).toBe(200);
  const csp = (await res.allHeaders())['content-security-policy'];
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain('sandbox');
  expect((await res.allHeaders())['x-content-type-options']).toBe('nosniff');

  // Its text renders; nothing a script or handler would have changed has changed.
  const frame = page.frameLocator('iframe[title="Website template preview"]');
  await expect(frame.getByRole('heading', { name: 'Morgan Ventures' })).toBeVisible();
  await expect(frame.getByText('Quality widgets since 1999')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Read our story' })).toBeVisible();
  await expect(frame.getByText('SCRIPT RAN')).toHaveCount(0);
  await expect(frame.getByText('HANDLER RAN')).toHaveCount(0);
  // Every load the template asks for has had its chance once the frame's own load event fired.
  const templateFrame = page.frames().find((f) => f.url().includes('/website-template/frame'));
  expect(templateFrame).toBeDefined();
  await templateFrame!.waitForLoadState('load');
  await screenshot(page, 'web-presence-template-desktop');
  await page.setViewportSize(PHONE);
  await expect(frame.getByText('Quality widgets since 1999')).toBeVisible();
  await screenshot(page, 'web-presence-template-phone');
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
  // What the template asked for from elsewhere (stylesheet, @import, image, background) was blocked by its CSP.
  expect(blocked.size).toBeGreaterThan(0);
  expect([...attempted].sort()).toEqual([...blocked].sort());
  // The portal itself cannot read into the frame either: it has an opaque origin.
  expect(await iframe.evaluate((el: HTMLIFrameElement) => el.contentDocument)).toBeNull();

  // Too large: the server's sentence, the modal stays open with what was typed.
  await page.getByRole('button', { name: 'Edit Template' }).click();
  await expect(dialog.getByLabel('HTML')).toHaveValue(HOSTILE_TEMPLATE);
  await dialog.getByLabel('HTML').fill(`<p>${'x'.repeat(TEMPLATE_MAX_BYTES)}</p>`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(TEMPLATE_TOO_LARGE)).toBeVisible();
  await expect(dialog).toBeVisible();
  await screenshot(page, 'web-presence-template-too-large-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(frame.getByText('Quality widgets since 1999')).toBeVisible();

  // The Website page says a template is saved and leads to both pages.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/website');
  await expect(page.getByRole('heading', { name: 'Website', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your business website presence')).toBeVisible();
  await expect(page.getByText(/A template is saved/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Social Media Accounts' }).last()).toHaveAttribute(
    'href',
    '/social-media',
  );
  await page.getByRole('link', { name: 'Website Template' }).last().click();
  await expect(page.getByRole('heading', { name: 'Website Template', level: 1 })).toBeVisible();
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
});

test('the Website page links the business website from the profile', async ({ page }) => {
  await signedInClient(page);
  const status = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${session.user.id}/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Morgan Ventures LLC',
        businessWebsite: 'https://www.morgan-ventures.example/',
        agreement: 'I AGREE',
      }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.goto('/website');
  const link = page.getByRole('link', { name: /www\.morgan-ventures\.example/ });
  await expect(link).toHaveAttribute('href', 'https://www.morgan-ventures.example/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('No template saved yet.')).toBeVisible();
  await screenshot(page, 'web-presence-website-desktop');
  await page.setViewportSize(PHONE);
  await expect(link).toBeVisible();
  await screenshot(page, 'web-presence-website-phone');
});

test('a client adds a social account, reveals and copies the password, edits it and deletes it after confirming', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signedInClient(page);
  await page.goto('/social-media');
  await expect(page.getByRole('heading', { name: 'Social Media Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('No accounts found.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Account' });
  const add = dialog.getByRole('button', { name: 'Add Account' });
  await add.click();
  await expect(dialog.getByText('Enter the platform.')).toBeVisible();
  await expect(dialog.getByText('Enter the username.')).toBeVisible();
  await expect(dialog.getByText('Enter the password.')).toBeVisible();
  await dialog.getByLabel('Platform').fill('Instagram');
  await dialog.getByLabel('Username').fill('morgan.ventures');
  await dialog.getByLabel('Password').fill('Gr4m-secret-77');
  await dialog.getByLabel('Profile URL').fill('javascript:alert(document.cookie)');
  await add.click();
  await expect(dialog.getByText('Profile URL must be a web address starting with http:// or https://')).toBeVisible();
  await dialog.getByLabel('Profile URL').fill('https://www.instagram.example/morgan.ventures');
  await dialog.getByLabel('Notes').fill('Brand account, posts on Mondays.');
  await screenshot(page, 'web-presence-social-add-dialog');
  await add.click();
  await expect(page.getByText('Account added.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: 'Instagram: morgan.ventures' });
  await expect(card.getByTestId('password-value')).toHaveText('••••••••');
  await expect(card.getByText('Gr4m-secret-77')).toHaveCount(0);
  await expect(card.getByText('Brand account, posts on Mondays.')).toBeVisible();
  await expect(card.locator('[data-platform="Instagram"]')).toBeVisible();
  const visit = card.getByRole('link', { name: /^Visit Profile/ });
  await expect(visit).toHaveAttribute('href', 'https://www.instagram.example/morgan.ventures');
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('rel', /noopener/);

  await card.getByRole('button', { name: 'Reveal password' }).click();
  await expect(card.getByTestId('password-value')).toHaveText('Gr4m-secret-77');
  await screenshot(page, 'web-presence-social-revealed');
  await card.getByRole('button', { name: 'Hide password' }).click();
  await expect(card.getByTestId('password-value')).toHaveText('••••••••');
  await card.getByRole('button', { name: 'Copy password' }).click();
  await expect(card.getByRole('button', { name: 'Copy password' })).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Gr4m-secret-77');
  // Both went through the audited reveal route.
  expect(await ownAudit(page, 'social_media_account')).toEqual(['reveal password', 'reveal password']);

  // A second, unknown platform: grey with the default icon.
  await page.getByRole('button', { name: 'Add Account' }).click();
  await dialog.getByLabel('Platform').fill('Mastodon');
  await dialog.getByLabel('Username').fill('@morgan@social.example');
  await dialog.getByLabel('Password').fill('toot-toot');
  await add.click();
  await expect(dialog).toBeHidden();
  const other = page.getByRole('article', { name: 'Mastodon: @morgan@social.example' });
  await expect(other.locator('[data-platform="other"]')).toBeVisible();
  await expect(other.getByRole('link', { name: /^Visit Profile/ })).toHaveCount(0);
  await screenshot(page, 'web-presence-social-desktop');

  // Edit inline: a blank password keeps the stored one.
  await card.getByRole('button', { name: 'Edit Instagram: morgan.ventures' }).click();
  await expect(card.getByLabel('Username')).toHaveValue('morgan.ventures');
  await card.getByLabel('Username').fill('morgan.ventures.official');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated.')).toBeVisible();
  const edited = page.getByRole('article', { name: 'Instagram: morgan.ventures.official' });
  await edited.getByRole('button', { name: 'Reveal password' }).click();
  await expect(edited.getByTestId('password-value')).toHaveText('Gr4m-secret-77');

  await page.setViewportSize(PHONE);
  await expect(edited).toBeVisible();
  await screenshot(page, 'web-presence-social-phone');

  // Delete: Cancel keeps it; confirming removes it.
  await edited.getByRole('button', { name: 'Delete Instagram: morgan.ventures.official' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this account?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Delete Instagram: morgan.ventures.official' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Account deleted.')).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(other).toBeVisible();
});

test("an admin edits a client's template for them", async ({ page }) => {
  const client = await signedInClient(page, { name: `Template Owner ${Date.now().toString(36)}` });
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/website-template');
  await chooseClient(page, client.name);
  await expect(page.getByText(NO_TEMPLATE)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Template' });
  await dialog.getByLabel('HTML').fill('<h1>Prepared by your build-out team</h1><p>Draft for review.</p>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const frame = page.frameLocator('iframe[title="Website template preview"]');
  await expect(frame.getByRole('heading', { name: 'Prepared by your build-out team' })).toBeVisible();
  await screenshot(page, 'web-presence-template-admin');

  await page.goto(`/website?client=${new URL(page.url()).searchParams.get('client')}`);
  await expect(page.getByText(/A template is saved/)).toBeVisible();
  await page.goto(`/social-media?client=${new URL(page.url()).searchParams.get('client')}`);
  await expect(page.getByText('No accounts found.')).toBeVisible();
  await screenshot(page, 'web-presence-social-admin');

  // The client sees it, and the change in their activity log as the admin's.
  await page.context().clearCookies();
  await page.goto('/signin');
  await signIn(page, client.email, client.password);
  await page.goto('/website-template');
  await expect(frame.getByRole('heading', { name: 'Prepared by your build-out team' })).toBeVisible();
  expect(await ownAudit(page, 'website_template')).toEqual(['update']);
});
