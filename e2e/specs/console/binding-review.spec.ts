/**
 * Story (issue 25 item 3): at Demo College a student binds by name and ID number only, picking one of the
 * two student numbers that ID holds; the binding waits. The clerk sees what the applicant typed beside what
 * the college holds, field by field with matches marked, that two people share the ID number, reads the
 * held phone in full (an audited reading) to call the student, and approves.
 */
import { expect } from '@playwright/test';
import {
  COLLEGE,
  WECHAT_UA,
  allowAsNewWechatUser,
  consoleScreenshot,
  consoleSignIn,
  nextPageLoad,
  t,
  test,
} from '@e2e/support';

test.use({ userAgent: WECHAT_UA });

test('a clerk reviews a pending binding against the record, calls the held phone and approves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The student, on a phone in WeChat.
  await page.setViewportSize({ width: 414, height: 800 });
  await page.goto(`/?tenantId=${COLLEGE.tenantId}#/home`);
  await allowAsNewWechatUser(page);
  await page.waitForURL(/#\/register$/);
  await page.getByLabel(t('bind.idCard'), { exact: true }).fill('320102200501005555');
  await page.getByLabel(t('bind.realName'), { exact: true }).fill('孙九');
  await page.getByLabel(t('bind.email'), { exact: true }).fill('sunjiu@example.edu.cn');
  await page.getByRole('button', { name: t('bind.submit') }).click();
  const popup = page.getByRole('dialog', { name: t('bind.pickTitle') });
  const reloaded = nextPageLoad(page);
  await popup.getByRole('button', { name: /C2021007/ }).click();
  await reloaded;
  await expect(page.getByTestId('binding-pending')).toBeVisible();

  // The clerk.
  await page.setViewportSize({ width: 1280, height: 800 });
  await consoleSignIn(page, { tenantName: COLLEGE.name, account: 'finance2' });
  await page.getByRole('menuitem', { name: '待审绑定' }).click();
  await page.waitForURL(/#\/bindings$/);
  const row = page.getByTestId('bindings-table').getByRole('row').filter({ hasText: 'C2021007' }).first();
  await expect(row).toContainText('填写与记录一致');
  await expect(row.getByTestId('binding-same-id')).toHaveText('同一证件号 2 人');
  const comparison = page.getByTestId('binding-comparison').first();
  await expect(comparison).toContainText('sunjiu@example.edu.cn');
  // Type, name, number and ID card match; the phone was not asked.
  await expect(comparison.getByTestId('binding-match')).toHaveCount(4);
  await expect(comparison.getByTestId('binding-mismatch')).toHaveCount(0);
  await expect(comparison.getByTestId('binding-held-phone')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
  await comparison.getByTestId('binding-show-phone').click();
  await expect(comparison.getByTestId('binding-held-phone')).toHaveText(/^1\d{10}$/);
  await consoleScreenshot(page, 'binding-review');

  await row.getByRole('button', { name: '通过' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '通过' }).click();
  await expect(page.getByText('已通过绑定')).toBeVisible();
  await expect(
    page.getByTestId('bindings-table').getByRole('row').filter({ hasText: 'C2021007' }),
  ).toHaveCount(0);
});
