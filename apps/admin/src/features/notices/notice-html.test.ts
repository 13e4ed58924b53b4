/** The preview's wall is the phone's: what the phone would drop, the preview drops too. */
import { describe, expect, it } from 'vitest';
import { purifyNoticeHtml, withAttachmentImages } from './notice-html';

describe('the preview’s notice HTML', () => {
  it('drops script, handlers, styles and foreign schemes', () => {
    const html =
      '<p style="color:red" onclick="x()">Hi<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">a</a><img src="http://x/y.png"><img src="data:image/png;base64,AA">';
    expect(purifyNoticeHtml(html)).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer">a</a>');
  });

  it('keeps https images and the notice’s own attachments, which the console shows from its copy', () => {
    const clean = purifyNoticeHtml(
      '<img src="https://example.org/a.png"><img src="/api/blade-desk/notice/attachment/7" alt="map">',
    );
    expect(clean).toBe(
      '<img src="https://example.org/a.png"><img src="/api/blade-desk/notice/attachment/7" alt="map">',
    );
    const shown = withAttachmentImages(clean, new Map([[7, 'data:image/png;base64,iVBOR']]));
    expect(shown).toContain('<img src="data:image/png;base64,iVBOR" alt="map">');
    expect(shown).toContain('https://example.org/a.png');
    // Only images: anything else given for an id is not put into a src.
    expect(withAttachmentImages(clean, new Map([[7, 'javascript:alert(1)']]))).toBe(clean);
  });
});
