/**
 * Signed attachment links. A download in WeChat's browser is a plain link, which carries no Blade-Auth
 * header, so the detail hands each reader links signed for them (tenant, user, attachment, expiry);
 * the download route checks the signature and then the reader's right to the notice again.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ATTACHMENT_PATH } from './sanitize';

/** How long a link opened from a detail keeps working. */
export const LINK_TTL_SECONDS = 3600;

export interface LinkSubject {
  tenantId: string;
  userId: number;
  attachmentId: number;
}

function signature(secret: string, s: LinkSubject, expires: number): string {
  return createHmac('sha256', secret)
    .update(`notice-attachment\u0000${s.tenantId}\u0000${s.userId}\u0000${s.attachmentId}\u0000${expires}`)
    .digest('base64url');
}

export function signedLink(secret: string, s: LinkSubject, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + LINK_TTL_SECONDS;
  return `${ATTACHMENT_PATH}${s.attachmentId}?expires=${expires}&user=${s.userId}&sig=${signature(secret, s, expires)}`;
}

/** True when the link was signed for this subject and has not expired. */
export function linkValid(
  secret: string,
  s: LinkSubject,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (expires < Math.floor(now / 1000)) return false;
  const want = Buffer.from(signature(secret, s, expires));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * The notice HTML with its own attachment images and links signed for the reader. The HTML is the
 * sanitizer's output, whose attributes are always double-quoted; ids not of this notice stay unsigned.
 */
export function signContentLinks(
  html: string,
  secret: string,
  reader: { tenantId: string; userId: number },
  attachmentIds: Set<number>,
): string {
  return html.replace(
    /(src|href)="\/api\/blade-desk\/notice\/attachment\/(\d{1,10})"/g,
    (whole, attr, id) => {
      const attachmentId = Number(id);
      if (!attachmentIds.has(attachmentId)) return whole;
      const link = signedLink(secret, { ...reader, attachmentId }).replaceAll('&', '&amp;');
      return `${attr}="${link}"`;
    },
  );
}
