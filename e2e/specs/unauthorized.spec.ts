/**
 * Story: a student's session ends on the server (signed out elsewhere, or revoked). The next call
 * the app makes is answered 401: the app drops the session and asks them to sign in again.
 */
import { expect } from '@playwright/test';
import {
  UNIVERSITY,
  accessToken,
  forgetSessions,
  nextCaptchaKey,
  nextPageLoad,
  signIn,
  submitLogin,
  t,
  test,
} from '../support';

test('a 401 reply signs the user out and sends them to sign in', async ({ page }) => {
  // Its own session: the story ends it on the server.
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' }, { fresh: true });
  // Let the screen's own calls settle, so the next call is the one this story makes.
  await page.waitForLoadState('networkidle');
  const token = await accessToken(page);
  expect(token).toBeTruthy();

  // The session ends behind the app's back: the same token logs out through the API.
  const logout = await page.request.get('/api/blade-auth/oauth/logout', {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  expect((await logout.json()).data).toBe(true);
  forgetSessions();

  // The orders tab asks for the order list with the dead token (home has already read the user info,
  // to know whether the account is bound, so Mine would not ask again).
  const orderList = page.waitForResponse((res) => res.url().includes('/api/blade-finance/order/'));
  await page.getByTestId('tab-order').click();
  expect((await orderList).status()).toBe(401);
  await page.waitForURL(/#\/login$/);
  await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
  expect(await accessToken(page)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('cf-user-info'))).toBeNull();
});

test('an order link opened with a revoked token leads to the order after signing in (issue 24)', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' }, { fresh: true });
  await page.waitForLoadState('networkidle');
  const token = await accessToken(page);
  const logout = await page.request.get('/api/blade-auth/oauth/logout', {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  expect((await logout.json()).data).toBe(true);
  forgetSessions();

  // The order's link, opened with the dead token still on the phone: its calls are answered 401.
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/#/order/detail/7');
  await page.waitForURL(/#\/login$/);
  expect(await accessToken(page)).toBeUndefined();
  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  await reloaded;
  // Not Home: the order the link named, as when the link is opened with no token at all.
  await page.waitForURL(/#\/order\/detail\/7$/);
  await expect(page.getByRole('heading', { name: t('route.orderDetail'), level: 1 })).toBeVisible();
});
