/**
 * Stories of issue 11 (trying the app as a new payer): a failed payment stays failed; the result
 * page says what was paid and Back never returns to the checkout; a guest account sees what it can
 * use and a way to bind; an authCode link opened while signed in leads to its page after sign-in;
 * the pay link is shared as a QR code with a copy button.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  SANDBOX_CHECKOUT,
  TUITION,
  UNIVERSITY,
  inLang,
  nextCaptchaKey,
  nextPageLoad,
  orderPartOfTuition,
  screenshot,
  sharePayLink,
  signIn,
  submitLogin,
  t,
  tuitionPartFen,
  yuan,
  test,
} from '../support';

test('a failed payment shows as failed and stays so; paying again then succeeds with a full result', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(page, partFen);

  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await page.getByRole('button', { name: '模拟支付失败 / Simulate a failed payment' }).click();
  await page.waitForURL(/#\/pay\?.*view=result/);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-result', 'failed');
  await expect(page.getByRole('heading', { name: t('route.payResult'), level: 1 })).toBeVisible();
  // Several poll periods later it is still failed (it used to fall back to "processing").
  await page.waitForTimeout(7000);
  await expect(result).toHaveAttribute('data-result', 'failed');
  await expect(page.getByText(t('pay.result.processing'))).toHaveCount(0);
  await screenshot(page, 'pay-failed');

  // Pay again: the result names the amount, items, order, time, payer and method.
  await page.getByTestId('pay-again').click();
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await page.getByRole('button', { name: '确认支付 / Pay' }).click();
  await page.waitForURL(/#\/pay\?.*view=result/);
  await expect(result).toHaveAttribute('data-result', 'paid', { timeout: 30_000 });
  await expect(page.getByTestId('pay-result-amount')).toHaveText(yuan(partFen));
  await expect(result).toContainText(inLang(TUITION));
  await expect(result).toContainText(orderNo);
  await expect(result).toContainText(t('pay.paidAt'));
  await expect(result).toContainText(t('pay.payer'));
  await expect(result).toContainText(t('pay.channel.sandbox'));
  await screenshot(page, 'pay-result');

  // Back never returns to the checkout: it was left by location.replace (issue 24, item 6).
  await page.goBack();
  await expect(page).not.toHaveURL(SANDBOX_CHECKOUT);
  await expect(page.getByText(t('pay.checkout.alreadyPaid'))).toHaveCount(0);

  // Back in the app's top bar leads to the orders, never to the checkout.
  await page.goForward();
  await page.waitForURL(/#\/pay\?.*view=result/);
  await page.getByRole('button', { name: t('common.back'), exact: true }).click();
  await page.waitForURL(/#\/order\/index$/);
});

test('a guest account sees only what it can use, and a clear way to bind', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'guest1' });
  const bind = page.getByTestId('home-bind-entry');
  await expect(bind).toBeVisible();
  await expect(page.getByTestId('home-entry-orders')).toBeVisible();
  for (const entry of ['studentPayment', 'combinedPayment', 'history', 'salary'])
    await expect(page.getByTestId(`home-entry-${entry}`)).toHaveCount(0);
  await screenshot(page, 'guest-home');

  await page.getByTestId('more-menu').click();
  await expect(page.getByText(t('menu.bind'), { exact: true })).toBeVisible();
  await expect(page.getByText(t('menu.rebinding'))).toHaveCount(0);
  await page.getByRole('option', { name: t('common.cancel') }).click();

  await bind.getByRole('link', { name: t('home.bindAction') }).click();
  await page.waitForURL(/#\/register$/);
  await expect(page.getByRole('heading', { name: t('route.register'), level: 1 })).toBeVisible();
  // The binding screen leads a newly admitted student to the enrolment fees.
  await page.getByTestId('register-enroll-link').click();
  await page.waitForURL(/#\/enroll$/);
});

test('an authCode link opened while signed in leads to its page after signing in again', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/?authCode=one-time-code#/order/index');
  await page.waitForURL(/#\/login$/);
  expect(page.url()).not.toContain('authCode');
  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  await reloaded;
  await page.waitForURL(/#\/order\/index$/);
  await expect(page.getByRole('heading', { name: t('route.order'), level: 1 })).toBeVisible();
  // Settled there: no loop back to the login page.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/#\/order\/index$/);
});

test('the pay link is shared as a QR code with a copy button', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await reshare(page);
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('pay-link-dialog') });
  await expect(dialog.getByTestId('pay-link-qr')).toBeVisible();
  await expect(dialog).toContainText(shareHintEnd());
  await dialog.getByTestId('pay-link-copy').click();
  await expect(dialog.getByTestId('pay-link-copied')).toHaveText(t('order.linkCopied'));
  const url = (await dialog.getByTestId('pay-link-url').textContent()) ?? '';
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // The whole QR code stays in sight inside the dialog's scrolling content after copying.
  await expectWhollyInside(dialog.getByTestId('pay-link-qr'), dialog.locator('.adm-dialog-content'));
  await screenshot(page, 'pay-link-qr');
  await expect(dialog.getByTestId('pay-link-copied')).toHaveText('', { timeout: 4000 });
});

/** The share hint's last sentence: the link ends with the order (after its time placeholder). */
function shareHintEnd(): string {
  return t('order.shareHint', { time: 'TIME' })
    .split('TIME')[1]!
    .replace(/^[^；:]*[；:]\s*/, '');
}

/** student1 shares a fresh order's pay link and opens the share dialog again on its detail. */
async function reshare(page: Page): Promise<void> {
  await sharePayLink(page, tuitionPartFen());
  await page.getByTestId('order-share').click();
}

/** `inner`'s box lies wholly inside `outer`'s visible box (a square QR code, not clipped). */
async function expectWhollyInside(inner: Locator, outer: Locator): Promise<void> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(Math.abs(a.width - a.height)).toBeLessThan(2);
  expect(a.width).toBeGreaterThanOrEqual(120);
  expect(a.y).toBeGreaterThanOrEqual(b.y);
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height);
}
