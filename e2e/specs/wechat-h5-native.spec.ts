/**
 * Stories of issue 27, WeChat Pay wherever the payer is. A student in a phone browser (not WeChat)
 * pays by WeChat Pay H5: the app leaves for the h5_url (the demo WeChat Pay simulator's H5 page), the
 * student pays there and comes back to the result page, which asks and shows it paid. A parent opens
 * the pay link on a desktop browser: the cashier offers WeChat Pay Native, draws the code_url as a QR
 * code, and once the code is "scanned" (the simulator's scan page, opened in another page) and paid,
 * the cashier moves to the paid result by itself.
 */
import { expect } from '@playwright/test';
import {
  PAYMENT_SETTLES_MS,
  UNIVERSITY,
  anotherPhone,
  orderPartOfTuition,
  screenshot,
  sharePayLink,
  signIn,
  t,
  test,
  tuitionPartFen,
  yuan,
} from '../support';

const H5_PAGE = /\/api\/dev\/wechatpay\/100001\/h5\?prepay_id=/;

test('a student in a phone browser pays by WeChat Pay H5 and sees it paid', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(page, partFen);

  // Outside WeChat the cashier offers WeChat Pay H5, chosen first in the school's order of channels.
  const h5 = page.getByTestId('channel-wechat-h5');
  await expect(h5).toContainText(t('pay.mode.h5'));
  await expect(h5.getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('channel-wechat')).toHaveCount(0);
  await screenshot(page, 'cashier-wechat-h5');
  await page.getByTestId('cashier-pay').click();

  // WeChat's H5 page (the simulator's), for this trade and amount, in both languages.
  await page.waitForURL(H5_PAGE);
  expect(new URL(page.url()).searchParams.get('redirect_url')).toMatch(/#\/pay\?.*view=result/);
  await expect(
    page.getByRole('heading', { name: '微信支付（H5 演示） / WeChat Pay (H5 demo)' }),
  ).toBeVisible();
  await expect(page.getByTestId('wechat-sim-amount')).toHaveText(yuan(partFen));
  await expect(page.getByText(orderNo)).toBeVisible();
  await screenshot(page, 'wechat-h5-page');
  await page.getByTestId('wechat-sim-pay').click();

  // Back at redirect_url: the result page asks and shows the payment.
  await page.waitForURL(/#\/pay\?.*view=result/);
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-result', 'paid', { timeout: PAYMENT_SETTLES_MS });
  await expect(result).toContainText(orderNo);
  await expect(result).toContainText(t('pay.channel.wechat'));
  await screenshot(page, 'wechat-h5-paid');
});

test('a parent on a desktop pays the pay link by scanning the WeChat Pay Native QR code', async ({
  page,
  browser,
}, testInfo) => {
  const partFen = tuitionPartFen();
  const { orderNo, url } = await sharePayLink(page, partFen);

  // The parent opens the link in a desktop browser, not signed in.
  const desktop = await anotherPhone(browser, testInfo, {
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const parent = await desktop.newPage();
  await parent.goto(url);
  await parent.waitForURL(/#\/pay\?/);
  await expect(parent.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  const native = parent.getByTestId('channel-wechat-native');
  await expect(native).toContainText(t('pay.mode.native'));
  await expect(native.getByRole('radio')).toBeChecked();
  await parent.getByTestId('cashier-pay').click();

  // The code to scan, with the amount and what to do.
  const qr = parent.getByTestId('native-qr');
  await expect(qr).toContainText(t('pay.scanTitle'));
  await expect(qr.getByTestId('native-qr-amount')).toHaveText(yuan(partFen));
  const code = qr.getByTestId('native-qr-code');
  await expect(code).toBeVisible();
  expect(await code.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(64);
  await screenshot(parent, 'wechat-native-qr');

  // The parent "scans" it with WeChat: the simulator's scan page for the code_url the QR code draws.
  const codeUrl = (await qr.getAttribute('data-code-url')) ?? '';
  expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  const phone = await desktop.newPage();
  await phone.goto(`/api/dev/wechatpay/${UNIVERSITY.tenantId}/scan?code_url=${encodeURIComponent(codeUrl)}`);
  await expect(phone.getByTestId('wechat-sim-amount')).toHaveText(yuan(partFen));
  await expect(phone.getByText(orderNo)).toBeVisible();
  await phone.getByTestId('wechat-sim-pay').click();
  await expect(phone.getByTestId('wechat-sim-result')).toHaveText('支付成功 / Paid');
  await phone.close();

  // The cashier page moves to the paid result by itself.
  await parent.waitForURL(/#\/pay\?.*view=result/, { timeout: PAYMENT_SETTLES_MS });
  await expect(parent.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });
  await expect(parent.getByTestId('pay-result')).toContainText(orderNo);
  await screenshot(parent, 'wechat-native-paid');
  await desktop.close();
});
