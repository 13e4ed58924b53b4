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
  await expect(page.getByRole('radio', { name: '学生' })).toBeChecked();
  await expect(page.getByLabel('学籍号', { exact: true })).toHaveCount(0);
  await page.getByLabel('身份证号', { exact: true }).fill('320102200501015555');
  await page.getByLabel('姓名', { exact: true }).fill('孙九');
  await page.getByLabel('邮箱', { exact: true }).fill('sunjiu@example.edu.cn');
  await page.getByRole('button', { name: '提交绑定' }).click();

  const popup = page.getByRole('dialog', { name: '请选择学号' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('该身份证号对应多名学生，请选择您的学号。')).toBeVisible();
  await expect(popup.getByRole('button')).toHaveCount(2);
  await expect(popup.getByRole('button', { name: /C2024001/ })).toContainText('2024级');
  // Only what the choice needs: the number, the masked name and the year.
  await expect(popup.getByRole('button', { name: /C2021007/ })).toContainText('孙* · 2021级');
  await screenshot(page, 'pick-student', popup);

  // The choice continues the binding that was pending.
  const reloaded = nextPageLoad(page);
  await popup.getByRole('button', { name: /C2021007/ }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('已提交，等待财务处审核')).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home(\?|$)/);

  // Name and ID number alone read nothing: every screen says the finance office has to approve.
  const pending = page.getByTestId('binding-pending');
  await expect(pending.getByRole('heading', { name: '等待财务处审核' })).toBeVisible();
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
  await pending.getByRole('button', { name: '刷新审核状态' }).click();
  await expect(pending).toBeHidden();
  await expect(page.getByText('孙九', { exact: true })).toBeVisible();
});
