/**
 * Story (issue 22, items 2 and 3): a student sees one figure of what can be paid now — on home's
 * card, as the fee list's headline and as what 全选 totals — with the summary's eight figures folded
 * behind what each term means, and a receivable's detail saying the same of that item; a member of
 * staff sees no student payment or enrolment on home, and Student fees, opened anyway, says why.
 */
import { expect } from '@playwright/test';
import { TUITION, UNIVERSITY, inLang, screenshot, signIn, t, test, tuitionRow } from '../support';

const YUAN = /^¥\d{1,3}(,\d{3})*\.\d{2}$/;

test('home keeps its entries in place while the owed figure loads (a tap then is not lost)', async ({
  page,
}) => {
  // The fee figure answers late, as on a slow phone network.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/blade-finance/fee/student', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const entry = page.getByTestId('home-entry-studentPayment');
  await expect(page.getByTestId('owed-now-loading')).toBeVisible();
  const before = await entry.boundingBox();
  release();
  await expect(page.getByTestId('owed-now-amount')).toHaveText(YUAN);
  expect(await entry.boundingBox()).toEqual(before);
});

test('home card = headline = 全选, the figures explained when unfolded', async ({ page }) => {
  const shot = (name: string) => screenshot(page, `pay-now-${name}`);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  // Home: what can be paid now.
  const card = page.getByTestId('owed-now');
  await expect(card).toContainText(t('home.owedNow'));
  const home = (await page.getByTestId('owed-now-amount').textContent()) ?? '';
  expect(home).toMatch(YUAN);
  await shot('home');
  await page.getByTestId('owed-now-pay').click();
  await page.waitForURL(/#\/fee\/index$/);

  // Student fees lead with the same figure; the eight figures are folded.
  const head = page.getByTestId('fee-pay-now');
  await expect(head.getByTestId('pay-now-amount')).toHaveText(home);
  await expect(head).toContainText(t('summary.payNow'));
  await expect(head).toContainText(t('fee.payNowPickAll'));
  await expect(page.getByTestId('fee-summary')).toHaveCount(0);
  // This year's tuition deferral (1,500 yuan still owed) is not due: said in words, not left to sums.
  await expect(head.getByTestId('pay-now-notes')).toContainText(
    t('fee.deferredOwed', { amount: '¥1,500.00' }),
  );

  // 全选 pays exactly that.
  await page.getByTestId('fee-pick-all').click();
  await expect(page.getByTestId('fee-selected-total')).toHaveText(home);
  await shot('fee-index');

  // Unfolded: each of the eight figures with what it means, and what can be paid now last.
  const toggle = head.getByTestId('pay-now-explain');
  await expect(toggle).toHaveText(t('fee.explainShow'));
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const terms = page.getByTestId('fee-summary');
  await expect(terms.locator('dt')).toHaveCount(9);
  for (const key of [
    'payable',
    'reduction',
    'deferredDeduction',
    'received',
    'refund',
    'receivable',
    'deferred',
    'pending',
  ] as const) {
    const row = terms.locator(`[data-amount="${key}"]`);
    await expect(row.locator('dt')).toHaveText(t(`summary.${key}`));
    await expect(row.locator('[data-role="amount"]')).toHaveText(YUAN);
    await expect(row).toContainText(t(`summary.explain.${key}`));
  }
  const last = terms.locator('[data-amount="payNow"]');
  await expect(last.locator('[data-role="amount"]')).toHaveText(home);
  await expect(last).toContainText(t('summary.explain.payNow'));
  await terms.scrollIntoViewIfNeeded();
  await shot('explained');
  await toggle.click();
  await expect(page.getByTestId('fee-summary')).toHaveCount(0);

  // This year's tuition: its line, its payment detail's headline and its 待缴 are one amount.
  const tuition = tuitionRow(page);
  const line = (await tuition.locator('[class*="amountValue"]').textContent()) ?? '';
  expect(line).toMatch(YUAN);
  await tuition.getByRole('link', { name: t('fee.paymentDetail') }).click();
  await page.waitForURL(/#\/fee\/other\/receivable\/\d+$/);
  const detail = page.getByTestId('receivable-card');
  await expect(detail).toContainText(inLang(TUITION));
  await expect(detail.getByTestId('pay-now-amount')).toHaveText(line);
  await detail.getByTestId('pay-now-explain').click();
  await expect(
    detail.getByTestId('fee-summary').locator('[data-amount="pending"] [data-role="amount"]'),
  ).toHaveText(line);
  await shot('tuition-detail');
});

test('a member of staff sees no student payment or enrolment, and Student fees says why', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  await expect(page.getByTestId('home-entry-combinedPayment')).toBeVisible();
  await expect(page.getByTestId('home-entry-studentPayment')).toHaveCount(0);
  await expect(page.getByTestId('home-entry-enroll')).toHaveCount(0);
  await expect(page.getByTestId('owed-now')).toHaveCount(0);
  await expect(page.getByText(t('home.studentPayment'), { exact: true })).toHaveCount(0);
  // Their payment history is of the fees they pay.
  await expect(page.getByTestId('home-entry-history')).toHaveAttribute('href', '#/fee/other/history');
  await screenshot(page, 'pay-now-staff-home');

  // An old bookmark of Student fees: a reason and the way on, not a page of ¥0.00.
  await page.goto('/#/fee/index');
  // The page says it, once: no toast repeats the same words over it.
  await expect(page.getByRole('heading', { name: t('fee.studentsOnly') })).toBeVisible();
  await expect(page.getByText(t('fee.studentsOnly'))).toHaveCount(1);
  await expect(page.getByTestId('fee-go-other')).toHaveText(t('fee.otherFees'));
  await expect(page.getByText('¥0.00')).toHaveCount(0);
  await screenshot(page, 'pay-now-staff-student-fees');
  // The way on: Comprehensive payment, where a member of staff's fees are.
  await page.getByTestId('fee-go-other').click();
  await page.waitForURL(/#\/fee\/other$/);
});
