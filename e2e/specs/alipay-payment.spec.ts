/**
 * Story (issue 27, Alipay on the server): the school's administrator turns Alipay on in the console
 * (the demo's Alipay simulator answers for the open platform); a student in a phone browser — not
 * WeChat — pays part of the tuition by Alipay: the cashier sends them to Alipay's cashier address (wap.pay / page.pay), the
 * simulator's cashier takes the payment and sends them back to the result page, which shows it paid.
 */
import { expect, type Browser, type TestInfo } from '@playwright/test';
import {
  CONSOLE,
  PAYMENT_SETTLES_MS,
  TUITION,
  accessToken,
  anotherPhone,
  inLang,
  screenshot,
  signIn,
  t,
  test,
  tuitionPartFen,
  tuitionRow,
  UNIVERSITY,
  yuan,
} from '../support';

// wap.pay for a phone's User-Agent, page.pay for a desktop one (the test browser's is a desktop Chromium's;
// the cashier does not send a scene yet).
const ALIPAY_CASHIER = /\/api\/dev\/alipay\/100001\/gateway\.do\?.*method=alipay\.trade\.(wap|page)\.pay/;

/** The tenant admin switches Alipay on or off through the console's own API. */
async function setAlipay(browser: Browser, testInfo: TestInfo, enabled: boolean): Promise<void> {
  const context = await anotherPhone(browser, testInfo);
  const page = await context.newPage();
  // The school's name as this phone's language shows it, read now.
  await signIn(page, { tenantName: UNIVERSITY.name, account: CONSOLE.admin.account });
  const res = await page.request.put('/api/blade-finance/admin/settings/pay-channels/alipay', {
    headers: { 'Blade-Auth': `bearer ${await accessToken(page)}` },
    data: { enabled },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

test('a student in a phone browser pays part of the tuition by Alipay', async ({
  page,
  browser,
}, testInfo) => {
  await setAlipay(browser, testInfo, true);
  try {
    await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
    await page.getByTestId('home-entry-studentPayment').click();
    await page.waitForURL(/#\/fee\/index$/);
    const tuition = tuitionRow(page);
    await tuition.locator('label[for^="fee-pick-"]').click();
    const partFen = tuitionPartFen();
    await tuition
      .getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) }))
      .fill((partFen / 100).toFixed(2));
    await page.getByTestId('fee-pay').click();

    const alipay = page.getByTestId('channel-alipay');
    await expect(alipay).toBeVisible();
    await alipay.click();
    await expect(alipay.getByRole('radio')).toBeChecked();
    const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
    await page.getByTestId('cashier-pay').click();

    // Alipay's cashier (the simulator's, in both languages), reached through the signed address.
    await page.waitForURL(ALIPAY_CASHIER);
    await expect(
      page.getByRole('heading', { name: '支付宝收银台（模拟） / Alipay cashier (simulator)' }),
    ).toBeVisible();
    await expect(page.getByText(orderNo)).toBeVisible();
    await expect(page.getByText(yuan(partFen))).toBeVisible();
    await screenshot(page, 'alipay-cashier');
    await page.getByRole('button', { name: '确认支付 / Pay' }).click();

    // Back at return_url: the result view, paid once Alipay's notify (or its query) is in.
    await page.waitForURL(/#\/pay\?.*view=result/);
    const result = page.getByTestId('pay-result');
    await expect(result).toHaveAttribute('data-result', 'paid', { timeout: PAYMENT_SETTLES_MS });
    await expect(result).toContainText(orderNo);
    await screenshot(page, 'alipay-result');
  } finally {
    await setAlipay(browser, testInfo, false);
  }
});
