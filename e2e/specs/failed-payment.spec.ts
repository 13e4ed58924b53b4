/**
 * Story of issue 22, item 1: a student's payment fails at the sandbox. The result says so, and every
 * other screen agrees — the order is unpaid again (待支付, "上次支付未成功") on the order, in the
 * Unpaid tab (not Processing) and on the fee line — and the student pays the same fee again from the
 * fee list.
 */
import { expect } from '@playwright/test';
import {
  SANDBOX_CHECKOUT,
  UNIVERSITY,
  orderCard,
  orderPartOfTuition,
  payInSandbox,
  screenshot,
  signIn,
  t,
  tuitionPartFen,
  tuitionRow,
  yuan,
  test,
  waitForOrderDetail,
} from '../support';

test('fail a payment, then pay the same fee from the fee list', async ({ page }) => {
  // Two payments at the sandbox and seven screens, each photographed and checked.
  test.setTimeout(240_000);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(page, partFen);

  // The sandbox's "simulate failure".
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await page.getByRole('button', { name: '模拟支付失败 / Simulate a failed payment' }).click();
  await page.waitForURL(/#\/pay\?.*view=result/);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-result', 'failed');
  await expect(result.getByRole('heading', { name: t('pay.result.failed') })).toBeVisible();
  await screenshot(page, 'failed-payment-result');

  // The order: unpaid again, saying its last payment did not go through, and payable again.
  await page.getByTestId('pay-view-order').click();
  await waitForOrderDetail(page);
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(page.getByTestId('pay-status')).toHaveText(t('payStatus.NOT_PAY'));
  await expect(page.getByTestId('last-pay-failed')).toHaveText(t('order.lastPayFailed'));
  await expect(page.getByTestId('order-continue-pay')).toHaveText(t('pay.payAgain'));
  await expect(page.getByTestId('order-continue-pay')).toBeEnabled();
  await screenshot(page, 'failed-payment-order');

  // My orders: in Unpaid with the same words, not in Processing.
  await page.goto('/#/order/index?tab=processing');
  await expect(page.getByTestId('orders-mine-processing')).toBeVisible();
  await expect(orderCard(page, orderNo)).toHaveCount(0);
  await page.getByRole('tab', { name: t('payStatus.NOT_PAY'), exact: true }).click();
  await page.waitForURL(/#\/order\/index\?tab=unpaid$/);
  const card = orderCard(page, orderNo);
  await expect(card).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(card.getByTestId('last-pay-failed')).toHaveText(t('order.lastPayFailed'));
  await screenshot(page, 'failed-payment-orders');

  // The fee list: the tuition's order is said once, unpaid, with a way to pay it again from here.
  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-entry-studentPayment').click();
  await page.waitForURL(/#\/fee\/index$/);
  const tuition = tuitionRow(page);
  const open = tuition.locator(`[data-testid="open-order"][data-order-no="${orderNo}"]`);
  await expect(open).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(open.getByTestId('pay-status')).toHaveText(t('payStatus.NOT_PAY'));
  await expect(open.getByTestId('last-pay-failed')).toHaveText(t('order.lastPayFailed'));
  await expect(open).toContainText(t('fee.openOrder', { amount: yuan(partFen) }));
  await expect(tuition.getByText(t('payStatus.PAYING'), { exact: true })).toHaveCount(0);
  await open.scrollIntoViewIfNeeded();
  await screenshot(page, 'failed-payment-fee-line');

  // Pay again from the fee line: the same order's cashier, any channel free again; it pays.
  await open.getByTestId('open-order-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await expect(page.getByTestId('cashier-order-no')).toHaveText(orderNo);
  await expect(page.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  await expect(page.getByTestId('cashier-last-failed')).toHaveText(t('pay.lastFailed'));
  await screenshot(page, 'failed-payment-cashier');
  await payInSandbox(page);
  await expect(result).toContainText(orderNo);

  // Back on the fee list the order is no longer open, and the part paid counts as received.
  await page.getByRole('button', { name: t('pay.backHome') }).click();
  await page.waitForURL(/#\/home$/);
  await page.getByTestId('home-entry-studentPayment').click();
  await expect(tuitionRow(page).locator(`[data-order-no="${orderNo}"]`)).toHaveCount(0);
});
