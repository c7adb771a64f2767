import { chooseClient, expect, screenshot, signIn, signedInAdmin, signedInClient, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test('the admin sets a client’s scores twice; the client sees them, the history and the notification, and explores tiers without saving', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const client = await signedInClient(page, { name: `Score Client ${Date.now().toString(36)}` });
  // A new client starts at 500 (first-login set-up) and has no PAYDEX yet.
  await page.goto('/dnb');
  await expect(page.getByRole('heading', { name: 'CapitalScore', level: 1 })).toBeVisible();
  await expect(page.getByTestId('your-score')).toHaveText('500');
  await expect(page.getByTestId('your-tier')).toHaveText('Foundational');
  await expect(page.getByTestId('paydex-card').getByText('No PAYDEX score yet')).toBeVisible();
  // The client has no forms to set scores.
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
  await page.context().clearCookies();

  // The admin: a score out of range is refused with the range in words; then two saves of each.
  await signedInAdmin(page);
  await page.goto('/dnb');
  await chooseClient(page, client.name);
  const capital = page.getByRole('form', { name: 'Set CapitalScore' });
  const paydex = page.getByRole('form', { name: 'Set PAYDEX score' });
  await expect(capital.getByLabel('New CapitalScore')).toHaveAttribute('min', '500');
  await expect(capital.getByLabel('New CapitalScore')).toHaveAttribute('max', '1000');
  await capital.getByLabel('New CapitalScore').fill('1001');
  await capital.getByRole('button', { name: 'Save CapitalScore' }).click();
  await expect(capital.getByText('CapitalScore must be between 500 and 1000.')).toBeVisible();

  for (const score of ['610', '655']) {
    await capital.getByLabel('New CapitalScore').fill(score);
    await capital.getByRole('button', { name: 'Save CapitalScore' }).click();
    await expect(page.getByText('CapitalScore updated successfully').last()).toBeVisible();
    await expect(page.getByTestId('your-score')).toHaveText(score);
  }
  for (const score of ['45', '82']) {
    await paydex.getByLabel('New PAYDEX score').fill(score);
    await paydex.getByRole('button', { name: 'Save PAYDEX score' }).click();
    await expect(page.getByText('PAYDEX score updated successfully').last()).toBeVisible();
    await expect(page.getByTestId('paydex-dial')).toContainText(score);
  }
  await expect(page.getByTestId('change-CapitalScore')).toHaveText('+45 since the previous score (610)');
  await screenshot(page, 'scores-admin');
  await page.context().clearCookies();

  // The client: score, tier, PAYDEX colour and band, history with its change, and the notification.
  await signIn(page, client.email, client.password);
  await page.goto('/dnb');
  await expect(page.getByTestId('your-score')).toHaveText('655');
  await expect(page.getByTestId('your-tier')).toHaveText('Emerging');
  await expect(page.getByTestId('tier-Emerging')).toContainText('Current Tier');
  await expect(page.getByTestId('tier-Emerging')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('tier-Foundational')).not.toContainText('Current Tier');
  await expect(page.getByTestId('paydex-dial')).toHaveAttribute('data-colour', 'green');
  await expect(page.getByTestId('paydex-risk')).toHaveText('Low risk');
  await expect(page.getByRole('img', { name: 'PAYDEX 82 of 100, Low risk' })).toBeVisible();
  await expect(page.getByTestId('change-CapitalScore')).toHaveText('+45 since the previous score (610)');
  await expect(page.getByTestId('change-PAYDEX')).toHaveText('+37 since the previous score (45)');
  // The charts load when their place comes near the screen.
  await page.getByTestId('history-PAYDEX').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('history-CapitalScore').locator('svg path.recharts-curve')).toHaveCount(1);
  await expect(page.getByTestId('history-PAYDEX').locator('svg path.recharts-curve')).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Learn More/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /Learn More/ })).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('link', { name: /View Full Report/ })).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('log in under the Business Accounts tab')).toBeVisible();
  await expect(page.getByRole('table', { name: 'PAYDEX reference' }).getByRole('row')).toHaveCount(11);

  await page.getByRole('button', { name: /^Notifications, \d+\+? unread$/ }).click();
  await expect(
    page.getByTestId('notification').filter({ hasText: 'Your CapitalScore changed from 610 to 655' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The what-if marker starts at the client's score; dragging it shows another tier.
  const marker = page.getByRole('slider', { name: 'What-if CapitalScore' });
  const whatIfTier = page.getByTestId('what-if-tier');
  await expect(marker).toHaveAttribute('aria-valuenow', '655');
  await expect(marker).toHaveAttribute('aria-valuetext', '655, Emerging tier');
  await expect(whatIfTier).toHaveText('Emerging');
  // Dragged by its place on the screen: back in view after the charts further down.
  await page.getByTestId('score-range-bar').scrollIntoViewIfNeeded();
  const bar = (await page.getByTestId('score-range-bar').boundingBox())!;
  const thumb = (await marker.boundingBox())!;
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + bar.width * 0.95, thumb.y + thumb.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(whatIfTier).toHaveText('Prime');
  await expect(page.getByTestId('tier-Prime')).toContainText('What-if');
  expect(Number(await marker.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(875);

  // Clicking the bar moves the marker there.
  await page.mouse.click(bar.x + bar.width * 0.6, bar.y + bar.height / 2);
  await expect(whatIfTier).toHaveText('Established');

  // Keys: Home and End, arrows by 1, PageUp by 10.
  await marker.focus();
  await page.keyboard.press('Home');
  await expect(marker).toHaveAttribute('aria-valuenow', '500');
  await expect(whatIfTier).toHaveText('Foundational');
  await page.keyboard.press('End');
  await expect(marker).toHaveAttribute('aria-valuenow', '1000');
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('PageUp');
  await expect(marker).toHaveAttribute('aria-valuenow', '620');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(marker).toHaveAttribute('aria-valuenow', '625');
  await expect(whatIfTier).toHaveText('Emerging');
  await page.keyboard.press('ArrowLeft');
  await expect(whatIfTier).toHaveText('Foundational');
  // The client's own score did not move.
  await expect(page.getByTestId('your-score')).toHaveText('655');
  await screenshot(page, 'scores-client');

  // Nothing was saved: after a reload the score and the marker are the client's 655.
  await page.reload();
  await expect(page.getByTestId('your-score')).toHaveText('655');
  await expect(page.getByRole('slider', { name: 'What-if CapitalScore' })).toHaveAttribute('aria-valuenow', '655');
  await expect(page.getByTestId('what-if-tier')).toHaveText('Emerging');

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('your-score')).toHaveText('655');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, 'scores-client-phone');
});
