/**
 * Alipay OpenAPI (v2, gateway.do) vocabulary shared by the adapter and the simulator: amounts in
 * yuan strings, Beijing times, the signed content of a parameter set, the trade states.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { fenOf } from '../wechat-pay/bill';
import type { TradeState } from '../wechat-pay/types';

export const ALIPAY_METHODS = {
  wapPay: 'alipay.trade.wap.pay',
  pagePay: 'alipay.trade.page.pay',
  query: 'alipay.trade.query',
  close: 'alipay.trade.close',
  refund: 'alipay.trade.refund',
  refundQuery: 'alipay.trade.fastpay.refund.query',
  billUrl: 'alipay.data.dataservice.bill.downloadurl.query',
} as const;

/** The exact reply Alipay takes as "received"; anything else is retried on its schedule. */
export const ALIPAY_ACK = 'success';
export const ALIPAY_NACK = 'fail';

/** Alipay's notify retries after the first delivery: 4m, 10m, 10m, 1h, 2h, 6h, 15h. */
export const ALIPAY_RETRY_MS = [4, 10, 10, 60, 120, 360, 900].map((minutes) => minutes * 60_000);

/** Fen -> "12.34" (Alipay's total_amount / refund_amount). */
export const yuanOf = (fen: number): string =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** "12.34" -> 1234 exactly; undefined when not an amount. */
export const fenOfYuan = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : fenOf(text);

/** "yyyy-MM-dd HH:mm:ss" in Beijing time, the form of every Alipay time field. */
export function beijingClock(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "yyyy-MM-dd HH:mm:ss" (Beijing) -> RFC 3339, as the channel-neutral types carry times. */
export function rfc3339OfClock(text: string | undefined): string | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  return `${text.replace(' ', 'T')}+08:00`;
}

/** Milliseconds of a Beijing "yyyy-MM-dd HH:mm:ss"; NaN when it is not one. */
export const msOfClock = (text: string | undefined): number => {
  const iso = rfc3339OfClock(text);
  return iso ? Date.parse(iso) : NaN;
};

/**
 * What Alipay signs: every non-empty parameter but the excluded ones, sorted by name, as
 * name=value joined by "&" (values as received, not URL-encoded).
 */
export function signedContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const rsa2Sign = (content: string, key: KeyObject | string): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

export function rsa2Verify(content: string, signature: string, key: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

/**
 * Alipay's trade status in the channel-neutral states. A trade closed after it was paid was
 * refunded in full (Alipay closes it then): REFUND, so the payment is still counted.
 */
export function tradeStateOf(status: string | undefined, paidBefore: boolean): TradeState | undefined {
  switch (status) {
    case 'WAIT_BUYER_PAY':
      return 'NOTPAY';
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'SUCCESS';
    case 'TRADE_CLOSED':
      return paidBefore ? 'REFUND' : 'CLOSED';
    default:
      return undefined;
  }
}

/** The Alipay answer codes: 10000 success; the rest carry a sub_code saying why. */
export const SUCCESS_CODE = '10000';
