import type { Page } from '@playwright/test';
import { navItems, sections, type NavItem } from '../src/web/app/nav';
import { chooseClient, expect, expectPath, screenshot, signedInAdmin, signedInClient, test } from './fixtures';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sectionTitles = (page: Page) => sidebar(page).getByRole('heading', { level: 2 });

/** Clicks a sidebar entry, opening its collapsed group first (which navigates to the group's page). */
async function openFromSidebar(page: Page, item: NavItem) {
  const nav = sidebar(page);
  if (item.parent) {
    const group = nav.locator(`a[href="${item.parent}"]`);
    if ((await group.getAttribute('aria-expanded')) !== 'true') {
      await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true');
    }
  }
  const link = nav.locator(`a[href="${item.path}"]`);
  await expect(link).toContainText(item.label);
  await link.click();
  await expectPath(page, item.path);
  await expect(page.getByRole('heading', { level: 1, name: item.heading, exact: true })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
}

test.describe('desktop', () => {
  test('client: every sidebar item opens its page; no ADMIN section', async ({ page }) => {
    test.slow(); // twenty pages
    await signedInClient(page, { name: 'Nav Client' });
    await expect(sectionTitles(page)).toHaveText(sections.filter((s) => s !== 'ADMIN'));
    await expect(sidebar(page).getByText('ADMIN', { exact: true })).toHaveCount(0);
    await expect(sidebar(page).locator('a[href="/clients"]')).toHaveCount(0);
    await expect(sidebar(page).getByText('LIVE', { exact: true })).toBeVisible();

    // WEB PRESENCE and CREDIT BUILDING start collapsed.
    for (const group of ['/website', '/first-step-accounts']) {
      await expect(sidebar(page).locator(`a[href="${group}"]`)).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(sidebar(page).locator('a[href="/website-template"]')).toBeHidden();
    await screenshot(page, 'shell-client');

    for (const item of navItems.filter((i) => !i.adminOnly)) await openFromSidebar(page, item);

    // A client who types an admin page's address is sent away.
    await page.goto('/clients');
    await expectPath(page, '/signin');
  });

  test('clicking a group item again collapses it; the sidebar header opens My Account', async ({ page }) => {
    await signedInClient(page);
    const group = sidebar(page).locator('a[href="/first-step-accounts"]');
    await group.click();
    await expect(sidebar(page).locator('a[href="/store-credit"]')).toBeVisible();
    await group.click();
    await expect(sidebar(page).locator('a[href="/store-credit"]')).toBeHidden();

    await page.getByRole('link', { name: /open My Account/ }).click();
    await expectPath(page, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });

  test('admin: the ADMIN section lists Clients and App info', async ({ page }) => {
    // Shared with other specs: signed up by whichever runs first.
    await signedInAdmin(page);
    await expect(sectionTitles(page)).toHaveText([...sections]);
    const clients = sidebar(page).locator('a[href="/clients"]');
    await expect(clients).toHaveText('Clients');
    await expect(sidebar(page).locator('a[href="/statistics"]')).toContainText(/App info.*Coming soon/i);
    await screenshot(page, 'shell-admin');

    await clients.click();
    await expectPath(page, '/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients', exact: true })).toBeVisible();
  });

  test('top bar: title, search, notifications, View Documents', async ({ page }) => {
    await signedInClient(page);
    await expect(page.getByText('TOTAL BUSINESS BUILD-OUT', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
    await search.fill('bank');
    await expect(page.getByRole('option', { name: /Business Bank Accounts/ })).toBeVisible();
    await search.press('Enter');
    await expectPath(page, '/bank');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Bank Accounts' })).toBeVisible();

    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('No notifications yet')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.getByRole('link', { name: 'View Documents' }).click();
    await expectPath(page, '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Business Documents' })).toBeVisible();

    await expect(page.getByText('Switch to Desktop View')).toHaveCount(0);
  });

  test("top bar progress: the client's own day and the timeline's percentage; an admin's only for a chosen client", async ({
    page,
  }) => {
    const client = await signedInClient(page, { name: 'Strip Client' });
    // The home page's timeline and the strip read the same numbers.
    const timeline = page.getByRole('region', { name: 'Business Build Out Timeline' });
    await expect(timeline.getByTestId('build-out-day')).toHaveText('Day 1');
    const tasksText = (await timeline.getByTestId('tasks-completed').textContent()) ?? '';
    const [done, total] = tasksText.split(' ')[0].split('/').map(Number);
    expect(total).toBeGreaterThan(0);
    const percent = Math.round((done / total) * 100);
    const progress = page.getByRole('progressbar', { name: 'Build-out progress: Day 1 of 45' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    await expect(progress).toHaveAttribute(
      'aria-valuetext',
      `Day 1 of 45, ${done} of ${total} tasks completed (${percent}%)`,
    );
    await expect(page.getByText('Day 33 of 45')).toHaveCount(0);
    await screenshot(page, 'top-bar-progress');

    // On another page the strip stays, with the same figures.
    await page.getByRole('banner').getByRole('link', { name: 'View Documents' }).click();
    await expectPath(page, '/documents');
    await expect(progress).toHaveAttribute('aria-valuenow', String(percent));

    // An admin sees nothing until a client is chosen, then that client's figures.
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expectPath(page, '/signin');
    await signedInAdmin(page);
    await expect(page.getByRole('progressbar', { name: /^Build-out progress/ })).toHaveCount(0);
    await page.goto('/compliance');
    await chooseClient(page, client.name, client.email);
    await expect(page).toHaveURL((url) => url.searchParams.get('client') !== null);
    await expect(page.getByRole('progressbar', { name: 'Build-out progress: Day 1 of 45' })).toHaveAttribute(
      'aria-valuenow',
      String(percent),
    );
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the Switch to Desktop View notice above the page, and the sidebar as a drawer', async ({ page }) => {
    await signedInClient(page, { name: 'Phone Client' });
    const notice = page.getByRole('region', { name: 'Switch to Desktop View' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('Mobile Access Limited')).toBeVisible();
    await expect(notice.getByText('Mobile device detected')).toBeVisible();
    await expect(notice.getByText('Option 2: Use a Larger Device')).toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: 'Business Formation' });
    await expect(heading).toBeVisible();
    const noticeBox = await notice.boundingBox();
    const headingBox = await heading.boundingBox();
    expect(noticeBox && headingBox && noticeBox.y + noticeBox.height <= headingBox.y).toBe(true);
    await expect(page.getByRole('progressbar', { name: /^Build-out progress/ })).toBeHidden();
    await expect(sidebar(page)).toHaveCount(0);
    await screenshot(page, 'mobile-notice');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    // Choosing a page in the drawer goes there and closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.locator('a[href="/bank"]').click();
    await expectPath(page, '/bank');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Business Bank Accounts' })).toBeVisible();
  });

  test("paints the notice before the app's JavaScript runs, where the app then shows it; not once dismissed", async ({
    page,
  }) => {
    await signedInClient(page, { name: 'First Paint Client' });
    const appNotice = page.getByRole('region', { name: 'Switch to Desktop View' });
    const paragraph = appNotice.getByText(/^Turn on .Desktop site./);
    await expect(paragraph).toBeVisible();
    const appBox = await paragraph.boundingBox();

    // The page as the phone paints it before any script arrives.
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    const staticNotice = page.getByRole('region', { name: 'Switch to Desktop View' });
    await expect(staticNotice).toBeVisible();
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect(staticNotice.getByRole('button', { name: 'Dismiss mobile notice' })).toHaveCount(0);
    expect(await staticNotice.getByText(/^Turn on .Desktop site./).boundingBox()).toEqual(appBox);
    await page.unroute('**/*.js');

    await page.reload();
    await appNotice.getByRole('button', { name: 'Dismiss mobile notice' }).click();
    await expect(appNotice).toHaveCount(0);
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Switch to Desktop View' })).toHaveCount(0);
  });
});
