/**
 * Story (issue 27): the day's reconciliation covers both channels. student1 pays part of the tuition by
 * WeChat Pay H5 and another part by Alipay on a phone browser today; the finance clerk reconciles today
 * for WeChat Pay and then for Alipay (a run is per day and channel: modules/pay/reconciliation) and sees
 * each run done, the channel's statement agreeing with our records in count and amount, and 0
 * differences. Other stories may pay today too: the figures are checked to agree and to hold ours, not
 * to be only ours.
 */
import { expect, type Page } from '@playwright/test';
import type { ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import { yuanDigits } from '@cf/shared/money';
import {
  CONSOLE,
  PAYMENT_SETTLES_MS,
  UNIVERSITY,
  anotherPhone,
  consoleScreenshot,
  consoleSignIn,
  orderPartOfTuition,
  signIn,
  test,
  tuitionPartFen,
  yuan,
} from '@e2e/support';

const H5_PAGE = /\/api\/dev\/wechatpay\/100001\/h5\?prepay_id=/;
const ALIPAY_CASHIER = /\/api\/dev\/alipay\/100001\/gateway\.do\?.*method=alipay\.trade\.wap\.pay/;
const CHANNEL_NAMES = { wechat: '微信支付', alipay: '支付宝' } as const;

/** Today in Beijing, the day the channels' statements and our records are kept by. */
const beijingToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test("the day's reconciliation covers both channels", async ({ page, browser }, testInfo) => {
  test.slow();
  // student1 pays today on a phone browser (not WeChat): once by WeChat Pay H5, once by Alipay.
  const phoneContext = await anotherPhone(browser, testInfo, {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await signIn(phone, { tenantName: UNIVERSITY.name, account: 'student1' });
  const wechatFen = tuitionPartFen();
  await orderPartOfTuition(phone, wechatFen);
  await phone.getByTestId('channel-wechat-h5').click();
  await phone.getByTestId('cashier-pay').click();
  await phone.waitForURL(H5_PAGE);
  await expect(phone.getByTestId('wechat-sim-amount')).toHaveText(yuan(wechatFen));
  await phone.getByTestId('wechat-sim-pay').click();
  await phone.waitForURL(/#\/pay\?.*view=result/);
  await expect(phone.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });

  await phone.goto('/#/home');
  const alipayFen = tuitionPartFen();
  await orderPartOfTuition(phone, alipayFen);
  await phone.getByTestId('channel-alipay').click();
  await phone.getByTestId('cashier-pay').click();
  await phone.waitForURL(ALIPAY_CASHIER);
  await expect(phone.getByText(yuan(alipayFen))).toBeVisible();
  await phone.getByRole('button', { name: '确认支付 / Pay' }).click();
  await phone.waitForURL(/#\/pay\?.*view=result/);
  await expect(phone.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });
  await phoneContext.close();

  // The clerk reconciles today, channel by channel.
  await consoleSignIn(page, CONSOLE.clerk);
  await page.goto('/admin/#/reconciliation');
  const today = beijingToday();
  const wechat = await reconcile(page, today, 'wechat');
  const alipay = await reconcile(page, today, 'alipay');
  expect(wechat.ours.payments.fen).toBeGreaterThanOrEqual(wechatFen);
  expect(alipay.ours.payments.fen).toBeGreaterThanOrEqual(alipayFen);

  // Each channel's run of today in the list: done, by a person, both sides' figures, 0 differences.
  const runs = page.getByTestId('reconciliation-runs');
  for (const run of [wechat, alipay]) {
    const row = runs
      .locator('tbody tr')
      .filter({ hasText: today })
      .filter({ hasText: CHANNEL_NAMES[run.channel as keyof typeof CHANNEL_NAMES] });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('已完成');
    await expect(row).toContainText('人工');
    const paid = `${run.ours.payments.count} 笔支付 ${yuanDigits(run.ours.payments.fen)} 元`;
    const refunded = `${run.ours.refunds.count} 笔退款 ${yuanDigits(run.ours.refunds.fen)} 元`;
    // The statement's column and ours read the same.
    await expect(row.getByText(paid, { exact: true })).toHaveCount(2);
    await expect(row.getByText(refunded, { exact: true })).toHaveCount(2);
    await expect(row.getByTestId('reconciliation-view')).toHaveText('查看差异（0）');
  }
  await consoleScreenshot(page, 'reconciliation-both-channels');
});

/**
 * Runs a day's reconciliation of a channel from the form and answers the run: done, the statement
 * agreeing with ours, 0 differences (its drawer of differences empty).
 */
async function reconcile(page: Page, day: string, channel: 'wechat' | 'alipay'): Promise<ReconciliationRun> {
  await page.getByLabel('对账日期', { exact: true }).fill(day);
  await page.getByLabel('渠道', { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${CHANNEL_NAMES[channel]}"]`).click();
  const answer = page.waitForResponse(
    (res) => res.url().endsWith('/admin/reconciliation/runs') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: '开始对账' }).click();
  const run = ((await (await answer).json()) as { data: ReconciliationRun }).data;
  expect(run).toMatchObject({ billDate: day, channel, status: 'done', differenceCount: 0 });
  expect(run.statement).toEqual(run.ours);
  expect(run.ours.payments.count).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('对账完成：0 条差异')).toBeVisible();
  const drawer = page.getByRole('dialog', { name: `${day} ${CHANNEL_NAMES[channel]} 的差异` });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('.ant-empty-description')).toHaveText('暂无数据');
  await expect(drawer.locator('.ant-table-row')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  return run;
}
