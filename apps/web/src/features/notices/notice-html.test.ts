import { describe, expect, it } from 'vitest';
import { purifyNoticeHtml } from './notice-html';

describe('purifyNoticeHtml (the browser’s wall)', () => {
  it('keeps formatting, tables, safe links and our own images', () => {
    expect(purifyNoticeHtml('<h2>t</h2><table><tbody><tr><td colspan="2">1</td></tr></tbody></table>')).toBe(
      '<h2>t</h2><table><tbody><tr><td colspan="2">1</td></tr></tbody></table>',
    );
    expect(purifyNoticeHtml('<a href="https://example.edu">x</a>')).toBe(
      '<a href="https://example.edu" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(
      purifyNoticeHtml('<img src="/api/blade-desk/notice/attachment/3?expires=1&amp;user=2&amp;sig=abc">'),
    ).toBe('<img src="/api/blade-desk/notice/attachment/3?expires=1&amp;user=2&amp;sig=abc">');
  });

  it('removes what the server should already have removed', () => {
    const out = purifyNoticeHtml(
      '<p style="color:red" onclick="x()" class="c" data-x="1">p</p><script>x()</script>' +
        '<a href="javascript:x()">j</a><a href="data:text/html,x">d</a><img src="http://x.example/a.png">' +
        '<img src="data:image/png;base64,AAAA"><svg><script>x()</script></svg><math><mi>x</mi></math>' +
        '<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><form><input></form>' +
        '<iframe src="https://x.example"></iframe><style>*{}</style>',
    );
    expect(out).toBe(
      '<p>p</p><a target="_blank" rel="noopener noreferrer">j</a><a target="_blank" rel="noopener noreferrer">d</a>',
    );
  });
});
