import { chooseClient, expect, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

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
  await chooseClient(page, client.name);
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
  const bell = page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const items = page.getByTestId('notification');
  await expect(items.filter({ hasText: 'Task updated: Register trade name (DBA)' })).toBeVisible();
  await expect(items.filter({ hasText: 'Task removed: Temporary filing' })).toBeVisible();
  await items.filter({ hasText: 'Task updated: Register trade name (DBA)' }).click();
  await expect(page).toHaveURL(/\/compliance\?task=\d+/);
});

// Tasks past the first 45 tiles are reachable (Show more, Show all,
// filters, the bell's ?task= link), and the timeline and Compliance show one count.
test('tasks beyond the first 45 are reachable, ?task= opens any task, and the timeline and Compliance counts agree', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const client = await signedInClient(page, { name: `Paged Tasks ${Date.now().toString(36)}` });
  const banner = page.getByRole('region', { name: 'Business Build Out Timeline' });
  await expect(banner.getByTestId('tasks-completed')).toHaveText('0/45 tasks completed', { timeout: 20_000 });
  const clientId = await page.evaluate(
    async () => ((await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } }).user.id,
  );
  await page.context().clearCookies();

  // The admin adds a task due 2027-06-01 (after the 45 starter tasks) and a completed one with no due date (sorted last).
  await signedInAdmin(page);
  await page.goto(`/compliance?client=${clientId}`);
  await expect(page.getByRole('listitem', { name: 'Contact Support' })).toBeVisible();
  await expect(page.getByTestId('compliance-progress')).toHaveText('0/45 tasks completed');
  const addTask = async (name: string, due: string, status?: string) => {
    await page.getByRole('button', { name: 'Add Task' }).click();
    const form = page.getByRole('form', { name: 'Add a task' });
    await form.getByLabel('Task name').fill(name);
    if (due) await form.getByLabel('Due date').fill(due);
    if (status) await form.getByLabel('Status').selectOption(status);
    await form.getByRole('button', { name: 'Add Task' }).click();
    await expect(form).toHaveCount(0);
  };
  await addTask('Renew the state annual filing', '2027-06-01');
  await addTask('Review insurance coverage', '', 'Completed');
  await expect(page.getByTestId('compliance-progress')).toHaveText('1/47 tasks completed');

  // The first 45 tiles by due date; the two new ones come with Show more.
  const tiles = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
  await expect(tiles).toHaveCount(45);
  await expect(page.getByText('Showing 45 of 47 tasks')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Renew the state annual filing' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(tiles).toHaveCount(47);
  await expect(
    page.getByRole('listitem', { name: 'Renew the state annual filing' }).getByText('Due Jun 1, 2027'),
  ).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Review insurance coverage' }).getByText('No due date'),
  ).toBeVisible();
  await expect(tiles.last()).toHaveAccessibleName('Review insurance coverage');
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // The client: the bell's 'New task' link opens the dialog of a task that is not among the loaded tiles.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  // Timeline and Compliance: one count over all 47 tasks.
  await expect(banner.getByTestId('tasks-completed')).toHaveText('1/47 tasks completed');
  await page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ }).click();
  await page.getByTestId('notification').filter({ hasText: 'New task: Renew the state annual filing' }).click();
  await expect(page).toHaveURL(/\/compliance\?task=\d+$/);
  const detail = page.getByRole('dialog', { name: 'Renew the state annual filing' });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Jun 1, 2027')).toBeVisible();
  const deepLink = new URL(page.url()).search;
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByTestId('compliance-progress')).toHaveText('1/47 tasks completed');
  await expect(tiles).toHaveCount(45);
  await expect(page.getByRole('listitem', { name: 'Renew the state annual filing' })).toHaveCount(0);
  // Typed in directly, the link works too.
  await page.goto(`/compliance${deepLink}`);
  await expect(page.getByRole('dialog', { name: 'Renew the state annual filing' })).toBeVisible();
  await page.keyboard.press('Escape');
  // A task id that is not the client's says so and opens nothing.
  await page.goto('/compliance?task=2147483000');
  await expect(page.getByText('Task not found.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Filters, on the server: Completed finds the undated task at the end of the list.
  const filters = page.getByRole('group', { name: 'Filter tasks' });
  await filters.getByLabel('Status').selectOption('Completed');
  await expect(page).toHaveURL(/status=Completed/);
  await expect(tiles).toHaveCount(1);
  await expect(page.getByRole('listitem', { name: 'Review insurance coverage' })).toBeVisible();
  await expect(filters.getByText('1 matching')).toBeVisible();
  await expect(page.getByTestId('compliance-progress')).toHaveText('1/47 tasks completed');
  await filters.getByLabel('Status').selectOption('Awaiting Completion');
  await filters.getByLabel('Priority').selectOption('Medium');
  await expect(page.getByRole('listitem', { name: 'Renew the state annual filing' })).toBeVisible();
  await expect(tiles.filter({ hasText: 'High priority' })).toHaveCount(0);
  await filters.getByLabel('Overdue only').check();
  await expect(page.getByText('No tasks match these filters')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(tiles).toHaveCount(45);

  // Show all loads every remaining page.
  await page.getByRole('button', { name: 'Show all' }).click();
  await expect(tiles).toHaveCount(47);

  await filters.getByLabel('Priority').selectOption('Medium');
  await expect(page.getByRole('listitem', { name: 'Renew the state annual filing' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'compliance-filters-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(filters.getByLabel('Overdue only')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The phone's view around the filters (the whole page is 47 tiles tall).
  await page.getByText('1/47 tasks completed').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: 'e2e/screenshots/compliance-filters-390.png', animations: 'disabled' });
});
