/**
 * The console's frame at a clerk's desk (issue 25 item 1): header and menu stay in place while a long
 * page scrolls, the menu folds to its icons and stays folded after a reload, and tables can be compact
 * (shorter rows), remembered too. At 1024 px the page never scrolls sideways. Every screen of the menu
 * is photographed at 1280 and 1024 px in both languages, and its tables checked: no id, amount or
 * time wraps, nothing scrolls sideways or hides under a fixed column (support.ts, consoleScreenshot).
 */
import { expect } from '@playwright/test';
import { CONSOLE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

test('the header and menu stay put, the menu folds, and tables can be compact', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await consoleSignIn(page, CONSOLE.admin);
  await page.getByRole('menuitem', { name: '学校设置' }).click();
  await page.waitForURL(/#\/settings$/);
  await expect(page.getByTestId('settings-params')).toBeVisible();

  // A long page scrolled down: the header and the menu are where they were.
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect((await page.getByTestId('header-tenant').boundingBox())!.y).toBeLessThan(56);
  expect((await page.getByRole('menuitem', { name: '工作台' }).boundingBox())!.y).toBeLessThan(120);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(1024);

  // Folded: the menu is its icons; the page gains the width; a reload keeps it folded.
  const menuWidth = async () => (await page.getByTestId('side-menu').boundingBox())!.width;
  expect(await menuWidth()).toBe(220);
  await page.getByTestId('menu-fold').click();
  await expect.poll(menuWidth).toBe(64);
  await page.reload();
  await expect(page.getByTestId('settings-params')).toBeVisible();
  expect(await menuWidth()).toBe(64);
  await page.getByRole('menuitem', { name: '人员' }).click();
  await page.waitForURL(/#\/people$/);
  await page.getByTestId('menu-fold').click();
  await expect.poll(menuWidth).toBe(220);

  // Compact tables: shorter rows, kept after a reload.
  const firstRow = page.getByTestId('people-table').locator('tbody tr.ant-table-row').first();
  await expect(firstRow).toBeVisible();
  const standard = (await firstRow.boundingBox())!.height;
  await page.getByTestId('density').getByText('紧凑').click();
  await expect.poll(async () => (await firstRow.boundingBox())!.height).toBeLessThan(standard);
  await page.reload();
  await expect(firstRow).toBeVisible();
  expect((await firstRow.boundingBox())!.height).toBeLessThan(standard);
  await consoleScreenshot(page, 'people-compact');
  await page.getByTestId('density').getByText('标准').click();
});

/** Every screen of a tenant admin's menu, in menu order. */
const SCREENS = [
  'dashboard',
  'bills',
  'invoices',
  'ratings',
  'orders',
  'fees',
  'bindings',
  'imports',
  'people',
  'salary',
  'notices',
  'payment-exceptions',
  'reconciliation',
  'signatures',
  'settings',
  'audit',
];

test('every screen fits 1280 and 1024 px, its tables too', async ({ page }) => {
  test.setTimeout(300_000);
  await consoleSignIn(page, CONSOLE.admin);
  for (const screen of SCREENS) {
    await page.goto(`/admin/#/${screen}`);
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await consoleScreenshot(page, `screen-${screen}`);
  }

  // The salary page's other tab, and one person's receivables (from the people list's link).
  await page.goto('/admin/#/salary');
  await page.getByRole('tab', { name: '其他收入' }).click();
  await expect(page.getByTestId('income-batches')).toBeVisible();
  await consoleScreenshot(page, 'screen-salary-income');
  await page.goto('/admin/#/people');
  await page
    .getByTestId('people-table')
    .getByRole('row')
    .filter({ hasText: '张三' })
    .getByRole('link')
    .click();
  await expect(page.getByTestId('receivables-table')).toBeVisible();
  await consoleScreenshot(page, 'screen-fees-receivables');
});
