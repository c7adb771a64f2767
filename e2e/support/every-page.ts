import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { extraPages, navItems } from '../../src/web/app/nav';
import { expect, expectPath, test } from '../fixtures';

// The walk of every page shared by every-page.spec.ts (an empty portal) and every-page-demo.spec.ts
// (the demo's own portal): the routes, the records that fill them, and the checks made on each.

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

export type Route = {
  path: string;
  /** What the user sees once the page has its data, beyond its h1. */
  ready?: (page: Page) => Locator;
};
// Long but ordinary values: a phone must wrap them, not widen the page.
export const data = {
  bank: {
    bankName: 'First Citizens Community Bank of Delaware',
    accountNumber: '000123456789',
    routingNumber: '031100209',
    accountOwner: 'Morgan Ventures Holding Company LLC',
    dateOpened: '2024-03-15',
    monthlyFees: 15,
    businessAccountUrl: 'https://www.firstcitizens.example/business/online-banking/accounts/checking?ref=portal',
    notes: 'Primary operating account; statements arrive on the first business day of each month.',
    isDebitCard: true,
  },
  business: {
    name: 'Dun & Bradstreet D-U-N-S Number Registration',
    description: 'Registered to establish the business credit file with the major reporting agencies.',
    businessAccountUrl: 'https://www.dnb.example/duns-number/get-a-duns/registration-confirmation?id=1234567890',
    notes: 'Follow up with the account manager in thirty days.',
    details: [{ label: 'D-U-N-S Number', value: '12-345-6789' }],
  },
  activity: { title: 'Opened the business checking account', notes: 'Debit card ordered.', status: 'Completed' },
  loan: {
    title: 'Community Development Financial Institution Working Capital Line',
    aprRange: '7.25% - 14.75% variable',
    loanAmount: '$25,000 - $1,500,000',
    termLength: '6 - 84 months, renewable annually',
    applyUrl: 'https://www.cdfi-lender.example/small-business/apply/working-capital?utm_source=portal&ref=directory',
  },
  storeCard: {
    issuer: 'Home Depot Commercial Revolving Charge Card for Contractors',
    cardType: 'Commercial Revolving',
    creditLimit: 25000,
    apr: '26.99% variable after the promotional period',
    benefits: 'Six months special financing on purchases of $299 or more; extended returns for Pro Xtra members.',
    requirements: 'EIN, D-U-N-S number and a business bank account open for at least six months.',
    applicationUrl: 'https://www.homedepot.example/c/credit-center/commercial-revolving-charge-card/apply?ref=portal',
    accountNumber: '6035322298765432',
    username: 'morgan-ventures-holding-company',
    password: 'Store-card-pass-1',
  },
  social: {
    platform: 'Linkedin',
    username: 'morgan-ventures-holding-company-official-page',
    password: 'Social-pass-1',
    profileUrl: 'https://www.linkedin.example/company/morgan-ventures-holding-company-official-page?trk=portal',
    notes: 'Company page; the owner and the marketing lead are administrators.',
  },
  template: {
    htmlCode: '<h1>Morgan Ventures Holding Company</h1><p>Commercial packaging and logistics since 1999.</p>',
  },
  revolvingCredit: {
    issuer: 'American Express Business Platinum Card for Growing Companies',
    cardType: 'Charge card',
    creditLimit: 50000,
    apr: '19.49% - 27.49% variable',
    rewards: '5x Membership Rewards points on flights and prepaid hotels booked through the travel portal.',
    annualFee: 695,
    applicationUrl: 'https://www.americanexpress.example/business/credit-cards/platinum/apply?ref=portal',
  },
  receivable: {
    vendorName: 'Northeastern Industrial Packaging & Logistics Supply Corporation',
    amount: 1234567.89,
    dueDate: '2026-12-15',
    status: 'overdue',
  },
  purchaseOrder: {
    vendorName: 'Consolidated Office Furniture & Equipment Wholesale Distributors',
    amount: 98765.4,
    orderDate: '2026-11-02',
    status: 'approved',
  },
  supportMessage: {
    body: 'Could you check whether our D-U-N-S number registration went through? https://www.dnb.example/duns-number/get-a-duns/registration-confirmation?id=1234567890',
  },
  automationRequest: {
    type: 'Quarterly sales tax filing reminders for every state we sell in',
    description: 'Remind me two weeks before each filing deadline.',
    priority: 'High',
  },
};

