/**
 * Stories of notices: a student reads the newest notice from home and its unread badge drops; a PDF
 * attachment opens in place from its plain link, and a stale link answers a page, not JSON; and an XSS corpus published by the finance office is
 * opened in real Chromium without anything running — neither through both walls (the server's
 * sanitizer and DOMPurify) nor through the browser's wall alone.
 */
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  UNIVERSITY,
  accessToken,
  anotherPhone,
  inLang,
  screenshot,
  signIn,
  t,
  takeCspViolations,
  test,
} from '../support';

/** Seeded notices and categories, named in both languages (seed/notices.ts). */
const TUITION_NOTICE = { zh: '学费缴纳', en: 'Paying tuition' };
const PROGRESS_NOTICE = { zh: '缴费进度公示', en: 'Payment progress' };
const FEES = { zh: '缴费通知', en: 'Fees' };
const SALARY = { zh: '薪酬发放', en: 'Salary' };

const badge = (page: Page) => page.getByTestId('notices-unread-badge');

test('a student reads the newest notice and the unread badge drops by one', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await expect(badge(page)).toBeVisible();
  const before = Number(await badge(page).textContent());
  expect(before).toBeGreaterThan(0);
  await expect(page.getByTestId('latest-notice')).toHaveCount(3);
  await screenshot(page, 'notices-home');

  // The newest is unread; opening it marks it read.
  const newest = page.getByTestId('latest-notice').first();
  const title = (await newest.textContent()) ?? '';
  await newest.click();
  await page.waitForURL(/#\/home\/notice\/\d+$/);
  await expect(page.getByTestId('notice-title')).toBeVisible();
  expect(title).toContain(await page.getByTestId('notice-title').textContent());
  // The seeded fee notice: a table that scrolls sideways inside the page, not the page itself.
  const table = page.getByTestId('notice-content').locator('table');
  await expect(table).toBeVisible();
  expect(await table.evaluate((t) => getComputedStyle(t).overflowX)).toBe('auto');
  await screenshot(page, 'notices-detail');

  await page.getByRole('button', { name: t('common.back'), exact: true }).click();
  await page.waitForURL(/#\/home$/);
  await expect(badge(page)).toHaveText(String(before - 1));

  // The list marks what is still unread, and filters by category.
  await page.getByTestId('notices-all').click();
  await page.waitForURL(/#\/home\/noticelist$/);
  const read = page.getByTestId('notice-card').first();
  await expect(read).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('notice-card').nth(1)).toHaveAttribute('data-unread', 'true');
  await screenshot(page, 'notices-list');
  // The second page comes as the end of the list scrolls into view: the student's dozen, then the end.
  await page.getByText(t('notices.scrollForMore')).scrollIntoViewIfNeeded();
  await expect(page.getByText(t('notices.noMore'))).toBeVisible();
  await expect(page.getByTestId('notice-card')).toHaveCount(12);
  await page.getByRole('tab', { name: inLang(SALARY) }).click();
  await page.waitForURL(/category=salary/);
  // Salary notices are for staff: a student has none.
  await expect(page.getByText(t('notices.empty'))).toBeVisible();
  await page.getByRole('tab', { name: inLang(FEES) }).click();
  await expect(page.getByTestId('notice-card').first()).toBeVisible();
  for (const card of await page.getByTestId('notice-card').all())
    await expect(card).toContainText(inLang(FEES));
});

test('a PDF attachment opens in place from its plain link; a stale link answers a page in the phone’s language', async ({
  page,
}) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.getByTestId('notices-all').click();
  await page
    .getByTestId('notice-card')
    .filter({ hasText: inLang(TUITION_NOTICE) })
    .click();
  const link = page.getByTestId('notice-attachment');
  await expect(link).toHaveText(/缴费指南\.pdf/);
  // A plain link without download, as the invoice PDF's: WeChat's browser opens it, it cannot save a download.
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/blade-desk\/notice\/attachment\/\d+\?expires=/);
  await expect(link).not.toHaveAttribute('download');
  await expect(link).toHaveAttribute('data-inline', 'true');
  await expect(page.getByTestId('notice-wechat-guide')).toHaveCount(0);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  expect(file.headers()['content-disposition']).toBe(
    `inline; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('缴费指南.pdf')}`,
  );
  expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The same link altered (as a stale or cut-off one): a small page in the phone's language, not JSON.
  const response = await page.goto(
    href.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
  );
  expect(response!.status()).toBe(403);
  await expect(page.getByRole('heading', { name: t('common.linkPage.title') })).toBeVisible();
  await expect(page.getByTestId('link-error-message')).toHaveText(t('notice.linkExpired'));
  await expect(page.getByTestId('link-error-hint')).toHaveText(t('notice.linkPage.hint'));
  // Nothing sticks out at the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await screenshot(page, 'notices-link-expired');
  await page.getByTestId('link-error-back').click();
  await page.waitForURL(/#\/home$/);

  // The picture of another notice comes through its signed link too.
  await page.goto('/#/home/noticelist');
  await page
    .getByTestId('notice-card')
    .filter({ hasText: inLang(PROGRESS_NOTICE) })
    .click();
  const picture = page.getByTestId('notice-content').locator('img');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
});

