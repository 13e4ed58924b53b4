/**
 * What notice HTML may hold, once for the three walls that enforce it: the server's sanitizer when a
 * notice is stored (apps/server/src/modules/notice/sanitize.ts, sanitize-html) and DOMPurify in the
 * phone app and in the console's phone preview (their features/notices/notice-html.ts). Text formatting,
 * headings, lists, tables, links (http, https, mailto, or our own attachment path; opened in a new tab
 * without an opener) and images (https, or our own attachment path). No style, class, id or event
 * attribute survives.
 */

/** The path of an attachment as notices reference it; readers get it signed. */
export const NOTICE_ATTACHMENT_PATH = '/api/blade-desk/notice/attachment/';
/** A notice's own attachment, as stored (an id) or as signed for a reader (an id and a query). */
export const NOTICE_OWN_ATTACHMENT = /^\/api\/blade-desk\/notice\/attachment\/(\d{1,10})(\?|$)/;
/** A notice's own attachment as the server stores it: the path and an id, nothing more. */
export const NOTICE_STORED_ATTACHMENT = /^\/api\/blade-desk\/notice\/attachment\/\d{1,10}$/;
export const NOTICE_LINK_SCHEME = /^(https?:\/\/|mailto:)/i;
export const NOTICE_IMAGE_SCHEME = /^https:\/\//i;

export const NOTICE_TAGS = [
  ...['p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'figure', 'figcaption'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  'a',
  'img',
];

/** The attributes each tag keeps. */
export const NOTICE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start'],
};

/** Every attribute any tag keeps (DOMPurify's list is not per tag). */
export const NOTICE_ALL_ATTRIBUTES = [...new Set(Object.values(NOTICE_ATTRIBUTES).flat())];

/** Whether a link target may stay. */
export const noticeLinkAllowed = (href: string): boolean =>
  NOTICE_LINK_SCHEME.test(href) || NOTICE_OWN_ATTACHMENT.test(href);

/** Whether an image may stay (others are dropped whole). */
export const noticeImageAllowed = (src: string): boolean =>
  NOTICE_IMAGE_SCHEME.test(src) || NOTICE_OWN_ATTACHMENT.test(src);

/** The part of a DOM element the rules touch (the server, which has no DOM, type-checks this file too). */
interface NoticeNode {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

/** The DOM side of the rules (the browsers' DOMPurify hook `afterSanitizeAttributes`). */
export function applyNoticeLinkRules(node: NoticeNode): void {
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (href && !noticeLinkAllowed(href)) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG' && !noticeImageAllowed(node.getAttribute('src') ?? '')) node.remove();
}

/** DOMPurify's options for notice HTML. */
export const NOTICE_PURIFY_CONFIG = {
  ALLOWED_TAGS: NOTICE_TAGS,
  ALLOWED_ATTR: NOTICE_ALL_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // DOMPurify's own rule without its other schemes: http(s), mailto, or no scheme at all (plain
  // values such as colspan="2", and paths, which the hook narrows to our attachments).
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/**
 * Whether sanitized notice HTML shows nothing: no text (tags, entities and spaces aside) and no
 * picture. Such a notice cannot be published (the server refuses, the console's preview warns first)
 * and the phone says it has no body rather than showing an empty page.
 */
export function noticeHtmlIsEmpty(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .replace(/&[a-z0-9#]+;/gi, 'x');
  return text.replace(/[\s\u00a0\u200b\u3000]/g, '') === '';
}
