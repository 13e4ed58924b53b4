/**
 * Story: a student shares a pay link. A parent opens it inside WeChat, chooses WeChat Pay and
 * cancels in the WeChat payment sheet: the parent's trade is closed at WeChat and the order is
 * payable again. Then a teacher opens the same link inside WeChat and pays with WeChat Pay, on a
 * trade of their own (WeChat ties a prepay to its payer). The WeChat app's part is played by a stand-in bridge
 * that hands the getBrandWCPayRequest parameters to the demo WeChat Pay simulator, which checks
 * paySign and the prepay before the payer pays.
 */
import { expect, type BrowserContext } from '@playwright/test';
import {
  UNIVERSITY,
  WECHAT_UA,
  anotherPhone,
  PAYMENT_SETTLES_MS,
  screenshot,
  sharePayLink,
  signIn,
  tuitionPartFen,
  yuan,
  test,
  t,
} from '../support';

/** window.WeixinJSBridge as the WeChat app provides it: here it pays (or cancels) through the simulator. */
async function withWechatBridge(context: BrowserContext, answer: 'pay' | 'cancel'): Promise<void> {
  await context.addInitScript(
    ({ tenantId, answer }) => {
      (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
        invoke(name: string, params: unknown, callback: (res: { err_msg: string }) => void) {
          if (name !== 'getBrandWCPayRequest') return callback({ err_msg: `${name}:fail` });
          if (answer === 'cancel') return callback({ err_msg: 'get_brand_wcpay_request:cancel' });
          void fetch(`/api/dev/wechatpay/${tenantId}/jsapi`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(params),
          })
            .then((res) => res.json())
            .then((res: { err_msg: string }) => callback(res))
            .catch(() => callback({ err_msg: 'get_brand_wcpay_request:fail' }));
        },
      };
    },
    { tenantId: UNIVERSITY.tenantId, answer },
  );
}

test('a parent cancels WeChat Pay, then a teacher pays the same pay link with WeChat Pay', async ({
  page,
  browser,
}, testInfo) => {
  const partFen = tuitionPartFen();
  const { orderNo, url } = await sharePayLink(page, partFen);

  // The parent, inside WeChat and not signed in, starts paying by WeChat and cancels in WeChat.
  const parentPhone = await anotherPhone(browser, testInfo, { userAgent: WECHAT_UA });
  await withWechatBridge(parentPhone, 'cancel');
  const parent = await parentPhone.newPage();
  await parent.goto(url);
  await parent.waitForURL(/#\/pay\?/);
  await expect(parent.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  await parent.getByTestId('channel-wechat').click();
  await expect(parent.getByTestId('channel-wechat').getByRole('radio')).toBeChecked();
  await parent.getByTestId('cashier-pay').click();
  await expect(parent.getByText(t('pay.cancelled'))).toBeVisible();
  await expect(parent.getByTestId('cashier-order-no')).toHaveText(orderNo);
  await parentPhone.close();

  // Cancelled in WeChat: the parent's attempt is closed there and the student's order is payable
  // again at once, saying its last payment did not go through (issue 22, item 1).
  await page.reload();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(page.getByTestId('last-pay-failed')).toHaveText(t('order.lastPayFailed'));

  // The teacher signs in on their phone and opens the link inside WeChat.
  const signInPhone = await anotherPhone(browser, testInfo);
  const signInPage = await signInPhone.newPage();
  await signIn(signInPage, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  const session = await signInPhone.storageState();
  await signInPhone.close();
  const teacherPhone = await anotherPhone(browser, testInfo, { userAgent: WECHAT_UA, storageState: session });
  await withWechatBridge(teacherPhone, 'pay');
  const teacher = await teacherPhone.newPage();
  await teacher.goto(url);
  await teacher.waitForURL(/#\/pay\?/);
  await expect(teacher.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  await expect(teacher.getByTestId('cashier-last-failed')).toHaveText(t('pay.lastFailed'));
  await teacher.getByTestId('channel-wechat').click();
  await expect(teacher.getByTestId('channel-wechat').getByRole('radio')).toBeChecked();
  await teacher.getByTestId('cashier-pay').click();
  await teacher.waitForURL(/#\/pay\?.*view=result/);
  await expect(teacher.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });
  await expect(teacher.getByTestId('pay-result')).toContainText(orderNo);
  await screenshot(teacher, 'wechat-pay-paid');
  await teacherPhone.close();

  // The student sees it paid by the teacher, once.
  await page.reload();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByRole('region', { name: t('order.info') })).toContainText(
    `${t('order.payerName')}陈老师`,
  );
  await expect(page.getByTestId('bill-card')).toHaveCount(1);
});
