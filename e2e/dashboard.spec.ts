import { expect, latestMailTo, mailsTo, screenshot, signedInClient, test } from './fixtures';

// No STAFF_EMAIL in the e2e server's environment: staff mail goes to the default address.
const STAFF = 'staff@localhost';

test('a new client follows the dashboard: 0/45, Contact Support, the free guide, then the pie chart', async ({
  page,
}) => {
  const user = await signedInClient(page);

  // The timeline: 45 grey dots (real tasks, named), 0/45 and day 1.
  const tasks = page.getByTestId('named-task');
  await expect(tasks).toHaveCount(3, { timeout: 20_000 });
  const banner = page.getByRole('region', { name: 'Business Build Out Timeline' });
  await expect(banner.getByTestId('tasks-completed')).toHaveText('0/45 tasks completed');
  await expect(banner.getByTestId('build-out-day')).toHaveText('Day 1');
  const dots = banner.getByRole('list', { name: 'Build-out tasks' }).getByRole('listitem');
  await expect(dots).toHaveCount(45);
  await expect(banner.locator('[data-completed="false"]')).toHaveCount(45);
  await expect(dots.first()).toHaveAttribute('aria-label', /^Task 1, .+: not completed$/);
  await expect(banner.getByRole('progressbar', { name: 'Tasks completed' })).toHaveAttribute('aria-valuenow', '0');

  // Before the profile is complete: the Required Client Action notice, and no pie yet.
  const notice = page.getByTestId('required-action');
  await expect(notice.getByText('Required Client Action')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Complete Your Profile' })).toHaveAttribute('href', '/account');
  await expect(page.getByTestId('progress-pie')).toHaveCount(0);
  await expect(page.getByTestId('overall-progress')).toContainText('0/45 tasks completed');
  await expect(page.getByRole('link', { name: 'Download All Business Documents' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await screenshot(page, 'dashboard-new-client');

  // Contact Support: completed, and the staff are told.
  const contact = tasks.filter({ hasText: 'Contact Support' });
  await contact.getByRole('button', { name: 'Contact Support' }).click();
  await expect(page.getByText('Our support team has been notified. We will be in touch soon.')).toBeVisible();
  await expect(contact.getByText('Completed', { exact: true })).toBeVisible();
  await expect(contact.getByRole('button', { name: 'Contact Support' })).toHaveCount(0);
  await expect(banner.getByTestId('tasks-completed')).toHaveText('1/45 tasks completed');
  await expect
    .poll(
      async () =>
        (await mailsTo(STAFF)).some(
          (m) => m.subject.includes('Contact Support request') && m.text.includes(`Email: ${user.email}`),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  const mail = await latestMailTo(STAFF);
  expect(mail.subject).toContain('Total Business Build-Out');

  // The free guide. Opening its address directly (as a link on another site would) downloads it
  // but completes nothing: only the page's button does, by POST.
  const guide = tasks.filter({ hasText: 'Download Your Free Guide' });
  const direct = await page.evaluate(async () => {
    const { user } = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${user.id}/free-guide`);
    return { status: res.status, type: res.headers.get('content-type') };
  });
  expect(direct).toEqual({ status: 200, type: 'application/pdf' });
  await page.reload();
  await expect(banner.getByTestId('tasks-completed')).toHaveText('1/45 tasks completed');
  await expect(guide.getByText('Completed', { exact: true })).toHaveCount(0);

  // The button: a PDF download that completes its task.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    guide.getByRole('button', { name: 'Download Free Guide' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(guide.getByText('Completed', { exact: true })).toBeVisible();

  // Two completed: the 20-segment pie appears.
  await expect(banner.getByTestId('tasks-completed')).toHaveText('2/45 tasks completed');
  await expect(banner.locator('[data-completed="true"]')).toHaveCount(2);
  const pie = page.getByTestId('progress-pie');
  await expect(pie).toBeVisible();
  await expect(pie.locator('path')).toHaveCount(20);
  await expect(pie.locator('path[data-filled="true"]')).toHaveCount(1); // 2/45 of 20 segments, rounded
  await expect(page.getByTestId('overall-progress')).toContainText('4%');
  // Both completions left an activity entry.
  await expect(page.getByTestId('activity').filter({ hasText: 'Contact Support' })).toBeVisible();
  await screenshot(page, 'dashboard-two-completed');

  // Completing the profile (the same call My Account's form makes) completes its task: the notice goes.
  const saved = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const res = await fetch(`/api/clients/${session.user.id}/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Dash Co',
        businessWebsite: 'https://dash.example',
        ownerFirstName: 'Dana',
        ownerLastName: 'Dash',
        ownerSsn: '123-45-6789',
        ownerDob: 'January 1st 1980',
        creditProfile: 'Delaware',
        businessStructure: 'llc',
        businessPhone: '(302) 555-0111',
        forwardPhone: '(302) 555-0112',
        businessAddress: '1 Main St',
        ownerHomeAddress: '2 Home Rd',
        businessEmail: 'hello@dash.example',
        forwardEmail: 'dana@dash.example',
        ownerType: 'sole',
        numberOfOwners: 1,
        agreement: 'I AGREE',
      }),
    });
    return ((await res.json()) as { taskCompleted?: boolean }).taskCompleted;
  });
  expect(saved).toBe(true);
  await page.reload();
  await expect(banner.getByTestId('tasks-completed')).toHaveText('3/45 tasks completed');
  await expect(page.getByTestId('required-action')).toHaveCount(0);
  // Like the other completions, it left a recent activity.
  await expect(page.getByTestId('activity').filter({ hasText: 'Complete Your My Account Section' })).toBeVisible();
});

test('recent activities: title required, only completed or in-progress offered, edit and delete', async ({ page }) => {
  await signedInClient(page);
  const panel = page
    .getByRole('heading', { name: 'Recent Activities' })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await panel.getByRole('button', { name: 'Add Activity' }).click();
  await panel.getByRole('button', { name: 'Add Activity' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Title is required');
  await panel.getByLabel('Title').fill('Called the bank');
  // Only what can be saved is offered (no Pending or Urgent that would always be refused).
  await expect(panel.getByLabel('Status').locator('option')).toHaveText(['Completed', 'In Progress']);
  await screenshot(page, 'dashboard-activity-form');
  await panel.getByLabel('Status').selectOption('completed');
  await panel.getByRole('button', { name: 'Add Activity' }).click();
  const item = panel.getByTestId('activity').filter({ hasText: 'Called the bank' });
  await expect(item).toBeVisible();
  await expect(panel.getByTestId('activity').first()).toContainText('Called the bank'); // newest first
  await expect(item.getByText('Completed', { exact: true })).toBeVisible();

  await item.getByRole('button', { name: 'Edit activity Called the bank' }).click();
  await panel.getByLabel('Title').fill('Called the bank twice');
  await panel.getByRole('button', { name: 'Save' }).click();
  const edited = panel.getByTestId('activity').filter({ hasText: 'Called the bank twice' });
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Delete activity Called the bank twice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete activity' });
  await expect(dialog.getByText('Are you sure you want to delete "Called the bank twice"?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(edited).toHaveCount(0);

  // The bell: nothing for a brand-new client.
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
});
