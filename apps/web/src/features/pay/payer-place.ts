/**
 * Where this page runs, as the cashier tells the server (which believes WeChat's browser only from
 * the User-Agent: @cf/shared/pay-offers payerPlace). A wide window with a fine pointer is a desktop,
 * where a QR code can be scanned with the phone; anything else outside WeChat is a phone browser.
 */
import type { PayerPlace } from '@cf/shared/pay-offers';
import { wechatSource } from '@/lib/wechat';

export const DESKTOP_MIN_WIDTH = 768;

export function payerPlaceHere(win: Window = window): PayerPlace {
  if (wechatSource(win.navigator.userAgent)) return 'wechat';
  const wide = win.innerWidth >= DESKTOP_MIN_WIDTH;
  const coarse = win.matchMedia?.('(pointer: coarse)').matches ?? false;
  return wide && !coarse ? 'desktop' : 'phone';
}
