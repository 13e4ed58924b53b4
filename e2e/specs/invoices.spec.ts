/**
 * Story: student1 pays part of the tuition, asks for the order's invoice with the saved company title
 * (the default), waits while the e-bill platform issues it, and opens the PDF from the order detail as
 * WeChat's browser would (a plain link, shown inline). The invoice screens are photographed at 320 and
 * 414 px in Chinese and English (checkScreen on each) into /tmp/shots-invoices as well.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  UNIVERSITY,
  checkScreen,
  orderCard,
  orderPartOfTuition,
  payInSandbox,
  screenshot,
  signIn,
  test,
  tuitionPartFen,
  yuan,
} from '../support';

const SHOTS = '/tmp/shots-invoices';

/** The same screen at both phone widths in both languages, each checked like every story screen. */
async function shootEverywhere(page: Page, name: string, prepare?: () => Promise<void>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['zh', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [320, 414]) {
      await page.setViewportSize({ width, height: 700 });
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/^(加载中|loading)$/i)).toHaveCount(0);
      if (prepare) await prepare();
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}-${lang}.png`,
        animations: 'disabled',
        fullPage: true,
      });
      await checkScreen(page, `${name} ${width} ${lang}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 320, height: 700 });
  await page.reload();
}

test('a paid order gets its invoice with a saved company title, issued and opened as a PDF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const partFen = tuitionPartFen();
  const orderNo = await orderPartOfTuition(page, partFen);
  await payInSandbox(page);

  // Paid and not invoiced yet: the order list says so, the detail offers the request.
  await page.goto('/#/order/index?tab=paid');
  const card = orderCard(page, orderNo);
  await expect(card.getByTestId('order-card-invoice')).toHaveAttribute('data-state', 'none');
  await expect(card.getByTestId('order-card-invoice')).toContainText('未开票');
  await card.click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  const invoiceCard = page.getByTestId('order-invoice');
  await expect(invoiceCard.getByTestId('invoice-state')).toHaveText('未开票');
  await screenshot(page, 'invoice-order-uninvoiced');
  await invoiceCard.getByTestId('invoice-open').click();

  // The saved company title is the default and is picked.
  await page.waitForURL(/#\/order\/invoice\/\d+$/);
  await expect(page.getByTestId('invoiceable')).toContainText(yuan(partFen));
  const company = page.getByTestId('invoice-title').filter({ hasText: '演示科技有限公司' });
  await expect(company).toHaveAttribute('data-picked', 'true');
  await expect(company).toContainText('91350100M000100Y43');
  await screenshot(page, 'invoice-pick-title');
  await shootEverywhere(page, 'invoice-pick-title');

  // A title form refuses a credit code whose check character is wrong.
  await page.getByTestId('title-add').click();
  const form = page.getByTestId('title-form');
  await form.getByTestId('title-name').locator('input').fill('另一家有限公司');
  await form.getByTestId('title-taxId').locator('input').fill('91350100M000100Y44');
  await form.getByTestId('title-save').click();
  await expect(form.getByTestId('title-error-taxId')).toHaveText(
    '纳税人识别号应为 18 位统一社会信用代码，请核对',
  );
  await screenshot(page, 'invoice-title-form', page.getByRole('dialog'));
  await shootEverywhere(page, 'invoice-title-form', async () => {
    await page.getByTestId('title-add').click();
    await page.getByTestId('title-save').click();
    await expect(page.getByTestId('title-error-name')).toBeVisible();
  });
  await page.getByTestId('title-add').click();
  await page.locator('.adm-popup-close-icon').click();
  await expect(form).toBeHidden();

  // Requested, then issued by the e-bill platform (the screen looks again by itself).
  await expect(company).toHaveAttribute('data-picked', 'true');
  await page.getByTestId('invoice-request').click();
  const facts = page.getByTestId('invoice-facts');
  await expect(facts).toHaveAttribute('data-state', /requested|issued/);
  await expect(facts).toHaveAttribute('data-state', 'issued', { timeout: 45_000 });
  await expect(facts).toContainText(yuan(partFen));
  await expect(facts).toContainText('演示科技有限公司');
  await expect(facts.getByTestId('invoice-bill-no')).toContainText(/\d{10}/);
  await screenshot(page, 'invoice-issued');
  await shootEverywhere(page, 'invoice-issued');

  // Back on the order: viewable, in the list too.
  await page.goBack();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  await expect(invoiceCard.getByTestId('invoice-state')).toHaveText('已开票，可查看');
  await screenshot(page, 'invoice-order-issued');
  await shootEverywhere(page, 'invoice-order-issued');

  // The PDF opens inline from a plain link, as in WeChat's browser.
  const link = invoiceCard.getByTestId('invoice-view');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/blade-finance\/invoice\/file\/\d+\?token=/);
  const pdf = await page.request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
  await page.goto(href);
  await page.waitForTimeout(2000);
  const shot = await page.screenshot({ path: `${SHOTS}/invoice-pdf-320-zh.png` });
  // Not blank: a rendered page has many distinct colours (text, red title, QR code).
  expect(shot.length).toBeGreaterThan(15_000);
});
