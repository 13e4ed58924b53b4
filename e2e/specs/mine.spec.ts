/**
 * Stories (issue 12): people keep what the finance office holds for them up to date from the Mine tab.
 * Each change is confirmed first with a code texted to the phone on file; then a teacher's new bank
 * card (checked against its Luhn digit), a student's new e-mail (with a code mailed to it) and a
 * student's new phone (with a picture code and a code texted to it). My profile shows each new value
 * masked.
 *
 * The SMS stand-in sends one code a minute per phone (sms/codes.ts), so each change is made by its own
 * person: teacher2, student1 and student2 (README "Demo accounts"). code-after-reload.spec.ts texts
 * teacher2's phone too, so step 1 waits out that minute when a code went there less than a minute ago.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  COLLEGE,
  PICKER_CONFIRM,
  UNIVERSITY,
  captchaText,
  inLang,
  freshPhone,
  lastSmsCode,
  nextCaptchaKey,
  screenshot,
  signIn,
  t,
  test,
  waitForSmsResend,
} from '../support';

// The phones the finance office holds for them (README "Demo accounts").
const TEACHER2_PHONE = '13800000022';
const STUDENT1_PHONE = '13800000001';
const STUDENT2_PHONE = '13800000004';
const NEW_CARD = '6217000000001234560'; // passes Luhn
const NEW_EMAIL = 'chen.teacher@example.edu';
/** A bank of the demo tenant's list, named in both languages (seed/profile.ts). */
const CCB = { zh: '中国建设银行', en: 'China Construction Bank' };

/** The newest code mailed to an address by the mail stand-in (the dev outbox, demo mode). */
async function lastMailCode(request: APIRequestContext, address: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?phone=${encodeURIComponent(address)}`);
  const messages = (await res.json()).data as { channel: string; body: string }[];
  const code = /\d{6}/.exec(messages.find((m) => m.channel === 'mail')?.body ?? '')?.[0];
  if (!code) throw new Error(`no code was mailed to ${address}`);
  return code;
}

/**
 * Picks an entry of the open picker's wheel. The wheel is a drag gesture under a shading mask, so the
 * tap goes to the entry itself (what the wheel's own click handler answers), then the wheel settles.
 */
async function pickInWheel(page: Page, label: string): Promise<void> {
  // The picker may still be opening (or a column still filling): tap again until the entry is chosen.
  await expect(async () => {
    await page.locator('.adm-picker-view-column-item', { hasText: label }).dispatchEvent('click');
    await expect(page.locator('[data-selected="true"]', { hasText: label })).toHaveCount(1, {
      timeout: 1000,
    });
  }).toPass();
  await page.waitForTimeout(400); // the wheel's scroll animation
}

/** Step 1 of every change: the code texted to the phone on file (then Next). */
async function proveHeldPhone(page: Page, phone: string): Promise<void> {
  await expect(page.getByLabel(t('phone.heldPhone'), { exact: true })).toHaveValue(
    `${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );
  await waitForSmsResend(page.request, phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('code.sent'))).toBeVisible();
  await page.getByLabel(t('bind.verifyCode'), { exact: true }).fill(await lastSmsCode(page.request, phone));
}

