import path from 'node:path';
import { expect, expectAccessible, myId, signedInAdmin, signedInClient, signIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test('an admin keeps a private note on a client, finds the client by it from the top bar, and the client never sees it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const secret = `Prefers morning calls, ask about the quokka${run} lease`;
  const client = await signedInClient(page, { name: `Nora Notes ${run}` });
  const clientId = await myId(page);
  await page.context().clearCookies();

  await signedInAdmin(page);
  await page.goto(`/account?client=${clientId}`);
  const card = page.getByRole('region', { name: 'Notes' });
  await expect(card.getByText('No notes yet')).toBeVisible();
  await card.screenshot({ path: path.join(import.meta.dirname, 'screenshots', 'staff-notes-card-empty.png') });
  await card.getByRole('button', { name: 'Add Note' }).click();
  // The shared schema refuses an empty note before anything is sent.
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(card.getByText('Write the note first.')).toBeVisible();
  await card.getByLabel('Note', { exact: true }).fill(secret);
  await card.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  const notes = card.getByRole('list', { name: 'Notes' });
  const note = notes.getByRole('listitem').filter({ hasText: secret });
  await expect(note).toContainText('Ada Admin');
  await expect(note.locator('time')).toBeVisible();

  // A second note, edited in place, then deleted after confirming.
  await card.getByRole('button', { name: 'Add Note' }).click();
  await card.getByLabel('Note', { exact: true }).fill('A draft to change');
  await card.getByRole('button', { name: 'Add Note' }).click();
  const draft = notes.getByRole('listitem').filter({ hasText: 'A draft to change' });
  await expect(draft).toBeVisible();
  // Newest first; while edited, its text is in the form (the item is found by its place).
  const newest = notes.getByRole('listitem').first();
  await expect(newest).toContainText('A draft to change');
  await draft.getByRole('button', { name: /^Edit note by Ada Admin/ }).click();
  await newest.getByLabel('Note', { exact: true }).fill('A changed draft');
  await newest.getByRole('button', { name: 'Save Note' }).click();
  const changed = notes.getByRole('listitem').filter({ hasText: 'A changed draft' });
  await expect(changed).toContainText('edited');
  await changed.getByRole('button', { name: /^Delete note by Ada Admin/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete Note' }).click();
  await expect(confirm).toBeHidden();
  await expect(changed).toBeHidden();
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  // The toasts' entry animation is no part of the card under test: checked once they have gone (the
  // last seen first, so the wait cannot pass before it came).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Note deleted.' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  await expectAccessible(page);

  // The top bar's search finds the client by the note's text and opens the note on their page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByRole('combobox').fill(`QUOKKA${run}`);
  const hit = search.getByRole('group', { name: 'Client notes' }).getByRole('option', { name: /Nora Notes/ });
  await expect(hit).toContainText(`quokka${run} lease`);
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/account\\?client=${clientId}&highlight=`));
  const highlighted = page.locator('[data-search-highlighted]');
  await expect(highlighted).toContainText(secret);
  await expect(highlighted).toBeFocused();
  await card.screenshot({ path: path.join(import.meta.dirname, 'screenshots', 'staff-notes-card.png') });

  // The card at a phone's width: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await card.screenshot({ path: path.join(import.meta.dirname, 'screenshots', 'staff-notes-card-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The client: no Notes card, no note in their account or its activity, and the notes route refuses them.
  await page.context().clearCookies();
  await signIn(page, client.email, client.password);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Activity on your account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes' })).toHaveCount(0);
  await expect(page.getByText(/quokka/i)).toHaveCount(0);
  await expect(page.getByText(/staff note/i)).toHaveCount(0);
  expect(await page.evaluate(async (id) => (await fetch(`/api/clients/${id}/notes`)).status, clientId)).toBe(403);
});
