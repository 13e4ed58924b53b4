/**
 * The pay-amount rule (spec §5: 'Payment amount cannot be greater than the receivable amount'): what
 * a person pays towards a receivable is a whole number of fen, at least one fen, never above what is
 * still available; where the item does not allow part payment, exactly what is available. The one
 * place of the rule: the server's order lines (modules/order/create-service.ts) and other-means
 * records (modules/fee/offline-service.ts) and the web's amount fields (features/fees/pay-amount.ts).
 */

/** An amount is one fen or more, in whole fen. */
export const isPayAmount = (fen: number): boolean => Number.isSafeInteger(fen) && fen >= 1;

/** What is wrong with an amount where part payment is allowed. */
export type PartAmountProblem = 'fee.amountInvalid' | 'fee.amountTooLarge';
/** What is wrong with an amount, part payment allowed or not. */
export type PayAmountProblem = PartAmountProblem | 'fee.partialNotAllowed';

/** The first thing wrong with paying `fen` of `availableFen` (message keys), or null when it may be paid. */
export function payAmountProblem(fen: number, availableFen: number): PartAmountProblem | null;
export function payAmountProblem(
  fen: number,
  availableFen: number,
  allowPartial: boolean,
): PayAmountProblem | null;
export function payAmountProblem(
  fen: number,
  availableFen: number,
  allowPartial = true,
): PayAmountProblem | null {
  if (!isPayAmount(fen)) return 'fee.amountInvalid';
  if (fen > availableFen) return 'fee.amountTooLarge';
  if (!allowPartial && fen !== availableFen) return 'fee.partialNotAllowed';
  return null;
}
