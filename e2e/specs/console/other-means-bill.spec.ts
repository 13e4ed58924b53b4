/**
 * Story (issue 15): a student records on the phone that they paid part of the tuition by bank transfer,
 * attaching a photo of the transfer (the phone shrinks it) and the bank's PDF statement; a finance
 * clerk opens the console's other-means queue, reads the evidence, looks at the photo large and
 * downloads the PDF, and approves it; the money now counts as received on the student's side, and the
 * bill has left the waiting queue.
 */
import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { expect } from '@playwright/test';
import {
  CONSOLE,
  UNIVERSITY,
  accessToken,
  consoleScreenshot,
  consoleSignIn,
  screenshot,
  signIn,
  t,
  test,
  tuitionPartFen,
  yuan,
} from '@e2e/support';

/** A striped PNG photo of the size (a real encoder's chunks, CRCs included), wider than the phone keeps. */
function stripedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++)
      row.set(Math.floor((x + y) / 80) % 2 ? [22, 119, 255] : [255, 255, 255], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const STATEMENT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

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
  const phone = await browser.newContext({
    baseURL,
    // The narrowest phone the spec supports: the form and its evidence rows must fit it.
    viewport: { width: 320, height: 700 },
    isMobile: true,
    // The payment date the story types is today in the school's time zone, as the date input's limit is.
    timezoneId: 'Asia/Shanghai',
  });
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
  // On the receivable's payment detail, the student records the transfer with its evidence.
  await phonePage.goto(`/#/fee/other/receivable/${before.receivableId}`);
  await phonePage.getByTestId('offline-open').click();
  const form = phonePage.getByTestId('offline-form');
  await form.getByLabel(t('fee.offlineAmount')).fill((amountFen / 100).toFixed(2));
  await form.getByText(t('method.bank_transfer'), { exact: true }).click();
  await form.getByLabel(t('fee.payDate')).fill(payDate);
  await form.getByLabel(t('fee.offlineNote')).fill(note);
  await form.getByTestId('evidence-input').setInputFiles([
    { name: 'transfer.png', mimeType: 'image/png', buffer: stripedPng(2400, 1600) },
    { name: 'statement.pdf', mimeType: 'application/pdf', buffer: STATEMENT_PDF },
  ]);
  const items = form.getByTestId('evidence-item');
  await expect(items).toHaveCount(2);
  // The 2400 px photo was shrunk to a JPEG before anything left the phone.
  await expect(items.nth(0)).toContainText('transfer.jpg');
  await expect(items.nth(1)).toContainText('statement.pdf');
  await screenshot(phonePage, 'offline-evidence');
  await form.getByTestId('offline-submit').click();
  await expect(phonePage.getByText(t('fee.offlineRecorded'))).toBeVisible();
  await expect.poll(async () => (await tuition()).pendingReviewFen).toBe(before.pendingReviewFen + amountFen);
  const detail = (
    await (
      await phonePage.request.get(`/api/blade-finance/fee/receivable/${before.receivableId}`, { headers })
    ).json()
  ).data as { bills: { billNo: string; note: string; status: number; method: string }[] };
  const recorded = detail.bills.find((bill) => bill.note === note);
  expect(recorded).toMatchObject({ status: 1, method: 'bank_transfer' });

  // The clerk, at a desk.
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '其他方式缴费' }).click();
  await page.waitForURL(/#\/bills$/);
  await expect(page.getByRole('heading', { name: '其他方式缴费审核' })).toBeVisible();
  const row = page.getByTestId('bills-table').locator(`tr[data-bill-no="${recorded!.billNo}"]`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('张三');
  await expect(row).toContainText(yuan(amountFen));
  await expect(row).toContainText('银行转账');
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
  await expect(evidence).toContainText('银行转账');
  // The files the phone uploaded: the photo as a thumbnail that opens large, the PDF as a download.
  const files = evidence.getByTestId('bill-evidence-files');
  const photo = files.getByRole('img', { name: 'transfer.jpg' });
  await expect(photo).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await consoleScreenshot(page, 'bill-evidence', { langs: ['zh'], still: drawer });
  await photo.click();
  const large = page.locator('.ant-image-preview-img');
  await expect(large).toBeVisible();
  await expect(large).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  // Drawn at the shrunk photo's own size: 2000 × 1333 pixels, not the 2400 × 1600 chosen.
  expect(await large.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    2000, 1333,
  ]);
  await page.locator('.ant-image-preview-close').click();
  await expect(large).toBeHidden();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByTestId('bill-evidence-pdf').click(),
  ]);
  // Saved under the server's name, never the payer's (issue 23 item 7).
  expect(download.suggestedFilename()).toMatch(/^evidence-\d+\.pdf$/);
  expect((await readFile(await download.path())).equals(STATEMENT_PDF)).toBe(true);

  await drawer.getByRole('button', { name: '审核通过' }).click();
  await expect(page.getByRole('tooltip')).toContainText(`这笔 ${yuan(amountFen)} 计入已缴`);
  await page.getByRole('tooltip').getByRole('button', { name: '审核通过' }).click();
  await expect(page.getByText('已审核通过', { exact: true })).toBeVisible();
  await expect(drawer).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: '已审核' }).click();
  await expect(row).toHaveCount(1);

  // On the student's side it now counts as received, and waits for nobody.
  const after = await tuition();
  expect(after.pendingReviewFen).toBe(before.pendingReviewFen);
  expect(after.summary.received).toBe(before.summary.received + amountFen);
  await phone.close();
});
