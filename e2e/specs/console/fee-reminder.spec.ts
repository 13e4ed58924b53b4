/**
 * Story (issue 28 items 4-6): the finance office reminds a class of its unpaid tuition (催缴). At 1280 px
 * the clerk chooses the tuition and the class 会计2401, sees one person and what they owe, reads the
 * message as WeChat and as SMS, and sends it now; the campaign's progress shows it sent. On the
 * student's phone the text is in the demo outbox, with what the student's own fee list says is owed;
 * its link opens the fee list (after signing in), and the student pays part of it. Back in the console
 * the person shows as paid since. Then a reminder is scheduled 7 days before the due date, and cancelled.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import {
  CONSOLE,
  PAYMENT_SETTLES_MS,
  UNIVERSITY,
  accessToken,
  consoleScreenshot,
  consoleSignIn,
  inLang,
  nextCaptchaKey,
  nextPageLoad,
  payInSandbox,
  screenshot,
  submitLogin,
  t,
  test,
  TUITION,
  tuitionPartFen,
  tuitionRow,
  yuan,
} from '@e2e/support';

const STUDENT1_PHONE = '13800000001';
/** The jobs start the campaign and send its text every 5 s (JOB_NOTIFY_INTERVAL). */
const SENT_WITHIN_MS = 40_000;

