/**
 * Stories of the phone app's runtime (issue 24, "React, as asked"): the production build is drawn by React
 * DOM itself, the version installed, with antd-mobile's imperative Toast and Dialog showing through its
 * React 19 render hook; and home, its "more" menu and a notice never fetch the money screens' chunk
 * (apps/web/vite-chunk-groups.ts) until the payer opens a money screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  UNIVERSITY,
  captchaText,
  loginForm,
  nextCaptchaKey,
  sharePayLink,
  signIn,
  t,
  test,
  tuitionPartFen,
} from '../support';

interface Renderer {
  rendererPackageName: string;
  version: string;
}

const installedReactDom = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../node_modules/react-dom/package.json'), 'utf8'),
  ) as { version: string }
).version;

/**
 * Before any script of the page: a stand-in for React's devtools hook that records the renderers which
 * announce themselves (React DOM does in production builds: its package name and version; a substitute
 * runtime does not).
 */
async function recordRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers: Renderer[] = [];
    const w = window as unknown as Record<string, unknown>;
    w.__cfRenderers = renderers;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject({ rendererPackageName, version }: Renderer) {
        renderers.push({ rendererPackageName, version });
        return renderers.length;
      },
      checkDCE() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    };
  });
}

const renderersOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cfRenderers?: Renderer[] }).__cfRenderers ?? []);

test('the phone app is drawn by React DOM, and antd-mobile Toast and Dialog show from its build', async ({
  page,
}) => {
  await recordRenderers(page);
  const key = nextCaptchaKey(page);
  await page.goto('/#/login');
  const form = loginForm(page);
  await expect(form.submit).toBeVisible();
  expect(await renderersOf(page)).toEqual([{ rendererPackageName: 'react-dom', version: installedReactDom }]);

  // A toast (antd-mobile's imperative Toast, rendered outside the app's tree by the React 19 hook).
  await form.tenant.selectOption({ label: UNIVERSITY.name });
  await form.account.fill('teacher1');
  await form.password.fill('Demo@2024');
  await form.captcha.fill(`${await captchaText(page.request, await key)}x`);
  await form.submit.click();
  await expect(page.locator('.adm-toast-main')).toContainText(t('auth.captchaWrong'));

  // A dialog (antd-mobile's imperative Dialog): the pay link of an order, opened and closed (signed in
  // from a page load of its own).
  await page.goto('/health');
  await sharePayLink(page, tuitionPartFen());
  expect(await renderersOf(page)).toEqual([{ rendererPackageName: 'react-dom', version: installedReactDom }]);
});

/** Settled: past the 4 s after which the shell loads the "more" menu's sheet (app/shell/more-menu.tsx). */
const SETTLED_MS = 5_000;
const MONEY_CHUNK = /\/assets\/money-[\w-]+\.js$/;

test('home, its more menu and a notice never fetch the money screens until one is opened', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const money = () => scripts.filter((p) => MONEY_CHUNK.test(p));

  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await expect(page.getByTestId('latest-notice')).toHaveCount(3);
  await page.waitForTimeout(SETTLED_MS);
  await page.waitForLoadState('networkidle');
  // The menu's sheet came in the background, without the money screens.
  expect(scripts.some((p) => /\/assets\/action-sheet-/.test(p))).toBe(true);
  expect(money()).toEqual([]);

  await page.getByTestId('more-menu').click();
  const quit = page.getByRole('option', { name: t('menu.quit') });
  await expect(quit).toBeVisible();
  await page.getByRole('option', { name: t('common.cancel') }).click();
  await expect(quit).toBeHidden();

  await page.getByTestId('latest-notice').first().click();
  await expect(page.getByTestId('notice-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(money()).toEqual([]);

  // A money screen fetches them (so the check above sees the chunk when it loads).
  await page.goto('/#/order/index');
  await expect.poll(() => money().length).toBe(1);
});
