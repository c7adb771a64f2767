import type { Page } from '@playwright/test';
import {
  clientSelector,
  expect,
  expectAccessible,
  myId,
  screenshot,
  signedInAdmin,
  signedInClient,
  signIn,
  test,
} from './fixtures';

const PHONE = { width: 390, height: 844 };

/** The signed-in client writes to Support Chat (through the API: support.spec covers the composer). */
async function writeToSupport(page: Page, clientId: string, body: string) {
  const status = await page.evaluate(
    async ({ clientId, body }) =>
      (
        await fetch(`/api/clients/${clientId}/support/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body }),
        })
      ).status,
    { clientId, body },
  );
  expect(status).toBeLessThan(300);
}

test('an admin assigns a client to a staff member, who then sees only that client in the clients list, the selector, the search and the support inbox', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  // The staff member starts as a client; an admin makes them staff.
  const staff = await signedInClient(page, { name: `Sam Staff ${run}` });
  const staffId = await myId(page);
  await page.context().clearCookies();
  const assigned = await signedInClient(page, { name: `Xena Assigned ${run}` });
  await writeToSupport(page, await myId(page), `Xena needs help ${run}`);
  await page.context().clearCookies();
  await signedInClient(page, { name: `Yuri Pool ${run}` });
  await writeToSupport(page, await myId(page), `Yuri needs help ${run}`);
  await page.context().clearCookies();
  // A second staff member, for the "Takes new clients" switch (Sam's clients must stay the test's own).
  await signedInClient(page, { name: `Tina Intake ${run}` });
  const tinaId = await myId(page);
  await page.context().clearCookies();

  await signedInAdmin(page);
  // The client's page: an admin makes the client a staff member (the Team page then lists them).
  await page.goto(`/account?client=${staffId}`);
  const card = page.getByRole('region', { name: 'Staff member and role' });
  await expect(card.getByText("No one (the admins' pool)")).toBeVisible();
  await card.getByRole('button', { name: 'Change role...' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  await roleDialog.getByLabel('Role').selectOption('staff');
  await expect(roleDialog.getByText('Works the clients assigned to them.')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  const promoted = page.getByText(`Sam Staff ${run} is now a staff member.`);
  await expect(promoted).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const member = page.getByRole('list', { name: 'Team members' }).getByRole('listitem').filter({ hasText: staff.name });
  await expect(member).toContainText('Staff member · 0 clients');
  // Demoting asks first, saying what it takes away; going back changes nothing.
  await member.getByRole('button', { name: `Change role of ${staff.name}` }).click();
  await roleDialog.getByLabel('Role').selectOption('client');
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  await expect(roleDialog.getByText(`Make ${staff.name} a client?`)).toBeVisible();
  await expect(
    roleDialog.getByText("The clients assigned to them go back to the admins' pool.", { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'staff-role-demote-confirm');
  await roleDialog.getByRole('button', { name: 'Back' }).click();
  await roleDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(roleDialog).toBeHidden();
  // "Takes new clients", switched on and off again (on, it would give her other tests' new clients).
  expect(
    await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/users/${id}/role`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ role: 'staff' }),
          })
        ).status,
      tinaId,
    ),
  ).toBe(200);
  await page.reload();
  const tina = page
    .getByRole('list', { name: 'Team members' })
    .getByRole('listitem')
    .filter({ hasText: `Tina Intake ${run}` });
  const takes = tina.getByRole('switch', { name: `Takes new clients (Tina Intake ${run})` });
  await expect(takes).toHaveAttribute('aria-checked', 'false');
  await takes.click();
  await expect(page.getByText(`Tina Intake ${run} now takes new clients.`)).toBeVisible();
  await expect(takes).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'staff-team-takes-new-clients');
  await takes.click();
  const stopped = page.getByText(`Tina Intake ${run} no longer takes new clients.`);
  await expect(stopped).toBeVisible();
  await expect(takes).toHaveAttribute('aria-checked', 'false');
  // The admin's own row: no control over their own role.
  await expect(page.getByText('Another administrator can change your role.')).toBeVisible();
  // The toast's entry animation is no part of the page under test: checked once it has gone.
  await expect(promoted).toBeHidden({ timeout: 15_000 });
  await expect(stopped).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page);
  await screenshot(page, 'staff-team-page');
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'staff-team-page-390');
  await page.setViewportSize(desktop);

  // Clients list: find the client, select the row, "Assign to...", pick the staff member.
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await page.getByLabel('Search clients').fill(run);
  const row = page.getByRole('row', { name: `Open My Account for ${assigned.name}` });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: `Open My Account for Yuri Pool ${run}` })).toBeVisible();
  const assign = page.getByRole('button', { name: /^Assign to/ });
  await expect(assign).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${assigned.name}` }).check();
  await assign.click();
  const dialog = page.getByRole('dialog', { name: 'Assign to...' });
  const who = dialog.getByLabel('Staff member');
  await expect(who.getByRole('option', { name: new RegExp(`^Sam Staff ${run}`) })).toBeAttached();
  await who.selectOption({ label: `Sam Staff ${run} (0 clients)` });
  await screenshot(page, 'staff-assign-dialog');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  const done = page.getByText(`1 client assigned to Sam Staff ${run}.`);
  await expect(done).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').last()).toHaveText(`Sam Staff ${run}`);
  await expect(
    page
      .getByRole('row', { name: `Open My Account for Yuri Pool ${run}` })
      .getByRole('cell')
      .last(),
  ).toHaveText('-');
  // The toast's entry animation is no part of the page under test: checked once it has gone.
  await expect(done).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page);
  await screenshot(page, 'staff-clients-admin');

  // The client's page: assign Yuri to the staff member, then back to the pool.
  await page.getByRole('row', { name: `Open My Account for Yuri Pool ${run}` }).click();
  const yuriCard = page.getByRole('region', { name: 'Staff member and role' });
  await expect(yuriCard.getByText("No one (the admins' pool)")).toBeVisible();
  await yuriCard.getByRole('button', { name: 'Assign to...' }).click();
  await dialog.getByLabel('Staff member').selectOption({ label: `Sam Staff ${run} (1 client)` });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Yuri Pool ${run} assigned to Sam Staff ${run}.`)).toBeVisible();
  await expect(yuriCard.getByText(`Sam Staff ${run}`, { exact: true })).toBeVisible();
  await screenshot(page, 'staff-client-page-assigned');
  await yuriCard.getByRole('button', { name: 'Change...' }).click();
  await expect(dialog.getByLabel('Staff member')).toHaveValue(staffId);
  await dialog.getByLabel('Staff member').selectOption({ label: "No one (the admins' pool)" });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(`Yuri Pool ${run} back in the admins' pool.`)).toBeVisible();
  await expect(yuriCard.getByText("No one (the admins' pool)")).toBeVisible();

  // The Clients list filtered by staff member (the Team page's client count links here), or the pool.
  await page.goto(`/clients?staff=${staffId}`);
  const filter = page.getByLabel('Assigned to');
  await expect(filter).toHaveValue(staffId);
  const listed = page.locator('table tbody tr');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toHaveAccessibleName(`Open My Account for ${assigned.name}`);
  await filter.selectOption({ label: "No one (the admins' pool)" });
  await page.getByLabel('Search clients').fill(run);
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toHaveAccessibleName(`Open My Account for Yuri Pool ${run}`);
  await expect(page).toHaveURL(/staff=none/);
  await screenshot(page, 'staff-clients-filter');

  // The staff member signs in: "My clients" holds that one client, and so does the client selector.
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await signIn(page, staff.email, staff.password);
  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'My clients' })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAccessibleName(`Open My Account for ${assigned.name}`);
  await expect(page.getByText('1 client', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Assign to/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await screenshot(page, 'staff-my-clients-390');

  await page.goto('/bank');
  const box = clientSelector(page);
  await expect(box).toHaveValue(assigned.name);
  await box.click();
  await box.fill('');
  const options = page.getByRole('listbox', { name: 'Clients' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(assigned.name);
  await box.fill(`Yuri Pool ${run}`);
  await expect(page.getByText('No clients found')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await screenshot(page, 'staff-selector-390');

  // The top bar's search finds their client, never another.
  await page.getByRole('button', { name: /^Search/ }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByRole('combobox').fill(run);
  const found = search.getByRole('group', { name: 'Clients' }).getByRole('option');
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(assigned.name);
  await expect(search.getByText(`Yuri Pool ${run}`)).toHaveCount(0);
  await screenshot(page, 'staff-search-390');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  // The support inbox holds their client's conversation, not the pool's.
  await page.goto('/support');
  const inbox = page.getByRole('list', { name: 'Open conversations' });
  await expect(inbox.getByRole('button', { name: new RegExp(assigned.name) })).toBeVisible();
  await expect(inbox.getByRole('button', { name: new RegExp(`Yuri Pool ${run}`) })).toHaveCount(0);
  await expect(inbox.getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'staff-inbox-390');
});
