/**
 * Walk (issue 15): a tenant admin opens the dashboard and every finance-office queue from the side menu;
 * each screen is photographed at 1280 and 1024 px in both languages (consoleScreenshot checks English for
 * Han characters and the page for sideways scrolling). A clerk's menu is the same, bar nothing here yet.
 */
import { expect } from '@playwright/test';
import { CONSOLE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

const QUEUES = [
  { menu: '其他方式缴费', path: 'bills', heading: '其他方式缴费审核', shot: 'queue-bills' },
  { menu: '支付异常', path: 'payment-exceptions', heading: '支付异常', shot: 'queue-exceptions' },
  { menu: '开票', path: 'invoices', heading: '开票', shot: 'queue-invoices' },
  { menu: '服务评价', path: 'ratings', heading: '服务评价', shot: 'queue-ratings' },
  { menu: '待审绑定', path: 'bindings', heading: '绑定审核', shot: 'queue-bindings' },
];

test('a tenant admin opens the dashboard and every queue', async ({ page }) => {
  await consoleSignIn(page, CONSOLE.admin);
  await expect(page.getByTestId('header-role')).toHaveText('租户管理员');
  for (const queue of ['queue-bills', 'queue-exceptions', 'queue-invoices', 'queue-bindings'])
    await expect(page.getByTestId(queue)).toBeVisible();
  await consoleScreenshot(page, 'dashboard-admin');

  for (const queue of QUEUES) {
    await page.getByRole('menuitem', { name: queue.menu }).click();
    await page.waitForURL(new RegExp(`#/${queue.path}$`));
    await expect(page.getByRole('heading', { name: queue.heading, level: 3 })).toBeVisible();
    await consoleScreenshot(page, queue.shot);
  }

  // The dashboard's cards lead to their queues.
  await page.getByRole('menuitem', { name: '工作台' }).click();
  await page.getByTestId('queue-exceptions').click();
  await page.waitForURL(/#\/payment-exceptions$/);
  // An address that is no screen says so.
  await page.goto('/admin/#/no-such-screen');
  await expect(page.getByText('页面不存在')).toBeVisible();
});
