/** Helpers for the stories: read what the demo stand-ins hold (captcha text, SMS codes) and save screenshots. */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { patternIn, textIn, type TextKey } from './texts';

const shots = path.resolve(import.meta.dirname, 'screenshots');

/** Content-Security-Policy violations seen in the current test, on any page of any of its contexts. */
const cspViolations: string[] = [];
/** Uncaught errors and unhandled rejections of the test's pages (the app must have none). */
const pageErrors: string[] = [];
const CSP_MARK = 'CSP violation:';

/**
 * Every page of the context reports CSP violations (its securitypolicyviolation events, and Chromium's
 * own "Refused to … Content Security Policy" console errors) and uncaught errors into the current test's
 * lists.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript((mark) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`),
    );
  }, CSP_MARK);
  context.on('weberror', (error) => {
    pageErrors.push(`${error.page()?.url() ?? '?'}: ${error.error().message}`);
  });
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && (text.startsWith(CSP_MARK) || /Content Security Policy/i.test(text)))
      cspViolations.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
}

/** The violations seen so far in this test, and forgets them (for a spec that provokes one on purpose). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** The project's options (playwright.config.ts): the language its phone reads. */
export interface E2eOptions {
  lang: 'zh' | 'en';
}

/** The worker's own demo server. */
interface Server {
  url: string;
}

/** The language of the running test's project (checkScreen and anotherPhone read it). */
let currentLang: 'zh' | 'en' = 'zh';
/**
 * The app's text of `key` in the running test's language (the project's `lang`): what the phone shows.
 * Stories look texts up here instead of writing them in one language (texts.ts).
 */
export function t(key: TextKey, params?: Record<string, string | number>): string {
  return textIn(currentLang, key, params);
}

/** `key`'s text in the running test's language as a whole-text pattern, unfilled placeholders matching anything. */
export function tPattern(key: TextKey, params?: Record<string, string | number>): RegExp {
  return patternIn(currentLang, key, params);
}

export { textIn };

/** Data the demo seeds in both languages (a fee item, a notice's title): the one the phone shows. */
export function inLang(texts: { zh: string; en: string }): string {
  return texts[currentLang];
}

/** The worker's server (anotherPhone's base URL). */
let serverUrl = '';

/**
 * Each worker starts the compiled server (as `npm start` runs it) in demo mode on its own port and data
 * folder: parallel workers never share demo data. Ports: E2E_PORTS (a comma list, one per worker), else
 * E2E_PORT (8181) + the worker's parallel index.
 */
