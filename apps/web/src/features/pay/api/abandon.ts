/**
 * POST /api/blade-finance/pay/abandon {orderNo}: the payer cancelled (or failed) in WeChat's payment
 * sheet. The server closes their attempt at the channel and the order is payable again at once.
 */
import type { AbandonRequest, PayStatusReply } from '@cf/shared/wire/pay';
import { requestData } from '@/lib/api-client';
import { payAuthHeaders } from './pay-auth';

export const abandonPayment = ({ payAuthToken, ...body }: AbandonRequest): Promise<PayStatusReply> =>
  requestData<PayStatusReply>({
    method: 'post',
    url: '/api/blade-finance/pay/abandon',
    data: body,
    headers: payAuthHeaders(payAuthToken),
  });
