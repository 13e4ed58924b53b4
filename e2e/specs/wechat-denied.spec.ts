/**
 * Story (issue 24, small things): inside WeChat a visitor refuses the authorization. Back at the app
 * they are told what happened and offered to authorize again, above the password form, not dropped on
 * the form without a word.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, WECHAT_UA, screenshot, t, test } from '../support';

test.use({ userAgent: WECHAT_UA });

test('a visitor who refuses WeChat authorization is told so and may authorize again', async ({ page }) => {
  await page.goto(`/?tenantId=${UNIVERSITY.tenantId}#/home`);
  await page.waitForURL(/\/api\/dev\/wechat\/connect\/oauth2\/authorize\?/);
  await page.getByRole('button', { name: '拒绝 / Deny' }).click();

  await page.waitForURL(/#\/login/);
  const denied = page.getByTestId('wechat-denied');
  await expect(denied).toContainText(t('login.authorizeDenied'));
  await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
  await screenshot(page, 'wechat-denied');

  // Authorize again: back to WeChat's page.
  await denied.getByRole('button', { name: t('login.authorizeAgain') }).click();
  await page.waitForURL(/\/api\/dev\/wechat\/connect\/oauth2\/authorize\?/);
});
