/**
 * Story (issues 15 and 22): a student pays part of the tuition on the phone; the finance clerk finds the
 * order in the console by its number and opens it. The refund form starts empty and sends nothing on one
 * click (amount, kind and reason are required); "全额" fills what is refundable; a part is refunded as
 * "退费并核减应收" after a confirmation naming the payer, the amount, the channel and that it cannot be
 * undone. The student's phone shows the order refunded in part, the tuition still asks for what it asked
 * before the refund (the fee was reduced, not owed again), and the refund bill reads as the refunded amount.
 */
import { expect } from '@playwright/test';
import {
  CONSOLE,
  UNIVERSITY,
  anotherPhone,
  consoleScreenshot,
  consoleSignIn,
  orderPartOfTuition,
  payInSandbox,
  screenshot,
  signIn,
  test,
  tuitionPartFen,
  tuitionRow,
  yuan,
} from '@e2e/support';

test('the finance office refunds part of an order and the phone shows it', async ({
  page,
  browser,
}, testInfo) => {
  // A phone and the console, two rounds of the refund form and screenshots in both languages.
  test.slow();
  // The student pays part of the tuition on their phone.
  const phoneContext = await anotherPhone(browser, testInfo, {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(phone, partFen);
  await payInSandbox(phone);

  // The clerk finds it by its number and opens it.
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '订单' }).click();
  await page.waitForURL(/#\/orders$/);
  await page.getByTestId('orders-order-no').fill(orderNo);
  await page.getByTestId('orders-search-submit').click();
  const row = page.getByTestId('orders-table').locator('tbody tr').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已支付');
  await consoleScreenshot(page, 'orders');
  await row.click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-detail-no')).toHaveText(orderNo);
  await expect(detail.getByTestId('order-detail-status')).toHaveAttribute('data-status', 'PAID');

  // What the phone's tuition asks for once it is paid, before any refund.
  const tuitionId = ((await tuitionRowId(phone)) ?? '').replace('fee-item-', '');
  await phone.goto(`/#/fee/other/receivable/${tuitionId}`);
  const available = phone.getByTestId('pay-now-amount');
  await expect(available).toBeVisible();
  const askedBefore = await available.textContent();

  // The form starts empty and one click sends nothing: amount, kind and reason are asked for.
  const amount = detail.getByTestId('refund-amount');
  await expect(amount).toHaveValue('');
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByText('请输入退款金额')).toBeVisible();
  await expect(detail.getByText('请选择退款类型：退费并核减应收，或仅退款')).toBeVisible();
  await expect(detail.getByText('请填写退款原因（将随退款告知缴费人）')).toBeVisible();
  await consoleScreenshot(page, 'refund-form-required', { langs: ['zh'], still: detail });

  // "全额" fills what is refundable; more than that is refused by the form; a part goes through.
  await detail.getByTestId('refund-all').click();
  await expect(amount).toHaveValue((partFen / 100).toFixed(2));
  await amount.fill(((partFen + 1) / 100).toFixed(2));
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByText(`不能超过可退金额 ${yuan(partFen)}`)).toBeVisible();
  const refundFen = Math.floor(partFen / 3);
  await amount.fill((refundFen / 100).toFixed(2));
  await detail.getByTestId('refund-kind-reduceReceivable').click();
  await detail.getByTestId('refund-reason').fill('退宿减免');
  await detail.getByTestId('refund-submit').click();

  // The confirmation names the payer, the amount, the channel, and that it cannot be undone.
  const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('refund-confirm-body') });
  await expect(confirm.getByTestId('refund-confirm-payer')).toHaveText(/\S/);
  await expect(confirm.getByTestId('refund-confirm-amount')).toHaveText(yuan(refundFen));
  await expect(confirm.getByTestId('refund-confirm-channel')).toHaveText('沙箱支付（演示）');
  await expect(confirm).toContainText('退费并核减应收');
  await expect(confirm.getByTestId('refund-confirm-warning')).toContainText('不能撤销');
  await consoleScreenshot(page, 'refund-confirm', { langs: ['zh'], still: confirm });
  await confirm.getByTestId('refund-confirm').click();

  await expect(detail.getByTestId('order-detail-refunded')).toHaveText(yuan(refundFen));
  await expect(detail.getByTestId('refund-done')).toContainText(yuan(refundFen));
  await expect(detail.getByTestId('order-refunds')).toContainText('退宿减免');
  await expect(detail.getByTestId('order-refunds')).toContainText('已退款');
  await expect(detail.getByTestId('order-refunds')).toContainText('退费并核减应收');
  // The form is empty again: the order total is not refilled and no error is shown.
  await expect(amount).toHaveValue('');
  await expect(detail.getByText(/不能超过可退金额/)).toHaveCount(0);
  await expect(detail.getByText(`最多可退 ${yuan(partFen - refundFen)}`)).toBeVisible();
  await consoleScreenshot(page, 'refund-done', { langs: ['zh'], still: detail });

  // The same form in English: its required fields and its confirmation.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByTestId('language-switch').getByRole('button', { name: 'English', exact: true }).click();
  await row.click();
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByText('Enter the amount to refund')).toBeVisible();
  await consoleScreenshot(page, 'refund-form-required', { langs: ['en'], still: detail });
  await detail.getByTestId('refund-all').click();
  await detail.getByTestId('refund-kind-refundOnly').click();
  await detail.getByTestId('refund-reason').fill('Paid twice');
  await detail.getByTestId('refund-submit').click();
  await expect(confirm.getByTestId('refund-confirm-amount')).toHaveText(yuan(partFen - refundFen));
  await consoleScreenshot(page, 'refund-confirm', { langs: ['en'], still: confirm });
  await confirm.getByTestId('refund-cancel').click();
  await expect(confirm).toBeHidden();

  // The phone's order detail shows the refund.
  await phone.goto('/#/order/list');
  await phone.goto(`/#/order/detail/${await orderIdOf(page)}`);
  await expect(phone.getByTestId('order-total')).toBeVisible();
  await expect(phone.getByText(`已退款 ${yuan(refundFen)}`)).toBeVisible();

  // The tuition asks for what it asked before: the refund reduced the fee, nothing is owed again.
  await phone.goto(`/#/fee/other/receivable/${tuitionId}`);
  await expect(phone.getByTestId('pay-now-amount')).toHaveText(askedBefore ?? '');
  // Its refund bill reads as the refunded amount, not the unit price of what was paid.
  const refundBill = phone.locator('[data-testid="bill-card"][data-kind="REFUND"]');
  await expect(refundBill).toHaveCount(1);
  await expect(refundBill).toContainText(yuan(refundFen));
  await expect(refundBill).not.toContainText(yuan(partFen));
  await screenshot(phone, 'phone-refund-bill');
  await phoneContext.close();
});

/** The data-testid (fee-item-<receivableId>) of student1's 2025-2026 tuition row on Student fees. */
async function tuitionRowId(phone: import('@playwright/test').Page): Promise<string | null> {
  await phone.goto('/#/fee/index');
  const row = tuitionRow(phone);
  await expect(row).toHaveCount(1);
  return row.getAttribute('data-testid');
}

/** The open order's id, from the console's last detail request. */
async function orderIdOf(page: import('@playwright/test').Page): Promise<string> {
  const id = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /\/admin\/order\/(\d+)$/.exec(e.name)?.[1])
      .filter(Boolean)
      .pop(),
  );
  expect(id).toBeTruthy();
  return id!;
}
