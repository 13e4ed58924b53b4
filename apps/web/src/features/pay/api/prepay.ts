/**
 * POST /api/blade-finance/pay/prepay {orderNo, channel, returnUrl}: NOT_PAY -> PAYING at a channel.
 * The sandbox answers its checkout page; WeChat Pay answers the JSAPI parameters for
 * WeixinJSBridge.invoke('getBrandWCPayRequest', ...).
 */
import type { PrepayAnswer, PrepayRequest, WechatJsapi } from '@cf/shared/wire/pay';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { payAuthHeaders } from './pay-auth';

export type { PrepayAnswer, PrepayRequest, WechatJsapi };

export const prepay = ({ payAuthToken, ...body }: PrepayRequest): Promise<PrepayAnswer> =>
  requestData<PrepayAnswer>({
    method: 'post',
    url: '/api/blade-finance/pay/prepay',
    data: body,
    headers: payAuthHeaders(payAuthToken),
  });

export const usePrepay = () => useMutation({ mutationFn: prepay });
