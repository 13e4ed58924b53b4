/**
 * What may be attached to a notice (stored in notice-files/ of the file store, gateways/file-store): the
 * type is decided by the extension from a short list and checked against the file's first bytes,
 * so what is served as an image or a PDF is one.
 */
import path from 'node:path';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** Extension -> served type and the first bytes a real file of it starts with (none: plain text). */
const TYPES: Record<string, { mime: string; magic?: number[][] }> = {
  pdf: { mime: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46]] },
  png: { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47]] },
  jpg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  gif: { mime: 'image/gif', magic: [[0x47, 0x49, 0x46, 0x38]] },
  doc: { mime: 'application/msword', magic: [OLE] },
  xls: { mime: 'application/vnd.ms-excel', magic: [OLE] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: [ZIP] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: [ZIP] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: [ZIP] },
  zip: { mime: 'application/zip', magic: [ZIP] },
  txt: { mime: 'text/plain; charset=utf-8' },
  csv: { mime: 'text/csv; charset=utf-8' },
};

export const ALLOWED_EXTENSIONS = Object.keys(TYPES);

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The served type of a file of this name and content, or null when it may not be attached. */
export function attachmentType(name: string, head: Buffer): string | null {
  const type = TYPES[extensionOf(name)];
  if (!type) return null;
  if (!type.magic) return head.includes(0) ? null : type.mime;
  return type.magic.some((m) => m.every((byte, i) => head[i] === byte)) ? type.mime : null;
}

/** The folder of the file store the attachments live in (gateways/file-store). */
export const NOTICE_FILES = 'notice-files';

/**
 * Types a phone opens in place (WeChat's browser shows these; it cannot save a download): PDFs and
 * pictures. They are checked against their first bytes on upload (attachmentType), so they are what
 * they say; everything else stays a download.
 */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']);

export const opensInline = (mimeType: string): boolean => INLINE_TYPES.has(mimeType);

/**
 * `inline` or `attachment`, with the name for every browser (RFC 6266 / 8187): an ASCII fallback
 * without quotes, backslashes or percent signs, and the UTF-8 name with every character outside
 * RFC 8187's attr-char percent-encoded (encodeURIComponent leaves ' ( ) * as they are).
 */
export function contentDisposition(
  name: string,
  disposition: 'inline' | 'attachment' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
