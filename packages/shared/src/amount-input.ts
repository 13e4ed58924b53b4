/**
 * The rule of an amount field while a person types it (yuan): digits, at most one decimal point,
 * at most two decimals, at most nine whole digits (what parseYuan accepts). A keystroke or paste
 * that would break it is refused, so `12.345` stops at `12.34` and `1.2.3` at `1.2`. Once typed,
 * checkAmountText says whether the amount is within its limits, for the message under the field.
 */
import { parseYuan } from './money';

/** A prefix of an amount: what may stand in the field while it is being typed. */
const AMOUNT_DRAFT = /^\d{0,9}(\.\d{0,2})?$/;

/** Full-width digits and point (Chinese keyboards), separators and spaces a paste may carry. */
function normalize(typed: string): string {
  return typed
    .replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[．。]/g, '.')
    .replace(/[\s,，]/g, '');
}

/** What the field holds after a keystroke or paste: the new text when it may become an amount, else the old. */
export function acceptAmountInput(previous: string, typed: string): string {
  const next = normalize(typed);
  return AMOUNT_DRAFT.test(next) ? next : previous;
}

export interface AmountLimits {
  /** The least amount in fen (default 1: an amount is positive). */
  minFen?: number;
  /** The most in fen; none when 0 or missing. */
  maxFen?: number;
}

export type AmountCheck =
  | { ok: true; fen: number }
  | { ok: false; problem: 'invalid' }
  | { ok: false; problem: 'tooSmall' | 'tooLarge'; limitFen: number };

/** Whether typed yuan is an amount within its limits (the server checks it again). */
export function checkAmountText(text: string, { minFen = 1, maxFen = 0 }: AmountLimits = {}): AmountCheck {
  const fen = parseYuan(text);
  if (fen === null || fen < 1) return { ok: false, problem: 'invalid' };
  if (fen < minFen) return { ok: false, problem: 'tooSmall', limitFen: minFen };
  if (maxFen > 0 && fen > maxFen) return { ok: false, problem: 'tooLarge', limitFen: maxFen };
  return { ok: true, fen };
}
