/**
 * Story: a Demo University student opens a link meant for Demo College. The session of the other
 * school is dropped and the app asks them to sign in at the college.
 */
import { expect } from '@playwright/test';
import { COLLEGE, UNIVERSITY, accessToken, loginForm, nextPageLoad, signIn, test, t } from '../support';

test('a tenantId in the link differing from the session clears the session', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  expect(await accessToken(page)).toBeTruthy();

  // The app clears the session and reloads with the college named.
  const reloaded = nextPageLoad(page);
  await page.goto(`/#/home?tenantId=${COLLEGE.tenantId}`);
  await reloaded;
  await page.waitForURL(/#\/login$/);
  expect(await accessToken(page)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('cf-user-info'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cf-refresh-token'))).toBeNull();
  // The school of the link is the one offered for signing in.
  await expect(loginForm(page).tenant).toHaveValue(COLLEGE.tenantId);
});

test('a tenantId equal to the session tenant changes nothing', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto(`/#/user/index?tenantId=${UNIVERSITY.tenantId}`);
  await expect(page.getByText(t('profile.account', { account: 'student1' }))).toBeVisible();
  expect(await accessToken(page)).toBeTruthy();
});
