import { expect, screenshot, signedInClient, test } from './fixtures';

test('My Account lists who viewed or changed the client’s data', async ({ page }) => {
  await signedInClient(page);
  await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/account"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Manage your account preferences and settings')).toBeVisible();
  await expect(page.getByText('Activity on your account')).toBeVisible();
  await expect(page.getByText('No activity yet. Nobody has viewed or changed your data.')).toBeVisible();

  // The profile form arrives with the My Account issue; until then, the same API calls it will make.
  const revealed = await page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/get-session')).json()) as { user: { id: string } };
    const base = `/api/clients/${session.user.id}/profile`;
    const json = { 'content-type': 'application/json' };
    await fetch(base, { method: 'PUT', headers: json, body: JSON.stringify({ businessName: 'E2E Co', ownerSsn: '222-33-4444', agreement: 'I AGREE' }) });
    const listed = (await (await fetch(base)).json()) as { profile: { ownerSsnMasked: string } };
    const reveal = (await (await fetch(`${base}/reveal/ssn`, { method: 'POST' })).json()) as { value: string };
    return { masked: listed.profile.ownerSsnMasked, value: reveal.value };
  });
  expect(revealed).toEqual({ masked: '•••• 4444', value: '222-33-4444' });

  await page.reload();
  await expect(page.getByText('You viewed the SSN on your business owner profile')).toBeVisible();
  await screenshot(page, 'account-activity');
});