async function startServer(
  parallelIndex: number,
  workerIndex: number,
  project: string,
): Promise<{
  url: string;
  stop: () => Promise<void>;
}> {
  const ports = (process.env.E2E_PORTS ?? '').split(',').filter(Boolean).map(Number);
  const port = ports[parallelIndex] ?? Number(process.env.E2E_PORT ?? 8181) + parallelIndex;
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = path.resolve(import.meta.dirname, '.data', `${project}-${workerIndex}`);
  // A server left on the port (another run's) would answer this worker's checks with its own data.
  const taken = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already has a server (E2E_PORT / E2E_PORTS to choose others)`);
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_MODE: 'demo',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (gone) throw new Error(`the demo server on port ${port} exited (is the port taken?)`);
    if (Date.now() - started > 120_000) throw new Error(`no answer from ${url}/health in 120 s`);
    const ok = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Playwright's test, whose browser context watches for CSP violations: a story that meets one on any
 * screen fails. The worker's own server is the base URL; an English project's phone starts in English
 * (until a story chooses another language). Specs import `test` from here.
 */
export const test = base.extend<E2eOptions, { server: Server }>({
  lang: ['zh', { option: true }],
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names from its first parameter
    async ({}, use, workerInfo) => {
      const server = await startServer(
        workerInfo.parallelIndex,
        workerInfo.workerIndex,
        workerInfo.project.name,
      );
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    serverUrl = server.url;
    await use(server.url);
  },
  context: async ({ context, lang }, use) => {
    currentLang = lang;
    cspViolations.length = 0;
    pageErrors.length = 0;
    await watchCsp(context);
    if (lang === 'en') await chooseEnglish(context);
    await use(context);
    expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
    expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([]);
  },
});

/** The phone starts in English: the stored choice, unless the page already holds one. */
async function chooseEnglish(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      if (localStorage.getItem('language') === null) localStorage.setItem('language', 'en');
    } catch {
      // about:blank has no storage
    }
  });
}

/**
 * A screenshot of the current screen into e2e/screenshots/<project> (ignored by git), taken once the
 * screen has settled: no call under way, no spinner or loading toast, no dialog or popup still moving
 * (untilStill); then the screen is checked (checkScreen).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // An infinite list's footer says 加载中 while its next page waits below the fold (antd-mobile
  // InfiniteScroll asks for it when scrolled near): no call is under way then.
  await expect(
    page
      .getByText(new RegExp(`^(${textIn('zh', 'common.loading')}|${textIn('en', 'common.loading')})$`, 'i'))
      .and(page.locator(':not(.adm-infinite-scroll):not(.adm-infinite-scroll *)')),
  ).toHaveCount(0);
  await untilStill(page);
  const project = test.info().project.name;
  mkdirSync(path.join(shots, project), { recursive: true });
  await page.screenshot({ path: path.join(shots, project, `${name}.png`), animations: 'disabled' });
  await checkScreen(page, name);
}

/** What checkScreen found wrong on a screen, one line each. */
interface ScreenFindings {
  han: string[];
  overflow: string[];
  small: string[];
}

/**
 * The checks of every photographed screen (issue 11, items 13–15):
 * - in English, no Han character outside user data (elements marked `data-user-data`, e.g. a name or a
 *   fee item the school named), in text, placeholders, labels and titles. The stand-ins' own pages for
 *   outside systems (the sandbox checkout, WeChat's authorize page, served under /api/) are not the
 *   app's screens: they speak both languages, as the system they stand in for would;
 * - nothing overflows the phone: no element's text is cut (clipped or ellipsis, scrollWidth >
 *   clientWidth) unless the element scrolls, and nothing reaches past the screen's right edge outside a
 *   scrolling container;
 * - every interactive element (links, buttons, tabs, fields, checkboxes) is at least 44 × 44 CSS px.
 */
export async function checkScreen(page: Page, name = page.url()): Promise<void> {
  await untilStill(page);
  const findings = await page.evaluate(findScreenProblems, currentLang);
  expect.soft(findings.han, `${name}: Han characters on an English screen`).toEqual([]);
  expect.soft(findings.overflow, `${name}: text cut or overflowing at this width`).toEqual([]);
  expect.soft(findings.small, `${name}: tap targets under 44 × 44 px`).toEqual([]);
}

/** Runs in the page (serialised by page.evaluate: everything it uses is inside). */
function findScreenProblems(lang: 'zh' | 'en'): ScreenFindings {
  const MIN = 44;
  const han = /[\u3400-\u9fff\uf900-\ufaff]/;
  const width = document.documentElement.clientWidth;
  const describe = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls ? `.${cls}` : ''} "${text}"`;
  };
  const shown = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
        return false;
      if (e.getAttribute('aria-hidden') === 'true' && e !== el) return false;
    }
    return true;
  };
  const userData = (el: Element | null): boolean => !!el?.closest('[data-user-data]');
  const scrolls = (el: Element | null): boolean => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const x = getComputedStyle(e).overflowX;
      if ((x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth) return true;
    }
    return false;
  };

  const hanFound: string[] = [];
  if (lang === 'en' && !location.pathname.startsWith('/api/')) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !han.test(node.textContent ?? '') || userData(parent) || !shown(parent)) continue;
      // The language switch names Chinese in Chinese, as every language switch does.
      if (parent.closest('[lang^="zh"]') && parent.closest('button')) continue;
      hanFound.push(describe(parent));
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      if (userData(el) || !shown(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = el.getAttribute(attr);
        if (value && han.test(value) && !el.closest('[lang^="zh"]'))
          hanFound.push(`${describe(el)} ${attr}="${value}"`);
      }
    }
    if (han.test(document.title)) hanFound.push(`title "${document.title}"`);
  }

  const overflow: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest('svg')) continue;
    const style = getComputedStyle(el);
    const hasText = [...el.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim(),
    );
    const box = el.getBoundingClientRect();
    // Visually hidden text for screen readers (1 px, clipped) is not on screen to be cut.
    if (box.width <= 2 || box.height <= 2) continue;
    const clipsX =
      style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    if (hasText && clipsX && el.scrollWidth > el.clientWidth + 1) overflow.push(`${describe(el)} cut`);
    else if (hasText && box.right > width + 1 && !scrolls(el.parentElement))
      overflow.push(`${describe(el)} reaches past the screen (${Math.round(box.right)} > ${width})`);
  }
  if (document.documentElement.scrollWidth > width + 1)
    overflow.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);

  const small: string[] = [];
  const interactive = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="checkbox"], [role="radio"], [role="link"], [tabindex]:not([tabindex="-1"])',
  );
  const seen = new Set<Element>();
  for (const found of interactive) {
    // A hidden native control is tapped through its label.
    const box0 = found.getBoundingClientRect();
    const label = found instanceof HTMLInputElement ? (found.labels?.[0] ?? null) : found.closest('label');
    // A control is tapped through its label too: the larger of the two is the target.
    const labelBox = label?.getBoundingClientRect();
    const labelLarger = !!labelBox && labelBox.width * labelBox.height > box0.width * box0.height;
    const el = (!shown(found) || box0.width <= 2 || box0.height <= 2 || labelLarger) && label ? label : found;
    if (seen.has(el) || !shown(el)) continue;
    if (el.closest('[disabled]') || el.getAttribute('aria-disabled') === 'true') continue;
    seen.add(el);
    const box = el.getBoundingClientRect();
    if (box.width < MIN - 0.5 || box.height < MIN - 0.5)
      small.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return { han: hanFound, overflow, small };
}

