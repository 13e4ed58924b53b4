/**
 * A stored file as a reply to a caller with the Blade-Auth header (a payer's or the office's evidence):
 * sent as a download with its checked type, never sniffed, never kept by a shared cache.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface StoredFileReply {
  mimeType: string;
  size: number;
  /** Plain ASCII (no quotes or backslashes): the name a browser saves it under. */
  downloadName: string;
  stream: Readable;
}

export function sendStoredFile(reply: FastifyReply, file: StoredFileReply) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.downloadName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
