/**
 * Stories (issue 24, bad networks): a code is sent, then the page reloads before it is typed (in
 * WeChat the person switches to the SMS app and WeChat reloads the page on the way back). The code
 * sent before the reload still does its work: binding, and the step-up before a bank card change.
 *
 * The binding texts S2024003 王五's held phone (13800000012), which no other story texts; the step-up
 * texts teacher2's (13800000022), which mine.spec.ts texts too: both wait out the SMS stand-in's minute.
 */
import { expect, type Page } from '@playwright/test';
import {
  UNIVERSITY,
  WECHAT_UA,
  allowAsNewWechatUser,
  freshPhone,
  lastSmsCode,
  nextPageLoad,
  signIn,
  t,
  test,
  waitForSmsResend,
} from '../support';

const WANG5_HELD_PHONE = '13800000012';
const TEACHER2_PHONE = '13800000022';

test.describe('binding in WeChat', () => {
  test.use({ userAgent: WECHAT_UA });

  async function fillBindForm(page: Page, phone: string) {
    await page.getByLabel(t('bind.studentNo'), { exact: true }).fill('S2024003');
    await page.getByLabel(t('bind.idCard'), { exact: true }).fill('110101200403031236');
    await page.getByLabel(t('bind.realName'), { exact: true }).fill('王五');
    await page.getByLabel(t('bind.phone'), { exact: true }).fill(phone);
  }

  test('a code sent before WeChat reloads the page still binds', async ({ page }) => {
    await page.goto(`/?tenantId=${UNIVERSITY.tenantId}#/home`);
    await allowAsNewWechatUser(page);
    await page.waitForURL(/#\/register$/);
    await expect(page.getByRole('heading', { name: t('bind.title') })).toBeVisible();

    const phone = freshPhone();
    await fillBindForm(page, phone);
    await waitForSmsResend(page.request, WANG5_HELD_PHONE);
    await page.getByTestId('send-code').click();
    await expect(page.getByText(t('code.sent'), { exact: true })).toBeVisible();
    const code = await lastSmsCode(page.request, WANG5_HELD_PHONE);

    // Off to the SMS app; back in WeChat the page has reloaded and the form starts again.
    await page.reload();
    await page.waitForURL(/#\/register$/);
    await expect(page.getByRole('heading', { name: t('bind.title') })).toBeVisible();
    await fillBindForm(page, phone);
    // The code sent before the reload is still the one awaited, where it went shown as before.
    await expect(page.getByTestId('bind-code-hint')).toHaveText(
      t('bind.codeSentHeld', { phone: '138****0012' }),
    );
    await page.getByLabel(t('bind.verifyCode'), { exact: true }).fill(code);
    const reloaded = nextPageLoad(page);
    await page.getByRole('button', { name: t('bind.submit') }).click();
    await expect(page.getByText(t('bind.success'))).toBeVisible();
    await expect(page.getByText(t('validate.verifyCodeRequired'))).toHaveCount(0);
    await reloaded;
    await page.waitForURL(/#\/home(\?|$)/);
    await expect(page.getByTestId('home-greeting')).toHaveText(t('home.greeting', { name: '王五' }));
  });
});

test('a code to the phone on file sent before a reload still opens the bank card change', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher2' });
  await page.getByTestId('tab-user').click();
  await page.getByTestId('profile-bank').click();
  await expect(page.getByRole('heading', { name: t('mine.stepProveFinance') })).toBeVisible();
  await waitForSmsResend(page.request, TEACHER2_PHONE);
  await page.getByTestId('send-code').click();
  await expect(page.getByText(t('code.sent'))).toBeVisible();
  const code = await lastSmsCode(page.request, TEACHER2_PHONE);

  await page.reload();
  await expect(page.getByRole('heading', { name: t('mine.stepProveFinance') })).toBeVisible();
  await page.getByLabel(t('bind.verifyCode'), { exact: true }).fill(code);
  await page.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByRole('heading', { name: t('mine.stepBank') })).toBeVisible();
  await expect(page.getByText(t('validate.verifyCodeRequired'))).toHaveCount(0);
});

test('a code typed when none was sent says it has expired, not "enter the code"', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher2' });
  await page.getByTestId('tab-user').click();
  await page.getByTestId('profile-bank').click();
  await expect(page.getByRole('heading', { name: t('mine.stepProveFinance') })).toBeVisible();
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.getByLabel(t('bind.verifyCode'), { exact: true }).fill('123456');
  await page.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByText(t('validate.verifyCodeExpired'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('mine.stepProveFinance') })).toBeVisible();
});
