/**
 * The student fee page's choice: which receivables are picked and, where part payment is allowed,
 * the amount typed for each. Turns the choice into order lines, or the first problem to show.
 */
import { parseYuan } from '@cf/shared/money';
import type { FeeOrderLine } from './api/create-fee-order';
import type { Receivable } from './api/fee-types';
import { checkPayAmount, defaultAmountText } from './pay-amount';

/** receivableId -> the amount text (yuan) of a picked receivable. */
export type FeeSelection = Readonly<Record<number, string>>;

export const payableNow = (item: Receivable): boolean => item.availableFen > 0;

export function toggle(selection: FeeSelection, item: Receivable, on: boolean): FeeSelection {
  const next = { ...selection };
  if (on && payableNow(item)) next[item.receivableId] = defaultAmountText(item.availableFen);
  else delete next[item.receivableId];
  return next;
}

export function selectAll(items: readonly Receivable[], on: boolean): FeeSelection {
  if (!on) return {};
  return Object.fromEntries(
    items.filter(payableNow).map((item) => [item.receivableId, defaultAmountText(item.availableFen)]),
  );
}

/** What the picked items come to; an amount not yet valid counts as nothing. */
export function selectionTotal(items: readonly Receivable[], selection: FeeSelection): number {
  return items.reduce((sum, item) => {
    const text = selection[item.receivableId];
    if (text === undefined) return sum;
    if (!item.allowPartial) return sum + item.availableFen;
    return sum + Math.min(parseYuan(text) ?? 0, item.availableFen);
  }, 0);
}

export type SelectionCheck =
  | { ok: true; lines: FeeOrderLine[] }
  | { ok: false; problem: 'fee.itemsRequired' | 'fee.amountInvalid' | 'fee.amountTooLarge' };

export function orderLines(items: readonly Receivable[], selection: FeeSelection): SelectionCheck {
  const lines: FeeOrderLine[] = [];
  for (const item of items) {
    const text = selection[item.receivableId];
    if (text === undefined) continue;
    if (!item.allowPartial) {
      lines.push({ receivableId: item.receivableId });
      continue;
    }
    const amount = checkPayAmount(text, item.availableFen);
    if (!amount.ok) return amount;
    lines.push({ receivableId: item.receivableId, amountFen: amount.fen });
  }
  return lines.length ? { ok: true, lines } : { ok: false, problem: 'fee.itemsRequired' };
}
