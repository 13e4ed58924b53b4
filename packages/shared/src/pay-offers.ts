/**
 * Where the payer is and which ways of paying work there (issue 27): inside WeChat's browser only
 * WeChat Pay JSAPI; in another phone browser WeChat Pay H5 and Alipay's wap.pay; on a desktop WeChat
 * Pay Native (a QR code scanned with the phone) and Alipay's page.pay. Alipay does not open inside
 * WeChat (the cashier says to open the page in the phone's browser). A hosted checkout (the sandbox)
 * works anywhere. The server decides the
 * place (modules/pay/cashier/offers.ts), the web tells it what it sees; zod-free for the apps.
 */
export const PAYER_PLACES = ['wechat', 'phone', 'desktop'] as const;
export type PayerPlace = (typeof PAYER_PLACES)[number];

/** How a channel starts a payment: WeChat Pay's jsapi, h5 and native; Alipay's wap and page; a checkout page. */
export const PAY_MODES = ['jsapi', 'h5', 'native', 'wap', 'page', 'checkout'] as const;
export type PayMode = (typeof PAY_MODES)[number];

/** The places each mode works in. */
export const MODE_PLACES: Record<PayMode, readonly PayerPlace[]> = {
  jsapi: ['wechat'],
  h5: ['phone'],
  native: ['desktop'],
  wap: ['phone'],
  page: ['desktop'],
  checkout: ['wechat', 'phone', 'desktop'],
};

const WECHAT_UA = /MicroMessenger/i;
const PHONE_UA = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i;

/**
 * The payer's place: WeChat's browser by its User-Agent only (JSAPI works nowhere else, and H5 is
 * refused inside it, whatever the page claims); otherwise the page's own word (it sees its screen and
 * pointer), else the User-Agent's.
 */
export function payerPlace(userAgent: string | undefined, claimed: PayerPlace | undefined): PayerPlace {
  if (WECHAT_UA.test(userAgent ?? '')) return 'wechat';
  if (claimed === 'phone' || claimed === 'desktop') return claimed;
  return PHONE_UA.test(userAgent ?? '') ? 'phone' : 'desktop';
}
