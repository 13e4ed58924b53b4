/**
 * Story: a student of either demo school opens the app in a phone browser, signs in with account,
 * password and the captcha, lands on home and looks around the tabs.
 */
import { expect } from '@playwright/test';
import {
  COLLEGE,
  UNIVERSITY,
  nextCaptchaKey,
  nextPageLoad,
  screenshot,
  signIn,
  submitLogin,
  test,
  t,
} from '../support';

test('a Demo University student signs in with a password and visits the tabs', async ({ page }) => {
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/');
  // Without a session every screen sends the visitor to the login page.
  await page.waitForURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
  await expect(page.getByRole('img', { name: t('login.captchaImage') })).toBeVisible();
  await screenshot(page, 'login');

  const reloaded = nextPageLoad(page);
  const tokenCall = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'));
  await submitLogin(page, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  // The encrypted password goes in the body, never in the URL (logs, proxies).
  const sent = await tokenCall;
  expect(new URL(sent.url()).search).toBe('');
  expect(new URLSearchParams(sent.postData() ?? '').get('password')).toBeTruthy();
  await expect(page.getByText(t('login.succeeded'))).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home$/);
  await expect(page.getByText(t('home.greeting', { name: '张三' }))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('home.paymentPortal') })).toBeVisible();
  await expect(page).toHaveTitle(`${t('route.home')} · ${t('app.name')}`);
  await screenshot(page, 'home');

  await page.getByTestId('tab-user').click();
  await page.waitForURL(/#\/user\/index$/);
  await expect(page.getByRole('heading', { name: t('route.user'), level: 1 })).toBeVisible();
  await expect(page.getByText('张三', { exact: true })).toBeVisible();
  await expect(page.getByText(t('profile.account', { account: 'student1' }))).toBeVisible();
  await screenshot(page, 'mine');

  await page.getByTestId('tab-order').click();
  await page.waitForURL(/#\/order\/index$/);
  await expect(page.getByRole('heading', { name: t('route.order'), level: 1 })).toBeVisible();
  await screenshot(page, 'order');
});

test('a Demo College student signs in with a password', async ({ page }) => {
  await signIn(page, { tenantName: COLLEGE.name, account: 'student2' });
  await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');

  // The session belongs to the college: its user info names the account and the tenant.
  await page.getByTestId('tab-user').click();
  await expect(page.getByText('孙九', { exact: true })).toBeVisible();
  await expect(page.getByText(t('profile.account', { account: 'student2' }))).toBeVisible();
  const tenantOfSession = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cf-user-info') ?? '{}').content?.tenant_id,
  );
  expect(tenantOfSession).toBe(COLLEGE.tenantId);
});