test('a teacher changes the bank card and sees it masked on my profile', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher2' });
  await page.getByTestId('tab-user').click();
  await expect(page.getByText('王老师')).toBeVisible();
  await expect(page.getByText(t('role.employee'), { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-code')).toHaveText(`${t('mine.employeeNo')} E1003`);
  await expect(page.getByTestId('profile-id-card')).toContainText('***');
  await expect(page.getByTestId('profile-version')).toHaveText('1.3.14');
  await expect(page.getByTestId('profile-salary')).toBeVisible(); // staff only

  // Bank card: prove the phone, then a card failing its check digit is refused, a good one saved.
  await page.getByTestId('profile-bank').click();
  await expect(page.getByRole('heading', { name: t('mine.stepProveFinance') })).toBeVisible();
  await proveHeldPhone(page, TEACHER2_PHONE);
  await page.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByRole('heading', { name: t('mine.stepBank') })).toBeVisible();
  const card = page.getByLabel(t('mine.newCard'), { exact: true });
  await card.fill('6217000000001234561');
  await page.getByRole('button', { name: t('mine.submit') }).click();
  await expect(page.getByText(t('profile.bankCardChecksum'))).toBeVisible();
  await card.fill(NEW_CARD);
  await expect(card).toHaveValue('6217 0000 0000 1234 560'); // in full only while the owner types it
  await page.getByRole('button', { name: t('mine.bankName'), exact: true }).click();
  await pickInWheel(page, inLang(CCB));
  await page.getByRole('button', { name: inLang(PICKER_CONFIRM), exact: true }).click();
  await expect(page.getByRole('button', { name: t('mine.bankName'), exact: true })).toHaveText(inLang(CCB));
  await page.getByRole('button', { name: t('mine.region'), exact: true }).click();
  await pickInWheel(page, '海淀区');
  await page.getByRole('button', { name: inLang(PICKER_CONFIRM), exact: true }).click();
  await expect(page.getByText('北京市 海淀区')).toBeVisible();
  await screenshot(page, 'mine-bank');
  await page.getByRole('button', { name: t('mine.submit') }).click();
  await expect(page.getByText(t('mine.bankSaved'))).toBeVisible();
  await page.waitForURL(/#\/user\/edit$/);
  await expect(page.getByTestId('edit-bank-card')).toHaveText('**** **** **** 4560');
  await expect(page.getByTestId('edit-id-card')).toContainText('***');
  await expect(page.locator('body')).not.toContainText(NEW_CARD);
  await screenshot(page, 'mine-edit-bank');
});

test('a student changes the e-mail and sees it masked on my profile', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/user/edit');
  // Prove the phone on file, then the code mailed to the new address.
  await page.getByRole('link', { name: new RegExp(t('mine.email')) }).click();
  await page.waitForURL(/#\/user\/email$/);
  await proveHeldPhone(page, STUDENT1_PHONE);
  await page.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByRole('heading', { name: t('mine.stepEmail') })).toBeVisible();
  await page.getByLabel(t('mine.newEmail'), { exact: true }).fill('chen@');
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('validate.emailInvalid'))).toBeVisible();
  await page.getByLabel(t('mine.newEmail'), { exact: true }).fill(NEW_EMAIL);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('mine.emailSent'))).toBeVisible();
  await page
    .getByLabel(t('mine.emailCode'), { exact: true })
    .fill(await lastMailCode(page.request, NEW_EMAIL));
  await screenshot(page, 'mine-email');
  await page.getByRole('button', { name: t('mine.submit') }).click();
  await expect(page.getByText(t('mine.emailSaved'))).toBeVisible();
  await page.waitForURL(/#\/user\/edit$/);
  await expect(page.getByTestId('edit-email')).toHaveText('c***r@example.edu');
  await expect(page.locator('body')).not.toContainText(NEW_EMAIL);
  await screenshot(page, 'mine-edit-email');
});

test('a student changes the phone on file and sees it masked on my profile', async ({ page }) => {
  await signIn(page, { tenantName: COLLEGE.name, account: 'student2' });
  await page.goto('/#/user/edit');
  // Prove the phone on file, then the picture code and the code texted to the new phone.
  await page.getByRole('link', { name: new RegExp(`^${t('mine.phone')}`) }).click();
  await page.waitForURL(/#\/user\/phone$/);
  await proveHeldPhone(page, STUDENT2_PHONE);
  const captchaKey = nextCaptchaKey(page);
  await page.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByRole('heading', { name: t('mine.stepNewPhone') })).toBeVisible();
  const newPhone = freshPhone();
  await page.getByLabel(t('mine.newPhone'), { exact: true }).fill(newPhone);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('mine.captchaRequired'))).toBeVisible();
  await page
    .getByLabel(t('mine.captcha'), { exact: true })
    .fill(await captchaText(page.request, await captchaKey));
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('code.sent'))).toBeVisible();
  await page
    .getByLabel(t('bind.verifyCode'), { exact: true })
    .fill(await lastSmsCode(page.request, newPhone));
  await screenshot(page, 'mine-phone');
  await page.getByRole('button', { name: t('mine.submit') }).click();
  await expect(page.getByText(t('mine.phoneSaved'))).toBeVisible();
  await page.waitForURL(/#\/user\/edit$/);

  // My profile: the new phone masked, in full nowhere on the page.
  await expect(page.getByTestId('edit-phone')).toHaveText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(newPhone);
  await screenshot(page, 'mine-edit');
});
