/**
 * The second wall: the server already cut notice HTML down to its allow-list (modules/notice/sanitize.ts);
 * DOMPurify does it again in the browser before anything is rendered, with the same allow-list, so a
 * hole in one wall is not a hole. Links open in a new tab without an opener; images come only from
 * https or our own signed attachment links.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'figure', 'figcaption'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  'a',
  'img',
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'span',
  'start',
];
/** Our own attachment, as the server signs it for the reader. */
const OWN_ATTACHMENT = /^\/api\/blade-desk\/notice\/attachment\/\d+(\?|$)/;
const LINK = /^(https?:\/\/|mailto:)/i;
const IMAGE = /^https:\/\//i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

function notePurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (href && !LINK.test(href) && !OWN_ATTACHMENT.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!IMAGE.test(src) && !OWN_ATTACHMENT.test(src)) node.remove();
    }
  });
  return purifier;
}

/** Notice HTML as it may be put into the page. */
export function purifyNoticeHtml(html: string): string {
  return notePurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // DOMPurify's own rule without its other schemes: http(s), mailto, or no scheme at all (plain
    // values such as colspan="2", and paths, which the hook above narrows to our attachments).
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}
