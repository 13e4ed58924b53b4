/**
 * Story: a school turns the user centre off (system param account_disableUserCenter = '1'); its
 * people see only the Home tab.
 */
import { expect } from '@playwright/test';
import { UNIVERSITY, signIn, test, t } from '../support';

test('account_disableUserCenter hides the Orders and Mine tabs', async ({ page }) => {
  // Params are changed in the admin console, which the demo has no API for, and the one demo
  // database serves every story of the run; so this story's browser alone sees the param flipped:
  // the real reply of value-list with account_disableUserCenter set to '1'.
  let flipped = false;
  await page.route(/\/api\/blade-system\/param\/value-list\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { paramKey: string; paramValue: string }[] };
    const params = body.data.map((p) => {
      if (p.paramKey !== 'account_disableUserCenter') return p;
      flipped = true;
      return { ...p, paramValue: '1' };
    });
    await route.fulfill({ response, json: { ...body, data: params } });
  });

  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  const tabs = page.getByRole('navigation', { name: t('app.name') });
  await expect(tabs.getByRole('link', { name: t('tab.home') })).toBeVisible();
  // The tabs may be drawn before the params arrive; the reply is changed once it does.
  await expect.poll(() => flipped).toBe(true);
  await expect(tabs.getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('tab-order')).toHaveCount(0);
  await expect(page.getByTestId('tab-user')).toHaveCount(0);
});

test('with the user centre on, all three tabs show', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'teacher1' });
  const tabs = page.getByRole('navigation', { name: t('app.name') });
  await expect(tabs.getByRole('link')).toHaveText([t('tab.home'), t('tab.order'), t('tab.user')]);
});
