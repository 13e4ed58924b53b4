/**
 * Stories (issue 27): Alipay, on in the demo through its simulator. A student in a phone browser — not
 * WeChat — pays part of the tuition by Alipay: the cashier sends them to Alipay's cashier address
 * (wap.pay), the simulator's cashier takes the payment and sends them back to the result page, which
 * shows it paid. Inside WeChat, where Alipay does not open, the cashier shows the way to the phone's
 * browser and keeps the order's pay link in the address; the browser pays through that link.
 */
import { expect, type Page } from '@playwright/test';
import {
  PAYMENT_SETTLES_MS,
  TUITION,
  WECHAT_UA,
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

// wap.pay where the page says it is a phone, page.pay on a desktop (the cashier sends its place).
const ALIPAY_CASHIER = /\/api\/dev\/alipay\/100001\/gateway\.do\?.*method=alipay\.trade\.(wap|page)\.pay/;

/** student1 signs in and orders part of the tuition: the cashier is open. */
async function orderTuitionPart(page: Page): Promise<number> {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/fee/index');
  const tuition = tuitionRow(page);
  await tuition.locator('label[for^="fee-pick-"]').click();
  const partFen = tuitionPartFen();
  await tuition.getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) })).fill((partFen / 100).toFixed(2));
  await page.getByTestId('fee-pay').click();
  await page.waitForURL(/#\/pay\?/);
  return partFen;
}

test('a student in a phone browser pays part of the tuition by Alipay', async ({ page }) => {
  const partFen = await orderTuitionPart(page);

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
});

test('inside WeChat, Alipay shows the way to the browser, and the link it keeps pays there', async ({
  page,
  browser,
}, testInfo) => {
  await orderTuitionPart(page);
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
  const cashierUrl = page.url();
  const session = await page.context().storageState();

  // The same student opens the cashier inside WeChat: Alipay is listed, not usable there.
  const wechatPhone = await anotherPhone(browser, testInfo, { userAgent: WECHAT_UA, storageState: session });
  const wechat = await wechatPhone.newPage();
  await wechat.goto(cashierUrl);
  const alipay = wechat.getByTestId('channel-alipay');
  await expect(alipay).toContainText(t('pay.alipayInWechat'));
  await expect(alipay.getByRole('radio')).toBeDisabled();
  await wechat.getByTestId('alipay-open-in-browser').click();
  const guide = wechat.getByTestId('browser-guide');
  await expect(guide).toContainText(t('pay.guide.step1'));
  await expect(guide).toContainText(t('pay.guide.step2'));
  // The page's own address became the order's pay link: WeChat's "Open in Browser" takes it along.
  const link = wechat.getByTestId('browser-guide-link');
  await expect(link).toContainText('payAuthToken=');
  const payLink = (await link.textContent()) ?? '';
  await expect.poll(() => wechat.url()).toContain('payAuthToken=');
  await screenshot(wechat, 'alipay-in-wechat-guide');
  await guide.getByRole('button', { name: t('pay.guide.close') }).click();
  await expect(guide).toHaveCount(0);
  await wechatPhone.close();

  // The phone's browser, not signed in, opens the link and pays by Alipay.
  const browserPhone = await anotherPhone(browser, testInfo);
  const phone = await browserPhone.newPage();
  await phone.goto(payLink);
  await phone.waitForURL(/#\/pay\?/);
  await expect(phone.getByTestId('cashier-order-no')).toHaveText(orderNo);
  await phone.getByTestId('channel-alipay').click();
  await phone.getByTestId('cashier-pay').click();
  await phone.waitForURL(ALIPAY_CASHIER);
  await phone.getByRole('button', { name: '确认支付 / Pay' }).click();
  await phone.waitForURL(/#\/pay\?.*view=result/);
  await expect(phone.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });
  await browserPhone.close();
});
