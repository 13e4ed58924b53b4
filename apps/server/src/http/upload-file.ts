/**
 * An uploaded file streamed to a temporary file as it arrives, never held whole in memory, and cut
 * off as soon as it passes its byte limit (what is still coming is read and dropped, so the caller
 * can still answer 413). The caller removes the file when done (`removeUpload`).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type Upload =
  { ok: true; path: string; bytes: number } | { ok: false; why: 'tooLarge' | 'incomplete' };

/** Named by the process, so a process can tell its own (the tests count them). */
export const UPLOAD_PREFIX = `cf-upload-${process.pid}-`;
const tempPath = () => path.join(tmpdir(), `${UPLOAD_PREFIX}${randomBytes(12).toString('hex')}`);

export function removeUpload(upload: Upload): Promise<void> {
  return upload.ok && upload.path ? rm(upload.path, { force: true }) : Promise.resolve();
}

/**
 * Writes `source` to a new temporary file, at most `limit` bytes. `truncated()` says whether the
 * source itself stopped at a limit of its own (a multipart part); a source that closes before its
 * end (the client went away) is incomplete.
 */
export function streamToTempFile(
  source: Readable,
  limit: number,
  truncated: () => boolean = () => false,
): Promise<Upload> {
  const file = tempPath();
  const out = createWriteStream(file, { flags: 'wx' });
  let bytes = 0;
  let settled = false;
  return new Promise<Upload>((resolve, reject) => {
    const finish = (result: Upload | Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onFailure);
      source.off('close', onClose);
      if (result instanceof Error || !result.ok) {
        // Drop the rest of the body as it comes: the socket stays usable for the answer.
        source.on('error', () => undefined);
        source.resume();
        out.destroy();
        void rm(file, { force: true }).finally(() =>
          result instanceof Error ? reject(result) : resolve(result),
        );
        return;
      }
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) return finish({ ok: false, why: 'tooLarge' });
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => source.resume());
      }
    };
    const onEnd = () => {
      source.off('close', onClose);
      if (truncated()) return finish({ ok: false, why: 'tooLarge' });
      out.end(() => finish({ ok: true, path: file, bytes }));
    };
    const onFailure = () => finish({ ok: false, why: 'incomplete' });
    const onClose = () => finish({ ok: false, why: 'incomplete' });
    out.once('error', (err) => finish(err));
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onFailure);
    source.once('close', onClose);
    source.resume();
  });
}
