/**
 * Story: a student asks someone else to pay. From an unpaid order's detail they share its pay link;
 * a parent opens it in WeChat without signing in, or a teacher opens it signed in, and pays through
 * the sandbox. The student sees the order paid; the teacher finds it among other people's orders.
 */
import { expect, type Page } from '@playwright/test';
import {
  UNIVERSITY,
  WECHAT_UA,
  anotherPhone,
  orderCard,
  payInSandbox,
  screenshot,
  sharePayLink,
  signIn,
  tuitionPartFen,
  yuan,
  test,
  t,
  waitForOrderDetail,
} from '../support';

/** The student's open order detail, fetched afresh. */
async function expectPaidForStudent(page: Page, payer: string): Promise<void> {
  await page.reload();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  const fields = page.getByRole('region', { name: t('order.info') });
  await expect(fields).toContainText(`${t('order.personName')}张三`);
  // A payer nobody knows (a pay-link holder) is an empty row, and empty rows are hidden (issue 11, item 11).
  if (payer === '—') await expect(fields).not.toContainText(t('order.payerName'));
  else await expect(fields).toContainText(`${t('order.payerName')}${payer}`);
  await expect(page.getByTestId('bill-card')).toHaveCount(1);
  await expect(page.getByTestId('bill-card').getByTestId('bill-status')).toHaveCount(0);
  await expect(page.getByTestId('order-share')).toHaveCount(0);
}

test('a parent opens the pay link in WeChat without signing in and pays', async ({
  page,
  browser,
}, testInfo) => {
  const partFen = tuitionPartFen();
  const { orderNo, url } = await sharePayLink(page, partFen);

  const parentPhone = await anotherPhone(browser, testInfo, { userAgent: WECHAT_UA });
  const parent = await parentPhone.newPage();
  // The link brings its own authority: no WeChat authorize, no sign-in, straight to the cashier.
  await parent.goto(url);
  await parent.waitForURL(/#\/pay\?/);
  await expect(parent.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  await expect(parent.getByTestId('cashier-order-no')).toHaveText(orderNo);
  await expect(parent.getByText(t('pay.person'))).toBeVisible();
  await expect(parent.getByText('张三')).toBeVisible();
  await payInSandbox(parent);
  // Nobody is signed in on this phone: the result has no orders to lead to.
  await expect(parent.getByTestId('pay-result')).toContainText(orderNo);
  await expect(parent.getByTestId('pay-view-order')).toHaveCount(0);
  await screenshot(parent, 'pay-link-paid');
  await parentPhone.close();

  // The payer is nobody the school knows.
  await expectPaidForStudent(page, '—');
});

test('a signed-in teacher pays through the pay link and finds it among other people’s orders', async ({
  page,
  browser,
}, testInfo) => {
  const partFen = tuitionPartFen();
  const { orderNo, url } = await sharePayLink(page, partFen);

  const teacherPhone = await anotherPhone(browser, testInfo);
  const teacher = await teacherPhone.newPage();
  await signIn(teacher, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  await teacher.goto(url);
  await teacher.waitForURL(/#\/pay\?/);
  await expect(teacher.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  await payInSandbox(teacher);

  // View order leads a payer through a link to other people's orders.
  await teacher.getByTestId('pay-view-order').click();
  await teacher.waitForURL(/#\/order\/other$/);
  await expect(teacher.getByRole('heading', { name: t('route.orderOther'), level: 1 })).toBeVisible();
  const card = orderCard(teacher, orderNo);
  await expect(card).toHaveAttribute('data-status', 'PAID');
  await expect(card).toContainText('张三');
  await expect(card).toContainText(yuan(partFen));
  await screenshot(teacher, 'orders-other');
  // Not among the teacher's own orders; the labelled exchange button switches between the two lists.
  await teacher.getByRole('button', { name: t('menu.showMyOrders') }).click();
  await teacher.waitForURL(/#\/order\/index$/);
  await expect(teacher.getByRole('heading', { name: t('route.order'), level: 1 })).toBeVisible();
  await expect(orderCard(teacher, orderNo)).toHaveCount(0);
  await teacher.getByRole('button', { name: t('menu.showOtherOrders') }).click();
  await teacher.waitForURL(/#\/order\/other$/);

  // Its detail is the student's order: it can be seen, not cancelled or shared by the payer.
  await card.click();
  await waitForOrderDetail(teacher);
  await expect(teacher.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  await expect(teacher.getByRole('region', { name: t('order.info') })).toContainText(
    `${t('order.payerName')}陈老师`,
  );
  await teacherPhone.close();

  await expectPaidForStudent(page, '陈老师');
});
