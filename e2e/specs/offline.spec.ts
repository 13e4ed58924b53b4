/**
 * Stories (issue 24, bad networks): a student on a phone loses the network on Home. What is on the
 * screen stays, a thin bar says the network is gone, a screen that needs data says it could not load
 * with 重试, and when the network is back the bar goes and the data comes. A cut notice link shows a
 * not-found state with the way home instead of spinning. A notice opened offline says it waits for the
 * network and comes by itself once it is back; on a slow 3G network (CDP emulation) the screens load
 * without an error page.
 */
import { expect, type Page } from '@playwright/test';
import { UNIVERSITY, loginForm, screenshot, signIn, t, test } from '../support';

test('offline on Home: the screen stays, a bar says why, a read offers 重试 and recovers', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  // The orders screen has been opened once (its code is on the phone), then Home.
  // Its list: the orders, or that there are none yet (stories run in parallel on one database).
  const orders = () =>
    page
      .getByTestId('order-card')
      .first()
      .or(page.getByText(t('order.empty')));
  await page.goto('/#/order/index');
  await expect(orders()).toBeVisible();
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
  await expect(orders().or(page.getByTestId('load-retry'))).toBeVisible();
  await expect(page.getByText(t('common.chunkErrorTitle'))).toHaveCount(0);
  await expect(page.getByTestId('offline-bar')).toBeVisible();
  // The bar sits above the screen's title, never over it.
  const bar = (await page.getByTestId('offline-bar').boundingBox())!;
  const title = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
  expect(title.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  await screenshot(page, 'offline-orders');

  // Back online: the bar goes and the orders come, by themselves or with the retry.
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-bar')).toHaveCount(0);
  const retry = page.getByTestId('load-retry');
  if (await retry.isVisible().catch(() => false)) await retry.click();
  await expect(orders()).toBeVisible({ timeout: 20_000 });
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

test('a notice opened offline waits for the network, says so, and loads by itself when it is back', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  // One notice read online (the notice screen's code is on the phone), then back to Home.
  await page.getByTestId('latest-notice').first().click();
  await expect(page.getByTestId('notice-title')).toBeVisible();
  await page.goBack();
  const another = page.getByTestId('latest-notice').nth(1);
  await expect(another).toBeVisible();

  await page.context().setOffline(true);
  await another.click();
  // No spinner for minutes and no error: the screen says it waits for the network.
  await expect(page.getByTestId('load-offline')).toHaveText(t('common.waitingForNetwork'));
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  await screenshot(page, 'offline-waiting');

  // Back online, nothing pressed: the notice comes.
  await page.context().setOffline(false);
  await expect(page.getByTestId('notice-title')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('load-offline')).toHaveCount(0);
});

test('on a slow mobile network (CDP: 3G latency and bandwidth) Home, the fee list and a notice load without an error page', async ({
  page,
}) => {
  await slow3G(page);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.getByTestId('home-entry-studentPayment').click();
  await expect(page.getByTestId('fee-year').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(t('common.chunkErrorTitle'))).toHaveCount(0);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  await screenshot(page, 'slow-network-fees');
  await page.goto('/#/home');
  await page.getByTestId('latest-notice').first().click();
  await expect(page.getByTestId('notice-title')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(t('common.chunkErrorTitle'))).toHaveCount(0);
});

test('on slow 3G the first paint is the full-screen splash, then the sign-in screen (never a small box)', async ({
  page,
}) => {
  await slow3G(page);
  const opened = page.goto('/#/login');
  const splash = page.locator('.boot');
  await expect(splash).toBeVisible({ timeout: 30_000 });
  const box = (await splash.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBe(viewport.width);
  expect(box.height).toBeGreaterThanOrEqual(viewport.height);
  await screenshot(page, 'slow-network-splash');
  await opened;
  await expect(loginForm(page).submit).toBeVisible({ timeout: 60_000 });
});

/** Slow 3G as Chrome's DevTools define it (CDP): 2 s round trip, 400 kbit/s down and up. */
async function slow3G(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
}
