/**
 * Story: a teacher mistypes the captcha. The app says so, shows a new captcha (one image, one
 * try) and keeps them on the login page; with the new captcha typed right they get in.
 */
import { expect } from '@playwright/test';
import {
  UNIVERSITY,
  accessToken,
  captchaText,
  loginForm,
  nextCaptchaKey,
  nextPageLoad,
  submitLogin,
  test,
  t,
} from '../support';

test('a wrong captcha is refused with a new captcha, and the next try signs in', async ({ page }) => {
  const firstKey = nextCaptchaKey(page);
  await page.goto('/#/login');
  const form = loginForm(page);
  await form.tenant.selectOption({ label: UNIVERSITY.name });
  await form.account.fill('teacher1');
  await form.password.fill('Demo@2024');
  // Anything but the image's text: one character more can never match it.
  await form.captcha.fill(`${await captchaText(page.request, await firstKey)}x`);

  const secondKey = nextCaptchaKey(page);
  await form.submit.click();
  await expect(page.getByText(t('auth.captchaWrong'))).toBeVisible();
  expect(await secondKey).not.toBe(await firstKey);
  await expect(form.captcha).toHaveValue('');
  await expect(page).toHaveURL(/#\/login$/);
  expect(await accessToken(page)).toBeUndefined();

  // The form kept what was typed; only the new captcha is needed.
  await expect(form.account).toHaveValue('teacher1');
  await form.captcha.fill(await captchaText(page.request, await secondKey));
  const reloaded = nextPageLoad(page);
  await form.submit.click();
  await expect(page.getByText(t('login.succeeded'))).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home$/);
  expect(await accessToken(page)).toBeTruthy();
});

test('tapping the captcha image brings a new one', async ({ page }) => {
  const firstKey = nextCaptchaKey(page);
  await page.goto('/#/login');
  await firstKey;
  const secondKey = nextCaptchaKey(page);
  await page.getByTestId('captcha-refresh').click();
  expect(await secondKey).not.toBe(await firstKey);
  // The new image is the one that counts.
  const reloaded = nextPageLoad(page);
  await submitLogin(page, secondKey, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  await reloaded;
  await page.waitForURL(/#\/home$/);
});
