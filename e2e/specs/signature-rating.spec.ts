/**
 * Story (issue 22 item 6): a student orders the dormitory key deposit, whose declaration is signed
 * before payment. The fee list and the item say so; at the cashier signing is step 1, with the
 * declaration in view, and the pay button says why it waits. The pad shows the declaration above it:
 * they draw (an empty pad is refused), confirm, and the cashier opens paying; they pay through the
 * sandbox, rate the order four stars with a comment, and find signature and rating in the order detail.
 */
import { expect, type Page } from '@playwright/test';
import { UNIVERSITY, checkScreen, inLang, payInSandbox, screenshot, signIn, t, test } from '../support';

/** The demo's declaration for the key deposit (db/seed/signature.ts), in the phone's language. */
const KEY_DECLARATION = {
  zh: '本人确认已领取宿舍钥匙一把',
  en: 'I confirm I have received one dormitory key',
};

/** Draws a stroke across the pad with the mouse (the pad reads pointer events). */
async function drawStroke(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.2, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.3, 0.4],
    [0.4, 0.65],
    [0.55, 0.35],
    [0.7, 0.6],
    [0.8, 0.45],
  ] as const)
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  await page.mouse.up();
}

test('a student signs an order before paying it, pays, rates it and sees both in the order detail', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  // The dormitory key deposit: the fee list and the item say it needs a signature before paying.
  await page.goto('/#/fee/other');
  const keyDeposit = page
    .getByTestId('other-manual')
    .getByRole('link', { name: /宿舍钥匙押金|Dormitory key deposit/ });
  await expect(keyDeposit.getByTestId('signature-tag')).toHaveText(t('fee.needsSignature'));
  // Other items carry no such mark.
  await expect(page.getByTestId('other-manual').getByTestId('signature-tag')).toHaveCount(1);
  await screenshot(page, 'signature-fee-list');
  await keyDeposit.click();
  await page.waitForURL(/#\/fee\/other\/manual\/product\/\d+$/);
  await expect(page.getByTestId('item-signature')).toContainText(t('fee.signBeforePay'));
  await page.getByRole('textbox', { name: /^(宿舍楼及房间号|Building and room)/ }).fill('3-402');
  await screenshot(page, 'signature-item');
  await page.getByTestId('item-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
  expect(orderNo).not.toBe('');

  // The cashier: signing is step 1 with the declaration in view; the pay button waits and says why.
  const step = page.getByTestId('cashier-sign');
  await expect(step).toContainText(t('pay.stepSign'));
  await expect(step.getByTestId('cashier-declaration')).toContainText(inLang(KEY_DECLARATION));
  await expect(page.getByTestId('cashier-pay')).toBeDisabled();
  await expect(page.getByTestId('cashier-pay-waits')).toHaveText(t('pay.signFirst'));
  await screenshot(page, 'signature-cashier-step');
  await checkScreen(page, 'cashier with the signing step');

  // The pad: the declaration above it; an empty pad is not sent; a drawn stroke is.
  await step.getByTestId('cashier-sign-open').click();
  const canvas = page.getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId('signature-declaration')).toContainText(inLang(KEY_DECLARATION));
  const declarationBox = (await page.getByTestId('signature-declaration').boundingBox())!;
  expect(declarationBox.y).toBeLessThan((await canvas.boundingBox())!.y);
  await expect(canvas).toHaveCSS('touch-action', 'none');
  // Scaled for the device pixel ratio (2 on these phones).
  const sizes = await canvas.evaluate((c: HTMLCanvasElement) => ({
    pixels: c.width,
    css: c.getBoundingClientRect().width,
  }));
  expect(Math.abs(sizes.pixels - sizes.css * 2)).toBeLessThanOrEqual(2);
  await expect(page.getByTestId('signature-landscape-hint')).toBeVisible();
  await page.getByTestId('signature-confirm').click();
  await expect(page.getByText(t('signature.empty'))).toBeVisible();
  await expect(page.getByText(t('signature.empty'))).toBeHidden();
  await drawStroke(page);
  await screenshot(page, 'signature-pad');
  await page.getByTestId('signature-clear').click();

  // Turned sideways: no hint, the canvas is sized again; the stroke drawn there survives turning back.
  const upright = page.viewportSize()!;
  await page.setViewportSize({ width: 700, height: upright.width });
  await expect(page.getByTestId('signature-landscape-hint')).toBeHidden();
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => Math.abs(c.width - c.getBoundingClientRect().width * 2)),
    )
    .toBeLessThanOrEqual(2);
  await drawStroke(page);
  await screenshot(page, 'signature-pad-landscape');
  await page.setViewportSize(upright);
  await expect(page.getByTestId('signature-landscape-hint')).toBeVisible();
  await page.getByTestId('signature-confirm').click();
  await expect(page.getByText(t('signature.saved'))).toBeVisible();

  // Signed: step 1 is done and paying is open, on the same cashier.
  await expect(step).toHaveAttribute('data-signed', 'true');
  await expect(step).toContainText(t('pay.signDone'));
  await expect(step.getByTestId('cashier-sign-open')).toHaveCount(0);
  await expect(page.getByTestId('cashier-pay-waits')).toHaveCount(0);
  await expect(page.getByTestId('cashier-pay')).toBeEnabled();
  await screenshot(page, 'signature-cashier-signed');
  await payInSandbox(page);

  // The order detail shows the signature it was paid with.
  await page.goto('/#/order/index?tab=paid');
  await page.getByTestId('order-card').filter({ hasText: orderNo }).click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  const detailUrl = page.url();
  const signature = page.getByTestId('order-signature');
  await expect(signature).toHaveAttribute('data-signed', 'true');
  const image = signature.getByTestId('signature-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(32);
  await expect(signature.getByTestId('signature-open')).toHaveCount(0);

  // Paid: the order detail asks for a rating.
  await page.goto(detailUrl);
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'PAID');
  const rating = page.getByTestId('order-rating');
  await expect(rating.getByTestId('rating-submit')).toBeDisabled();
  await rating.getByTestId('rating-star-4').click();
  await expect(
    rating.getByRole('radio', { name: t('rating.star', { score: 4, name: t('rating.name.4') }) }),
  ).toHaveAttribute('aria-checked', 'true');
  await rating.getByRole('textbox').fill('钥匙当场就拿到了 / got the key at once');
  await screenshot(page, 'rating-form');
  await rating.getByTestId('rating-submit').click();
  await expect(rating.getByTestId('rating-shown')).toContainText(
    // The name starts with a capital where the language has them ('4 stars · Fairly good').
    t('rating.yours', { score: 4, name: t('rating.name.4').replace(/^./, (c) => c.toUpperCase()) }),
  );
  await expect(rating.getByTestId('rating-comment')).toHaveText('钥匙当场就拿到了 / got the key at once');

  // Both stay in the order detail.
  await page.reload();
  await expect(page.getByTestId('order-signature').getByTestId('signature-image')).toBeVisible();
  await expect(page.getByTestId('order-rating')).toHaveAttribute('data-score', '4');
  await expect(page.getByTestId('order-rating').getByTestId('rating-submit')).toHaveCount(0);
  await page.getByTestId('order-rating').scrollIntoViewIfNeeded();
  await screenshot(page, 'signature-rating-shown');
  await checkScreen(page, 'order detail with signature and rating');
});
