/**
 * Story (issue 25 item 4): a student pays for textbooks and rates the order with a comment; a clerk reads
 * it in 服务评价 — the item's average, then the comment itself through the item's "read ratings", filtered
 * by score and "with a comment", and exports the search. Photographed at 1280 and 1024 in both languages.
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import {
  CONSOLE,
  consoleScreenshot,
  consoleSignIn,
  payInSandbox,
  signIn,
  test,
  UNIVERSITY,
} from '@e2e/support';

const COMMENT = '窗口办理很快 / quick at the counter';

test('a clerk reads what a payer wrote about a fee item, filters and exports it', async ({ page }) => {
  test.setTimeout(180_000);
  // The payer: textbooks, paid in the sandbox, rated two stars with a comment.
  await page.setViewportSize({ width: 414, height: 800 });
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1', lang: 'zh' });
  await page.goto('/#/fee/other');
  await page
    .getByTestId('other-manual')
    .getByRole('link', { name: /教材费/ })
    .click();
  await page.waitForURL(/#\/fee\/other\/manual\/product\/\d+$/);
  await page.getByTestId('item-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  const orderNo = ((await page.getByTestId('cashier-order-no').textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^O\d+$/);
  await payInSandbox(page);
  await page.goto('/#/order/index?tab=paid');
  await page.getByTestId('order-card').filter({ hasText: orderNo }).click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  const rating = page.getByTestId('order-rating');
  await rating.getByTestId('rating-star-2').click();
  await rating.getByRole('textbox').fill(COMMENT);
  await rating.getByTestId('rating-submit').click();
  await expect(rating.getByTestId('rating-comment')).toHaveText(COMMENT);

  // The clerk: the item's average, then its ratings with the comment.
  await page.setViewportSize({ width: 1280, height: 800 });
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '服务评价' }).click();
  await page.waitForURL(/#\/ratings$/);
  const textbooks = page.getByTestId('ratings-table').getByRole('row').filter({ hasText: '教材费' });
  await expect(textbooks).toContainText('2.00');
  await textbooks.getByTestId('ratings-read').click();
  await expect(page.getByTestId('ratings-item')).toHaveValue('教材费');
  const list = page.getByTestId('rating-list');
  const row = list.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText(COMMENT);
  await expect(row).toContainText('较差');
  // The order number stays on one line.
  const cell = row.getByText(orderNo);
  const box = (await cell.boundingBox())!;
  expect(box.height).toBeLessThan(30);

  // Filters: another score finds nothing of it; "with a comment" keeps it.
  await page.getByTestId('ratings-score').click();
  await page.getByTitle('★★★★★', { exact: true }).click();
  await page.getByTestId('ratings-search').click();
  await expect(list.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);
  await page.getByTestId('ratings-score').click();
  await page.getByTitle('★★', { exact: true }).click();
  await page.getByTestId('ratings-commented').check();
  await page.getByTestId('ratings-search').click();
  await expect(list.getByTestId('rating-comment')).toHaveText([COMMENT]);
  await consoleScreenshot(page, 'ratings-comments');

  // The export is the same search.
  const download = page.waitForEvent('download');
  await page.getByTestId('ratings-export').click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  expect((await download).suggestedFilename()).toBe('ratings.xlsx');
});