/**
 * Creates a record of every kind with the long values above through the real API, as the client
 * whose session cookie is given (Node's fetch: the demo's portal has no page open yet).
 */
export async function addClientData(baseUrl: string, cookie: string): Promise<string> {
  const send = async (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const { user } = (await (await send('GET', '/api/auth/get-session')).json()) as { user: { id: string } };
  const base = `/api/clients/${user.id}`;
  const writes: [string, string, unknown][] = [
    ['POST', `${base}/bank-accounts`, data.bank],
    ['POST', `${base}/business-accounts`, data.business],
    ['POST', `${base}/activities`, data.activity],
    ['POST', `${base}/receivables`, data.receivable],
    ['POST', `${base}/purchase-orders`, data.purchaseOrder],
    ['POST', `${base}/store-cards`, data.storeCard],
    ['POST', `${base}/revolving-credits`, data.revolvingCredit],
    ['POST', `${base}/social-accounts`, data.social],
    ['POST', `${base}/automation-requests`, data.automationRequest],
    ['POST', `${base}/support/messages`, data.supportMessage],
    ['PUT', `${base}/website-template`, data.template],
    // The shared loans directory (not under the client's path).
    ['POST', '/api/loans', data.loan],
  ];
  const statuses: string[] = [];
  for (const [method, path, body] of writes)
    statuses.push(`${method} ${path}: ${(await send(method, path, body)).status}`);
  expect(
    statuses.filter((s) => !/: 20[01]$/.test(s)),
    'writes not answered 200 or 201',
  ).toEqual([]);
  return user.id;
}

/** The session cookie of the page's browser context, for Node's fetch. */
export async function cookieOf(page: Page) {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

export const dataReady: Record<string, Route['ready']> = {
  '/': (page) => page.getByText(data.activity.title).first(),
  '/bank': (page) => page.getByRole('article', { name: data.bank.bankName }),
  '/business-presence': (page) => page.getByRole('heading', { name: data.business.name }),
  '/compliance': (page) => page.getByRole('listitem', { name: 'Contact Support' }),
  '/wealth-secrets': (page) => page.getByRole('region', { name: /^The Secret to Wealth, Volume 4:/ }),
  // Both the client's and the admin's test add one; either card shows the grid's layout.
  '/term-loan': (page) => page.getByRole('article', { name: data.loan.title }).first(),
  '/merchant': (page) => page.getByRole('table', { name: 'Recent transactions' }),
  '/dnb': (page) => page.getByTestId('your-score'),
  // The score and its history chart (the checks come with the score).
  '/fundability': (page) => page.getByTestId('history-Fundability score'),
  '/account-receivable': (page) => page.getByRole('article', { name: data.receivable.vendorName }),
  '/purchase-order': (page) => page.getByRole('article', { name: data.purchaseOrder.vendorName }),
  '/store-credit': (page) => page.getByRole('article', { name: data.storeCard.issuer }),
  '/revolving-credit': (page) => page.getByRole('article', { name: data.revolvingCredit.issuer }),
  // The client is no member: the notice; the admin: the vendor accounts (whatever the list holds) and Add.
  '/first-step-accounts': (page) =>
    page
      .getByRole('heading', { name: 'Members Only Access' })
      .or(page.getByRole('button', { name: 'Add Vendor Account' })),
  '/website': (page) => page.getByText(/A template is saved/),
  '/website-template': (page) =>
    page
      .frameLocator('iframe[title="Website template preview"]')
      .getByRole('heading', { name: 'Morgan Ventures Holding Company' }),
  '/social-media': (page) => page.getByRole('article', { name: `${data.social.platform}: ${data.social.username}` }),
  // The client's message, in the client's conversation and in the admin's view of it.
  '/support': (page) =>
    page.getByRole('list', { name: 'Messages' }).getByText(/^Could you check whether our D-U-N-S number/),
  // The client's request (the client's own list; the admin's Requests, with the client named).
  '/automations': (page) =>
    page.getByTestId('automation-request').filter({ hasText: data.automationRequest.type }).first(),
};

/**
 * The demo client's records and the long values added to them (the demo client is a member: First
 * Step shows its vendor accounts, and the page waits only for its loading to end).
 */
const { '/first-step-accounts': _memberOnlyNotice, ...dataOnDemo } = dataReady;
export const demoReady: Record<string, Route['ready']> = {
  ...dataOnDemo,
  '/documents': (page) => page.getByRole('link', { name: /IRS EIN Confirmation \(CP 575\)\.pdf/ }).first(),
};

export function shellRoutes({
  admin,
  clientId,
  ready = dataReady,
}: {
  admin: boolean;
  clientId?: string;
  ready?: Record<string, Route['ready']>;
}): Route[] {
  return [...navItems, ...extraPages]
    .filter((item) => admin || !('adminOnly' in item && item.adminOnly))
    .map((item) => ({
      // An admin acts for the client with the data (pages without a selector ignore the parameter).
      path: admin && clientId && item.path !== '/clients' ? `${item.path}?client=${clientId}` : item.path,
      // An admin's home is their own dashboard, not the client's.
      ready: admin && item.path === '/' ? undefined : ready[item.path],
    }));
}

/** Waits for what the user sees: the h1, the route's data, and no loading indicator left. */
export async function waitForPage(page: Page, route: Route) {
  await expectPath(page, route.path.split('?')[0]);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (route.ready) await expect(route.ready(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], [aria-label^="Loading"]')).toHaveCount(0);
  await expect(page.getByText(/^(Loading|Checking)\b/)).toHaveCount(0);
}

export async function expectNoSeriousAxeViolations(page: Page, where: string) {
  // Legacy mode runs axe in the page itself: half the time of opening a helper page per run, and
  // the portal has no cross-origin frames for the newer mode to reach.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // The visible text must be in the name (axe releases before 4.12 left this rule out of the tag set).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  // Each finding names the rule, the element (selector and markup) and axe's reason (e.g. the contrast ratio).
  const found = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.slice(0, 5).map((n) => {
        const why = [...n.any, ...n.all, ...n.none].map((c) => c.message).join(' ');
        return `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.html.slice(0, 160)} -- ${why}${v.nodes.length > 5 ? ` (and ${v.nodes.length - 5} more)` : ''}`;
      }),
    );
  expect.soft(found, `axe on ${where}`).toEqual([]);
}

/** At 390 px the document must be no wider than the screen; names the elements that stick out. */
export async function expectNoHorizontalOverflow(page: Page, where: string) {
  const measured = await page.evaluate(() => {
    const width = window.innerWidth;
    // Elements past the right edge that no scrolling or clipping ancestor contains.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect
    .soft(
      measured.scrollWidth,
      `document width on ${where} at ${measured.width} px; widest: ${measured.wide.join('; ')}`,
    )
    .toBe(measured.width);
}

/** Visits each route at desktop size (axe), then at phone size (overflow). */
export async function checkRoutes(page: Page, routes: Route[], role: string, { shell }: { shell: boolean }) {
  for (const route of routes) {
    await test.step(`${role} ${route.path}`, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(route.path);
      await waitForPage(page, route);
      await expectNoSeriousAxeViolations(page, `${route.path} as ${role} at 1366 px`);

      await page.setViewportSize(PHONE);
      // The shell switches to its phone layout: the menu button replaces the sidebar.
      if (shell) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      await waitForPage(page, route);
      await expectNoHorizontalOverflow(page, `${route.path} as ${role}`);
    });
  }
}
