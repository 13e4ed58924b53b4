/**
 * Story (issue 11, items 6, 8, 9, 11, 16, 17): a student
 * sees on home what they owe now and pays from there; the part amount refuses what is not an amount
 * as it is typed; the order being paid is named "paying" (one word, the info colour) on the fee row
 * and leads to that order, whose actions stay in a bar at the bottom; the order tabs say Closed;
 * the exchange button says where it goes; amounts carry thousands separators; a toast keeps its
 * numbers whole.
 */
import { expect, type Page } from '@playwright/test';
import {
  SANDBOX_CHECKOUT,
  TUITION,
  UNIVERSITY,
  inLang,
  screenshot,
  signIn,
  t,
  test,
  tuitionPartFen,
  yuan,
} from '../support';

const GROUPED_YUAN = /^¥\d{1,3}(,\d{3})+\.\d{2}$/;
/** The seeded top-up item, named in both languages (seed/finance.ts). */
const TOPUP = { zh: '校园卡充值', en: 'Campus card top-up' };

/** Each number in the element's text with the count of lines it is laid out over. */
function numberLines(page: Page, selector: string): Promise<[string, number][]> {
  return page.locator(selector).evaluate((element) => {
    const found: [string, number][] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/¥?\d[\d,]*(?:\.\d+)?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        found.push([match[0], tops.size]);
      }
    }
    return found;
  });
}

test('a student pays from home: what is owed, typed amounts, the paying order, its detail and the tabs', async ({
  page,
}) => {
  const shot = (name: string) => screenshot(page, `words-${name}`);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  // Home: what is owed now, thousands separated, and the entries of built screens only.
  await expect(page.getByTestId('owed-now-amount')).toHaveText(GROUPED_YUAN);
  await expect(page.getByTestId('home-entry-topUp')).toBeVisible();
  await expect(page.getByTestId('home-entry-salary')).toHaveCount(0);
  await expect(page.getByTestId('home-entry-notices')).toBeVisible();
  await shot('home');
  await page.getByTestId('owed-now-pay').click();
  await page.waitForURL(/#\/fee\/index$/);

  // The part amount: a third decimal and a second point are refused as typed.
  const tuition = page
    .getByTestId('fee-year')
    .filter({ hasText: '2025-2026' })
    .locator('li[data-testid^="fee-item-"]')
    .filter({ hasText: inLang(TUITION) });
  await tuition.locator('label[for^="fee-pick-"]').click();
  const amount = tuition.getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) }));
  await amount.fill('');
  await amount.pressSequentially('12.345');
  await expect(amount).toHaveValue('12.34');
  await amount.fill('');
  await amount.pressSequentially('1.2.3');
  await expect(amount).toHaveValue('1.23');
  await expect(page.getByTestId('fee-selected-total')).toHaveText('¥1.23');
  await amount.fill('99999999');
  await expect(tuition.getByTestId('amount-error')).toHaveText(t('fee.amountTooLarge'));
  await shot('fee-amount-error');
  const partFen = tuitionPartFen();
  await amount.fill((partFen / 100).toFixed(2));
  await expect(tuition.getByTestId('amount-error')).toHaveCount(0);
  await expect(page.getByTestId('fee-selected-total')).toHaveText(yuan(partFen));

  // Start paying at the sandbox's checkout, and leave it: the order is paying.
  await page.getByTestId('fee-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await page.goto('/#/fee/index');

  // The fee row names it paying, in the info colour, with its part, and leads to it.
  const paying = tuition.getByTestId('open-order').filter({ hasText: yuan(partFen) });
  await expect(paying).toHaveAttribute('data-status', 'PAYING');
  const tag = paying.getByTestId('pay-status');
  await expect(tag).toHaveText(t('payStatus.PAYING'));
  await expect(tag).toHaveAttribute('style', /#6f86a6/);
  await paying.scrollIntoViewIfNeeded();
  await shot('fee-row-paying');
  await paying.getByRole('link', { name: t('fee.viewOrder') }).click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);

  // Its detail: the same word, no "—" rows, and the actions in a bar at the bottom of the screen.
  await expect(page.getByTestId('pay-status')).toHaveText(t('payStatus.PAYING'));
  await expect(page.getByTestId('order-total')).toHaveText(yuan(partFen));
  await expect(page.getByText('—', { exact: true })).toHaveCount(0);
  const bar = page.getByTestId('order-actions');
  await expect(bar).toBeInViewport();
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
  await shot('order-detail');
  await page.mouse.wheel(0, 2000);
  expect(Math.round((await bar.boundingBox())!.y)).toBe(Math.round(box.y));

  // The order tabs: one word per state, the closed orders' tab says Closed; the exchange is labelled.
  await page.goto('/#/order/index');
  await expect(page.getByRole('tab')).toHaveText([
    t('order.tab.all'),
    t('payStatus.NOT_PAY'),
    t('payStatus.PAID'),
    t('payStatus.REFUND'),
    t('payStatus.CLOSED'),
    t('payStatus.PAYING'),
  ]);
  await expect(page.getByTestId('exchange-orders')).toHaveText(t('menu.otherOrders'));
  await shot('orders');

  // A top-up out of range: said under the field as typed, and the toast keeps its numbers whole.
  await page.goto('/#/home');
  await page.getByTestId('home-entry-topUp').click();
  await page.getByRole('link', { name: new RegExp(inLang(TOPUP)) }).click();
  const topup = page.getByLabel(t('fee.topupAmount'), { exact: true });
  await topup.fill('5000');
  await expect(page.getByTestId('amount-error')).toContainText('2,000.00');
  await page.getByTestId('item-pay').click();
  const toast = page.locator('.adm-toast-main');
  await expect(toast).toContainText('2,000.00');
  const numbers = await numberLines(page, '.adm-toast-main');
  expect(numbers.map(([n]) => n)).toEqual(expect.arrayContaining(['10.00', '2,000.00']));
  for (const [number, lines] of numbers) expect(lines, number).toBe(1);
  await shot('topup-toast');
});
