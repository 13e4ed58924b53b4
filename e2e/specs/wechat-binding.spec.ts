/**
 * Story: a student opens the school's link inside WeChat for the first time. WeChat asks for
 * consent, the app finds no account for this WeChat user and asks them to bind their school
 * identity (student number, ID card, name, phone with an SMS code). The code goes to the phone the
 * finance office holds for the student, shown masked; with it they are home.
 */
import { expect } from '@playwright/test';
import {
  UNIVERSITY,
  WECHAT_UA,
  allowAsNewWechatUser,
  freshPhone,
  lastSmsCode,
  nextPageLoad,
  screenshot,
  t,
  tPattern,
  test,
} from '../support';

test.use({ userAgent: WECHAT_UA });

test('an unbound WeChat user binds as a student with an SMS code and lands on home', async ({ page }) => {
  await page.goto(`/?tenantId=${UNIVERSITY.tenantId}#/home`);

  // Inside WeChat with no session the app leaves for the authorize page of the school's official
  // account, asking for the user's profile; WeChat sends the user back to /login with code and state.
  const { authorize, callback } = await allowAsNewWechatUser(page);
  expect(authorize.searchParams.get('appid')).toBe('wxdemo0000100001');
  expect(authorize.searchParams.get('scope')).toBe('snsapi_userinfo');
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.hash).toBe('#wechat_redirect');
  expect(new URL(authorize.searchParams.get('redirect_uri') ?? '').hash).toBe('#/login');
  expect(callback.searchParams.get('code')).toBeTruthy();
  expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));

  // Not bound yet: the social sign-in leads to the binding screen.
  await page.waitForURL(/#\/register$/);

  await expect(page.getByRole('heading', { name: t('route.register'), level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('bind.title') })).toBeVisible();
  // The university offers all three user types, student first and chosen.
  await expect(page.getByRole('radio', { name: t('bind.userType.student') })).toBeChecked();
  await expect(page.getByRole('radio', { name: t('bind.userType.employee') })).toBeVisible();
  await expect(page.getByRole('radio', { name: t('bind.userType.other') })).toBeVisible();
  // The three types share one line under their label, none left alone on a line.
  const radioTops = await page
    .getByTestId('bind-user-types')
    .locator('.adm-radio')
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(radioTops).size).toBe(1);
  // A new WeChat user without an account may sign in with one instead.
  await expect(page.getByTestId('register-sign-in-instead')).toBeVisible();
  await screenshot(page, 'register');

  // Submitted empty: every missing field is marked at once, each with its reason under it.
  await page.getByRole('button', { name: t('bind.submit') }).click();
  await expect(page.getByTestId('field-error').first()).toBeVisible();
  expect(await page.getByTestId('field-error').count()).toBeGreaterThanOrEqual(3);
  await expect(page.locator('#register-realName-error')).toHaveText(t('validate.realNameRequired'));
  await screenshot(page, 'register-marked');

  const phone = freshPhone();
  await page.getByLabel(t('bind.studentNo'), { exact: true }).fill('S2024002');
  await page.getByLabel(t('bind.idCard'), { exact: true }).fill('110101200402051235');
  await page.getByLabel(t('bind.realName'), { exact: true }).fill('李四');
  await page.getByLabel(t('bind.phone'), { exact: true }).fill(phone);

  const sendCode = page.getByTestId('send-code');
  await sendCode.click();
  await expect(page.getByText(t('code.sent'), { exact: true })).toBeVisible();
  // Not to the phone typed: to the one the finance office holds for S2024002, shown masked.
  await expect(page.getByTestId('bind-code-hint')).toHaveText(
    t('bind.codeSentHeld', { phone: '138****0011' }),
  );
  // Sent: the button counts down and cannot be pressed again meanwhile.
  await expect(sendCode).toHaveText(tPattern('code.countdown'));
  await expect(sendCode).toBeDisabled();

  await screenshot(page, 'register-held-phone');
  await page
    .getByLabel(t('bind.verifyCode'), { exact: true })
    .fill(await lastSmsCode(page.request, '13800000011'));
  const reloaded = nextPageLoad(page);
  await page.getByRole('button', { name: t('bind.submit') }).click();
  await expect(page.getByText(t('bind.success'))).toBeVisible();
  await reloaded;

  await page.waitForURL(/#\/home(\?|$)/);
  await expect(page.getByRole('heading', { name: t('route.home'), level: 1 })).toBeVisible();
  // Bound, the school's name of the person greets, not the WeChat nickname.
  await expect(page.getByTestId('home-greeting')).toHaveText(t('home.greeting', { name: '李四' }));
  await page.getByTestId('tab-user').click();
  await expect(page.getByText('李四', { exact: true })).toBeVisible();
});