/** Picks an option of the antd Select in the form item labelled `label` of a form. */
async function choose(form: Locator, label: string, option: string) {
  const item = form.locator('.ant-form-item').filter({ has: form.page().getByText(label, { exact: true }) });
  await item.locator('.ant-select').click();
  await form
    .page()
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`)
    .click();
}

/** The reminder texts the SMS stand-in sent to a phone, newest first. */
async function remindersTo(page: Page, phone: string): Promise<string[]> {
  const res = await page.request.get(`/api/dev/outbox?phone=${phone}`);
  return ((await res.json()).data as { body: string }[]).map((m) => m.body).filter((b) => b.includes('待缴'));
}

test('the office reminds a class; the student’s phone gets the text, opens its link and pays', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await consoleSignIn(page, CONSOLE.clerk);
  await page.getByRole('menuitem', { name: '催缴提醒' }).click();
  await page.waitForURL(/#\/reminders/);
  await expect(page.getByRole('heading', { name: '催缴提醒' })).toBeVisible();

  // Who: the tuition, class 会计2401.
  const filter = page.getByTestId('reminder-filter');
  await choose(filter, '收费项目', '学费 (TUITION)');
  await choose(filter, '班级', '会计2401');
  await page.getByTestId('reminder-count').click();
  await expect(page.getByTestId('reminder-people')).toContainText('1');
  const owedText =
    (await page.getByTestId('reminder-owed').locator('.ant-statistic-content').textContent()) ?? '';
  expect(owedText).toMatch(/^.*¥[\d,]+\.\d\d$/);
  const preview = page.getByTestId('reminder-preview');
  await expect(preview).toContainText('张三');
  await expect(page.getByTestId('reminder-preview-wechat')).toContainText('2025-2026 学费');
  await expect(page.getByTestId('reminder-preview-sms')).toContainText('张三您好');
  await expect(page.getByTestId('reminder-preview-sms')).toContainText('#/fee/index');
  await consoleScreenshot(page, 'reminders-new');

  // Sent now, after a confirmation that names the count.
  await page.getByTestId('reminder-send').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '向 1 人发送催缴提醒？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: '发送催缴提醒' }).click();
  await page.waitForURL(/#\/reminders\?tab=sent&campaign=\d+$/);
  const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('reminder-recipients') });
  await expect(drawer).toBeVisible();
  const person = drawer.getByRole('row').filter({ hasText: 'S2024001' });
  await expect(person.getByTestId('reminder-recipient-state')).toHaveAttribute('data-state', 'sent', {
    timeout: SENT_WITHIN_MS,
  });
  await expect(person).toContainText('短信');
  await expect(drawer.getByTestId('reminder-count-sent')).toContainText('1');
  await consoleScreenshot(page, 'reminders-campaign', { langs: ['zh'], still: drawer });

  // The student's phone: the text in the demo outbox.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Shanghai',
  });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/api/dev/outbox?phone=${STUDENT1_PHONE}`);
  await expect(phonePage.locator('body')).toContainText('张三您好');
  const [text] = await remindersTo(phonePage, STUDENT1_PHONE);
  expect(text).toContain(owedText.replace(/^¥/, '').replace(/,/g, ''));
  const link = /(\/\?tenantId=100001#\/fee\/index)$/.exec(text!)?.[1];
  expect(link).toBeTruthy();

  // Its link opens the fee list, once signed in.
  const captchaKey = nextCaptchaKey(phonePage);
  await phonePage.goto(link!);
  await phonePage.waitForURL(/#\/login/);
  const reloaded = nextPageLoad(phonePage);
  await submitLogin(phonePage, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  await reloaded;
  await phonePage.waitForURL(/#\/fee\/index(\?.*)?$/);
  const tuition = tuitionRow(phonePage);
  await expect(tuition).toBeVisible();
  await screenshot(phonePage, 'reminder-link-fees');
  // What the text said is owed is what the student's own fee list says (待缴, one rule).
  const fees = (
    await (
      await phonePage.request.get('/api/blade-finance/fee/student', {
        headers: { 'Blade-Auth': `bearer ${await accessToken(phonePage)}` },
      })
    ).json()
  ).data as { years: { items: { itemCode: string; summary: { pending: number } }[] }[] };
  const pending = fees.years
    .flatMap((y) => y.items)
    .filter((i) => i.itemCode === 'TUITION')
    .reduce((sum, i) => sum + i.summary.pending, 0);
  expect(yuan(pending)).toBe(owedText);

  // The student pays part of it.
  const partFen = tuitionPartFen();
  await tuition.locator('label[for^="fee-pick-"]').click();
  await tuition.getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) })).fill((partFen / 100).toFixed(2));
  await phonePage.getByTestId('fee-pay').click();
  await phonePage.waitForURL(/#\/pay\?orderNo=/);
  await payInSandbox(phonePage);
  await phone.close();

  // The console shows the person paid since.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: 'S2024001' })).toContainText(
      `+${yuan(partFen)}`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: PAYMENT_SETTLES_MS });
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByTestId('reminder-campaigns').locator('tr[data-campaign-id]').first();
  await expect(row.getByTestId('reminder-campaign-status')).toHaveAttribute('data-status', 'done', {
    timeout: SENT_WITHIN_MS,
  });
  await expect(row).toContainText('已缴 1 人');
  await consoleScreenshot(page, 'reminders-sent');
  // The campaign's people in English too (the drawer covers the language switch).
  await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
  await row.getByTestId('reminder-campaign-view').click();
  await expect(drawer).toContainText('Sent');
  await consoleScreenshot(page, 'reminders-campaign', { langs: ['en'], still: drawer });
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();

  // A reminder 7 days before the tuition's due date: listed, then cancelled.
  await page.getByRole('tab', { name: '定时提醒' }).click();
  const schedule = page.getByTestId('reminder-schedule-form');
  await choose(schedule, '收费项目', '学费 (TUITION)');
  await schedule.getByRole('spinbutton').fill('7');
  await page.getByTestId('reminder-schedule-add').click();
  await expect(page.getByText('已添加定时提醒')).toBeVisible();
  const scheduled = page
    .getByTestId('reminder-schedules')
    .getByRole('row')
    .filter({ hasText: '截止前 7 天' });
  await expect(scheduled).toContainText('生效中');
  await expect(page.getByText('已添加定时提醒')).toBeHidden();
  await consoleScreenshot(page, 'reminders-scheduled');
  await scheduled.getByTestId('reminder-schedule-cancel').click();
  await page.getByRole('tooltip').getByRole('button', { name: '取消提醒' }).click();
  await expect(scheduled).toContainText('已取消');
});