/**
 * Waits until every open dialog, popup, picker, action sheet, toast and their masks stop moving:
 * antd-mobile animates them with script (position, size, opacity, transform), which
 * `animations: 'disabled'` does not stop, and a tap target measured mid-slide is the wrong size.
 */
async function untilStill(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const before = await page.evaluate(overlayState);
      await page.waitForTimeout(60);
      return before === (await page.evaluate(overlayState));
    })
    .toBe(true);
}

/** Runs in the page: where the overlays are and how they look, as one string. */
function overlayState(): string {
  const overlays = document.querySelectorAll(
    '[role="dialog"], .adm-mask, .adm-popup-body, .adm-center-popup-wrap, .adm-toast-main, .adm-picker, .adm-action-sheet',
  );
  return JSON.stringify(
    [...overlays].map((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return [box.x, box.y, box.width, box.height, style.opacity, style.transform];
    }),
  );
}

export async function captchaText(request: APIRequestContext, key: string): Promise<string> {
  const res = await request.get(`/api/dev/captcha/${key}`);
  return (await res.json()).data.text as string;
}

/** A verification code's text (messages sms.body), in either language, with its code. */
const CODE_TEXT = /(?:验证码是|verification code is) (\d{6})/;

/**
 * Waits out the server's one-code-a-minute guard for a phone (modules/sms/codes.ts), as a person would:
 * stories on one worker's server may text the same demo phone (modify-phone and salary both text
 * teacher1's phone on file) less than a minute apart.
 */
