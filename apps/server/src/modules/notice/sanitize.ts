/**
 * The first wall against script in notices: their HTML is cut down to an allow-list when stored
 * (sanitize-html), so nothing else ever reaches the database or a reader. Text formatting, headings,
 * lists, tables, links (http, https, mailto; opened in a new tab without an opener) and images (https,
 * or this notice module's own attachment path). No style, class, id or event attribute survives.
 * The web app runs DOMPurify over it again before rendering (features/notices).
 */
import sanitizeHtml from 'sanitize-html';

/** The path of an attachment as notices reference it; readers get it signed (attachment-link.ts). */
export const ATTACHMENT_PATH = '/api/blade-desk/notice/attachment/';
const OWN_ATTACHMENT = /^\/api\/blade-desk\/notice\/attachment\/\d{1,10}$/;
const LINK_SCHEME = /^(https?:\/\/|mailto:)/i;
const IMAGE_SCHEME = /^https:\/\//i;

const TEXT_TAGS = ['p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup'];
const BLOCK_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'figure', 'figcaption'];
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...BLOCK_TAGS, ...LIST_TAGS, ...TABLE_TAGS, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script, style and the like go with their text; other unknown tags leave their text behind.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'noembed',
    'noframes',
    'iframe',
    'object',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept = LINK_SCHEME.test(href) || OWN_ATTACHMENT.test(href);
      return {
        tagName,
        attribs: {
          ...(kept ? { href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          target: '_blank',
          rel: 'noopener noreferrer',
        },
      };
    },
  },
  // An image from anywhere else (http:, data:, a relative path) is dropped whole.
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    const src = (frame.attribs.src ?? '').trim();
    return !(IMAGE_SCHEME.test(src) || OWN_ATTACHMENT.test(src));
  },
};

/** The notice HTML as it may be stored and shown. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