test('notice list, detail and the latest notices on home fit the phone in its language', async ({ page }) => {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  await page.goto('/#/home/noticelist');
  await expect(page.getByTestId('notice-card').first()).toBeVisible();
  await screenshot(page, 'notices-list-all');
  await page
    .getByTestId('notice-card')
    .filter({ hasText: inLang(TUITION_NOTICE) })
    .click();
  await expect(page.getByTestId('notice-content').locator('table')).toBeVisible();
  await screenshot(page, 'notices-detail-tuition');
  await page.goto('/#/home');
  await expect(page.getByTestId('latest-notices')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await screenshot(page, 'notices-home-latest');
});

/**
 * OWASP filter-evasion cases, SVG and MathML, javascript: and data: URLs, event handlers, <base>,
 * <meta refresh> and CSS expressions. Each would, if it ran, add to window.__xss (or navigate away).
 */
const XSS_CORPUS: Record<string, string[]> = {
  owasp: [
    '<script>window.__xss++</script>',
    '<SCRIPT SRC=data:,window.__xss++></SCRIPT>',
    '<IMG SRC="javascript:window.__xss++">',
    '<IMG SRC=JaVaScRiPt:window.__xss++>',
    '<IMG SRC=`javascript:window.__xss++`>',
    '<IMG """><SCRIPT>window.__xss++</SCRIPT>">',
    '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss++>',
    '<IMG SRC="jav&#x09;ascript:window.__xss++">',
    '<IMG SRC=" &#14;  javascript:window.__xss++">',
    '<<SCRIPT>window.__xss++;//<</SCRIPT>',
    '<SCRIPT/XSS SRC="data:,window.__xss++"></SCRIPT>',
    '<img src=x onerror=eval(atob("d2luZG93Ll9feHNzKys="))>',
    '<BODY ONLOAD=window.__xss++>',
    '<TABLE BACKGROUND="javascript:window.__xss++"><tr><td>t</td></tr></TABLE>',
    '<noscript><p title="</noscript><img src=x onerror=window.__xss++>"></noscript>',
    '<template><script>window.__xss++</script></template>',
    '<form action="javascript:window.__xss++"><button id="xss-form">go</button></form>',
    '<isindex action="javascript:window.__xss++" type=image>',
  ],
  svgMath: [
    '<svg onload=window.__xss++>',
    '<svg><script>window.__xss++</script></svg>',
    '<svg><animate onbegin=window.__xss++ attributeName=x dur=1s>',
    '<svg><a xlink:href="javascript:window.__xss++"><text x=20 y=20>XSS</text></a></svg>',
    '<svg><foreignObject><img src=x onerror=window.__xss++></foreignObject></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss++>',
    '<math href="javascript:window.__xss++">CLICKME</math>',
    '<math><maction actiontype="statusline" xlink:href="javascript:window.__xss++">x</maction></math>',
  ],
  urls: [
    '<a href="javascript:window.__xss++" id="xss-js">js</a>',
    '<a href="JaVaScRiPt:window.__xss++">js2</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MrKzwvc2NyaXB0Pg==">data</a>',
    '<a href="vbscript:msgbox(1)">vb</a>',
    '<iframe src="javascript:parent.__xss++"></iframe>',
    '<iframe srcdoc="<script>parent.__xss++</script>"></iframe>',
    '<object data="data:text/html,<script>parent.__xss++</script>"></object>',
    '<embed src="data:text/html,<script>parent.__xss++</script>">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<base href="https://evil.example/">',
    '<base href="javascript:window.__xss++//">',
    '<meta http-equiv="refresh" content="0;url=javascript:window.__xss++">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  ],
  handlersCss: [
    '<img src=x onerror="window.__xss++">',
    '<div onmouseover="window.__xss++" id="xss-hover">hover</div>',
    '<input autofocus onfocus=window.__xss++>',
    '<details open ontoggle=window.__xss++>',
    '<video><source onerror=window.__xss++></video>',
    '<audio src=x onerror=window.__xss++>',
    '<marquee onstart=window.__xss++>m</marquee>',
    '<p style="background:url(javascript:window.__xss++)">bg</p>',
    '<div style="width:expression(window.__xss++)">expr</div>',
    '<DIV STYLE="background-image: url(&#1;javascript:window.__xss++)">bg2</DIV>',
    '<style>@import "javascript:window.__xss++";</style>',
    '<style>p{background:url("javascript:window.__xss++")}</style>',
    '<link rel="stylesheet" href="javascript:window.__xss++">',
  ],
};

/** The finance office publishes one notice per group of the corpus through its admin API. */
async function publishCorpus(browser: Browser, testInfo: TestInfo): Promise<Record<string, number>> {
  const context = await anotherPhone(browser, testInfo);
  const office = await context.newPage();
  await signIn(office, { tenantName: UNIVERSITY.name, account: 'finance1' });
  const headers = { 'Blade-Auth': `bearer ${await accessToken(office)}` };
  const ids: Record<string, number> = {};
  for (const [group, payloads] of Object.entries(XSS_CORPUS)) {
    const created = await office.request.post('/api/blade-desk/admin/notice', {
      headers,
      data: {
        title: `XSS ${group}`,
        category: 'general',
        authorDept: 'Security review',
        content: `<p>marker-${group}</p>${payloads.join('\n')}`,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const id = (await created.json()).data.id as number;
    const published = await office.request.post(`/api/blade-desk/admin/notice/${id}/publish`, { headers });
    expect(published.ok()).toBe(true);
    ids[group] = id;
  }
  await context.close();
  return ids;
}

/** A trap every page of the context sets before anything else: counts of script that ran and of CSP refusals. */
async function setXssTrap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: number; __csp: string[] };
    w.__xss = 0;
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
}

/** Opens the notice, touches what a reader might touch, and checks nothing ran or moved. */
async function openAndProbe(page: Page, id: number, marker: string): Promise<void> {
  await page.goto(`/#/home/notice/${id}`);
  const content = page.getByTestId('notice-content');
  await expect(content).toContainText(marker);
  await content.hover();
  for (const el of await content.locator('#xss-hover, button, input').all()) await el.hover().catch(() => {});
  // Links without a safe address are inert; none may carry a script or data address.
  const hrefs = await content.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs)
    expect(href ?? '', 'link address').not.toMatch(/^\s*(javascript|data|vbscript):/i);
  for (const a of await content.locator('a:not([href])').all()) await a.click();
  await page.waitForTimeout(1200);
  const trap = await page.evaluate(() => {
    const w = window as unknown as { __xss: number; __csp: string[] };
    return {
      xss: w.__xss,
      csp: w.__csp,
      bases: document.querySelectorAll('base').length,
      metas: document.querySelectorAll('meta[http-equiv]').length,
      frames: document.querySelectorAll('iframe, object, embed, frame').length,
      scripts: document.querySelectorAll(
        '[data-testid="notice-content"] script, [data-testid="notice-content"] svg, [data-testid="notice-content"] math',
      ).length,
      handlers: [...document.querySelectorAll('[data-testid="notice-content"] *')].flatMap((el) =>
        [...el.attributes].map((a) => a.name).filter((n) => n.startsWith('on') || n === 'style'),
      ),
    };
  });
  expect(trap, `notice ${marker}`).toEqual({
    xss: 0,
    csp: [],
    bases: 0,
    metas: 0,
    frames: 0,
    scripts: 0,
    handlers: [],
  });
  expect(page.url()).toMatch(new RegExp(`/#/home/notice/${id}$`));
}

test('an XSS corpus published as notices runs nothing in the browser', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const ids = await publishCorpus(browser, testInfo);
  await setXssTrap(page);
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });

  // Through both walls: the server's sanitizer stored it, DOMPurify rendered it.
  for (const [group, id] of Object.entries(ids)) await openAndProbe(page, id, `marker-${group}`);

  // The browser's wall alone: the detail answers the raw corpus, as if the server's wall had a hole.
  await page.route('**/api/blade-desk/notice/detail?*', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    const group = (body.data.title as string).replace('XSS ', '');
    body.data.content = `<p>marker-${group}</p>${XSS_CORPUS[group]!.join('\n')}`;
    await route.fulfill({ response: res, json: body });
  });
  for (const [group, id] of Object.entries(ids)) {
    await page.goto('/#/home');
    await openAndProbe(page, id, `marker-${group}`);
  }
  expect(takeCspViolations()).toEqual([]);

  // The trap works: a handler put into the page behind both walls' backs is refused and counted.
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__xss++');
    img.src = 'missing-picture';
    document.body.append(img);
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp.length))
    .toBeGreaterThan(0);
  expect(takeCspViolations().length).toBeGreaterThan(0);
});
