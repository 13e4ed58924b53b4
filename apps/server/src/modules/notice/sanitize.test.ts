import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from './sanitize';

describe('sanitizeNoticeHtml', () => {
  it('keeps text formatting, headings, lists and tables', async () => {
    const html =
      '<h2>标题</h2><p><strong>b</strong><em>i</em><u>u</u></p><ul><li>x</li></ul><ol start="2"><li>y</li></ol>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td rowspan="1">2</td></tr></tbody></table>';
    expect(await sanitizeNoticeHtml(html)).toBe(html);
  });

  it('opens links in a new tab without an opener and keeps only http(s) and mailto', async () => {
    expect(await sanitizeNoticeHtml('<a href="https://example.edu/x">x</a>')).toBe(
      '<a href="https://example.edu/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(
      await sanitizeNoticeHtml('<a href="mailto:cw@example.edu" target="_self" rel="opener">m</a>'),
    ).toBe('<a href="mailto:cw@example.edu" target="_blank" rel="noopener noreferrer">m</a>');
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/relative/path',
    ])
      expect(await sanitizeNoticeHtml(`<a href="${href}">x</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer">x</a>',
      );
  });

  it('keeps images from https and from our own attachments only', async () => {
    expect(await sanitizeNoticeHtml('<img src="https://img.example.edu/a.png" alt="a" />')).toBe(
      '<img src="https://img.example.edu/a.png" alt="a" />',
    );
    expect(await sanitizeNoticeHtml('<img src="/api/blade-desk/notice/attachment/12" />')).toBe(
      '<img src="/api/blade-desk/notice/attachment/12" />',
    );
    for (const src of [
      'http://img.example.edu/a.png',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'javascript:alert(1)',
      '/api/blade-desk/notice/attachment/12/../../../x',
      '/somewhere/else.png',
    ])
      expect(await sanitizeNoticeHtml(`<p><img src="${src}" /></p>`)).toBe('<p></p>');
  });

  it('drops scripts, event handlers, styles and dangerous elements', async () => {
    const corpus = [
      '<script>window.__xss++</script>',
      '<img src="https://x.example/a.png" onerror="window.__xss++">',
      '<svg onload="window.__xss++"><script>window.__xss++</script></svg>',
      '<math><mi xlink:href="javascript:window.__xss++">x</mi></math>',
      '<iframe src="javascript:window.__xss++"></iframe>',
      '<object data="javascript:window.__xss++"></object>',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=javascript:window.__xss++">',
      '<p style="background:url(javascript:window.__xss++);width:expression(window.__xss++)">s</p>',
      '<style>p{background:url(javascript:alert(1))}</style>',
      '<form action="javascript:alert(1)"><button>go</button></form>',
      '<body onload="window.__xss++">',
      '<div onmouseover="window.__xss++">d</div>',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ];
    for (const html of corpus) {
      const out = await sanitizeNoticeHtml(html);
      expect(out, html).not.toMatch(/<(script|svg|math|iframe|object|base|meta|style|form|link|body)\b/i);
      expect(out, html).not.toMatch(/\son\w+=|style=|javascript:|expression\(/i);
    }
  });
});