export async function waitForSmsResend(request: APIRequestContext, phone: string): Promise<void> {
  const res = await request.get(`/api/dev/outbox?phone=${phone}`);
  const messages = (await res.json()).data as { channel: string; body: string; createdAt: string }[];
  const last = messages
    .filter((m) => m.channel === 'sms' && CODE_TEXT.test(m.body))
    .reduce((newest, m) => Math.max(newest, Date.parse(m.createdAt)), 0);
  const wait = last + 61_000 - Date.now();
  if (wait <= 0) return;
  base.info().setTimeout(base.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * The newest 6-digit code texted to a phone by the SMS stand-in. Other texts reach the same phone (a
 * receipt, the notice that the phone was changed, issue 28): only a verification code's text counts.
 */
export async function lastSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?phone=${phone}`);
  const messages = (await res.json()).data as { channel: string; body: string }[];
  const sms = messages.find((m) => m.channel === 'sms' && CODE_TEXT.test(m.body));
  const code = sms ? CODE_TEXT.exec(sms.body)?.[1] : undefined;
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN';

/** Every demo account's password (README "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo@2024';

/** A demo tenant; `name` is how the login form's tenant select names it in the running test's language. */
function tenant(tenantId: string, zh: string, en: string) {
  return {
    tenantId,
    nameZh: zh,
    nameEn: en,
    get name(): string {
      return currentLang === 'en' ? en : zh;
    },
  };
}

export const UNIVERSITY = tenant('100001', '演示大学', 'Demo University');
export const COLLEGE = tenant('100002', '演示学院', 'Demo College');

/** antd-mobile's own confirm button of its pickers (its zh-CN and en-US locales, not the app's dictionaries). */
export const PICKER_CONFIRM = { zh: '确定', en: 'Confirm' } as const;

/** The seeded tuition fee item's name in both languages (the demo data names items in both). */
export const TUITION = { zh: '学费', en: 'Tuition' } as const;

/**
 * A phone number nobody in the demo data has, so a binding never finds it taken (one database
 * serves the whole run, and a retried test must not collide with its first try).
 */
export function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * The key of the next captcha the page fetches. Call it before the action that fetches one
 * (opening the login page, tapping the image, a failed sign-in) and await it afterwards.
 */
export function nextCaptchaKey(page: Page): Promise<string> {
  return page
    .waitForResponse((res) => res.url().includes('/api/blade-auth/oauth/captcha') && res.ok())
    .then(async (res) => ((await res.json()) as { key: string }).key);
}

/** The login form's fields in a language (the running test's by default; the labels are what a screen reader announces). */
export function loginForm(page: Page, language: 'zh' | 'en' = currentLang) {
  return {
    tenant: page.getByLabel(textIn(language, 'login.tenant'), { exact: true }),
    account: page.getByLabel(textIn(language, 'login.username'), { exact: true }),
    password: page.getByLabel(textIn(language, 'login.password'), { exact: true }),
    captcha: page.getByLabel(textIn(language, 'login.captcha'), { exact: true }),
    submit: page.getByRole('button', { name: textIn(language, 'login.submit'), exact: true }),
  };
}

export interface SignIn {
  tenantName: string;
  account: string;
  password?: string;
  lang?: 'zh' | 'en';
}

/**
 * Fills and sends the login form on the open login page, solving the captcha through the demo
 * stand-in. `captchaKey` is the awaited result of nextCaptchaKey() started before the page loaded.
 */
export async function submitLogin(
  page: Page,
  captchaKey: Promise<string>,
  { tenantName, account, password = DEMO_PASSWORD, lang: language = currentLang }: SignIn,
): Promise<void> {
  const form = loginForm(page, language);
  await form.tenant.selectOption({ label: tenantName });
  await form.account.fill(account);
  await form.password.fill(password);
  await form.captcha.fill(await captchaText(page.request, await captchaKey));
  await form.submit.click();
}

/**
 * Resolves once the page has loaded again: after signing in or binding the app saves the session
 * and reloads (spec §4). Start it before the action; a hash change alone does not resolve it.
 */
export function nextPageLoad(page: Page): Promise<unknown> {
  return page.waitForEvent('load');
}

/** Sessions this worker signed in on its own server: tenant, account and password -> the phone's state. */
const sessions = new Map<string, { cookies: Cookie[]; storage: [string, string][] }>();

/**
 * Signs in by password and waits for home. The first time in a worker it goes through /login (after
 * 'login succeeded' the page reloads); later the session that sign-in made is put back into the phone
 * (its cookie and local storage, as the app left them), which is what a phone opening the app again
 * holds. Stories about signing in itself use submitLogin. `fresh` signs in through /login anyway.
 */
export async function signIn(page: Page, who: SignIn, { fresh = false } = {}): Promise<void> {
  const key = [who.tenantName, who.account, who.password ?? DEMO_PASSWORD].join('\n');
  const saved = fresh ? undefined : sessions.get(key);
  if (saved) {
    await page.context().addCookies(saved.cookies);
    await page.goto('/health');
    await page.evaluate((entries) => {
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, saved.storage);
    await page.goto('/#/home');
    await expect(page.getByTestId('tab-home')).toBeVisible();
    return;
  }
  const captchaKey = nextCaptchaKey(page);
  await page.goto('/#/login');
  const reloaded = nextPageLoad(page);
  await submitLogin(page, captchaKey, who);
  await expect(page.getByText(textIn(who.lang ?? currentLang, 'login.succeeded'))).toBeVisible();
  await reloaded;
  await page.waitForURL(/#\/home$/);
  await expect(page.getByTestId('tab-home')).toBeVisible();
  const state = await page.context().storageState();
  const origin = state.origins.find((o) => o.origin === new URL(page.url()).origin);
  sessions.set(key, {
    cookies: state.cookies,
    storage: (origin?.localStorage ?? []).map(({ name, value }) => [name, value]),
  });
}

/** Forgets the saved sessions (a story that ends one on the server). */
export function forgetSessions(): void {
  sessions.clear();
}

/** The session's access token, from the cookie the app keeps it in (site key `cf`). */
export async function accessToken(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  const value = cookies.find((c) => c.name === 'cf-access-token')?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

/**
 * On the WeChat stand-in's authorize page: a WeChat user who never signed in before allows the
 * app. Answers the authorize address the app left for and the address WeChat sent them back to.
 */
export async function allowAsNewWechatUser(page: Page): Promise<{ authorize: URL; callback: URL }> {
  await page.waitForURL(/\/api\/dev\/wechat\/connect\/oauth2\/authorize\?/);
  const authorize = new URL(page.url());
  // The app leaves the callback at once for /register, so the way back is caught as it is asked for.
  const callback = page.waitForRequest((req) => req.isNavigationRequest() && /[?&]code=/.test(req.url()));
  await page.getByRole('radio', { name: /新微信用户 \/ A new WeChat user/ }).check();
  await page.getByRole('button', { name: '同意 / Allow' }).click();
  return { authorize, callback: new URL((await callback).url()) };
}

/**
 * A second phone in the same story (a parent opening a pay link, a teacher paying for a student):
 * a browser context with the project's phone settings, which browser.newContext() does not apply.
 */
export async function anotherPhone(
  browser: Browser,
  testInfo: TestInfo,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, locale } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    ...options,
  });
  await watchCsp(context);
  if (currentLang === 'en') await chooseEnglish(context);
  return context;
}

/** The sandbox channel's checkout page, served by the app in demo mode. */
export const SANDBOX_CHECKOUT = /\/api\/blade-finance\/pay\/sandbox\/checkout\?ticket=/;

/**
 * The sandbox delivers its notify at once or a few seconds late (sometimes twice); the result view
 * polls, and the status call also asks the channel. This is how long a payment may take to show.
 */
export const PAYMENT_SETTLES_MS = 30_000;

/**
 * On the cashier: choose the sandbox channel, pay on its checkout page and come back to the result
 * view, which polls until the order is paid.
 */
export async function payInSandbox(page: Page): Promise<void> {
  await page.getByTestId('channel-sandbox').click();
  await expect(page.getByTestId('channel-sandbox').getByRole('radio')).toBeChecked();
  await page.getByTestId('cashier-pay').click();
  await page.waitForURL(SANDBOX_CHECKOUT);
  await page.getByRole('button', { name: '确认支付 / Pay' }).click();
  await page.waitForURL(/#\/pay\?.*view=result/);
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-result', 'paid', {
    timeout: PAYMENT_SETTLES_MS,
  });
}

/** Yuan as the app writes amounts (fen in, '¥12,345.67' out: thousands separated, two decimals). */
export function yuan(fen: number): string {
  const whole = String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `¥${whole}.${String(fen % 100).padStart(2, '0')}`;
}

/**
 * A few yuan to pay of student1's tuition. The 2025-2026 tuition may be paid in part and holds
 * thousands of yuan, so every story of a run (and a retried one) still finds enough of it left.
 */
export function tuitionPartFen(): number {
  return 100 + Math.floor(Math.random() * 900);
}

/** On Student fees (/fee/index): the row of student1's 2025-2026 tuition. */
export function tuitionRow(page: Page): Locator {
  return page
    .getByTestId('fee-year')
    .filter({ hasText: t('fee.schoolYear', { year: '2025-2026' }) })
    .getByRole('listitem')
    .filter({ hasText: inLang(TUITION) });
}

/**
 * From home, signed in as student1: orders `partFen` of the tuition on Student fees and waits at
 * the cashier. Answers the order number.
 */
export async function orderPartOfTuition(page: Page, partFen: number): Promise<string> {
  await page.getByTestId('home-entry-studentPayment').click();
  const tuition = tuitionRow(page);
  await tuition.locator('label[for^="fee-pick-"]').click();
  await tuition.getByLabel(t('fee.payAmountOf', { name: inLang(TUITION) })).fill((partFen / 100).toFixed(2));
  await page.getByTestId('fee-pay').click();
  await page.waitForURL(/#\/pay\?orderNo=/);
  await expect(page.getByTestId('cashier-amount')).toHaveText(yuan(partFen));
  const orderNo = (await page.getByTestId('cashier-order-no').textContent()) ?? '';
  expect(orderNo).not.toBe('');
  return orderNo;
}

/**
 * Waits until the order detail screen has replaced the one before it: the URL changes first, and the
 * list (whose cards carry pay-status tags too) stays on screen until the detail has rendered.
 */
export async function waitForOrderDetail(page: Page): Promise<void> {
  await page.waitForURL(/#\/order\/detail\/\d+$/);
  await expect(page.getByTestId('order-no')).toBeVisible();
}

/** An order's card in the open order list. */
export function orderCard(page: Page, orderNo: string): Locator {
  return page.locator(`[data-testid="order-card"][data-order-no="${orderNo}"]`);
}

/** student1 orders part of the tuition, opens the unpaid order and shares it: the link shown. */
export async function sharePayLink(page: Page, partFen: number): Promise<{ orderNo: string; url: string }> {
  await signIn(page, { tenantName: UNIVERSITY.name, account: 'student1' });
  const orderNo = await orderPartOfTuition(page, partFen);
  await page.goto('/#/order/index?tab=unpaid');
  await orderCard(page, orderNo).click();
  await waitForOrderDetail(page);
  await expect(page.getByTestId('pay-status')).toHaveAttribute('data-status', 'NOT_PAY');

  await page.getByTestId('order-share').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('pay-link-dialog') });
  await expect(dialog).toContainText(t('order.shareTitle'));
  await expect(dialog).toContainText(t('order.shareHint', { time: 'TIME' }).split('TIME')[0]!);
  const url = (await dialog.getByTestId('pay-link-url').textContent()) ?? '';
  const link = new URL(url);
  expect(link.origin).toBe(new URL(page.url()).origin);
  const query = new URLSearchParams(link.hash.slice(link.hash.indexOf('?')));
  expect(link.hash).toMatch(/^#\/pay\?/);
  expect(query.get('orderNo')).toBe(orderNo);
  expect(query.get('payAuthToken')).toBeTruthy();
  expect(query.get('tenantId')).toBe(UNIVERSITY.tenantId);
  await screenshot(page, 'pay-link');
  await dialog.getByRole('button', { name: t('common.cancel') }).click();
  await expect(dialog).toBeHidden();
  return { orderNo, url };
}

/**
 * The finance office approves a pending binding through its admin API (the console comes later):
 * its account signs in on another phone and approves the pending binding of the person.
 */
export async function approvePendingBinding(
  browser: Browser,
  testInfo: TestInfo,
  office: SignIn,
  personNo: string,
): Promise<void> {
  const context = await anotherPhone(browser, testInfo);
  const page = await context.newPage();
  await signIn(page, office);
  const headers = { 'Blade-Auth': `bearer ${await accessToken(page)}` };
  const list = await page.request.get('/api/blade-finance/admin/binding/list?status=pending', { headers });
  const records = (await list.json()).data.records as { id: number; personNo: string | null }[];
  const binding = records.find((r) => r.personNo === personNo);
  if (!binding) throw new Error(`no pending binding of ${personNo}`);
  const approved = await page.request.post(`/api/blade-finance/admin/binding/${binding.id}/approve`, {
    headers,
  });
  expect((await approved.json()).data.status).toBe('active');
  await context.close();
}

// ---- The finance office's console (apps/admin, desktop project console-1280) ----

/** The console's sign-in form (its labels in both languages; the school is an antd select). */
export function consoleSignInForm(page: Page, lang: 'zh' | 'en' = 'zh') {
  const zh = lang === 'zh';
  return {
    tenant: page.getByLabel(zh ? '学校' : 'School', { exact: true }),
    account: page.getByLabel(zh ? '账号' : 'Account', { exact: true }),
    password: page.getByLabel(zh ? '密码' : 'Password', { exact: true }),
    captcha: page.getByLabel(zh ? '验证码' : 'Captcha', { exact: true }),
    submit: page.getByRole('button', { name: zh ? '登录' : 'Sign in', exact: true }),
  };
}

/** Fills and sends the console's sign-in form on the open sign-in page, solving the captcha. */
export async function submitConsoleSignIn(
  page: Page,
  captchaKey: Promise<string>,
  { tenantName, account, password = DEMO_PASSWORD, lang = 'zh' }: SignIn,
): Promise<void> {
  const form = consoleSignInForm(page, lang);
  await form.tenant.click();
  await page.locator(`.ant-select-item-option[title="${tenantName}"]`).click();
  await form.account.fill(account);
  await form.password.fill(password);
  await form.captcha.fill(await captchaText(page.request, await captchaKey));
  await form.submit.click();
}

/**
 * Signs in to the console at /admin/ and waits for its dashboard. A fresh captcha is asked for by
 * clicking the image, so this works on a page already showing the sign-in form too.
 */
export async function consoleSignIn(page: Page, who: SignIn): Promise<void> {
  await page.goto('/admin/#/sign-in');
  const refresh = page.getByTestId('captcha-refresh');
  await expect(refresh.getByRole('img')).toBeVisible();
  const captchaKey = nextCaptchaKey(page);
  await refresh.click();
  await submitConsoleSignIn(page, captchaKey, who);
  await page.waitForURL(/\/admin\/#\/dashboard$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
}

/** The console's finance-office accounts of the demo (README "Demo accounts"). */
export const CONSOLE = {
  clerk: { tenantName: UNIVERSITY.name, account: 'finance1' },
  manager: { tenantName: UNIVERSITY.name, account: 'manager1' },
  admin: { tenantName: UNIVERSITY.name, account: 'admin1' },
} as const;

/**
 * Screenshots of the console's current screen into e2e/screenshots/<project>/: at 1280 and at 1024 px
 * wide, in Chinese and in English (switched with the screen's language switch, then back to Chinese).
 * Each is checked: no horizontal scrolling of the page, and no Han character on an English screen
 * outside user data (`data-user-data`). A drawer or dialog covers the switch: pass `langs` with the one
 * language on screen, and `still` (the drawer) to wait for it to stop sliding.
 */
export async function consoleScreenshot(
  page: Page,
  name: string,
  { langs = ['zh', 'en'], still }: { langs?: ('zh' | 'en')[]; still?: Locator } = {},
): Promise<void> {
  const project = test.info().project.name;
  mkdirSync(path.join(shots, project), { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const switcher = page.getByTestId('language-switch');
  const choose = (lang: 'zh' | 'en') =>
    switcher.getByRole('button', { name: lang === 'zh' ? '中文' : 'English', exact: true }).click();
  for (const lang of langs) {
    if (langs.length > 1) await choose(lang);
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: size.height });
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      if (still) await boxStill(still);
      // A whole page is photographed from its top: the sticky header stays where it belongs.
      else await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(shots, project, `${name}-${width}-${lang}.png`),
        animations: 'disabled',
        fullPage: !still,
      });
      const found = await page.evaluate(findScreenProblems, lang);
      expect.soft(found.han, `${name} at ${width} px: Han characters on an English screen`).toEqual([]);
      expect
        .soft(
          found.overflow.filter((line) => line.startsWith('the page is')),
          `${name} at ${width} px: the page scrolls sideways`,
        )
        .toEqual([]);
      expect
        .soft(
          await page.evaluate(findTableProblems),
          `${name} at ${width} px (${lang}): a table wraps an id, amount or time, or hides cells`,
        )
        .toEqual([]);
    }
  }
  if (langs.length > 1) await choose('zh');
  await page.setViewportSize(size);
}

/**
 * Runs in the page: the console's tables against their column rule (apps/admin/src/components/columns.tsx),
 * one line per problem naming the table, the column and the text:
 * - a cell marked as an id, amount, time or count (cf-id, cf-money, cf-date, cf-count) or a label (cf-label) whose text
 *   runs over two lines, or spills out of its cell;
 * - text cut with an ellipsis (cf-cut) that does not carry the whole text in its title;
 * - a table that scrolls sideways inside its box (the clerk would not see its last columns), and a fixed
 *   column lying over another cell.
 */
function findTableProblems(): string[] {
  const problems: string[] = [];
  const shown = (el: Element): boolean => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  const clean = (text: string | null): string => (text ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
  const tableName = (table: Element): string => {
    const named = table.closest('[data-testid]');
    return named ? `table ${named.getAttribute('data-testid')}` : 'a table';
  };
  /** The header of the column a cell sits in: the header cell over the cell's middle. */
  const columnOf = (table: HTMLTableElement, cell: Element): string => {
    const box = cell.getBoundingClientRect();
    const middle = box.left + box.width / 2;
    // antd may draw the header as a table of its own beside the body's, in the same .ant-table.
    const antTable = table.closest('.ant-table');
    const heads = [...(antTable ?? table).querySelectorAll('thead th')].filter((th) =>
      antTable ? th.closest('.ant-table') === antTable : th.closest('table') === table,
    );
    const head = heads.find((th) => {
      const b = th.getBoundingClientRect();
      return b.left <= middle && middle <= b.right;
    });
    return head ? clean(head.textContent) || '(no title)' : '?';
  };
  const lines = (node: Text): number => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set<number>();
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    return tops.size;
  };

  for (const table of document.querySelectorAll('table')) {
    if (!shown(table)) continue;
    const name = tableName(table);
    const own = (el: Element) => el.closest('table') === table;
    for (const marked of table.querySelectorAll('.cf-id, .cf-money, .cf-date, .cf-count, .cf-label')) {
      // A column's title may take two lines; its cells may not.
      if (!own(marked) || !shown(marked) || marked.closest('thead')) continue;
      const column = columnOf(table, marked.closest('td, th') ?? marked);
      const walker = document.createTreeWalker(marked, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (!clean(node.textContent) || !node.parentElement || !shown(node.parentElement)) continue;
        const count = lines(node);
        if (count > 1)
          problems.push(
            `${name}, column "${column}": "${clean(node.textContent)}" wraps over ${count} lines`,
          );
      }
      if (marked.matches('td, th') && marked.scrollWidth > marked.clientWidth + 1)
        problems.push(
          `${name}, column "${column}": "${clean(marked.textContent)}" spills out of its cell (${marked.scrollWidth} > ${marked.clientWidth} px)`,
        );
    }
    for (const cut of table.querySelectorAll('.cf-cut')) {
      if (!own(cut) || !shown(cut) || cut.scrollWidth <= cut.clientWidth + 1) continue;
      if (cut.getAttribute('title') !== cut.textContent)
        problems.push(
          `${name}, column "${columnOf(table, cut.closest('td, th') ?? cut)}": "${clean(cut.textContent)}" is cut without its whole text in a title`,
        );
    }
    // The first box around the table that clips or scrolls sideways (its own scroll box, a card, a
    // drawer's body), up to the cell a table sits in (a row's comparison under a row).
    const width = Math.round(table.getBoundingClientRect().width);
    for (
      let box = table.parentElement;
      box && box !== document.body && !box.matches('td, th');
      box = box.parentElement
    ) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      if (width > box.clientWidth + 1)
        problems.push(`${name} scrolls sideways (${width} px wide in ${box.clientWidth} px)`);
      break;
    }
    for (const fixed of table.querySelectorAll(
      '.ant-table-cell-fix-left, .ant-table-cell-fix-right, .ant-table-cell-fix-start, .ant-table-cell-fix-end',
    )) {
      if (!own(fixed) || !shown(fixed)) continue;
      const f = fixed.getBoundingClientRect();
      for (const other of fixed.parentElement?.children ?? []) {
        if (other === fixed) continue;
        const o = other.getBoundingClientRect();
        if (o.left < f.right - 1 && f.left < o.right - 1)
          problems.push(
            `${name}: the fixed column "${columnOf(table, fixed)}" lies over "${clean(other.textContent)}" of column "${columnOf(table, other)}"`,
          );
      }
    }
  }
  return problems;
}

/** Waits until a sliding element (a console drawer) stops moving. */
async function boxStill(target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const before = JSON.stringify(await target.boundingBox());
      await target.page().waitForTimeout(50);
      return before === JSON.stringify(await target.boundingBox());
    })
    .toBe(true);
}
