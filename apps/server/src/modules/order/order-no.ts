/** Order numbers: what the payer and the channel see (WeChat out_trade_no allows 6–32 letters and digits). */
import { randomInt } from 'node:crypto';
import type { OrderType } from '@server/db/schema-finance';

/**
 * F or O, the UTC time to the second, then 9 random digits: 24 characters, sortable by time. The
 * column is unique, so the rare repeat is caught by the insert and another number is drawn.
 */
export function newOrderNo(type: OrderType, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const random = String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return `${type === 'FEE' ? 'F' : 'O'}${stamp}${random}`;
}
