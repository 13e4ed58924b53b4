import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { indexScriptHashes, inlineScriptHashes } from './security-headers';

const FIRST_PAINT = "document.documentElement.style.fontSize='15px'";
/** A built index.html in miniature: one inline script, one module script from a file. */
function builtWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${FIRST_PAINT}</script><style>body{margin:0}</style></head>` +
      `<body><div id="root"></div><script type="module" crossorigin src="/assets/index.js"></script></body></html>`,
  );
  return dir;
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers (demo mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: builtWebApp() });
  });
  afterAll(() => ctx.close());

  it.each([
    ['the web app', '/'],
    ['an API reply', '/health'],
    ['a 404', '/api/nope'],
    ['an error reply', '/api/blade-auth/oauth/user-info'],
  ])(
    '%s carries CSP, frame-ancestors, nosniff and a referrer policy, and no HSTS in demo mode',
    async (_, url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'", sha256(FIRST_PAINT)]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['img-src']).toContain('data:');
      // Demo mode over plain http on a LAN address must keep loading its scripts.
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    },
  );

  it('the demo stand-in pages keep their inline style under the same policy', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/wechat/connect/oauth2/authorize?appid=wxdemo0000100001&redirect_uri=http%3A%2F%2Fapp.test%2F&response_type=code&scope=snsapi_userinfo&state=s',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<style>');
    expect(res.body).not.toContain('<script');
    expect(directives(res.headers['content-security-policy'])['style-src']).toContain("'unsafe-inline'");
  });
});

describe('security headers (production mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      APP_MODE: 'production',
      CLIENT_ID: 'campus-web',
      CLIENT_SECRET: 'a-production-client-secret-0123456789',
      PUBLIC_URL: 'https://pay.example.edu',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      MAIL_HTTP_URL: 'https://mail.example.edu/send',
      WEB_DIST: builtWebApp(),
    });
  });
  afterAll(() => ctx.close());

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts exactly as written and skips scripts loaded from files', () => {
    const html =
      '<script>\n  var a = 1;\n</script><script type="module" src="/x.js"></script><script></script>' +
      '<script>requestAnimationFrame(function(){})</script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256('\n  var a = 1;\n'),
      sha256('requestAnimationFrame(function(){})'),
    ]);
  });
});

describe('indexScriptHashes', () => {
  it('follows a rebuilt index.html, and answers none while there is no build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-web-'));
    const hashes = indexScriptHashes(dir, 0);
    expect(hashes()).toBe('');
    const index = path.join(dir, 'index.html');
    writeFileSync(index, '<script>var build = 1</script>');
    expect(hashes()).toBe(sha256('var build = 1'));
    writeFileSync(index, '<script>var build = 2</script>');
    utimesSync(index, new Date(), new Date(Date.now() + 5000));
    expect(hashes()).toBe(sha256('var build = 2'));
  });
});

describe("the finance office's console at /admin/", () => {
  const CONSOLE_SCRIPT = "document.documentElement.lang='zh-CN'";
  let ctx: TestContext;
  beforeAll(async () => {
    const admin = mkdtempSync(path.join(tmpdir(), 'cf-admin-'));
    writeFileSync(
      path.join(admin, 'index.html'),
      `<!doctype html><html><head><script>${CONSOLE_SCRIPT}</script></head>` +
        `<body><div id="root"></div><script type="module" src="/admin/assets/index.js"></script></body></html>`,
    );
    // A script as the console build leaves it: with its .br and .gz beside it.
    mkdirSync(path.join(admin, 'assets'));
    const script = Buffer.from('export const x = 1;'.repeat(200));
    writeFileSync(path.join(admin, 'assets', 'index.js'), script);
    writeFileSync(path.join(admin, 'assets', 'index.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(admin, 'assets', 'index.js.gz'), gzipSync(script));
    ctx = await createTestApp({ WEB_DIST: builtWebApp(), ADMIN_DIST: admin });
  });
  afterAll(() => ctx.close());

  it('sends its scripts compressed to a browser that accepts it (issue 25)', async () => {
    const url = '/admin/assets/index.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export const x = 1;'.repeat(200));
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const x = 1;'.repeat(200));
  });

  it("serves its own index.html under its own CSP, and the phone app's under the phone app's", async () => {
    const console = await ctx.app.inject({ method: 'GET', url: '/admin/' });
    expect(console.statusCode).toBe(200);
    expect(console.body).toContain(CONSOLE_SCRIPT);
    expect(directives(console.headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      sha256(CONSOLE_SCRIPT),
    ]);
    const phone = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(phone.body).not.toContain(CONSOLE_SCRIPT);
    expect(directives(phone.headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      sha256(FIRST_PAINT),
    ]);
  });

  it('sends /admin on to /admin/', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/');
  });
});
