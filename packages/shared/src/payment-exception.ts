/**
 * The finance office's note when it settles a payment exception without a refund (paid back in cash,
 * applied by hand): required, at most 200 characters once trimmed. Used by the console and the server.
 */
import type { MessageKey, MessageParams } from './messages';

export const EXCEPTION_NOTE_MAX_LENGTH = 200;

export type ExceptionNoteCheck =
  { ok: true; note: string } | { ok: false; message: MessageKey; params?: MessageParams };

export function checkExceptionNote(raw: string | undefined | null): ExceptionNoteCheck {
  const note = (raw ?? '').trim();
  if (note === '') return { ok: false, message: 'pay.exceptionNoteRequired' };
  // Characters as a person counts them: an emoji is one, not two UTF-16 units.
  if (Array.from(note).length > EXCEPTION_NOTE_MAX_LENGTH)
    return { ok: false, message: 'pay.exceptionNoteTooLong', params: { max: EXCEPTION_NOTE_MAX_LENGTH } };
  return { ok: true, note };
}
