/**
 * Story: a student who reads English orders a comprehensive-fee item, the dormitory key deposit,
 * whose form asks for the building and room (marked *). Sent without it the app says which rule
 * is broken; filled in, the order is made and waits at the cashier and among the unpaid orders.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, orderCard, screenshot, signIn, test } from '../support';

test('a required form field must be filled before a comprehensive-fee order is made', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.getByTestId('tab-user').click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Mine', level: 1 })).toBeVisible();

  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-entry-combinedPayment').click();
  await page.waitForURL(/#\/fee\/other$/);
  await expect(page.getByRole('heading', { name: 'Comprehensive payment', level: 1 })).toBeVisible();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('link', { name: /Textbooks/ })).toContainText('¥85.00');
  await items.getByRole('link', { name: /Dormitory key deposit/ }).click();

  await page.waitForURL(/#\/fee\/other\/manual\/product\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Dormitory key deposit', level: 2 })).toBeVisible();
  await expect(page.getByTestId('item-price')).toHaveText('¥50.00');
  await expect(page.getByTestId('item-total')).toHaveText('¥50.00');
  // The required field is marked * (and named required for a screen reader); the phone is optional.
  const room = page.getByLabel('Building and room (required)');
  const phone = page.getByLabel('Contact phone', { exact: true });
  await expect(room).toHaveAttribute('placeholder', 'Required');
  await expect(phone).toHaveAttribute('placeholder', 'Optional');
  await screenshot(page, 'item-form');

  // Sent without the required field: the spec's message, and no order.
  await page.getByTestId('item-pay').click();
  await expect(page.getByText('Please check if all form fields with * are completed')).toBeVisible();
  await expect(page).toHaveURL(/#\/fee\/other\/manual\/product\/\d+$/);

  // A field given is checked for its format too.
  await room.fill('Building 3, room 402');
  await phone.fill('12345');
  await page.getByTestId('item-pay').click();
  await expect(page.getByText('Contact phone is not in the right format')).toBeVisible();
  await expect(page).toHaveURL(/#\/fee\/other\/manual\/product\/\d+$/);

  await phone.fill('13800000001');
  await page.getByTestId('item-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
  await expect(page.getByTestId('cashier-amount')).toHaveText('¥50.00');
  await expect(page.getByTestId('cashier-countdown')).toHaveText(/^Time left to pay (29|30):\d\d$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Dormitory key deposit' })).toContainText(
    '¥50.00',
  );
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
  expect(orderNo).toMatch(/^\w+$/);

  // Not paid yet: it waits among the unpaid orders as a comprehensive fee.
  await page.goto('/#/order/index?tab=unpaid');
  await expect(page.getByRole('tab', { name: 'Unpaid', selected: true })).toBeVisible();
  const card = orderCard(page, orderNo);
  await expect(card).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(card).toContainText('Comprehensive fee');
  await expect(card).toContainText('Dormitory key deposit');
  await expect(card.getByTestId('pay-status')).toHaveText('Unpaid');
  await card.click();
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'NOT_PAY');
  await expect(page.getByTestId('order-continue-pay')).toBeVisible();
  await expect(page.getByText('No bills yet')).toBeVisible();
});
