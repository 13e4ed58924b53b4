/**
 * The one file of a multipart upload (@fastify/multipart, registered by the route's own scope with its
 * limits): its bytes, read up to `maxBytes`; one byte over marks it truncated, so the service answers
 * its own "too large" message rather than the plugin's. Nothing (undefined) when the request is not
 * multipart or carries no file part: the service answers "choose a file".
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface UploadedFile {
  /** The name the sender's file had, without folders, control characters or lone surrogates (else ''). */
  filename: string;
  bytes: Buffer;
  /** The upload stopped at the size limit. */
  truncated: boolean;
}

/* eslint-disable no-control-regex -- removing control characters is the point */
const UNSAFE_IN_NAME =
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/** A sent file name as a label: its last path part, unsafe characters removed, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(UNSAFE_IN_NAME, '').trim().slice(-200);
}

/**
 * A body the multipart parser cannot read (no boundary, cut short) is the sender's fault: 400. The
 * plugin's own 4xx errors (too many parts) keep their status.
 */
function malformed(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) throw err;
  throw new AppError(400, 'common.badRequest');
}

export async function uploadedFile(req: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  if (!req.isMultipart()) return undefined;
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(malformed);
  if (!part) return undefined;
  const bytes = await part.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    return malformed(err);
  });
  return {
    filename: cleanFileName(part.filename),
    bytes: bytes ?? Buffer.alloc(0),
    truncated: bytes === null,
  };
}
