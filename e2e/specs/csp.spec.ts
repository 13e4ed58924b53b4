/**
 * The app runs under its Content-Security-Policy with no inline script allowed except its own
 * (hashed) ones; every story fails on a violation (support.ts watches each context), and this spec
 * shows that watch at work.
 */
import { expect } from '@playwright/test';
import { t, takeCspViolations, test } from '../support';

test('the login screen loads under the CSP, and a script injected into the page is refused and reported', async ({
  page,
}) => {
  const response = await page.goto('/#/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  // One hash per inline script of index.html (first paint, the cold-start loader, the paint-first loader).
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+'){3};/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { name: t('login.title') })).toBeVisible();
  // The captcha is a data: image, which the policy allows.
  await expect(page.locator('img[src^="data:image"]')).toBeVisible();
  expect(takeCspViolations()).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.appendChild(script);
  });
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  await expect
    .poll(() => takeCspViolations().join('\n'))
    .toMatch(/CSP violation: script-src-elem blocked inline/);
});
