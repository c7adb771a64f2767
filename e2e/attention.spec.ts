import {
  expect,
  expectAccessible,
  myId,
  screenshot,
  sendFromPage as send,
  signedInAdmin,
  signedInClient,
  signIn,
  test,
} from './fixtures';

const PHONE = { width: 390, height: 844 };

test('a waiting chat shows for the assigned staff member, who answers it and it leaves the queue', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const staff = await signedInClient(page, { name: `Nia Staff ${run}` });
  const staffId = await myId(page);
  await page.context().clearCookies();
  // Two clients write to support: one will be the staff member's, one stays in the admins' pool.
  const assigned = await signedInClient(page, { name: `Olga Waiting ${run}` });
  const assignedId = await myId(page);
  expect(await send(page, 'POST', `/api/clients/${assignedId}/support/messages`, { body: 'Can someone help?' })).toBe(
    201,
  );
  await page.context().clearCookies();
  const pool = await signedInClient(page, { name: `Pia Pool ${run}` });
  expect(await send(page, 'POST', `/api/clients/${await myId(page)}/support/messages`, { body: 'Hello?' })).toBe(201);
  await page.context().clearCookies();

  // The admin makes the first a staff member and gives them the first client (the Team and Clients
  // screens have their own spec), then sees that staff member's queue.
  await signedInAdmin(page);
  expect(await send(page, 'PUT', `/api/users/${staffId}/role`, { role: 'staff' })).toBe(200);
  expect(await send(page, 'PUT', `/api/clients/${assignedId}/assignment`, { staffId })).toBe(200);
  await page.goto('/attention');
  await expect(page.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
  await page.getByLabel('Staff member').selectOption({ label: staff.name });
  const rows = page.getByTestId('attention-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(assigned.name);
  await expect(rows.first()).toContainText('Chat waiting for a first answer');
  await expectAccessible(page);
  await screenshot(page, 'attention-admin-by-staff');
  await page.context().clearCookies();

  // The staff member, on a phone: their client's chat, never the pool's.
  await page.setViewportSize(PHONE);
  await signIn(page, staff.email, staff.password);
  await page.goto('/attention');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(assigned.name);
  await expect(row).toContainText(/Waiting (under a minute|\d+ min)/);
  await expect(page.getByText(pool.name)).toHaveCount(0);
  await expect(page.getByLabel('Staff member')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await screenshot(page, 'attention-staff-390');

  // The link opens the conversation; the answer handles it.
  await row.getByRole('link', { name: `Answer the chat: ${assigned.name}` }).click();
  const pane = page.getByRole('region', { name: `Conversation with ${assigned.name}` });
  await expect(pane.getByText('Can someone help?')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill('Yes, how can I help?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(pane.getByText('Yes, how can I help?')).toBeVisible();
  await page.goto('/attention');
  await expect(page.getByText('Nothing needs attention')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'attention-staff-empty-390');
});
