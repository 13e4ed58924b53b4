/**
 * Story (issue 11, items 6, 8, 9, 11, 16, 17), at 320 and 414 px in Chinese and English: a student
 * sees on home what they owe now and pays from there; the part amount refuses what is not an amount
 * as it is typed; the order being paid is named "paying" (one word, the info colour) on the fee row
 * and leads to that order, whose actions stay in a bar at the bottom; the order tabs say Closed;
 * the exchange button says where it goes; amounts carry thousands separators; a toast keeps its
 * numbers whole.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { SANDBOX_CHECKOUT, UNIVERSITY, signIn, test, tuitionPartFen, yuan } from '../support';

const SHOTS = '/tmp/shots-p11b';
const GROUPED_YUAN = /^¥\d{1,3}(,\d{3})+\.\d{2}$/;

const WORDS = {
  zh: {
    tuition: '学费',
    amountOf: '学费的缴费金额',
    tooLarge: '支付金额不能大于应收金额',
    paying: '支付中',
    viewOrder: '查看订单',
    tabs: ['全部', '待支付', '已支付', '已退款', '已关闭', '支付中'],
    exchange: '他人订单',
    topup: /校园卡充值/,
    topupAmount: '充值金额',
  },
  en: {
    tuition: 'Tuition',
    amountOf: 'Amount to pay for Tuition',
    tooLarge: 'Payment amount cannot be greater than the receivable amount',
    paying: 'Processing',
    viewOrder: 'View order',
    tabs: ['All', 'Unpaid', 'Paid', 'Refunded', 'Closed', 'Processing'],
    exchange: "Others'",
    topup: /Campus card top-up/,
    topupAmount: 'Top-up amount',
  },
} as const;

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

for (const width of [320, 414] as const) {
  for (const lang of ['zh', 'en'] as const) {
    test.describe(`${width} px, ${lang}`, () => {
      test.use({ viewport: { width, height: 720 } });

      test('a student pays from home: what is owed, typed amounts, the paying order, its detail and the tabs', async ({
        page,
      }) => {
        const w = WORDS[lang];
        const shot = async (name: string) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: `${SHOTS}/${name}-${width}-${lang}.png`, animations: 'disabled' });
        };
        if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
        await signIn(page, {
          tenantName: lang === 'en' ? UNIVERSITY.nameEn : UNIVERSITY.name,
          account: 'student1',
          lang,
        });

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
          .filter({ hasText: w.tuition });
        await tuition.locator('label[for^="fee-pick-"]').click();
        const amount = tuition.getByLabel(w.amountOf);
        await amount.fill('');
        await amount.pressSequentially('12.345');
        await expect(amount).toHaveValue('12.34');
        await amount.fill('');
        await amount.pressSequentially('1.2.3');
        await expect(amount).toHaveValue('1.23');
        await expect(page.getByTestId('fee-selected-total')).toHaveText('¥1.23');
        await amount.fill('99999999');
        await expect(tuition.getByTestId('amount-error')).toHaveText(w.tooLarge);
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
        await expect(tag).toHaveText(w.paying);
        await expect(tag).toHaveAttribute('style', /#6f86a6/);
        await paying.scrollIntoViewIfNeeded();
        await shot('fee-row-paying');
        await paying.getByRole('link', { name: w.viewOrder }).click();
        await page.waitForURL(/#\/order\/detail\/\d+$/);

        // Its detail: the same word, no "—" rows, and the actions in a bar at the bottom of the screen.
        await expect(page.getByTestId('pay-status')).toHaveText(w.paying);
        await expect(page.getByTestId('order-total')).toHaveText(yuan(partFen));
        await expect(page.getByText('—', { exact: true })).toHaveCount(0);
        const bar = page.getByTestId('order-actions');
        await expect(bar).toBeInViewport();
        const box = (await bar.boundingBox())!;
        expect(Math.round(box.y + box.height)).toBe(720);
        await shot('order-detail');
        await page.mouse.wheel(0, 2000);
        expect(Math.round((await bar.boundingBox())!.y)).toBe(Math.round(box.y));

        // The order tabs: one word per state, the closed orders' tab says Closed; the exchange is labelled.
        await page.goto('/#/order/index');
        await expect(page.getByRole('tab')).toHaveText([...w.tabs]);
        await expect(page.getByTestId('exchange-orders')).toHaveText(w.exchange);
        await shot('orders');

        // A top-up out of range: said under the field as typed, and the toast keeps its numbers whole.
        await page.goto('/#/home');
        await page.getByTestId('home-entry-topUp').click();
        await page.getByRole('link', { name: w.topup }).click();
        const topup = page.getByLabel(w.topupAmount, { exact: true });
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
    });
  }
}
