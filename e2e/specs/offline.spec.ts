/**
 * Story (issue 24, bad networks): a student on a phone loses the network on Home. What is on the
 * screen stays, a thin bar says the network is gone, a screen that needs data says it could not load
 * with 重试, and when the network is back the bar goes and the data comes. A cut notice link shows a
 * not-found state with the way home instead of spinning.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, screenshot, signIn, t, test } from '../support';

test('offline on Home: the screen stays, a bar says why, a read offers 重试 and recovers', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  // The orders screen has been opened once (its code is on the phone), then Home.
  await page.goto('/#/order/index');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await page.goto('/#/home');
  const home = page.getByTestId('home-entry-studentPayment');
  await expect(home).toBeVisible();

  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-bar')).toHaveText(t('common.offline'));
  // Background requests fail meanwhile; the screen is not replaced by an error page.
  await page.waitForTimeout(2500);
  await expect(home).toBeVisible();
  await expect(page.getByText(t('common.chunkErrorTitle'))).toHaveCount(0);
  await screenshot(page, 'offline-home');

  // Orders again, offline: what the phone already has, or why nothing came with 重试 — never a spinner
  // for minutes, never the error page.
  await page.goto('/#/order/index');
  await expect(page.getByTestId('order-card').first().or(page.getByTestId('load-retry'))).toBeVisible();
  await expect(page.getByText(t('common.chunkErrorTitle'))).toHaveCount(0);
  await expect(page.getByTestId('offline-bar')).toBeVisible();
  await screenshot(page, 'offline-orders');

  // Back online: the bar goes and the orders come, by themselves or with the retry.
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-bar')).toHaveCount(0);
  const retry = page.getByTestId('load-retry');
  if (await retry.isVisible().catch(() => false)) await retry.click();
  await expect(page.getByTestId('order-card').first()).toBeVisible({ timeout: 20_000 });
});

test('a cut notice link shows that the notice cannot be found, with the way home', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/home/notice/abc');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toContainText(t('notices.notFound'));
  await screenshot(page, 'notice-not-found');
  await notFound.getByRole('button', { name: t('common.backHome') }).click();
  await page.waitForURL(/#\/home$/);
});
