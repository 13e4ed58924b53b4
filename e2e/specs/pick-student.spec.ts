/**
 * Story: at Demo College a student binds by ID card only. Their ID card belongs to two student
 * records (a re-admitted student), so the app asks which student number is theirs, then binds it.
 * The college waives the SMS code, so the binding waits for the finance office; once it approves,
 * the student's data shows.
 */
import { expect } from '@playwright/test';
import {
  COLLEGE,
  WECHAT_UA,
  allowAsNewWechatUser,
  approvePendingBinding,
  nextPageLoad,
  screenshot,
  t,
  test,
} from '../support';

test.use({ userAgent: WECHAT_UA });

test('an ID card matching several students opens the pick popup; the choice waits for the finance office', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto(`/?tenantId=${COLLEGE.tenantId}#/home`);
  await allowAsNewWechatUser(page);
  await page.waitForURL(/#\/register$/);

  // The college hides the student number (it is found from the ID card) and asks for an e-mail.
  await expect(page.getByRole('radio', { name: t('bind.userType.student') })).toBeChecked();
  // (学籍号 is the college's own name for it, a setting it wrote: the same in both languages.)
  await expect(page.getByLabel('学籍号', { exact: true })).toHaveCount(0);
  await page.getByLabel(t('bind.idCard'), { exact: true }).fill('320102200501005555');
  await page.getByLabel(t('bind.realName'), { exact: true }).fill('孙九');
  await page.getByLabel(t('bind.email'), { exact: true }).fill('sunjiu@example.edu.cn');
  await page.getByRole('button', { name: t('bind.submit') }).click();

  const popup = page.getByRole('dialog', { name: t('bind.pickTitle') });
  await expect(popup).toBeVisible();
  await expect(popup.getByText(t('bind.pickHint'))).toBeVisible();
  await expect(popup.getByRole('button')).toHaveCount(2);
  await expect(popup.getByRole('button', { name: /C2024001/ })).toContainText(
    t('bind.startYear', { year: 2024 }),
  );
  // Only what the choice needs: the number, the masked name and the year.
  await expect(popup.getByRole('button', { name: /C2021007/ })).toContainText(
    `孙* · ${t('bind.startYear', { year: 2021 })}`,
  );
  await screenshot(page, 'pick-student');

  // The choice continues the binding that was pending.
  const reloaded = nextPageLoad(page);
  await popup.getByRole('button', { name: /C2021007/ }).click();
  // The toast lasts a second before the page reloads, while the popup slides away: both are awaited at once.
  await Promise.all([
    expect(page.getByText(t('bind.pendingToast'))).toBeVisible(),
    expect(popup).toBeHidden(),
  ]);
  await reloaded;
  await page.waitForURL(/#\/home(\?|$)/);

  // Name and ID number alone read nothing: every screen says the finance office has to approve.
  const pending = page.getByTestId('binding-pending');
  await expect(pending.getByRole('heading', { name: t('bind.pending.title') })).toBeVisible();
  await page.getByTestId('tab-user').click();
  await expect(pending).toBeVisible();
  await expect(page.getByText('孙九', { exact: true })).toHaveCount(0);
  await screenshot(page, 'binding-pending');

  await approvePendingBinding(
    browser,
    testInfo,
    { tenantName: COLLEGE.name, account: 'finance2' },
    'C2021007',
  );
  await pending.getByRole('button', { name: t('bind.pending.refresh') }).click();
  await expect(pending).toBeHidden();
  await expect(page.getByText('孙九', { exact: true })).toBeVisible();
});
