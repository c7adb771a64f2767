import { screenshot, signIn, test } from './fixtures';
import { DEMO_START_TIMEOUT_MS, startDemoPortal, type DemoPortal } from './support/demo-portal';
import { addClientData, checkRoutes, demoReady, PHONE, shellRoutes, waitForPage } from './support/every-page';

// Every page as the demo client and as the demo admin acting for them, on the demo's own portal. Its own
// file: Playwright runs it in the first project (see playwright.config.ts), so this long walk starts first.
/** The demo's own portal: the shared one starts empty, and a lived-in account has longer lists and names. */
const demoTest = test.extend<object, { demo: DemoPortal & { clientId: string } }>({
  demo: [
    async ({}, use) => {
      const portal = await startDemoPortal('every-page');
      try {
        const res = await fetch(`${portal.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: portal.url },
          body: JSON.stringify({ email: 'client@demo.local', password: portal.passwords.client }),
        });
        // The long values too, so the admin's walk meets them beside the demo's lists.
        const cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        await use({ ...portal, clientId: await addClientData(portal.url, cookie) });
      } finally {
        await portal.stop();
      }
    },
    { scope: 'worker', timeout: DEMO_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ demo }, use) => use(demo.url),
});

demoTest.describe('every page with the demo data: axe finds nothing serious, and nothing overflows a phone', () => {
  demoTest('the demo client', async ({ page, demo }) => {
    // About 20 routes with more on each: longer than the other tests when the machine is busy.
    demoTest.setTimeout(900_000);
    await signIn(page, 'client@demo.local', demo.passwords.client);
    await checkRoutes(page, shellRoutes({ admin: false, ready: demoReady }), 'demo client', { shell: true });
    // The page the demo's file names once widened, for people to look at.
    await page.setViewportSize(PHONE);
    await page.goto('/documents');
    await waitForPage(page, { path: '/documents', ready: demoReady['/documents'] });
    await screenshot(page, 'documents-demo-client-390');
  });

  demoTest('the demo admin, acting for the demo client', async ({ page, demo }) => {
    demoTest.setTimeout(900_000);
    await signIn(page, 'admin@demo.local', demo.passwords.admin);
    await checkRoutes(page, shellRoutes({ admin: true, clientId: demo.clientId, ready: demoReady }), 'demo admin', {
      shell: true,
    });
  });
});
