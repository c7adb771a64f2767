import { expect, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('admin adds, edits and deletes a chosen client’s task; the client sees it read-only', async ({ page }) => {
  test.setTimeout(120_000);
  const client = await signedInClient(page, { name: `Task Client ${Date.now().toString(36)}` });
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto('/compliance');
  await page.getByLabel('Client', { exact: true }).selectOption({ label: client.name });
  await expect(page.getByRole('listitem', { name: 'Contact Support' })).toBeVisible();

  // Add (due today, so it sorts before the starter tasks): priority defaults to Medium.
  await page.getByRole('button', { name: 'Add Task' }).click();
  const add = page.getByRole('form', { name: 'Add a task' });
  await expect(add.getByLabel('Priority')).toHaveValue('Medium');
  await add.getByLabel('Task name').fill('Register trade name');
  await add.getByLabel('Description').fill('File the DBA with the county clerk.');
  await add.getByLabel('Due date').fill(today());
  await add.getByLabel('Tax Form').check();
  await add.getByRole('button', { name: 'Add Task' }).click();
  const tile = page.getByRole('listitem', { name: 'Register trade name' });
  await expect(tile).toBeVisible();
  await expect(tile.getByText('Medium priority')).toBeVisible();
  await expect(tile.getByText('Tax Form')).toBeVisible();

  // Edit: new name and priority.
  await page.getByRole('button', { name: 'Edit task Register trade name' }).click();
  const edit = page.getByRole('form', { name: 'Edit Register trade name' });
  await edit.getByLabel('Task name').fill('Register trade name (DBA)');
  await edit.getByLabel('Priority').selectOption('High');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const edited = page.getByRole('listitem', { name: 'Register trade name (DBA)' });
  await expect(edited.getByText('High priority')).toBeVisible();

  // A second task, then deleted after the confirmation.
  await page.getByRole('button', { name: 'Add Task' }).click();
  await page.getByRole('form', { name: 'Add a task' }).getByLabel('Task name').fill('Temporary filing');
  await page.getByRole('form', { name: 'Add a task' }).getByLabel('Due date').fill(today());
  await page.getByRole('form', { name: 'Add a task' }).getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByRole('listitem', { name: 'Temporary filing' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete task Temporary filing' }).click();
  await expect(page.getByText('Are you sure you want to delete this task?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Temporary filing' })).toHaveCount(0);
  await screenshot(page, 'compliance-admin');

  // The client sees the edited task, can open its details, and has no add, edit or delete controls.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/compliance');
  const mine = page.getByRole('listitem', { name: 'Register trade name (DBA)' });
  await expect(mine.getByText('High priority')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) task/ })).toHaveCount(0);
  await mine.getByRole('button', { name: 'View task Register trade name (DBA)' }).click();
  const detail = page.getByRole('dialog', { name: 'Register trade name (DBA)' });
  await expect(detail.getByText('File the DBA with the county clerk.')).toBeVisible();
  await screenshot(page, 'compliance-client-detail');
  await page.keyboard.press('Escape');
  await screenshot(page, 'compliance-client');

  // The bell tells the client what the staff did; opening an item marks it read and follows its link.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const items = page.getByTestId('notification');
  await expect(items.filter({ hasText: 'Task updated: Register trade name (DBA)' })).toBeVisible();
  await expect(items.filter({ hasText: 'Task removed: Temporary filing' })).toBeVisible();
  await items.filter({ hasText: 'Task updated: Register trade name (DBA)' }).click();
  await expect(page).toHaveURL(/\/compliance\?task=\d+/);
});
