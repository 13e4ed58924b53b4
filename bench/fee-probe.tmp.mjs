import { chromium } from '@playwright/test';
import { startServer } from './lib.mjs';
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let ctx = await browser.newContext();
let page = await ctx.newPage();
const cap = page.waitForResponse((r) => r.url().includes('/oauth/captcha') && r.ok());
await page.goto(`${server.url}/#/login`);
const { key } = await (await cap).json();
const text = (await (await page.request.get(`${server.url}/api/dev/captcha/${key}`)).json()).data.text;
await page.getByLabel('账号', { exact: true }).fill('student1');
await page.getByLabel('密码', { exact: true }).fill('Demo@2024');
await page.getByLabel('验证码', { exact: true }).fill(text);
const rl = page.waitForEvent('load');
await page.getByRole('button', { name: '登录', exact: true }).click();
await rl;
await page.waitForURL(/#\/home$/);
const state = await ctx.storageState();
await ctx.close();
ctx = await browser.newContext({
  storageState: state,
  viewport: { width: 375, height: 667 },
  isMobile: true,
});
page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
await cdp.send('Network.emulateNetworkConditions', {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180000,
  uploadThroughput: 84375,
});
if (process.env.CPU) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const t0 = Date.now();
page.on('request', (r) => console.log('req ', Date.now() - t0, r.url().replace(server.url, '')));
page.on('requestfinished', (r) => console.log('done', Date.now() - t0, r.url().replace(server.url, '')));
await page.goto(`${server.url}/#/fee/index`, { waitUntil: 'commit' });
await page.getByTestId('fee-year').first().getByRole('listitem').first().waitFor({ timeout: 60000 });
console.log('FEE LIST', Date.now() - t0);
await browser.close();
await server.stop();
process.exit(0);
