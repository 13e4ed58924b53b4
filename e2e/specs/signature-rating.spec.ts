/**
 * Story: a student orders the dormitory key deposit, whose agreement is signed before payment. The
 * order detail holds the pay button until they sign: they draw on the pad (an empty pad is refused),
 * confirm, and see their signature; then they pay through the sandbox, rate the order four stars
 * with a comment, and find signature and rating in the order detail.
 */
import { expect, type Page } from '@playwright/test';
import { UNIVERSITY, checkScreen, payInSandbox, screenshot, signIn, t, test } from '../support';

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

  // The dormitory key deposit: its agreement is signed before payment (the demo flags it).
  await page.goto('/#/fee/other');
  await page
    .getByTestId('other-manual')
    .getByRole('link', { name: /宿舍钥匙押金|Dormitory key deposit/ })
    .click();
  await page.waitForURL(/#\/fee\/other\/manual\/product\/\d+$/);
  await page.getByRole('textbox', { name: /^(宿舍楼及房间号|Building and room)/ }).fill('3-402');
  await page.getByTestId('item-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
  expect(orderNo).not.toBe('');

  // Paying at once: the cashier says the agreement comes first and takes the payer to the order detail,
  // where the pay button waits for the signature.
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  const detailUrl = page.url();
  const signature = page.getByTestId('order-signature');
  await expect(signature).toContainText(t('signature.askBefore'));
  await expect(page.getByTestId('order-continue-pay')).toBeDisabled();
  await screenshot(page, 'signature-asked');

  // The pad: an empty pad is not sent; a drawn stroke is.
  await signature.getByTestId('signature-open').click();
  const canvas = page.getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
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
  await expect(signature).toHaveAttribute('data-signed', 'true');
  const image = signature.getByTestId('signature-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(32);
  await expect(signature.getByTestId('signature-open')).toHaveCount(0);

  // Signed: the order can be paid now.
  await expect(page.getByTestId('order-continue-pay')).toBeEnabled();
  await page.getByTestId('order-continue-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await payInSandbox(page);

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
