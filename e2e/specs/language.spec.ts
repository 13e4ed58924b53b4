/**
 * Story: a visitor who reads English switches the language on the login page; the choice stays
 * after a reload and through sign-in, and they switch back on the Mine tab.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, nextCaptchaKey, nextPageLoad, submitLogin, test } from '../support';

test('the chosen language survives a reload, on the login page and on the Mine tab', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('School', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  const captchaKey = nextCaptchaKey(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Campus finance assistant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveTitle('Sign in · Campus finance assistant');
  // The school list and the spec's messages follow the language too.
  await expect(page.getByLabel('School', { exact: true })).toContainText(UNIVERSITY.nameEn);

  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, { tenantName: UNIVERSITY.nameEn, account: 'teacher1', lang: 'en' });
  await expect(page.getByText('login succeeded')).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment portal' })).toBeVisible();

  await page.getByTestId('tab-user').click();
  await expect(page.getByRole('heading', { name: 'Mine', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { name: '我的', level: 1 })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '我的', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-edit')).toHaveText('个人资料');
  await expect(page).toHaveTitle('我的 · 校园财务助手');
});
