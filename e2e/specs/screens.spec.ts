/**
 * A walk through every screen a student and a visitor reach, in the project's language and at its width
 * (playwright.config.ts runs it at 320 and 414 px, in Chinese and in English). Each screen is photographed
 * and checked (support.ts, checkScreen): no Han character outside user data on an English screen, no text
 * cut or overflowing, every tap target at least 44 × 44 px.
 */
import { expect } from '@playwright/test';
import { COLLEGE, UNIVERSITY, checkScreen, inLang, screenshot, signIn, t, test } from '../support';

test('the login screen fits, reads in the language and has large tap targets', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.locator('img[src^="data:image"]')).toBeVisible();
  await screenshot(page, 'walk-login');
  await page.goto('/#/login?tenantId=' + COLLEGE.tenantId);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(t('login.title'));
  await checkScreen(page, 'login (college)');
});

test('every screen of a signed-in student fits, reads in the language and has large tap targets', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await screenshot(page, 'walk-home');
  const screens: [string, string][] = [
    ['/#/fee/index', 'walk-fee'],
    ['/#/fee/other', 'walk-fee-other'],
    ['/#/fee/history', 'walk-fee-history'],
    ['/#/fee/collect/history', 'walk-fee-collect-history'],
    ['/#/fee/other/history', 'walk-fee-other-history'],
    ['/#/order/other', 'walk-order-other'],
    ['/#/home/noticelist', 'walk-notice-list'],
    ['/#/user/index', 'walk-user'],
    ['/#/user/edit', 'walk-user-edit'],
    ['/#/user/bank', 'walk-user-bank'],
    ['/#/user/phone', 'walk-user-phone'],
    ['/#/user/email', 'walk-user-email'],
    ['/#/user/notify', 'walk-user-notify'],
  ];
  for (const [address, name] of screens) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, name);
  }
  for (const tab of ['all', 'unpaid', 'paid', 'refunded', 'expired', 'processing']) {
    await page.goto(`/#/order/index?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, `walk-orders-${tab}`);
  }
  // The six order tabs fit the phone in Chinese, and in English at 414 px; at 320 px the English row
  // scrolls and shows it, with a fade at the edge that has more.
  const tabs = page.locator('.adm-tabs-tab');
  await expect(tabs).toHaveCount(6);
  const width = page.viewportSize()!.width;
  const project = test.info().project.name;
  if (project.endsWith('-zh') || project.includes('-414-')) {
    for (const box of await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON())))
      expect(box.right).toBeLessThanOrEqual(width);
  } else {
    await page.goto('/#/order/index?tab=all');
    await expect(page.locator('.adm-tabs-header-mask-right')).toHaveCSS('opacity', '1');
  }
  // The payment history's two tabs are whole at every width, in both languages.
  await page.goto('/#/fee/history');
  const historyTabs = page.locator('.adm-tabs-tab');
  await expect(historyTabs).toHaveCount(2);
  for (const box of await historyTabs.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect().toJSON()),
  ))
    expect(box.right).toBeLessThanOrEqual(width);
  // The bank card screen names the bank in the reader's language, as the profile does.
  await page.goto('/#/user/bank');
  await expect(page.getByTestId('bank-current-name')).toHaveText(
    inLang({ zh: '中国工商银行', en: 'Industrial and Commercial Bank of China' }),
  );
  // A notice with a table, a picture or an attachment (the seeded ones have all three).
  await page.goto('/#/home/noticelist');
  await page.getByTestId('notice-card').first().click();
  await page.waitForURL(/#\/home\/notice\/\d+$/);
  await expect(page.getByTestId('notice-content')).toBeVisible();
  await screenshot(page, 'walk-notice-detail');
  // An order's detail, when the student has one.
  await page.goto('/#/order/index');
  const card = page.getByTestId('order-card').first();
  if (await card.isVisible().catch(() => false)) {
    await card.click();
    await page.waitForURL(/#\/order\/detail\//);
    await screenshot(page, 'walk-order-detail');
  }
});
