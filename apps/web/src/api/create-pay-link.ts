/**
 * POST /api/blade-finance/pay/link {orderNo}: a short-lived signed link (payAuthToken) to one of my
 * open orders, so that someone else (a parent) can pay it.
 */
import type { PayLink, PayLinkRequest } from '@cf/shared/wire/pay';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export type { PayLink };

export const createPayLink = (orderNo: string): Promise<PayLink> =>
  requestData<PayLink>({
    method: 'post',
    url: '/api/blade-finance/pay/link',
    data: { orderNo } satisfies PayLinkRequest,
  });

export const useCreatePayLink = () => useMutation({ mutationFn: createPayLink });

/** The link as someone else opens it: absolute, on this app's own address. */
export function absolutePayLink(
  url: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
) {
  if (/^https?:\/\//i.test(url)) return url;
  const hashAt = url.indexOf('#');
  if (hashAt < 0) return `${location.origin}${url}`;
  return `${location.origin}${location.pathname}${url.slice(hashAt)}`;
}
