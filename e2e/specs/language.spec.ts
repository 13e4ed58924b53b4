/**
 * Story: a visitor who reads the other language (English on a Chinese phone, Chinese on an English one)
 * switches the language on the login page; the choice stays after a reload and through sign-in, and
 * they switch back on the Mine tab.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, nextCaptchaKey, nextPageLoad, submitLogin, test, textIn } from '../support';

test('the chosen language survives a reload, on the login page and on the Mine tab', async ({
  page,
  lang,
}) => {
  const other = lang === 'zh' ? 'en' : 'zh';
  const mine = (key: Parameters<typeof textIn>[1]) => textIn(lang, key);
  const theirs = (key: Parameters<typeof textIn>[1]) => textIn(other, key);
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: mine('login.title') })).toBeVisible();
  await page.getByRole('button', { name: theirs(`language.${other}`) }).click();

  await expect(page.getByRole('heading', { name: theirs('login.title') })).toBeVisible();
  await expect(page.getByLabel(theirs('login.tenant'), { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(other);

  const captchaKey = nextCaptchaKey(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: theirs('app.name') })).toBeVisible();
  await expect(page.getByRole('button', { name: theirs(`language.${other}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveTitle(`${theirs('route.login')} · ${theirs('app.name')}`);
  // The school list and the spec's messages follow the language too.
  const school = other === 'en' ? UNIVERSITY.nameEn : UNIVERSITY.nameZh;
  await expect(page.getByLabel(theirs('login.tenant'), { exact: true })).toContainText(school);

  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, { tenantName: school, account: 'teacher1', lang: other });
  await expect(page.getByText(theirs('login.succeeded'))).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home$/);
  await expect(page.getByRole('heading', { name: theirs('route.home'), level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: theirs('home.paymentPortal') })).toBeVisible();

  await page.getByTestId('tab-user').click();
  await expect(page.getByRole('heading', { name: theirs('route.user'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: mine(`language.${lang}`) }).click();
  await expect(page.getByRole('heading', { name: mine('route.user'), level: 1 })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: mine('route.user'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-edit')).toHaveText(mine('profile.edit'));
  await expect(page).toHaveTitle(`${mine('route.user')} · ${mine('app.name')}`);
});
