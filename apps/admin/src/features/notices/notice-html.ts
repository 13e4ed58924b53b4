/**
 * The phone's second wall, as the preview must show it: the server already cut the HTML down to its
 * allow-list (modules/notice/sanitize.ts, through the preview route); DOMPurify cuts it again with the
 * allow-list the phone app uses (apps/web/src/features/notices/notice-html.ts: keep the two alike).
 * The two apps may not import each other (.dependency-cruiser.cjs), hence this copy.
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
/** A notice's own attachment as stored (the phone gets it signed; the console swaps in its copy). */
export const OWN_ATTACHMENT = /^\/api\/blade-desk\/notice\/attachment\/(\d+)(\?|$)/;
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

/** Notice HTML as the phone would put it into its page. */
export function purifyNoticeHtml(html: string): string {
  return notePurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
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
    const match = OWN_ATTACHMENT.exec(img.getAttribute('src') ?? '');
    const data = match ? images.get(Number(match[1])) : undefined;
    if (data?.startsWith('data:image/')) img.setAttribute('src', data);
  }
  return template.innerHTML;
}
