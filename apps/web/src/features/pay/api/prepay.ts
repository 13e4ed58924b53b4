/**
 * POST /api/blade-finance/pay/prepay {orderNo, channel, returnUrl}: NOT_PAY -> PAYING at a channel.
 * The sandbox answers its checkout page; WeChat Pay answers the JSAPI parameters for
 * WeixinJSBridge.invoke('getBrandWCPayRequest', ...).
 */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import type { PayChannelName } from './get-cashier';
import { payAuthHeaders } from './pay-auth';

export interface WechatJsapi {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface PrepayAnswer {
  channel: PayChannelName;
  checkoutUrl?: string;
  jsapi?: WechatJsapi;
}

export interface PrepayRequest {
  orderNo: string;
  channel: PayChannelName;
  /** Where the sandbox checkout sends the payer back: a path of this site. */
  returnUrl: string;
  payAuthToken?: string;
}

export const prepay = ({ payAuthToken, ...body }: PrepayRequest): Promise<PrepayAnswer> =>
  requestData<PrepayAnswer>({
    method: 'post',
    url: '/api/blade-finance/pay/prepay',
    data: body,
    headers: payAuthHeaders(payAuthToken),
  });

export const usePrepay = () => useMutation({ mutationFn: prepay });
