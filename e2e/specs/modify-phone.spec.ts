/**
 * Story: a teacher changes the phone they sign in with from the more menu. The app first asks them
 * to prove the phone the finance office holds for them (a code texted to it, shown masked); a
 * wrong code keeps them there. Only then may they enter the new phone and the code texted to it.
 */
import { expect, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  UNIVERSITY,
  accessToken,
  freshPhone,
  lastSmsCode,
  waitForSmsResend,
  nextPageLoad,
  screenshot,
  signIn,
  t,
  test,
} from '../support';

/**
 * The phone the finance office holds for the signed-in person: teacher1's 13800000002 (README "Demo
 * accounts"), unless mine.spec.ts changed it earlier on this worker's server.
 */
async function heldPhone(page: Page): Promise<string> {
  const info = await page.request.get('/api/blade-user/bind-info', {
    headers: {
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Auth': `bearer ${await accessToken(page)}`,
    },
  });
  return (await info.json()).data.financePhone as string;
}

async function openModifyPhone(page: Page) {
  await page.getByTestId('more-menu').click();
  await page.getByText(t('menu.modifyPhone'), { exact: true }).last().click();
  const popup = page.getByRole('dialog', { name: t('phone.title') });
  await expect(popup).toBeVisible();
  return popup;
}

test('a teacher proves the phone on file before changing the sign-in phone', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  const HELD_PHONE = await heldPhone(page);
  const popup = await openModifyPhone(page);

  // Step 1: the phone on file, masked; the new-phone form is not there yet.
  await expect(popup.getByRole('heading', { name: t('phone.stepProve') })).toBeVisible();
  await expect(popup.getByLabel(t('phone.heldPhone'), { exact: true })).toHaveValue(
    `${HELD_PHONE.slice(0, 3)}****${HELD_PHONE.slice(-4)}`,
  );
  await expect(popup.getByLabel(t('phone.phone'), { exact: true })).toHaveCount(0);
  await screenshot(page, 'modify-phone-1-prove');

  await waitForSmsResend(page.request, HELD_PHONE);
  await popup.getByTestId('send-code').click();
  await expect(page.getByText(t('code.sent'))).toBeVisible();
  const code = await lastSmsCode(page.request, HELD_PHONE);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await popup.getByLabel(t('bind.verifyCode'), { exact: true }).fill(wrong);
  await popup.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByText(t('sms.codeWrong'))).toBeVisible();
  await expect(popup.getByLabel(t('phone.phone'), { exact: true })).toHaveCount(0);

  await popup.getByLabel(t('bind.verifyCode'), { exact: true }).fill(code);
  await popup.getByRole('button', { name: t('phone.next') }).click();

  // Step 2: the new phone and the code texted to it, as before.
  await expect(popup.getByRole('heading', { name: t('phone.stepNew') })).toBeVisible();
  const newPhone = freshPhone();
  await popup.getByLabel(t('phone.phone'), { exact: true }).fill(newPhone);
  await popup.getByTestId('send-code').click();
  await expect(popup.getByLabel(t('bind.verifyCode'), { exact: true })).toBeEditable();
  await popup
    .getByLabel(t('bind.verifyCode'), { exact: true })
    .fill(await lastSmsCode(page.request, newPhone));
  await screenshot(page, 'modify-phone-2-new');
  const reloaded = nextPageLoad(page);
  await popup.getByRole('button', { name: t('phone.submit') }).click();
  await expect(page.getByText(t('phone.modified'))).toBeVisible();
  await reloaded;

  const info = await page.request.get('/api/blade-user/bind-info', {
    headers: {
      Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0',
      'Blade-Auth': `bearer ${await accessToken(page)}`,
    },
  });
  expect((await info.json()).data).toMatchObject({ phone: newPhone, financePhone: HELD_PHONE });
});

test('someone with no phone on file confirms the password first', async ({ page }) => {
  // finance1 holds no phone (README "Demo accounts").
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'finance1' });
  const popup = await openModifyPhone(page);
  await expect(popup.getByRole('heading', { name: t('phone.stepProvePassword') })).toBeVisible();
  await popup.getByLabel(t('phone.password'), { exact: true }).fill('Wrong@2024');
  await popup.getByRole('button', { name: t('phone.next') }).click();
  await expect(page.getByText(t('user.passwordWrong'))).toBeVisible();
  await expect(popup.getByLabel(t('phone.phone'), { exact: true })).toHaveCount(0);

  await popup.getByLabel(t('phone.password'), { exact: true }).fill(DEMO_PASSWORD);
  await popup.getByRole('button', { name: t('phone.next') }).click();
  await expect(popup.getByRole('heading', { name: t('phone.stepNew') })).toBeVisible();
  await expect(popup.getByLabel(t('phone.phone'), { exact: true })).toBeVisible();
});
