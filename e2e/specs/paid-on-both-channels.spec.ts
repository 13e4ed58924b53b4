/**
 * Story (issue 27): a payment made on both channels ends with one credit and one refund. student1
 * orders part of the tuition and chooses Alipay, but keeps Alipay's cashier address instead of going
 * there (Alipay never saw the trade); pays the same order by WeChat Pay H5 — which closes the Alipay
 * attempt first — and sees it paid; then opens the kept address and pays there too. The order stays
 * paid once, by WeChat Pay, with one charge bill; the Alipay money is a payment exception ("paid
 * twice"), which the finance manager sends back through Alipay in the console (refunds of exceptions
 * are a manager's act, not automatic: modules/pay/exceptions).
 */
import { expect } from '@playwright/test';
import {
  PAYMENT_SETTLES_MS,
  UNIVERSITY,
  anotherPhone,
  consoleScreenshot,
  consoleSignIn,
  orderCard,
  orderPartOfTuition,
  screenshot,
  signIn,
  t,
  tPattern,
  test,
  tuitionPartFen,
  yuan,
  waitForOrderDetail,
} from '../support';

const ALIPAY_GATEWAY = /\/api\/dev\/alipay\/100001\/gateway\.do\?/;
const H5_PAGE = /\/api\/dev\/wechatpay\/100001\/h5\?prepay_id=/;

test('a payment made on both channels ends with one credit and one refund', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(page, partFen);
  const cashierUrl = page.url();

  // Alipay is chosen and the pay button pressed; its cashier address is kept, not followed.
  let kept = '';
  await page.route(ALIPAY_GATEWAY, (route) => {
    kept = route.request().url();
    return route.abort();
  });
  await page.getByTestId('channel-alipay').click();
  await page.getByTestId('cashier-pay').click();
  await expect.poll(() => kept).toMatch(/method=alipay\.trade\.wap\.pay/);
  await page.unroute(ALIPAY_GATEWAY);

  // The same order paid by WeChat Pay H5: the Alipay attempt is closed first.
  await page.goto(cashierUrl);
  await expect(page.getByTestId('cashier-order-no')).toHaveText(orderNo);
  await page.getByTestId('channel-wechat-h5').click();
  await expect(page.getByTestId('channel-wechat-h5').getByRole('radio')).toBeChecked();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(H5_PAGE);
  await expect(page.getByTestId('wechat-sim-amount')).toHaveText(yuan(partFen));
  await page.getByTestId('wechat-sim-pay').click();
  await page.waitForURL(/#\/pay\?.*view=result/);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-result', 'paid', { timeout: PAYMENT_SETTLES_MS });
  await expect(page.getByTestId('pay-result-amount')).toHaveText(yuan(partFen));

  // The kept Alipay address, opened in another page, takes the money too.
  const alipayPage = await page.context().newPage();
  await alipayPage.goto(kept);
  await expect(alipayPage.getByText(orderNo)).toBeVisible();
  await expect(alipayPage.getByText(yuan(partFen))).toBeVisible();
  await alipayPage.getByRole('button', { name: '确认支付 / Pay' }).click();
  // Back on the result page: the order is still the one paid by WeChat Pay, for its amount.
  await alipayPage.waitForURL(/#\/pay\?.*view=result/);
  const again = alipayPage.getByTestId('pay-result');
  await expect(again).toHaveAttribute('data-result', 'paid', { timeout: PAYMENT_SETTLES_MS });
  await expect(alipayPage.getByTestId('pay-result-amount')).toHaveText(yuan(partFen));
  await expect(again).toContainText(t('pay.channel.wechat'));
  await screenshot(alipayPage, 'both-channels-result');
  await alipayPage.close();

  // The order: paid once, its amount, by WeChat Pay, one charge bill, nothing refunded from it.
  await page.goto('/#/order/index?tab=paid');
  await expect(orderCard(page, orderNo)).toHaveCount(1);
  await orderCard(page, orderNo).click();
  await waitForOrderDetail(page);
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('order-total')).toHaveText(yuan(partFen));
  await expect(page.getByTestId('order-no').locator('xpath=..')).toContainText(t('pay.channel.wechat'));
  await expect(page.getByText(tPattern('order.refunded'))).toHaveCount(0);
  const charges = page.locator('[data-testid="bill-card"][data-kind="CHARGE"]');
  await expect(charges).toHaveCount(1);
  await expect(charges).toContainText(yuan(partFen));
  await expect(page.locator('[data-testid="bill-card"][data-kind="REFUND"]')).toHaveCount(0);
  await screenshot(page, 'both-channels-order');

  // The finance manager's console: the Alipay money is an open exception of this order.
  const desk = await anotherPhone(browser, testInfo, {
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    locale: 'zh-CN',
  });
  const console_ = await desk.newPage();
  await consoleSignIn(console_, { tenantName: UNIVERSITY.nameZh, account: 'manager1' });
  await console_.goto('/admin/#/payment-exceptions');
  const table = console_.getByTestId('exceptions-table');
  const row = table.locator('tbody tr').filter({ hasText: orderNo });
  // Alipay's notify may come a moment after the payer is back.
  await expect(async () => {
    await console_.reload();
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: PAYMENT_SETTLES_MS });
  await expect(row).toContainText('重复付款');
  await expect(row).toContainText('支付宝');
  await expect(row).toContainText(yuan(partFen));
  await consoleScreenshot(console_, 'both-channels-exception');

  // Sent back through Alipay, after a confirmation naming the amount.
  await row.getByRole('button', { name: '退款' }).click();
  const confirm = console_.locator('.ant-popover').filter({ hasText: '原路退回付款人' });
  await expect(confirm).toContainText(`将 ${yuan(partFen)} 原路退回付款人`);
  await confirm.getByRole('button', { name: '退款' }).click();
  await expect(console_.getByText('已提交退款')).toBeVisible();
  await expect(console_.locator('.ant-message-notice')).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await console_.getByRole('tab', { name: '已退款' }).click();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('支付宝');
  await expect(row).toContainText(yuan(partFen));
  await expect(row).toContainText('已退款');
  await consoleScreenshot(console_, 'both-channels-refunded');
  await desk.close();

  // The payer's order is untouched by that refund: still paid once, its amount.
  await page.reload();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('order-total')).toHaveText(yuan(partFen));
  await expect(charges).toHaveCount(1);
});
