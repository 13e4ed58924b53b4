/**
 * WeChat Pay JSAPI inside WeChat: WeixinJSBridge.invoke('getBrandWCPayRequest', params, callback).
 * The bridge may not be ready when the page starts; WeChat fires WeixinJSBridgeReady then.
 */
import type { WechatJsapi } from './api/prepay';

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: WechatJsapi,
    callback: (res: { err_msg?: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

export type WechatPayOutcome = 'ok' | 'cancel' | 'fail' | 'unavailable';

/** How long to wait for the bridge before telling the payer it is not there. */
export const BRIDGE_WAIT_MS = 10_000;

/** WeChat answers 'get_brand_wcpay_request:ok' | ':cancel' | ':fail'. */
export function outcomeOf(errMsg: string | undefined): Exclude<WechatPayOutcome, 'unavailable'> {
  if (errMsg?.endsWith(':ok')) return 'ok';
  if (errMsg?.endsWith(':cancel')) return 'cancel';
  return 'fail';
}

export function invokeWechatPay(jsapi: WechatJsapi, win: Window = window): Promise<WechatPayOutcome> {
  return new Promise((resolve) => {
    const call = () => {
      clearTimeout(timer);
      win.WeixinJSBridge!.invoke('getBrandWCPayRequest', jsapi, (res) => resolve(outcomeOf(res?.err_msg)));
    };
    const timer = setTimeout(() => {
      win.document.removeEventListener('WeixinJSBridgeReady', call);
      resolve('unavailable');
    }, BRIDGE_WAIT_MS);
    if (win.WeixinJSBridge) call();
    else win.document.addEventListener('WeixinJSBridgeReady', call, { once: true });
  });
}
