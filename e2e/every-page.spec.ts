import { branding } from '../src/shared/branding';
import { expect, signedInClient, test } from './fixtures';
import {
  addClientData,
  checkRoutes,
  cookieOf,
  dataReady,
  DESKTOP,
  expectNoHorizontalOverflow,
  expectNoSeriousAxeViolations,
  PHONE,
  shellRoutes,
  waitForPage,
  type Route,
} from './support/every-page';

/**
 * Every built route, as a guest and a client with a record of each kind (every-page-demo.spec.ts walks
 * them as the demo client and the demo admin acting for them): axe finds no serious or critical WCAG
 * 2.0/2.1 A and AA violation at 1366x900, and at 390x844 (a phone) the page is no wider than the screen.
 */

const guestRoutes: Route[] = [
  { path: '/signin' },
  { path: '/signup' },
  { path: '/forget' },
  { path: '/update-password' },
  { path: '/update-password?token=e2e-token' },
  { path: '/signup/v/user/grant' },
  ...branding.policyLinks.map((link) => ({ path: link.href })),
  { path: '/legal/no-such-page' },
];

test.describe('every page: axe finds nothing serious, and nothing overflows a phone', () => {
  test('guest pages', async ({ page }) => {
    test.setTimeout(180_000);
    await checkRoutes(page, guestRoutes, 'guest', { shell: false });
    // The other specs run with reduced motion (see playwright.config.ts): the moving sign-in page too.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.setViewportSize(DESKTOP);
    await page.goto('/signin');
    await waitForPage(page, { path: '/signin' });
    await expectNoSeriousAxeViolations(page, '/signin with motion at 1366 px');
    await page.setViewportSize(PHONE);
    // A phone's first visit also gets the phone notice's contrast checked on the sign-in page.
    await page.goto('/signin');
    await waitForPage(page, { path: '/signin' });
    await expectNoSeriousAxeViolations(page, '/signin at 390 px');
    await expectNoHorizontalOverflow(page, '/signin with motion');
  });

  test('client pages, with a record of each kind', async ({ page, baseURL }) => {
    // About 20 routes, each at two sizes with axe: 3-4 minutes on a quiet machine, more when it is busy.
    test.setTimeout(600_000);
    await signedInClient(page, { name: 'Every Page Client' });
    await addClientData(baseURL!, await cookieOf(page));
    await checkRoutes(page, shellRoutes({ admin: false }), 'client', { shell: true });
    // The phone layout's own parts: the notice above the page, and the menu drawer.
    await page.goto('/');
    await waitForPage(page, { path: '/', ready: dataReady['/'] });
    await expect(page.getByRole('heading', { name: 'Switch to Desktop View' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/ as client at 390 px');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'the menu drawer at 390 px');
  });
});
