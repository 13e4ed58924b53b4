/**
 * Story: a teacher looks up their pay. The salary screens first ask for a code texted to the phone the
 * finance office holds; then the months of the year show with a chart of the last 12 months, the
 * amounts hidden until the eye is tapped (and hidden again when the app goes to the background). A
 * month opens its slip; other income lists invigilation fees and grants.
 */
import { expect, type Page } from '@playwright/test';
import { UNIVERSITY, lastSmsCode, screenshot, signIn, t, test, waitForSmsResend } from '../support';

const HELD_PHONE = '13800000002'; // teacher1's finance-reserved phone (README "Demo accounts")

/** How the app names a month (components/period-text.ts): "2026 年 10 月" / "October 2026". */
function monthName(lang: 'zh' | 'en', month: number): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en' : 'zh-CN', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 1)),
  );
}

/** The screen with its amounts shown, photographed and checked; then the amounts are hidden again. */
async function shootShown(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  await ready(page);
  await page.getByRole('button', { name: t('salary.showAmounts') }).click();
  await screenshot(page, `salary-${name}-shown`);
  await page.getByRole('button', { name: t('salary.hideAmounts') }).click();
}

test('a teacher proves the phone on file, then reads a month, the chart and other income', async ({
  page,
  lang,
}) => {
  const period = (year: number, month: number) =>
    t('salary.period', { year, month, monthName: monthName(lang, month) });
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  await page.getByTestId('home-entry-salary').click();
  await page.waitForURL(/#\/user\/salary\/index$/);

  // The step-up comes first: the phone on file, masked; no amounts anywhere yet.
  await expect(page.getByRole('heading', { name: t('salary.stepUpTitle') })).toBeVisible();
  await expect(page.getByLabel(t('salary.heldPhone'), { exact: true })).toHaveValue('138****0002');
  await expect(page.getByTestId('salary-chart')).toHaveCount(0);
  await screenshot(page, 'salary-1-step-up');

  await waitForSmsResend(page.request, HELD_PHONE);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('salary.codeSent'))).toBeVisible();
  await page
    .getByLabel(t('salary.verifyCode'), { exact: true })
    .fill(await lastSmsCode(page.request, HELD_PHONE));
  await page.getByRole('button', { name: t('salary.verify') }).click();

  // The year's months, the chart of the last 12 months; amounts hidden until the eye is tapped.
  await expect(page.getByTestId('salary-chart')).toBeVisible();
  await expect(page.getByTestId('salary-chart').locator('rect')).toHaveCount(12);
  const months = page.getByTestId('salary-months');
  await expect(months.getByRole('button').first()).toContainText(
    t('salary.month', { month: 10, monthName: monthName(lang, 10) }),
  );
  await expect(page.getByTestId('salary-amount').first()).toHaveText('¥****');
  await page.getByRole('button', { name: t('salary.showAmounts') }).click();
  await expect(page.getByTestId('salary-amount').first()).toHaveText(/^¥[\d,]+\.\d{2}$/);
  // The last 12 months cross a new year: both years are written under the bars.
  await expect(page.getByTestId('salary-chart-year')).toHaveText(['2025', '2026']);
  // The year's totals add up as read: gross, deductions, tax, net.
  await expect(page.getByTestId('salary-year-totals').locator('dt')).toHaveText([
    t('salary.gross'),
    t('salary.deductions'),
    t('salary.tax'),
    t('salary.net'),
  ]);
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
  await expect(page.getByRole('heading', { name: period(2026, 10) })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('salary.group.income') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('salary.group.deduction') })).toBeVisible();
  // Item names are the school's own (seed/salary.ts), the same in both languages.
  await expect(page.getByText('基本工资')).toBeVisible();
  await expect(page.getByRole('button', { name: t('salary.next') })).toBeDisabled();
  // The tax is one item: said once, with no subtotal repeating it.
  const tax = page.getByTestId('salary-group-tax');
  await expect(tax.getByText(t('salary.subtotal'))).toHaveCount(0);
  if (lang === 'zh') await expect(tax.getByText('个人所得税')).toHaveCount(1);
  await page.getByRole('button', { name: t('salary.showAmounts') }).click();
  await screenshot(page, 'salary-3-detail');
  await page.getByRole('button', { name: t('salary.prev') }).click();
  await expect(page.getByRole('heading', { name: period(2026, 9) })).toBeVisible();
  // The eye holds for the salary session: the month before is shown too, until hidden again.
  await expect(page.getByTestId('salary-amount').first()).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: t('salary.hideAmounts') }).click();
  await shootShown(page, 'detail', async (p) => {
    await expect(p.getByTestId('salary-amount').first()).toBeVisible();
  });

  // Other income: the year's records and totals; a record opens its detail.
  await page.goto('/#/user/salary/index');
  await shootShown(page, 'index', async (p) => {
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
  // Afresh: the detail popup closed, the amounts hidden again.
  await page.reload();
  await shootShown(page, 'other-income', async (p) => {
    await expect(p.getByTestId('income-records')).toBeVisible();
  });
});

test('a student is told salary look-up is for staff', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/user/salary/index');
  await expect(page.getByTestId('salary-staff-only')).toContainText(t('salary.staffOnly'));
  await screenshot(page, 'salary-5-staff-only');
});
