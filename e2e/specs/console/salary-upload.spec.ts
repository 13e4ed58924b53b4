/**
 * Loading a month of salary slips in the console, through its one door (issue 25 item 6): 薪酬导入 opens
 * 批量导入 with 工资条 chosen; a file with problems is reported by row and column; the fixed file is checked
 * clean and imported; loading the same month again is refused until "replace the month" is ticked. Every
 * import stays in the history. The signature switch list too.
 */
import { expect } from '@playwright/test';
import { CONSOLE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

const HEADER = '工号,姓名,发放日期,应发合计,扣款合计,个税合计,实发合计';
const good = [HEADER, 'E1001,陈老师,2019-05-15,10000,800,200,9000', 'E1003,王老师,2019-05-15,5000,0,0,5000'];
const bad = [HEADER, 'E1001,陈老师,2019-05-15,10000,800,200,9100', 'E9999,无名,2019-05-15,5000,0,0,5000'];
const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});

test('a clerk loads a month of slips through the one import door, fixes the file and replaces the month when asked', async ({
  page,
}) => {
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '薪酬导入' }).click();
  await page.waitForURL(/\/admin\/#\/salary$/);
  await page.getByTestId('salary-import-door').click();
  await page.waitForURL(/#\/imports\?kind=salary$/);
  // 工资条 is chosen: its month field shows.
  await expect(page.getByLabel('工资月份')).toBeVisible();

  const file = page.locator('input[type=file]');
  await page.getByLabel('工资月份').fill('2019-05');
  await file.setInputFiles(csv('bad.csv', bad));
  await page.getByRole('button', { name: '上传并检查' }).click();
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-result')).toHaveText(/发现 2 处问题，未写入任何数据/);
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row').filter({ hasText: 'E9999' })).toContainText('3');
  await expect(errors.getByRole('row').filter({ hasText: '实发合计' })).toContainText('2');
  await expect(page.getByRole('button', { name: '确认导入' })).toBeDisabled();
  await consoleScreenshot(page, 'salary-report');

  await file.setInputFiles(csv('good.csv', good));
  await page.getByRole('button', { name: '上传并检查' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/检查完成：新增 2/);
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/导入完成：新增 2/);

  // The month is listed on 薪酬导入 (newest first: a past month is on the last page).
  await page.getByRole('menuitem', { name: '薪酬导入' }).click();
  // (Read again on the visit: the list may change under the click, so the page is chosen until it shows.)
  const may = page.getByTestId('salary-months').getByRole('row').filter({ hasText: '2019-05' });
  await expect(async () => {
    await page.locator('.ant-pagination-item').last().click();
    await expect(may).toContainText('¥14,000.00', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // The same month again: refused until the clerk asks to replace it.
  await page.getByTestId('salary-import-door').click();
  await page.getByLabel('工资月份').fill('2019-05');
  await file.setInputFiles(csv('again.csv', good));
  await page.getByRole('button', { name: '上传并检查' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/发现 \d+ 处问题/);
  await page.getByRole('checkbox', { name: '替换该月已有的工资条' }).check();
  await page.getByRole('button', { name: '上传并检查' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/检查完成/);
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/导入完成/);
  // Four salary files in the history: the bad one, the good one, the refused repeat and the replacement.
  await expect(page.getByTestId('import-history').getByRole('row').filter({ hasText: '工资条' })).toHaveCount(
    4,
  );

  // Signature flags: a switch per fee item.
  await page.getByRole('menuitem', { name: '签名设置' }).click();
  const row = page.getByTestId('fee-item-signatures').getByRole('row').filter({ hasText: '教材' }).first();
  await row.getByRole('switch').click();
  await expect(page.getByText('签名设置已保存')).toBeVisible();
  await expect(row.getByRole('radio', { name: '付款后' })).toBeChecked();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await consoleScreenshot(page, 'signatures');
});
