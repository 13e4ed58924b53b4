/**
 * Story: a teacher looks up their pay. The salary screens first ask for a code texted to the phone the
 * finance office holds; then the months of the year show with a chart of the last 12 months, the
 * amounts hidden until the eye is tapped (and hidden again when the app goes to the background). A
 * month opens its slip; other income lists invigilation fees and grants.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { UNIVERSITY, checkScreen, lastSmsCode, screenshot, signIn, test } from '../support';

const HELD_PHONE = '13800000002'; // teacher1's finance-reserved phone (README "Demo accounts")
const SHOTS = '/tmp/shots-salary';

/** The same screen at 320 and 414 px, in Chinese and English, into /tmp/shots-salary (and checked). */
async function shootEverywhere(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['zh', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    for (const width of [320, 414]) {
      await page.setViewportSize({ width, height: 800 });
      await ready(page);
      await page.getByRole('button', { name: lang === 'en' ? 'Show amounts' : '显示金额' }).click();
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}-${lang}.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await checkScreen(page, `${name} ${width} ${lang}`);
      await page.getByRole('button', { name: lang === 'en' ? 'Hide amounts' : '隐藏金额' }).click();
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 320, height: 700 });
  await page.reload();
}

test('a teacher proves the phone on file, then reads a month, the chart and other income', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  await page.getByTestId('home-entry-salary').click();
  await page.waitForURL(/#\/user\/salary\/index$/);

  // The step-up comes first: the phone on file, masked; no amounts anywhere yet.
  await expect(page.getByRole('heading', { name: '验证身份后查看薪酬' })).toBeVisible();
  await expect(page.getByLabel('预留手机号', { exact: true })).toHaveValue('138****0002');
  await expect(page.getByTestId('salary-chart')).toHaveCount(0);
  await screenshot(page, 'salary-1-step-up');
  await page.screenshot({ path: `${SHOTS}/step-up-320-zh.png` });

  await page.getByTestId('send-code').click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('验证码', { exact: true }).fill(await lastSmsCode(page.request, HELD_PHONE));
  await page.getByRole('button', { name: '验证并查看' }).click();

  // The year's months, the chart of the last 12 months; amounts hidden until the eye is tapped.
  await expect(page.getByTestId('salary-chart')).toBeVisible();
  await expect(page.getByTestId('salary-chart').locator('rect')).toHaveCount(12);
  const months = page.getByTestId('salary-months');
  await expect(months.getByRole('button').first()).toContainText('10 月');
  await expect(page.getByTestId('salary-amount').first()).toHaveText('¥****');
  await page.getByRole('button', { name: '显示金额' }).click();
  await expect(page.getByTestId('salary-amount').first()).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await screenshot(page, 'salary-2-index');

  // The app goes to the background: the amounts hide again.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByTestId('salary-amount').first()).toHaveText('¥****');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  // A month's slip: net pay first, items by group with subtotals, the month before.
  await months.getByRole('button').first().click();
  await page.waitForURL(/#\/user\/salary\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: '2026 年 10 月' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '应发项目' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '扣款项目' })).toBeVisible();
  await expect(page.getByText('基本工资')).toBeVisible();
  await expect(page.getByRole('button', { name: '下一月 ›' })).toBeDisabled();
  await page.getByRole('button', { name: '显示金额' }).click();
  await screenshot(page, 'salary-3-detail');
  await page.getByRole('button', { name: '‹ 上一月' }).click();
  await expect(page.getByRole('heading', { name: '2026 年 9 月' })).toBeVisible();
  await shootEverywhere(page, 'detail', async (p) => {
    await expect(p.getByTestId('salary-amount').first()).toBeVisible();
  });

  // Other income: the year's records and totals; a record opens its detail.
  await page.goto('/#/user/salary/index');
  await shootEverywhere(page, 'index', async (p) => {
    await expect(p.getByTestId('salary-chart')).toBeVisible();
  });
  await page.getByTestId('salary-other-income-link').click();
  await page.waitForURL(/#\/user\/salary\/other-income$/);
  const records = page.getByTestId('income-records');
  await expect(records.getByRole('button').first()).toContainText('科研项目劳务费');
  await records.getByRole('button').first().click();
  const detail = page.getByTestId('income-detail');
  await expect(detail).toContainText('科研处');
  await expect(detail).toContainText('¥****');
  await screenshot(page, 'salary-4-income-detail');
  await page.keyboard.press('Escape');
  await page.goto('/#/user/salary/other-income');
  await shootEverywhere(page, 'other-income', async (p) => {
    await expect(p.getByTestId('income-records')).toBeVisible();
  });
});

test('a student is told salary look-up is for staff', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/user/salary/index');
  await expect(page.getByTestId('salary-staff-only')).toContainText('薪酬查询仅对教职工开放');
  await screenshot(page, 'salary-5-staff-only');
  await page.screenshot({ path: `${SHOTS}/staff-only-320-zh.png` });
});
