/**
 * Story (issue 22, items 7 and 8): staff read words, not codes. A student pays part of the tuition in
 * the sandbox; the tenant admin finds the order: its state and channel in words, the search's totals
 * (count, paid, refunded) above the table as the server adds them up; exports the search; reads the
 * export's row in the audit log as a named action with a sentence, not JSON; sees the phone's modules
 * by name in the settings and the tuition as one fee with one name on the dashboard. Photographed at
 * 1280 and 1024 px in both languages.
 */
import { expect, type Page } from '@playwright/test';
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

/** Codes a person must never read on these screens. */
const CODES = /\b(NOT_PAY|PAYING|PAID|REFUND|CLOSED|FEE|OTHER|sandbox|wechat|bank_transfer|feeOther)\b/;

const menu = async (page: Page, name: string, path: string) => {
  await page.getByRole('menuitem', { name }).click();
  await page.waitForURL(new RegExp(`#/${path}$`));
};

test('staff read words, not codes: order totals, states and channels, a readable audit log', async ({
  page,
  browser,
}, testInfo) => {
  // A payment on the phone, then five console screens photographed in two widths and languages.
  test.slow();
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
  await phoneContext.close();

  await consoleSignIn(page, CONSOLE.admin);
  await menu(page, '订单', 'orders');
  const totals = page.getByTestId('orders-totals');
  const table = page.getByTestId('orders-table');

  // One order found: its totals above the table, its state and channel in words.
  await page.getByTestId('orders-order-no').fill(orderNo);
  await page.getByTestId('orders-search-submit').click();
  const row = table.locator('tbody tr').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('已支付');
  await expect(row).toContainText('沙箱支付（演示）');
  await expect(row).not.toContainText(CODES);
  await expect(totals.getByTestId('orders-totals-count')).toContainText('1');
  await expect(totals.getByTestId('orders-totals-paid')).toContainText(yuan(partFen));
  await expect(totals.getByTestId('orders-totals-refunded')).toContainText(yuan(0));

  // The whole list: the totals count every order the search finds, not one page.
  await page.getByTestId('orders-order-no').fill('');
  await page.getByTestId('orders-search-submit').click();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const all = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
  const count = /\d+/.exec(all)?.[0];
  expect(count).toBeTruthy();
  await expect(totals.getByTestId('orders-totals-count')).toContainText(count!);
  await expect(table).not.toContainText(CODES);
  await consoleScreenshot(page, 'orders-totals');

  // The export of the search, then its row in the audit log: a name and a sentence.
  const download = page.waitForEvent('download');
  await page.getByTestId('orders-export').click();
  expect((await download).suggestedFilename()).toBe('orders.xlsx');
  await menu(page, '操作日志', 'audit');
  const first = page.getByTestId('audit-table').locator('tbody tr').first();
  await expect(first).toContainText('导出订单');
  await expect(first.getByTestId('audit-detail')).toContainText(/行数 \d+/);
  const details = await page.getByTestId('audit-detail').allTextContents();
  expect(details.length).toBeGreaterThan(0);
  for (const detail of details) expect(detail).not.toMatch(/[{}"]|\badmin (GET|POST|PUT)\b/);
  await expect(page.getByTestId('audit-table')).not.toContainText(/\/api\/blade-/);
  await consoleScreenshot(page, 'audit-readable');

  // The phone's modules by name.
  await menu(page, '学校设置', 'settings');
  const modules = page.getByTestId('settings-modules');
  await expect(modules).toContainText('综合缴费', { timeout: 30_000 });
  await expect(modules).not.toContainText(CODES);

  // The dashboard: channels by name; the tuition as one fee under one name.
  await menu(page, '工作台', 'dashboard');
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard).toContainText('沙箱支付（演示）');
  await expect(dashboard.getByText('2025-2026 学费', { exact: true })).toHaveCount(1);
  await expect(dashboard.getByText('学费', { exact: true })).toHaveCount(0);
  await consoleScreenshot(page, 'dashboard-labels');
});
