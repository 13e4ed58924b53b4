/**
 * Loading a month of salary slips in the console: a file with problems is checked (a dry run) and
 * its line report shows each problem by row and column; the fixed file is checked clean and stored;
 * loading the same month again asks before it replaces the month. The signature switch list too.
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

test('a clerk checks a month of slips, fixes the file, stores it and replaces it after a confirmation', async ({
  page,
}) => {
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '薪酬导入' }).click();
  await page.waitForURL(/\/admin\/#\/salary$/);

  // antd's month picker: the address of the month typed into its input, then Enter.
  await page.getByTestId('salary-month').click();
  await page.getByTestId('salary-month').fill('2019-05');
  await page.keyboard.press('Enter');
  await page.getByTestId('slip-file').locator('input[type=file]').setInputFiles(csv('bad.csv', bad));
  await page.getByRole('button', { name: '检查文件' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toHaveAttribute('data-problems', '2');
  await expect(report.getByRole('row').filter({ hasText: 'E9999' })).toContainText('3');
  await expect(report.getByRole('row').filter({ hasText: '实发合计' })).toContainText('2');
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeDisabled();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await consoleScreenshot(page, 'salary-report');

  await page.getByTestId('slip-file').locator('input[type=file]').setInputFiles(csv('good.csv', good));
  await page.getByRole('button', { name: '检查文件' }).click();
  await expect(report).toHaveAttribute('data-problems', '0');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(report).toHaveAttribute('data-stored', 'true');
  // A past month (imports refuse months more than six ahead): the list is newest first, so it is on the last page.
  await page.locator('.ant-pagination-item').last().click();
  await expect(
    page.getByTestId('salary-months').getByRole('row').filter({ hasText: '2019-05' }),
  ).toContainText('¥14,000.00');

  // The same month again: checked, then replaced only once the clerk confirms.
  await page.getByTestId('slip-file').locator('input[type=file]').setInputFiles(csv('again.csv', good));
  await expect(page.getByText('2019-05 已导入 2 张工资条，保存时将整月替换')).toBeVisible();
  await page.getByRole('button', { name: '检查文件' }).click();
  await expect(report).toHaveAttribute('data-problems', '0');
  await page.getByRole('button', { name: '替换并保存' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '替换' }).click();
  await expect(report).toHaveAttribute('data-stored', 'true');
  await expect(report).toContainText('替换 2 张');

  // Signature flags: a switch per fee item.
  await page.getByRole('menuitem', { name: '签名设置' }).click();
  const row = page.getByTestId('fee-item-signatures').getByRole('row').filter({ hasText: '教材' }).first();
  await row.getByRole('switch').click();
  await expect(page.getByText('签名设置已保存')).toBeVisible();
  await expect(row.getByRole('radio', { name: '付款后' })).toBeChecked();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await consoleScreenshot(page, 'signatures');
});
