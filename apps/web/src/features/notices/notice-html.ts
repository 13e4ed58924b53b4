/**
 * The second wall: the server already cut notice HTML down to its allow-list (modules/notice/sanitize.ts);
 * DOMPurify does it again in the browser before anything is rendered, with the same allow-list
 * (@cf/shared/notice-html), so a hole in one wall is not a hole.
 */
import { applyNoticeLinkRules, NOTICE_PURIFY_CONFIG } from '@cf/shared/notice-html';
import DOMPurify from 'dompurify';

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** Notice HTML as it may be put into the page. */
export function purifyNoticeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', applyNoticeLinkRules);
  }
  return purifier.sanitize(html, NOTICE_PURIFY_CONFIG);
}
