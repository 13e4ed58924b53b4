/**
 * An amount a person types (yuan) for a receivable that may be paid in part: yuan of at most two
 * decimals, then the shared pay-amount rule (@cf/shared/pay-amount, spec §5: 'Payment amount cannot
 * be greater than the receivable amount'), which the server applies again.
 */
import { parseYuan, yuanDigits } from '@cf/shared/money';
import { payAmountProblem, type PartAmountProblem } from '@cf/shared/pay-amount';

export type PayAmountCheck = { ok: true; fen: number } | { ok: false; problem: PartAmountProblem };

export function checkPayAmount(text: string, availableFen: number): PayAmountCheck {
  const fen = parseYuan(text);
  if (fen === null) return { ok: false, problem: 'fee.amountInvalid' };
  const problem = payAmountProblem(fen, availableFen);
  return problem ? { ok: false, problem } : { ok: true, fen };
}

/** What the amount field starts with: all that is available, in yuan without the symbol. */
export const defaultAmountText = (availableFen: number): string => yuanDigits(availableFen);
