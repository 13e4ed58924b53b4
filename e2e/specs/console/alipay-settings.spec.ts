/**
 * Story (issue 27): the school's administrator finds Alipay among the pay channels — answered by the
 * demo's Alipay simulator until the school's keys are entered — and sees what each signing mode asks
 * for: the Alipay public key, or the three certificates of the open platform.
 */
import { expect } from '@playwright/test';
import { CONSOLE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

test('the Alipay card: simulated in the demo, its test call answered, the fields of each signing mode', async ({
  page,
}) => {
  await consoleSignIn(page, CONSOLE.admin);
  await page.getByRole('menuitem', { name: '学校设置' }).click();
  await page.waitForURL(/#\/settings$/);
  const alipay = page.getByTestId('settings-channel-alipay');
  await expect(alipay).toContainText('支付宝');
  await expect(alipay.getByTestId('channel-simulated')).toContainText('支付宝模拟器');
  await expect(alipay.getByTestId('channel-missing')).toHaveCount(0);
  await alipay.getByTestId('channel-check').click();
  await expect(page.getByText('测试通过：模拟器已应答（演示模式）')).toBeVisible();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await expect(alipay.getByText('支付宝公钥', { exact: true })).toBeVisible();
  await expect(alipay.getByText('支付宝根证书（alipayRootCert.crt）')).toHaveCount(0);

  await alipay.getByText('公钥证书模式').click();
  await expect(alipay.getByText('应用公钥证书（appCertPublicKey_*.crt）')).toBeVisible();
  await expect(alipay.getByText('支付宝公钥证书（alipayCertPublicKey_RSA2.crt）')).toBeVisible();
  await expect(alipay.getByText('支付宝根证书（alipayRootCert.crt）')).toBeVisible();
  await expect(alipay.getByText('支付宝公钥', { exact: true })).toHaveCount(0);
  await alipay.scrollIntoViewIfNeeded();
  await consoleScreenshot(page, 'settings-alipay');
});
