/**
 * Story (issue 15): the finance office of another school signs in to the console and searches for the
 * university's student, order and audit rows: none of them appears anywhere, while its own do.
 */
import { expect } from '@playwright/test';
import { COLLEGE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

test('another school’s finance office never sees this school’s people, orders or log', async ({ page }) => {
  await consoleSignIn(page, { tenantName: COLLEGE.name, account: 'finance2' });

  // People: the university's 张三 (S2024001) is not there, the college's own students are.
  await page.getByRole('menuitem', { name: '人员' }).click();
  await page.waitForURL(/#\/people$/);
  const people = page.getByTestId('people-table');
  await expect(people).toContainText('C2024001');
  await expect(people).not.toContainText('S2024001');
  await page.getByTestId('people-search').locator('input').fill('S2024001');
  await page.getByTestId('people-search').locator('input').press('Enter');
  await expect(people.locator('.ant-empty')).toBeVisible();
  await page.getByTestId('people-search').locator('input').fill('110101200401071234');
  await page.getByTestId('people-search').locator('input').press('Enter');
  await expect(people.locator('.ant-empty')).toBeVisible();
  await consoleScreenshot(page, 'people-other-tenant');

  // Orders: a search for the university's student finds nothing.
  await page.getByRole('menuitem', { name: '订单' }).click();
  await page.waitForURL(/#\/orders$/);
  await page.getByTestId('orders-person').fill('S2024001');
  await page.getByTestId('orders-search-submit').click();
  await expect(page.getByTestId('orders-table').locator('.ant-empty')).toBeVisible();

  // Fees: the university's students cannot be picked for receivables.
  await page.goto('/admin/#/fees?tab=receivables');
  await page.getByTestId('receivables-person-search').locator('input').fill('张三');
  await page.getByTestId('receivables-person-search').locator('input').press('Enter');
  await expect(page.getByTestId('receivables-person')).toHaveCount(0);
  await page.getByRole('tab', { name: '综合收费项目' }).click();
  await expect(page.getByTestId('fee-items-table')).toBeVisible();
  await consoleScreenshot(page, 'fees-other-tenant');

  // The audit log holds no row of the university's clerk.
  await page.getByRole('menuitem', { name: '操作日志' }).click();
  await page.waitForURL(/#\/audit$/);
  await expect(page.getByTestId('audit-table')).not.toContainText('finance1');
  await consoleScreenshot(page, 'audit-other-tenant');
});
