import { describe, expect, it } from 'vitest';
import { noticeHtmlIsEmpty } from './notice-html';

describe('noticeHtmlIsEmpty', () => {
  it('sees no body in tags, spaces and entities alone, a body in any text or picture', () => {
    expect(noticeHtmlIsEmpty('')).toBe(true);
    expect(noticeHtmlIsEmpty('<p> &nbsp; </p><br><div>\u3000</div>')).toBe(true);
    expect(noticeHtmlIsEmpty('<p>缴费</p>')).toBe(false);
    expect(noticeHtmlIsEmpty('<p>&lt;</p>')).toBe(false);
    expect(noticeHtmlIsEmpty('<p><img src="https://x.test/a.png"></p>')).toBe(false);
  });
});
