/**
 * Story (issue 12): a teacher (teacher2) keeps what the finance office holds for them up to date from the Mine
 * tab. Each change is confirmed first with a code texted to the phone on file; then the new bank card
 * (checked against its Luhn digit), the new e-mail (with a code mailed to it) and the new phone (with
 * a picture code and a code texted to it). My profile shows every new value masked.
 *
 * The SMS stand-in keeps one code a minute per phone (sms/codes.ts), and every change texts the phone
 * on file, so the story waits out that minute between changes.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
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
} from '../support';

// teacher2's finance-reserved phone (README "Demo accounts"). No other story signs in as teacher2 or
// texts this phone, so the story's changes (a new phone on file) never meet another story's code.
const HELD_PHONE = '13800000022';
const NEW_CARD = '6217000000001234560'; // passes Luhn
const NEW_EMAIL = 'chen.teacher@example.edu';
const RESEND_GUARD_MS = 61_000;
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
  await page.locator('.adm-picker-view-column-item', { hasText: label }).dispatchEvent('click');
  await expect(page.locator('[data-selected="true"]', { hasText: label })).toHaveCount(1);
  await page.waitForTimeout(400); // the wheel's scroll animation
}

/** Step 1 of every change: the code texted to the phone on file (then Next). Answers when it was sent. */
async function proveHeldPhone(page: Page, phone: string, lastSent: number): Promise<number> {
  await expect(page.getByLabel(t('phone.heldPhone'), { exact: true })).toHaveValue(
    `${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );
  // One code a minute to a phone: wait out the previous change's code.
  const wait = lastSent + RESEND_GUARD_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('code.sent'))).toBeVisible();
  const sent = Date.now();
  await page.getByLabel(t('bind.verifyCode'), { exact: true }).fill(await lastSmsCode(page.request, phone));
  return sent;
}

test('a teacher changes bank card, e-mail and phone and sees them masked on my profile', async ({ page }) => {
  test.setTimeout(240_000);
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
  let sent = await proveHeldPhone(page, HELD_PHONE, 0);
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

  // E-mail: prove the phone, then the code mailed to the new address.
  await page.getByRole('link', { name: new RegExp(t('mine.email')) }).click();
  await page.waitForURL(/#\/user\/email$/);
  sent = await proveHeldPhone(page, HELD_PHONE, sent);
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

  // Phone: prove the phone held now, then the picture code and the code texted to the new phone.
  await page.getByRole('link', { name: new RegExp(`^${t('mine.phone')}`) }).click();
  await page.waitForURL(/#\/user\/phone$/);
  await proveHeldPhone(page, HELD_PHONE, sent);
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

  // My profile: every new value masked; the full card number is nowhere on the page.
  await expect(page.getByTestId('edit-phone')).toHaveText(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);
  await expect(page.getByTestId('edit-email')).toHaveText('c***r@example.edu');
  await expect(page.getByTestId('edit-bank-card')).toHaveText('**** **** **** 4560');
  await expect(page.getByTestId('edit-id-card')).toContainText('***');
  await expect(page.locator('body')).not.toContainText(NEW_CARD);
  await expect(page.locator('body')).not.toContainText(newPhone);
  await screenshot(page, 'mine-edit');
});
