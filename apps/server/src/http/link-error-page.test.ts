/**
 * Links a person opens in the browser (a notice attachment, an invoice PDF) fail as a small page in
 * their language; API clients keep the Blade envelope; junk in a link is a 4xx, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeAttachments } from '@server/db/schema-notice';
import { signedLink } from '@server/modules/notice/attachment-link';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { escapeHtml, linkErrorPage, wantsHtml } from './link-error-page';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const INVOICE = '/api/blade-finance/invoice/file';
const ATTACHMENT = '/api/blade-desk/notice/attachment';

describe('the link error page', () => {
  it('is for browser navigations only', () => {
    expect(wantsHtml(BROWSER)).toBe(true);
    expect(wantsHtml('text/html')).toBe(true);
    expect(wantsHtml(undefined)).toBe(false);
    expect(wantsHtml('')).toBe(false);
    expect(wantsHtml('*/*')).toBe(false);
    expect(wantsHtml('application/json, text/plain, */*')).toBe(false);
    expect(wantsHtml('application/json, text/html')).toBe(false);
  });

  it('escapes every text and fits a phone', () => {
    const html = linkErrorPage({
      lang: 'en',
      message: '<script>alert("x")</script> & \'quoted\'',
      page: { hint: 'notice.linkPage.hint' },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain(escapeHtml('<script>alert("x")</script> & \'quoted\''));
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<a href="/" data-testid="link-error-back">Back to the app</a>');
  });
});

describe('links opened in the browser', () => {
  let ctx: TestContext;
  let attachment: { id: number; tenantId: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    const [row] = await ctx.database.db.select().from(noticeAttachments).limit(1);
    attachment = { id: row!.id, tenantId: row!.tenantId };
  });
  afterAll(async () => ctx?.close());

  const open = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  /** A link signed two hours ago: expired an hour ago. */
  const expiredLink = () =>
    signedLink(
      ctx.config.jwtSecret,
      { tenantId: attachment.tenantId, userId: 1, attachmentId: attachment.id },
      Date.now() - 2 * 3600_000,
    );

  it('an expired attachment link: a Chinese page by default, an English one for English', async () => {
    const zh = await open(expiredLink(), { accept: BROWSER });
    expect(zh.statusCode).toBe(403);
    expect(zh.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zh.headers['cache-control']).toBe('no-store');
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('链接无法打开');
    expect(zh.body).toContain('下载链接已失效，请重新打开通知');
    expect(zh.body).toContain('请返回应用，从通知详情重新打开附件。');
    expect(zh.body).toContain('<a href="/" data-testid="link-error-back">返回应用</a>');

    const en = await open(expiredLink(), { accept: BROWSER, 'accept-language': 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(403);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('The download link has expired; open the notice again');
    expect(en.body).toContain('Go back to the app and open the attachment again from the notice.');
  });

  it('an API client keeps the envelope, in its language', async () => {
    const clients: Record<string, string>[] = [{}, { accept: 'application/json' }, { accept: '*/*' }];
    for (const headers of clients) {
      const res = await open(expiredLink(), headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 403, success: false, msg: '下载链接已失效，请重新打开通知' });
    }
    const en = await open(expiredLink(), { accept: 'application/json', 'accept-language': 'en' });
    expect(en.json().msg).toBe('The download link has expired; open the notice again');
  });

  it('a missing attachment is a 404 page', async () => {
    const res = await open(`${ATTACHMENT}/99999999?expires=1&user=1&sig=AAAAAAAAAAAAAAAAAAAA`, {
      accept: BROWSER,
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('通知不存在或已撤回');
  });

  it('a bad invoice token: a page for the browser, the envelope otherwise', async () => {
    const html = await open(`${INVOICE}/1?token=1.abc`, { accept: BROWSER, 'accept-language': 'en' });
    expect(html.statusCode).toBe(403);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('link is not valid or has expired');
    expect(html.body).toMatch(/Go back to the app and open the .+ again from the order detail\./);
    expect(html.body).not.toContain('{term}');

    const zh = await open(`${INVOICE}/1?token=1.abc`, { accept: BROWSER });
    expect(zh.body).toMatch(/请返回应用，从订单详情重新打开.+。/);

    const json = await open(`${INVOICE}/1?token=1.abc`);
    expect(json.statusCode).toBe(403);
    expect(json.json()).toMatchObject({ code: 403, success: false });
  });

  it('junk in a link (NUL bytes, huge or malformed values) is a 4xx page, never a 5xx', async () => {
    const junk = [
      `${INVOICE}/1?token=%00%00`,
      `${INVOICE}/1?token=${'x'.repeat(8000)}`,
      `${INVOICE}/1?token=`,
      `${INVOICE}/1`,
      `${INVOICE}/abc?token=1.a`,
      `${INVOICE}/99999999999999999999?token=1.a`,
      `${INVOICE}/1?token=1.a&download=2`,
      `${INVOICE}/1?token=${encodeURIComponent('<script>alert(1)</script>')}`,
      `${INVOICE}/1?token=%E4%B8%AD%E6%96%87.%F0%9F%98%80`,
      `${ATTACHMENT}/${attachment?.id ?? 1}?expires=x&user=1&sig=abc`,
      `${ATTACHMENT}/1?expires=${'9'.repeat(5000)}&user=1&sig=AAAAAAAAAAAAAAAAAAAA`,
      `${ATTACHMENT}/1?expires=1&user=1&sig=%00AAAAAAAAAAAAAAAAAAA`,
      `${ATTACHMENT}/1`,
    ];
    for (const url of junk) {
      const page = await open(url, { accept: BROWSER });
      expect(page.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(page.statusCode, url).toBeLessThan(500);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.body, url).toContain('返回应用');
      expect(page.body, url).not.toContain('<script>alert');

      const api = await open(url);
      expect(api.statusCode, url).toBe(page.statusCode);
      expect(api.json(), url).toMatchObject({ success: false, code: page.statusCode });
    }
  });

  it('other routes keep the envelope even for a browser', async () => {
    const res = await open('/api/blade-desk/notice/list', { accept: BROWSER });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
