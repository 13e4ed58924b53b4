/**
 * Story: links sent to people (a notice, an order) carry routeFlag, a route name or name:id, or a
 * flow key of the school's dictionary; the app opens the screen the flag names.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, nextCaptchaKey, nextPageLoad, signIn, submitLogin, test, t } from '../support';

test('routeFlag names a route, a route with an id, or a flow entry', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  await page.goto('/#/home?routeFlag=order');
  await page.waitForURL(/#\/order\/index$/);
  await expect(page.getByRole('heading', { name: t('route.order'), level: 1 })).toBeVisible();

  await page.goto('/#/home?routeFlag=orderDetail:42');
  await page.waitForURL(/#\/order\/detail\/42$/);
  await expect(page.getByRole('heading', { name: t('route.orderDetail'), level: 1 })).toBeVisible();

  // flow_notice is the dictionary's entry (code flow, key notice) whose route is the notice list.
  await page.goto('/#/home?routeFlag=flow_notice');
  await page.waitForURL(/#\/home\/noticelist$/);
  await expect(page.getByRole('heading', { name: t('route.noticeList'), level: 1 })).toBeVisible();

  // A flag naming nothing is dropped: the visitor stays where the link pointed.
  await page.goto('/#/user/index?routeFlag=nowhere');
  await page.waitForURL(/#\/user\/index$/);
  await expect(page.getByRole('heading', { name: t('route.user'), level: 1 })).toBeVisible();
});

test('a routeFlag link opened before sign-in leads there after sign-in', async ({ page }) => {
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/#/home?routeFlag=orderDetail:7');
  await page.waitForURL(/#\/login$/);
  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, { tenantName: UNIVERSITY.name, account: 'student1' });
  await reloaded;
  await page.waitForURL(/#\/order\/detail\/7$/);
  await expect(page.getByRole('heading', { name: t('route.orderDetail'), level: 1 })).toBeVisible();
});

test('a routeFlag in the real query (as other systems send links) opens that route, never a blank page', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  await page.goto('/?routeFlag=order#/home');
  await page.waitForURL(/\/#\/order\/index$/);
  await expect(page.getByRole('heading', { name: t('route.order'), level: 1 })).toBeVisible();
  // Used once: moving on is not pulled back to the flag's route.
  await page.getByTestId('tab-home').click();
  await page.waitForURL(/#\/home$/);
  await expect(page.getByRole('heading', { name: t('route.home'), level: 1 })).toBeVisible();

  // A flag naming nothing is dropped there too.
  await page.goto('/?routeFlag=nowhere#/user/index');
  await page.waitForURL(/\/#\/user\/index$/);
  await expect(page.getByRole('heading', { name: t('route.user'), level: 1 })).toBeVisible();
});
