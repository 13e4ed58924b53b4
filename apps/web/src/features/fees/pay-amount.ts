/**
 * An amount a person types (yuan) for a receivable that may be paid in part: a positive amount of
 * at most two decimals, never above what is still available (spec §5: 'Payment amount cannot be
 * greater than the receivable amount'). The server checks the same again.
 */
import { parseYuan, yuanDigits } from '@cf/shared/money';

export type PayAmountCheck =
  { ok: true; fen: number } | { ok: false; problem: 'fee.amountInvalid' | 'fee.amountTooLarge' };

export function checkPayAmount(text: string, availableFen: number): PayAmountCheck {
  const fen = parseYuan(text);
  if (fen === null || fen < 1) return { ok: false, problem: 'fee.amountInvalid' };
  if (fen > availableFen) return { ok: false, problem: 'fee.amountTooLarge' };
  return { ok: true, fen };
}

/** What the amount field starts with: all that is available, in yuan without the symbol. */
export const defaultAmountText = (availableFen: number): string => yuanDigits(availableFen);
