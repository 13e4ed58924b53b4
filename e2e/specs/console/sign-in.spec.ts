/**
 * Story (issue 15): the finance office's console at /admin/. A finance clerk signs in with school,
 * account, password and the captcha and sees the dashboard, with the menu of a clerk; a student of
 * the same school is refused in words and stays on the sign-in page.
 */
import { expect } from '@playwright/test';
import {
  CONSOLE,
  UNIVERSITY,
  consoleScreenshot,
  consoleSignIn,
  consoleSignInForm,
  nextCaptchaKey,
  submitConsoleSignIn,
  test,
} from '@e2e/support';

test('a finance clerk signs in to the console and sees the dashboard', async ({ page }) => {
  await page.goto('/admin/');
  // Without a session every address of the console leads to sign-in.
  await page.waitForURL(/\/admin\/#\/sign-in$/);
  await expect(page.getByRole('heading', { name: '财务处登录' })).toBeVisible();
  await expect(page.getByRole('img', { name: '图形验证码，点击换一张' })).toBeVisible();
  await consoleScreenshot(page, 'sign-in');

  await consoleSignIn(page, CONSOLE.clerk);
  await expect(page).toHaveTitle('工作台 · 财务处控制台');
  await expect(page.getByTestId('header-tenant')).toHaveText(UNIVERSITY.name);
  await expect(page.getByTestId('header-role')).toHaveText('财务人员');
  await expect(page.getByRole('menuitem', { name: '工作台' })).toBeVisible();
  await consoleScreenshot(page, 'dashboard');

  // The session outlives a reload; signing out ends it.
  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.waitForURL(/#\/sign-in$/);
  // The dashboard's address, opened afresh (a bookmark), leads to sign-in: the session is gone.
  await page.goto('/admin/#/dashboard');
  await page.reload();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(page.getByRole('heading', { name: '财务处登录' })).toBeVisible();
  // The form starts with the school signed in to last time on this computer.
  await expect(page.getByText(UNIVERSITY.name, { exact: true })).toBeVisible();
});

test('a student is refused by the console', async ({ page }) => {
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/admin/#/sign-in');
  const again = nextCaptchaKey(page);
  await submitConsoleSignIn(page, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  await expect(page.getByTestId('sign-in-failure')).toHaveText('此账号不是财务处人员，不能登录控制台');
  await expect(page).toHaveURL(/#\/sign-in$/);
  // A new captcha for the next try; the refused session is gone.
  await again;
  await expect(consoleSignInForm(page).captcha).toHaveValue('');
  // The dashboard's address, opened afresh (a bookmark), leads to sign-in: the session is gone.
  await page.goto('/admin/#/dashboard');
  await page.reload();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(page.getByRole('heading', { name: '财务处登录' })).toBeVisible();
});
