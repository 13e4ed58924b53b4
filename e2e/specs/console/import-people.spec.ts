/**
 * Story (issue 15): a finance clerk imports a people file. The first file has three bad rows: the
 * check reports each (row, column, value, message), stores nothing and keeps the import button off;
 * the report downloads as XLSX. The clerk fixes the rows, uploads again, and imports.
 */
import { expect } from '@playwright/test';
import { CONSOLE, consoleScreenshot, consoleSignIn, test } from '@e2e/support';

const HEADER = '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份,专业,班级,部门,预留手机号';
const good = (no: string, name: string, id: string) =>
  `学生,${no},${name},身份证,${id},2026,会计学,会计2601,,`;

const FIRST = [
  HEADER,
  good('S2026101', '周一', '110101200601071001'),
  '学生,S2026102,吴二,身份证,12345,2026,会计学,会计2601,,',
  good('S2026103', '郑三', '110101200601001003'),
  '学生,S2026104,王四,身份证,110101200601021004,2026,会计学,会计2601,,1234',
  '老师,S2026105,冯五,身份证,110101200601041005,2026,会计学,会计2601,,',
].join('\n');

const FIXED = [
  HEADER,
  good('S2026101', '周一', '110101200601071001'),
  good('S2026102', '吴二', '110101200601091002'),
  good('S2026103', '郑三', '110101200601001003'),
  '学生,S2026104,王四,身份证,110101200601021004,2026,会计学,会计2601,,13900001004',
  good('S2026105', '冯五', '110101200601041005'),
].join('\n');

test('a clerk imports a people file: three bad rows reported, fixed, imported', async ({ page }) => {
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '批量导入' }).click();
  await page.waitForURL(/#\/imports$/);
  await expect(page.getByRole('heading', { name: '批量导入' })).toBeVisible();

  // The template of the chosen kind downloads.
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  expect((await template).suggestedFilename()).toBe('import-people-template.xlsx');

  const file = page.locator('input[type=file]');
  await file.setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(FIRST) });
  await page.getByRole('button', { name: '上传并检查' }).click();
  const report = page.getByTestId('import-report');
  await expect(report.getByTestId('import-result')).toHaveText(/发现 3 处问题，未写入任何数据/);
  const rows = page.getByTestId('import-errors').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(['3', '证件号码', '12345', '身份证号应为 15 或 18 位'].join(''));
  await expect(rows.nth(1)).toContainText('预留手机号');
  await expect(rows.nth(1)).toContainText('不是有效的手机号');
  await expect(rows.nth(2)).toContainText('人员类型');
  await expect(rows.nth(2)).toContainText('老师');
  await expect(rows.nth(2)).toContainText('无效，可填：学生、教职工、职工、教师');
  await expect(page.getByRole('button', { name: '确认导入' })).toBeDisabled();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载报告（XLSX）' }).click();
  expect((await download).suggestedFilename()).toMatch(/^import-\d+-report\.xlsx$/);
  await consoleScreenshot(page, 'import-report');

  // Fixed and uploaded again: no problem, five new people; importing stores them.
  await file.setInputFiles({ name: 'people-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(FIXED) });
  await page.getByRole('button', { name: '上传并检查' }).click();
  await expect(report.getByTestId('import-result')).toHaveText(/检查完成：新增 5，更新 0，不变 0/);
  await expect(page.getByTestId('import-errors')).toHaveCount(0);
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(report.getByTestId('import-result')).toHaveText('导入完成：新增 5，更新 0，不变 0');
  await expect(page.getByRole('button', { name: '确认导入' })).toBeDisabled();
  // The history keeps both files: the imported one and the one with problems (issue 25 item 6).
  const history = page.getByTestId('import-history');
  await expect(history.getByRole('row').filter({ hasText: 'people-fixed.csv' })).toContainText('已导入');
  await expect(history.getByTestId('import-history-state').nth(1)).toHaveText('有问题，未导入');
  await consoleScreenshot(page, 'import-done');

  // Reopened later, the page is not blank: the history opens the report again.
  await page.reload();
  await page.getByTestId('import-history-open').nth(1).click();
  await expect(page.getByTestId('import-report').getByTestId('import-result')).toHaveText(
    /发现 3 处问题，未写入任何数据/,
  );
});
