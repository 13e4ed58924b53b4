/**
 * Story: a student starts paying part of the tuition, changes their mind at the cashier, finds the
 * unpaid order from Student fees and cancels it from its detail. The order is closed, shows among
 * the closed orders, and the amount it held is free to pay again.
 */
import { expect } from '@playwright/test';
import {
  TUITION,
  UNIVERSITY,
  inLang,
  orderCard,
  screenshot,
  signIn,
  tuitionPartFen,
  tuitionRow,
  t,
  tPattern,
  test,
  yuan,
} from '../support';

test('an unpaid order is cancelled from its detail after a confirmation', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.getByTestId('home-entry-studentPayment').click();
  const tuition = tuitionRow(page);
  await tuition.locator('label[for^="fee-pick-"]').click();
  const amount = tuition.getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) }));
  const availableFen = Math.round(Number(await amount.inputValue()) * 100);
  const partFen = tuitionPartFen();
  await amount.fill((partFen / 100).toFixed(2));
  await page.getByTestId('fee-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await expect(page.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';

  // Back on Student fees the order holds its part: less is left to pay, and the way to it is shown.
  await page.getByRole('button', { name: t('common.back'), exact: true }).click();
  await page.waitForURL(/#\/fee\/index$/);
  await expect(tuition).toContainText(`${yuan(availableFen - partFen)}${t('fee.available')}`);
  // The order holding it is named in its state's word, with its part, and leads to that order.
  const held = tuition.getByTestId('open-order').filter({ hasText: yuan(partFen) });
  await expect(held).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(held.getByTestId('pay-status')).toHaveText(t('payStatus.NOT_PAY'));
  await held.getByRole('link', { name: t('fee.viewOrder') }).click();

  await page.waitForURL(/#\/order\/detail\/\d+$/);
  await expect(page.getByTestId('order-no')).toContainText(orderNo);
  await expect(page.getByTestId('pay-status')).toHaveText(t('payStatus.NOT_PAY'));
  await expect(page.getByText(tPattern('order.expireAt'))).toBeVisible();
  await page.getByTestId('order-cancel').click();

  // A confirmation first; keeping it changes nothing.
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(t('order.cancelConfirm'));
  // Looked at once it has finished opening (screenshot waits for that).
  await screenshot(page, 'order-cancel-confirm');
  await confirm.getByRole('button', { name: t('order.cancelNo') }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'NOT_PAY');

  await page.getByTestId('order-cancel').click();
  await confirm.getByRole('button', { name: t('order.cancelYes') }).click();
  await expect(page.getByText(t('order.cancelled'))).toBeVisible();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'CLOSED');
  await expect(page.getByTestId('pay-status')).toHaveText(t('payStatus.CLOSED'));
  await expect(page.getByRole('region', { name: t('order.info') })).toContainText(
    new RegExp(`${t('order.closedAt')}.+ · ${t('order.closeReason.cancelled')}`),
  );
  // Closed: nothing left to pay, share or cancel.
  await expect(page.getByTestId('order-continue-pay')).toHaveCount(0);
  await expect(page.getByTestId('order-share')).toHaveCount(0);
  await expect(page.getByTestId('order-cancel')).toHaveCount(0);
  // The confirmation may still be closing (the reply can be quicker than its animation).
  await expect(confirm).toBeHidden();
  await screenshot(page, 'order-cancelled');

  // Among the closed orders now (expired or cancelled), not the unpaid ones.
  const card = orderCard(page, orderNo);
  await page.goto('/#/order/index?tab=unpaid');
  await expect(
    page.getByRole('tab', { name: t('payStatus.NOT_PAY'), exact: true, selected: true }),
  ).toBeVisible();
  await expect(page.getByTestId('orders-mine-unpaid')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: t('payStatus.CLOSED'), exact: true }).click();
  await expect(card).toHaveAttribute('data-status', 'CLOSED');

  // The part it held is free again.
  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-entry-studentPayment').click();
  await expect(tuition).toContainText(`${yuan(availableFen)}${t('fee.available')}`);
});
