/**
 * Story: student1 pays part of the tuition, asks for the order's invoice with the saved company title
 * (the default), waits while the e-bill platform issues it, and opens the PDF from the order detail as
 * WeChat's browser would (a plain link, shown inline). Like every story it runs at 320 and 414 px in
 * Chinese and English (playwright.config.ts), each screen photographed and checked (checkScreen).
 */
import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import {
  UNIVERSITY,
  orderCard,
  orderPartOfTuition,
  payInSandbox,
  screenshot,
  signIn,
  t,
  test,
  tuitionPartFen,
  yuan,
} from '../support';

const SHOTS = '/tmp/shots-invoices';

/** The demo school's word for what it issues (param invoice_term unset: 财政电子票据), as texts take it. */
function termParams() {
  const Term = t('invoice.term.fiscal');
  return { Term, term: Term.charAt(0).toLowerCase() + Term.slice(1) };
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
  await expect(card.getByTestId('order-card-invoice')).toContainText(t('order.invoice.none'));
  // The school's term, not "发票": the same word on the list, the order, the invoice screen and the PDF.
  await expect(card.getByTestId('order-card-invoice')).toContainText(t('order.invoice', termParams()));
  await card.click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  const invoiceCard = page.getByTestId('order-invoice');
  await expect(invoiceCard.getByTestId('invoice-state')).toHaveText(t('invoice.state.none'));
  await expect(invoiceCard.getByRole('heading', { level: 2 })).toHaveText(
    t('invoice.card.title', termParams()),
  );
  // One invoice row on the order (its card), not also a line among the order's facts.
  await expect(page.getByText(t('invoice.state.none'), { exact: true })).toHaveCount(1);
  await screenshot(page, 'invoice-order-uninvoiced');
  await invoiceCard.getByTestId('invoice-open').click();

  // The saved company title is the default and is picked.
  await page.waitForURL(/#\/order\/invoice\/\d+$/);
  await expect(page.getByTestId('invoiceable')).toContainText(yuan(partFen));
  const company = page.getByTestId('invoice-title').filter({ hasText: '演示科技有限公司' });
  await expect(company).toHaveAttribute('data-picked', 'true');
  await expect(company).toContainText('91350100M000100Y43');
  await screenshot(page, 'invoice-pick-title');

  // A title form refuses a credit code whose check character is wrong.
  await page.getByTestId('title-add').click();
  const form = page.getByTestId('title-form');
  await form.getByTestId('title-name').locator('input').fill('另一家有限公司');
  await form.getByTestId('title-taxId').locator('input').fill('91350100M000100Y44');
  await form.getByTestId('title-save').click();
  await expect(form.getByTestId('title-error-taxId')).toHaveText(t('invoice.taxIdInvalid'));
  await screenshot(page, 'invoice-title-form');
  // An empty form says what is missing, under the fields.
  await page.reload();
  await page.getByTestId('title-add').click();
  await page.getByTestId('title-save').click();
  await expect(page.getByTestId('title-error-name')).toBeVisible();
  await screenshot(page, 'invoice-title-form-empty');
  await page.reload();
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

  // Back on the order: viewable, in the list too.
  await page.goBack();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  await expect(invoiceCard.getByTestId('invoice-state')).toHaveText(t('invoice.state.issued'));
  await expect(invoiceCard.getByTestId('invoice-view')).toHaveText(t('invoice.view', termParams()));
  await screenshot(page, 'invoice-order-issued');

  // The PDF opens inline from a plain link, as in WeChat's browser.
  const link = invoiceCard.getByTestId('invoice-view');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/blade-finance\/invoice\/file\/\d+\?token=/);
  const pdf = await page.request.get(href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
  await page.goto(href);
  mkdirSync(SHOTS, { recursive: true });
  // Not blank: a rendered page has many distinct colours (text, red title, QR code). The viewer may take
  // a few seconds to draw on a busy machine, so the picture is taken until it is drawn.
  await expect
    .poll(async () => (await page.screenshot()).length, { timeout: 30_000, intervals: [1_000] })
    .toBeGreaterThan(15_000);
  await page.screenshot({ path: `${SHOTS}/invoice-pdf-${test.info().project.name}.png` });
});
