import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WechatJsapi } from './api/prepay';
import { BRIDGE_WAIT_MS, invokeWechatPay, outcomeOf } from './wechat-pay';

const jsapi: WechatJsapi = {
  appId: 'wxdemo',
  timeStamp: '1795314656',
  nonceStr: 'N',
  package: 'prepay_id=wx1',
  signType: 'RSA',
  paySign: 'S',
};

describe('WeChat Pay JSAPI', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete window.WeixinJSBridge;
  });

  it('reads WeChat’s answer', () => {
    expect(outcomeOf('get_brand_wcpay_request:ok')).toBe('ok');
    expect(outcomeOf('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(outcomeOf('get_brand_wcpay_request:fail')).toBe('fail');
    expect(outcomeOf(undefined)).toBe('fail');
  });

  it('calls getBrandWCPayRequest with the server’s parameters', async () => {
    const invoke = vi.fn((_name: string, _params: WechatJsapi, cb: (res: { err_msg: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    await expect(invokeWechatPay(jsapi)).resolves.toBe('ok');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', jsapi, expect.any(Function));
  });

  it('waits for WeixinJSBridgeReady when the bridge is not there yet', async () => {
    const paying = invokeWechatPay(jsapi);
    window.WeixinJSBridge = { invoke: (_n, _p, cb) => cb({ err_msg: 'get_brand_wcpay_request:cancel' }) };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    await expect(paying).resolves.toBe('cancel');
  });

  it('gives up when there is no bridge (not inside WeChat)', async () => {
    const paying = invokeWechatPay(jsapi);
    vi.advanceTimersByTime(BRIDGE_WAIT_MS);
    await expect(paying).resolves.toBe('unavailable');
  });
});
