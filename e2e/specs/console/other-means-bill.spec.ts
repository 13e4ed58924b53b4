/**
 * Story (issue 15): a student records on the phone that they paid part of the tuition by bank transfer;
 * a finance clerk opens the console's other-means queue, reads the evidence and approves it; the
 * money now counts as received on the student's side, and the bill has left the waiting queue.
 */
import { expect } from '@playwright/test';
import {
  CONSOLE,
  UNIVERSITY,
  accessToken,
  consoleScreenshot,
  consoleSignIn,
  signIn,
  test,
  tuitionPartFen,
  yuan,
} from '@e2e/support';

interface Receivable {
  receivableId: number;
  schoolYear: string;
  itemName: string;
  availableFen: number;
  pendingReviewFen: number;
  summary: { received: number };
}

test('a clerk approves an other-means bill after reading its evidence', async ({
  page,
  browser,
  baseURL,
}) => {
  // The student, on a phone of their own.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 700 }, isMobile: true });
  const phonePage = await phone.newPage();
  await signIn(phonePage, { tenantName: UNIVERSITY.name, account: 'student1' });
  const headers = { 'Blade-Auth': `bearer ${await accessToken(phonePage)}` };
  const tuition = async (): Promise<Receivable> => {
    const fees = (await (await phonePage.request.get('/api/blade-finance/fee/student', { headers })).json())
      .data as { years: { items: Receivable[] }[] };
    const found = fees.years
      .flatMap((year) => year.items)
      .find((item) => item.schoolYear === '2025-2026' && item.itemName === '学费');
    if (!found) throw new Error('no 2025-2026 tuition for student1');
    return found;
  };
  const before = await tuition();
  const amountFen = tuitionPartFen();
  const note = `转账尾号 ${String(Date.now()).slice(-6)}`;
  const payDate = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const recorded = await phonePage.request.post('/api/blade-finance/fee/offline', {
    headers,
    data: { receivableId: before.receivableId, amountFen, payMethod: '银行转账', payDate, note },
  });
  expect((await recorded.json()).data.status).toBe(1);
  expect((await tuition()).pendingReviewFen).toBe(before.pendingReviewFen + amountFen);

  // The clerk, at a desk.
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '其他方式缴费' }).click();
  await page.waitForURL(/#\/bills$/);
  await expect(page.getByRole('heading', { name: '其他方式缴费审核' })).toBeVisible();
  const row = page
    .getByTestId('bills-table')
    .getByRole('row')
    .filter({ hasText: yuan(amountFen) })
    .filter({
      hasText: '银行转账',
    });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('张三');
  await consoleScreenshot(page, 'bills');

  // The evidence, read in English first (the drawer covers the language switch), then in Chinese.
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('bill-evidence') });
  const evidence = drawer.getByTestId('bill-evidence');
  await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
  await row.getByTestId('bill-open').click();
  await expect(drawer).toContainText('What the payer recorded');
  await consoleScreenshot(page, 'bill-evidence', { langs: ['en'], still: drawer });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();

  await row.getByTestId('bill-open').click();
  await expect(evidence).toContainText(note);
  await expect(evidence).toContainText(payDate);
  await expect(evidence).toContainText(yuan(amountFen));
  await consoleScreenshot(page, 'bill-evidence', { langs: ['zh'], still: drawer });

  await drawer.getByRole('button', { name: '审核通过' }).click();
  await expect(page.getByRole('tooltip')).toContainText(`这笔 ${yuan(amountFen)} 计入已缴`);
  await page.getByRole('tooltip').getByRole('button', { name: '审核通过' }).click();
  await expect(page.getByText('已审核通过', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: '已审核' }).click();
  await expect(
    page
      .getByTestId('bills-table')
      .getByRole('row')
      .filter({ hasText: yuan(amountFen) })
      .filter({ hasText: '银行转账' }),
  ).not.toHaveCount(0);

  // On the student's side it now counts as received, and waits for nobody.
  const after = await tuition();
  expect(after.pendingReviewFen).toBe(before.pendingReviewFen);
  expect(after.summary.received).toBe(before.summary.received + amountFen);
  await phone.close();
});
