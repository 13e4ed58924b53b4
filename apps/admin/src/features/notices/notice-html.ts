/**
 * The phone's second wall, as the preview must show it: the server already cut the HTML down to its
 * allow-list (modules/notice/sanitize.ts, through the preview route); DOMPurify cuts it again with the
 * allow-list the phone app uses (@cf/shared/notice-html).
 */
import { applyNoticeLinkRules, NOTICE_OWN_ATTACHMENT, NOTICE_PURIFY_CONFIG } from '@cf/shared/notice-html';
import DOMPurify from 'dompurify';

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** Notice HTML as the phone would put it into its page. */
export function purifyNoticeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', applyNoticeLinkRules);
  }
  return purifier.sanitize(html, NOTICE_PURIFY_CONFIG);
}

/**
 * The purified HTML with the notice's own images shown from the console's copies (data: URLs, which
 * the console's CSP allows for images); links to attachments stay as they are (inert in the preview).
 * Runs after DOMPurify, on its output: only the src of images it kept changes.
 */
export function withAttachmentImages(clean: string, images: ReadonlyMap<number, string>): string {
  if (images.size === 0 || !clean.includes('<img')) return clean;
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const img of template.content.querySelectorAll('img')) {
    const match = NOTICE_OWN_ATTACHMENT.exec(img.getAttribute('src') ?? '');
    const data = match ? images.get(Number(match[1])) : undefined;
    if (data?.startsWith('data:image/')) img.setAttribute('src', data);
  }
  return template.innerHTML;
}
