/**
 * The first wall against script in notices: their HTML is cut down to the allow-list of
 * @cf/shared/notice-html when stored (sanitize-html), so nothing else ever reaches the database or a
 * reader.
 * The web app runs DOMPurify over it again before rendering (features/notices).
 */
import {
  NOTICE_ATTACHMENT_PATH,
  NOTICE_ATTRIBUTES,
  NOTICE_IMAGE_SCHEME,
  NOTICE_LINK_SCHEME,
  NOTICE_STORED_ATTACHMENT,
  NOTICE_TAGS,
} from '@cf/shared/notice-html';
import type sanitizeHtml from 'sanitize-html';

/** The path of an attachment as notices reference it; readers get it signed (attachment-link.ts). */
export const ATTACHMENT_PATH = NOTICE_ATTACHMENT_PATH;
const storedLinkAllowed = (href: string) =>
  NOTICE_LINK_SCHEME.test(href) || NOTICE_STORED_ATTACHMENT.test(href);
const storedImageAllowed = (src: string) =>
  NOTICE_IMAGE_SCHEME.test(src) || NOTICE_STORED_ATTACHMENT.test(src);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: NOTICE_TAGS,
  allowedAttributes: Object.fromEntries(
    Object.entries(NOTICE_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
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
      const kept = storedLinkAllowed(href);
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
    return !storedImageAllowed(src);
  },
};

/**
 * The notice HTML as it may be stored and shown. sanitize-html (and its HTML and CSS parsers) is
 * loaded when a notice is first saved, not with every start of the server.
 */
export async function sanitizeNoticeHtml(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, OPTIONS);
}
