/**
 * Story (issue 15): a student pays part of the tuition on the phone; the finance clerk finds the order
 * in the console by its number, opens it, refunds part of it (never more than is refundable) and sees
 * the refund in the detail; the student's phone shows the order refunded in part.
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
  signIn,
  test,
  tuitionPartFen,
  yuan,
} from '@e2e/support';

test('the finance office refunds part of an order and the phone shows it', async ({
  page,
  browser,
}, testInfo) => {
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

  // More than was paid is refused by the form; a part goes through.
  const amount = detail.getByTestId('refund-amount');
  await amount.fill(((partFen + 1) / 100).toFixed(2));
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByText(`不能超过可退金额 ${yuan(partFen)}`)).toBeVisible();
  const refundFen = Math.floor(partFen / 3);
  await amount.fill((refundFen / 100).toFixed(2));
  await detail.getByTestId('refund-reason').fill('多缴部分退回');
  await detail.getByTestId('refund-submit').click();
  await expect(detail.getByTestId('order-detail-refunded')).toHaveText(yuan(refundFen));
  await expect(detail.getByTestId('order-refunds')).toContainText('多缴部分退回');
  await expect(detail.getByTestId('order-refunds')).toContainText('已退款');

  // The phone's order detail shows the refund.
  await phone.goto('/#/order/list');
  await phone.goto(`/#/order/detail/${await orderIdOf(page)}`);
  await expect(phone.getByTestId('order-total')).toBeVisible();
  await expect(phone.getByText(`已退款 ${yuan(refundFen)}`)).toBeVisible();
  await phoneContext.close();
});

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
