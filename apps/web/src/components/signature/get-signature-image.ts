/**
 * GET /api/blade-finance/signature/image/{id}: the order's signature PNG. Fetched through the api
 * client (it needs the Blade-Auth header an <img> cannot send) and shown as a data: URL.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { request } from '@/lib/api-client';

const asDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('signature image unreadable'));
    reader.readAsDataURL(blob);
  });

export async function getSignatureImage(orderId: number): Promise<string> {
  const png = await request<Blob>({
    url: `/api/blade-finance/signature/image/${orderId}`,
    responseType: 'blob',
    loading: false,
  });
  return asDataUrl(new Blob([png], { type: 'image/png' }));
}

export const signatureImageQueryOptions = (orderId: number, signed: boolean) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'signature-image', orderId],
    queryFn: () => getSignatureImage(orderId),
    enabled: signed,
    // A confirmed signature never changes.
    staleTime: Infinity,
  });

export const useSignatureImage = (orderId: number, signed: boolean) =>
  useQuery(signatureImageQueryOptions(orderId, signed));
